import type { ConditionGroup, ConditionRule } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import { chooseBranch, evaluateCondition } from '../../../src/workflow/engine/condition';
import { delegationProblem } from '../../../src/workflow/engine/delegation';

const facts = (form: Record<string, unknown>) => ({
  form,
  launcher: { deptIds: ['sales-east', 'sales'], roleIds: ['buyer'], positionIds: ['clerk'] },
});
const rule = (r: Omit<ConditionRule, 'kind' | 'source'> & Partial<ConditionRule>): ConditionGroup => ({
  kind: 'group',
  op: 'and',
  items: [{ kind: 'rule', source: 'form', ...r }],
});

describe('condition evaluation', () => {
  it.each([
    [{ field: 'amount', operator: 'gt', value: 50000 }, { amount: 50000.01 }, true],
    [{ field: 'amount', operator: 'gt', value: 50000 }, { amount: '50000' }, false],
    [{ field: 'amount', operator: 'gte', value: 50000 }, { amount: '50000' }, true],
    [{ field: 'amount', operator: 'lt', value: 10 }, { amount: null }, false],
    [{ field: 'amount', operator: 'lte', value: 10 }, { amount: 10 }, true],
    [{ field: 'amount', operator: 'between', value: [10, 20] }, { amount: 20 }, true],
    [{ field: 'amount', operator: 'between', value: [10, 20] }, { amount: 21 }, false],
    [{ field: 'type', operator: 'eq', value: 'annual' }, { type: 'annual' }, true],
    [{ field: 'type', operator: 'ne', value: 'annual' }, { type: 'sick' }, true],
    [{ field: 'type', operator: 'in', value: ['sick', 'annual'] }, { type: 'sick' }, true],
    [{ field: 'type', operator: 'notIn', value: ['sick', 'annual'] }, { type: 'sick' }, false],
    [{ field: 'reason', operator: 'contains', value: '紧急' }, { reason: '紧急采购' }, true],
    [{ field: 'reason', operator: 'notContains', value: '紧急' }, { reason: '常规' }, true],
    [{ field: 'tags', operator: 'contains', value: 'it' }, { tags: ['it', 'office'] }, true],
    [{ field: 'note', operator: 'empty' }, { note: '' }, true],
    [{ field: 'note', operator: 'notEmpty' }, {}, false],
    [{ field: 'neededBy', operator: 'lt', value: '2026-02-01' }, { neededBy: '2026-01-15' }, true],
    [{ source: 'launcherDept', operator: 'in', value: ['sales'] }, {}, true],
    [{ source: 'launcherRole', operator: 'in', value: ['director'] }, {}, false],
    [{ source: 'launcherPosition', operator: 'notIn', value: ['manager'] }, {}, true],
  ] as const)('%o on %o → %s', (r, form, expected) => {
    expect(evaluateCondition(rule(r as ConditionRule), facts(form))).toBe(expected);
  });

  it('and/or groups nest', () => {
    const group: ConditionGroup = {
      kind: 'group',
      op: 'or',
      items: [
        { kind: 'rule', source: 'form', field: 'amount', operator: 'gt', value: 100 },
        {
          kind: 'group',
          op: 'and',
          items: [
            { kind: 'rule', source: 'form', field: 'urgent', operator: 'eq', value: true },
            { kind: 'rule', source: 'launcherRole', operator: 'in', value: ['buyer'] },
          ],
        },
      ],
    };
    expect(evaluateCondition(group, facts({ amount: 5, urgent: true }))).toBe(true);
    expect(evaluateCondition(group, facts({ amount: 5, urgent: false }))).toBe(false);
    expect(evaluateCondition(group, facts({ amount: 500 }))).toBe(true);
  });

  it('takes the first branch that holds, the default otherwise, wherever the default stands', () => {
    const branches = [
      { id: 'd', name: '其他', isDefault: true },
      { id: 'a', name: '大', condition: rule({ field: 'amount', operator: 'gt', value: 100 }) },
      { id: 'b', name: '中', condition: rule({ field: 'amount', operator: 'gt', value: 10 }) },
    ];
    expect(chooseBranch(branches, facts({ amount: 500 }))?.id).toBe('a');
    expect(chooseBranch(branches, facts({ amount: 50 }))?.id).toBe('b');
    expect(chooseBranch(branches, facts({ amount: 5 }))?.id).toBe('d');
  });
});

describe('delegation rules', () => {
  const d = (
    id: string,
    from: string,
    to: string,
    startAt: number,
    endAt: number,
    flowIds: string[] | null = null,
  ) => ({
    id,
    fromUserId: from,
    toUserId: to,
    startAt,
    endAt,
    flowIds,
  });
  it('refuses self-delegation, empty windows, overlaps and chains; accepts what does not meet', () => {
    const existing = [d('1', 'a', 'b', 0, 100)];
    expect(delegationProblem(d('2', 'a', 'a', 0, 10), existing)).toBe('self');
    expect(delegationProblem(d('2', 'a', 'c', 10, 10), existing)).toBe('emptyWindow');
    expect(delegationProblem(d('2', 'a', 'c', 50, 150), existing)).toBe('overlap');
    expect(delegationProblem(d('2', 'b', 'c', 50, 150), existing)).toBe('chain');
    expect(delegationProblem(d('2', 'c', 'a', 50, 150), existing)).toBe('chain');
    expect(delegationProblem(d('2', 'a', 'c', 100, 200), existing)).toBeNull();
    expect(
      delegationProblem(d('2', 'a', 'c', 50, 150, ['f2']), [d('1', 'a', 'b', 0, 100, ['f1'])]),
    ).toBeNull();
    expect(delegationProblem(d('1', 'a', 'c', 0, 100), existing)).toBeNull();
  });
  it('does not count, when told the time, a delegation already over (ended early or run out)', () => {
    const ended = [d('1', 'a', 'b', 0, 100)];
    expect(delegationProblem(d('2', 'a', 'b', 50, 300), ended, 100)).toBeNull();
    expect(delegationProblem(d('2', 'b', 'c', 50, 300), ended, 120)).toBeNull();
    expect(delegationProblem(d('2', 'a', 'b', 50, 300), ended, 99)).toBe('overlap');
  });
  it('refuses, when told the time, a window already over', () => {
    expect(delegationProblem(d('2', 'a', 'c', 100, 200), [], 200)).toBe('ended');
    expect(delegationProblem(d('2', 'a', 'c', 100, 200), [], 300)).toBe('ended');
    expect(delegationProblem(d('2', 'a', 'c', 100, 200), [], 150)).toBeNull();
    // An empty window is named as such first.
    expect(delegationProblem(d('2', 'a', 'c', 200, 100), [], 300)).toBe('emptyWindow');
  });
});
