import { describe, expect, it } from 'vitest';
import {
  branchSentence,
  type ConditionGroup,
  conditionSentence,
  FLOW_MESSAGES,
  FLOW_STATUS,
  flowDefinitionSaveSchema,
  flowNodeSchema,
  formSchemaSchema,
} from '../src/index';

const condition: ConditionGroup = {
  kind: 'group',
  op: 'and',
  items: [
    { kind: 'rule', source: 'form', field: 'total', label: '合计金额', operator: 'gt', value: 50000 },
    {
      kind: 'group',
      op: 'or',
      items: [
        {
          kind: 'rule',
          source: 'launcherDept',
          operator: 'in',
          value: ['101', '102'],
          valueLabel: '采购部、行政部',
        },
        { kind: 'rule', source: 'form', field: 'urgent', label: 'Urgent', operator: 'eq', value: true },
      ],
    },
    { kind: 'rule', source: 'form', field: 'days', label: '天数', operator: 'between', value: [1, 3] },
  ],
};

describe('condition sentences', () => {
  it('read as a sentence in each of the three languages', () => {
    expect(conditionSentence(condition, 'zh-CN')).toBe(
      '合计金额 > 50000 且 (发起人部门 属于 采购部、行政部 或 Urgent = 是) 且 天数 介于 1 和 3 之间',
    );
    expect(conditionSentence(condition, 'en-US')).toBe(
      "合计金额 > 50000 and (Launcher's department is one of 采购部、行政部 or Urgent = yes) and 天数 is between 1 and 3",
    );
    expect(conditionSentence(condition, 'zh-TW')).toBe(
      '合计金额 > 50000 且 (發起人部門 屬於 采购部、行政部 或 Urgent = 是) 且 天数 介於 1 和 3 之間',
    );
  });

  it("a rule's label reads in the reader's language where it has one", () => {
    const total: ConditionGroup = {
      kind: 'group',
      op: 'and',
      items: [
        {
          kind: 'rule',
          source: 'form',
          field: 'total',
          label: '合计金额',
          labels: { 'en-US': 'Total', 'zh-TW': '合計金額' },
          operator: 'gt',
          value: 50000,
        },
      ],
    };
    expect(conditionSentence(total, 'zh-CN')).toBe('合计金额 > 50000');
    expect(conditionSentence(total, 'en-US')).toBe('Total > 50000');
    expect(conditionSentence(total, 'zh-TW')).toBe('合計金額 > 50000');
  });

  it('a list without labels joins its values; empty conditions hold always; the default branch says otherwise', () => {
    const roles: ConditionGroup = {
      kind: 'group',
      op: 'and',
      items: [{ kind: 'rule', source: 'launcherRole', operator: 'notIn', value: ['a', 'b'] }],
    };
    expect(conditionSentence(roles, 'en-US')).toBe("Launcher's role is not one of a, b");
    expect(conditionSentence(null, 'en-US')).toBe('Always');
    expect(branchSentence({ id: 'x', name: 'x', isDefault: true }, 'zh-CN')).toBe('其他情况');
  });

  it('has the same message keys in the three languages', () => {
    const keys = Object.keys(FLOW_MESSAGES['zh-CN']).sort();
    expect(Object.keys(FLOW_MESSAGES['en-US']).sort()).toEqual(keys);
    expect(Object.keys(FLOW_MESSAGES['zh-TW']).sort()).toEqual(keys);
  });
});

describe('workflow schemas', () => {
  const tree = {
    id: 'start',
    type: 'start',
    name: '发起人',
    next: {
      id: 'mgr',
      type: 'approver',
      name: '部门经理',
      assignee: { kind: 'deptManager' },
      signMode: 'or',
      timeout: { action: 'remind', everyHours: 4, times: 3 },
      formRights: { total: 'readonly', reason: 'required' },
      next: {
        id: 'cond',
        type: 'condition',
        name: '金额',
        branches: [
          {
            id: 'big',
            name: '大额',
            condition,
            next: {
              id: 'dir',
              type: 'approver',
              name: '总监',
              assignee: { kind: 'users', userIds: ['12'] },
              signMode: 'all',
            },
          },
          { id: 'other', name: '其他', isDefault: true },
        ],
        next: { id: 'end', type: 'end', name: '结束' },
      },
    },
  };

  it('accept a designed tree and a flow definition around it', () => {
    expect(flowNodeSchema.parse(tree)).toEqual(tree);
    const saved = flowDefinitionSaveSchema.parse({
      enCode: 'purchase.requisition',
      fullName: '采购申请',
      category: 'purchase',
      formName: 'PurchaseRequisition',
      flowTemplateJson: tree,
    });
    expect(saved).toMatchObject({ launchers: { all: true }, iconBackground: '#1890ff', sortCode: 0 });
  });

  it('refuse an unknown node kind, a bad sign mode, a ratio over 100 and a code with a leading dot', () => {
    expect(flowNodeSchema.safeParse({ id: 'x', type: 'robot', name: 'x' }).success).toBe(false);
    expect(flowNodeSchema.safeParse({ ...tree.next, signMode: 'maybe' }).success).toBe(false);
    expect(flowNodeSchema.safeParse({ ...tree.next, signMode: 'ratio', ratio: 101 }).success).toBe(false);
    expect(flowNodeSchema.safeParse({ ...tree, id: 'has space' }).success).toBe(false);
    expect(
      flowDefinitionSaveSchema.safeParse({
        enCode: '.x',
        fullName: 'x',
        category: 'c',
        formName: 'F',
        flowTemplateJson: tree,
      }).success,
    ).toBe(false);
  });

  it('describe a form: fields, rules, options and a table of lines', () => {
    const form = formSchemaSchema.parse({
      name: 'PurchaseRequisition',
      title: '采购申请',
      layout: { columns: 2 },
      fields: [
        { name: 'reason', type: 'textarea', label: '事由', required: true, maxLength: 500 },
        { name: 'phone', type: 'input', label: '电话', rules: [{ rule: 'mobile' }] },
        {
          name: 'lines',
          type: 'table',
          label: '明细',
          columns: [
            { name: 'item', type: 'input', label: '物品', required: true },
            {
              name: 'amount',
              type: 'money',
              label: '金额',
              precision: 2,
              computed: 'lines.quantity * lines.price',
            },
          ],
        },
        { name: 'total', type: 'money', label: '合计金额', computed: 'sum(lines.amount)' },
      ],
    });
    expect(form.fields.map((f) => f.name)).toEqual(['reason', 'phone', 'lines', 'total']);
    expect(
      formSchemaSchema.safeParse({ ...form, fields: [{ name: '1bad', type: 'input', label: 'x' }] }).success,
    ).toBe(false);
  });

  it('number the statuses as the specification does', () => {
    expect(FLOW_STATUS).toEqual({
      draft: 0,
      inProgress: 1,
      approved: 2,
      rejected: 3,
      withdrawn: 4,
      terminated: 5,
    });
  });
});
