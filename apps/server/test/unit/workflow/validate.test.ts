import { type FlowNode, flowMessage } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import { type TreeErrorCode, validateTree } from '../../../src/workflow/engine/validate';
import { amountOver, approver, chain, condition, end, parallel, start, users } from './harness';

const errorsOf = (root: FlowNode) => validateTree(root).map((e) => [e.code, e.nodeId]);

describe('tree validation for release', () => {
  it('passes a sound tree with conditions, a parallel group, a copy and a timer', () => {
    const tree = chain(
      start(),
      approver('A', users('u1')),
      condition('C', [
        {
          id: 'c1',
          name: '大额',
          condition: amountOver(50000),
          next: approver('D', users('d'), { rejectTo: { kind: 'node', nodeId: 'A' } }),
        },
        { id: 'c2', name: '其他', isDefault: true },
      ]),
      parallel('P', [
        { id: 'p1', name: '一', next: approver('X', { kind: 'nodeHandler', nodeId: 'A' }) },
        { id: 'p2', name: '二', next: { id: 'cc', type: 'copy', name: '抄送', assignee: users('f') } },
      ]),
      { id: 'T', type: 'timer', name: '等', wait: { amount: 1, unit: 'days' } },
      approver('Z', users('z'), { signMode: 'ratio', ratio: 50, rejectTo: { kind: 'previous' } }),
      end(),
    );
    expect(validateTree(tree)).toEqual([]);
  });

  const cases: Array<[TreeErrorCode, () => FlowNode, string]> = [
    ['startMissing', () => chain(approver('A', users('u1')), end()), 'A'],
    [
      'startDuplicate',
      () => chain(start(), approver('A', users('u1')), { id: 's2', type: 'start', name: '又一个' }, end()),
      's2',
    ],
    ['endMissing', () => chain(start(), approver('A', users('u1'))), 'A'],
    ['endDuplicate', () => chain(start(), end(), { id: 'end2', type: 'end', name: '二' }), 'end2'],
    ['endNotLast', () => chain(start(), end(), approver('A', users('u1'))), 'end'],
    ['duplicateId', () => chain(start(), approver('A', users('u1')), approver('A', users('u2')), end()), 'A'],
    [
      'conditionTooFew',
      () => chain(start(), condition('C', [{ id: 'c2', name: '其他', isDefault: true }]), end()),
      'C',
    ],
    [
      'conditionNoDefault',
      () =>
        chain(
          start(),
          condition('C', [
            { id: 'c1', name: '大额', condition: amountOver(1) },
            { id: 'c2', name: '小额', condition: amountOver(0) },
          ]),
          end(),
        ),
      'C',
    ],
    [
      'conditionDefaultDuplicate',
      () =>
        chain(
          start(),
          condition('C', [
            { id: 'c1', name: '一', isDefault: true },
            { id: 'c2', name: '二', isDefault: true },
          ]),
          end(),
        ),
      'c2',
    ],
    [
      'conditionEmpty',
      () =>
        chain(
          start(),
          condition('C', [
            { id: 'c1', name: '没写条件' },
            { id: 'c2', name: '其他', isDefault: true },
          ]),
          end(),
        ),
      'c1',
    ],
    [
      'parallelTooFew',
      () =>
        chain(start(), parallel('P', [{ id: 'p1', name: '唯一', next: approver('A', users('u1')) }]), end()),
      'P',
    ],
    [
      'parallelNoJoin',
      () =>
        chain(
          start(),
          parallel('P', [
            {
              id: 'p1',
              name: '提前结束',
              next: chain(approver('A', users('u1')), { id: 'end0', type: 'end', name: '止' }),
            },
            { id: 'p2', name: '二', next: approver('B', users('u2')) },
          ]),
          end(),
        ),
      'p1',
    ],
    [
      'rejectTargetNotUpstream',
      () =>
        chain(
          start(),
          approver('A', users('u1'), { rejectTo: { kind: 'node', nodeId: 'B' } }),
          approver('B', users('u2')),
          end(),
        ),
      'A',
    ],
    [
      'rejectTargetNotUpstream',
      () =>
        chain(
          start(),
          parallel('P', [
            { id: 'p1', name: '一', next: approver('A', users('u1')) },
            {
              id: 'p2',
              name: '二',
              next: approver('B', users('u2'), { rejectTo: { kind: 'node', nodeId: 'A' } }),
            },
          ]),
          end(),
        ),
      'B',
    ],
    ['approverNoRule', () => chain(start(), approver('A', users()), end()), 'A'],
    ['approverNoRule', () => chain(start(), approver('A', { kind: 'roles', roleIds: [] }), end()), 'A'],
    [
      'copyNoRule',
      () =>
        chain(
          start(),
          { id: 'cc', type: 'copy', name: '抄送', assignee: { kind: 'launcherChooses' } },
          end(),
        ),
      'cc',
    ],
    [
      'nodeHandlerNotUpstream',
      () =>
        chain(
          start(),
          approver('A', { kind: 'nodeHandler', nodeId: 'B' }),
          approver('B', users('u2')),
          end(),
        ),
      'A',
    ],
    [
      'ratioMissing',
      () => chain(start(), approver('A', users('u1', 'u2'), { signMode: 'ratio' }), end()),
      'A',
    ],
  ];

  it.each(cases)('%s names the node at fault', (code, build, nodeId) => {
    expect(errorsOf(build())).toContainEqual([code, nodeId]);
  });

  it('covers every error code, each with a message in three languages', () => {
    const codes = new Set(cases.map(([code]) => code));
    for (const code of codes) {
      const error = validateTree(cases.find(([c]) => c === code)?.[1]() as FlowNode).find(
        (e) => e.code === code,
      );
      expect(error).toBeDefined();
      if (!error) continue;
      for (const locale of ['zh-CN', 'en-US', 'zh-TW'] as const)
        expect(flowMessage(error.messageKey, locale, error.params)).not.toMatch(/\{\{|^flow\./);
    }
    expect(codes.size).toBe(17);
  });

  it('a reject target inside a branch already left behind is not on the route', () => {
    const tree = chain(
      start(),
      condition('C', [
        { id: 'c1', name: '大额', condition: amountOver(1), next: approver('D', users('d')) },
        { id: 'c2', name: '其他', isDefault: true },
      ]),
      approver('Z', users('z'), { rejectTo: { kind: 'node', nodeId: 'D' } }),
      end(),
    );
    expect(errorsOf(tree)).toEqual([['rejectTargetNotUpstream', 'Z']]);
  });
});
