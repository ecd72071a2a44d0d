import { describe, expect, it } from 'vitest';
import {
  cellStates,
  conditionHolds,
  type FormSchema,
  filterOptions,
  formSchemaProblems,
  formSchemaSchema,
  linkageStates,
  optionFilterValue,
} from '../src/index';

const schema: FormSchema = {
  name: 'SampleRequest',
  title: '样品申请',
  sections: [
    { key: 'basic', kind: 'group', title: '基本信息' },
    { key: 'ship', kind: 'tab', title: '寄送' },
  ],
  fields: [
    {
      name: 'kind',
      type: 'select',
      label: '类型',
      options: [
        { label: '免费', value: 'free' },
        { label: '付费', value: 'paid' },
      ],
      section: 'basic',
    },
    { name: 'price', type: 'money', label: '价格', section: 'basic' },
    {
      name: 'province',
      type: 'select',
      label: '省',
      options: [
        { label: '浙江', value: 'zj' },
        { label: '江苏', value: 'js' },
      ],
    },
    {
      name: 'city',
      type: 'select',
      label: '市',
      optionFilter: { field: 'province' },
      options: [
        { label: '杭州', value: 'hz', parent: 'zj' },
        { label: '宁波', value: 'nb', parent: 'zj' },
        { label: '南京', value: 'nj', parent: 'js' },
      ],
    },
    {
      name: 'lines',
      type: 'table',
      label: '明细',
      columns: [
        { name: 'item', type: 'input', label: '物料' },
        { name: 'urgent', type: 'switch', label: '加急' },
        { name: 'reason', type: 'input', label: '加急原因' },
      ],
    },
  ],
  linkage: [
    { when: [{ field: 'kind', op: 'eq', value: 'paid' }], effect: 'show', fields: ['price'] },
    { when: [{ field: 'price', op: 'gt', value: 1000 }], effect: 'require', fields: ['lines.reason'] },
    { when: [{ field: 'lines.urgent', op: 'eq', value: true }], effect: 'require', fields: ['lines.reason'] },
    { when: [{ field: 'lines.urgent', op: 'ne', value: true }], effect: 'disable', fields: ['lines.reason'] },
  ],
};

describe('linkage rules', () => {
  it('shows a field only while its condition holds', () => {
    expect(linkageStates(schema, { kind: 'free' }).form.hidden.has('price')).toBe(true);
    expect(linkageStates(schema, {}).form.hidden.has('price')).toBe(true);
    expect(linkageStates(schema, { kind: 'paid' }).form.hidden.has('price')).toBe(false);
  });

  it('applies a rule that reads a column row by row', () => {
    const states = linkageStates(schema, {
      kind: 'paid',
      price: 10,
      lines: [
        { item: 'A', urgent: true },
        { item: 'B', urgent: false },
      ],
    });
    expect(cellStates(states, 'lines', 0, 'reason')).toEqual({
      hidden: false,
      required: true,
      disabled: false,
    });
    expect(cellStates(states, 'lines', 1, 'reason')).toEqual({
      hidden: false,
      required: false,
      disabled: true,
    });
  });

  it('applies a rule on the form to a whole column', () => {
    const states = linkageStates(schema, { price: 5000, lines: [{ urgent: false }] });
    expect(cellStates(states, 'lines', 0, 'reason').required).toBe(true);
    expect(cellStates(states, 'lines', 3, 'reason').required).toBe(true);
  });

  it('compares numbers as numbers, dates as text, and multiple choices by member', () => {
    expect(conditionHolds({ op: 'gt', value: 9 }, 10)).toBe(true);
    expect(conditionHolds({ op: 'gt', value: '9' }, '10')).toBe(true);
    expect(conditionHolds({ op: 'lt', value: '2026-12-01' }, '2026-11-30')).toBe(true);
    expect(conditionHolds({ op: 'gt', value: 1 }, '')).toBe(false);
    expect(conditionHolds({ op: 'eq', value: 'a' }, ['b', 'a'])).toBe(true);
    expect(conditionHolds({ op: 'in', value: ['x', 'y'] }, 'y')).toBe(true);
    expect(conditionHolds({ op: 'notIn', value: ['x', 'y'] }, 'z')).toBe(true);
    expect(conditionHolds({ op: 'empty' }, [])).toBe(true);
    expect(conditionHolds({ op: 'notEmpty' }, 0)).toBe(true);
  });

  it('holds any of the conditions with match any, all of them otherwise', () => {
    const rule = (match: 'all' | 'any') => ({
      linkage: [
        {
          when: [
            { field: 'a', op: 'eq' as const, value: 1 },
            { field: 'b', op: 'eq' as const, value: 2 },
          ],
          match,
          effect: 'hide' as const,
          fields: ['c'],
        },
      ],
    });
    expect(linkageStates(rule('all'), { a: 1, b: 3 }).form.hidden.has('c')).toBe(false);
    expect(linkageStates(rule('any'), { a: 1, b: 3 }).form.hidden.has('c')).toBe(true);
  });
});

describe('cascading options', () => {
  const city = schema.fields[3];
  it('offers only the options under the other field, none before it has a value', () => {
    if (!city?.options) throw new Error('fixture');
    expect(
      filterOptions(city.options, city, optionFilterValue(city, { province: 'zj' })).map((o) => o.value),
    ).toEqual(['hz', 'nb']);
    expect(filterOptions(city.options, city, optionFilterValue(city, {}))).toEqual([]);
  });

  it('reads the same row first inside a sub-table', () => {
    const column = { optionFilter: { field: 'province' } };
    expect(optionFilterValue(column, { province: 'zj' }, { province: 'js' })).toBe('js');
    expect(optionFilterValue(column, { province: 'zj' }, { other: 1 })).toBe('zj');
  });
});

describe('schema problems', () => {
  it('accepts the sample schema', () => {
    expect(formSchemaSchema.safeParse(schema).success).toBe(true);
    expect(formSchemaProblems(schema)).toEqual([]);
  });

  it('names unknown fields and sections, mixed tables and missing values at their paths', () => {
    const bad: FormSchema = {
      ...schema,
      fields: [
        ...schema.fields,
        { name: 'extra', type: 'input', label: 'x', section: 'nope', optionFilter: { field: 'extra' } },
      ],
      linkage: [
        { when: [{ field: 'missing', op: 'eq', value: 1 }], effect: 'hide', fields: ['price'] },
        { when: [{ field: 'lines.urgent', op: 'eq', value: true }], effect: 'hide', fields: ['price'] },
        { when: [{ field: 'kind', op: 'eq' }], effect: 'hide', fields: ['lines.nothing'] },
      ],
    };
    const problems = formSchemaProblems(bad).map((p) => `${p.path.join('.')} ${p.key}`);
    expect(problems).toEqual([
      'fields.5.section validation.formUnknownSection',
      'fields.5.optionFilter.field validation.formUnknownField',
      'linkage.0.when.0.field validation.formUnknownField',
      'linkage.1.fields.0 validation.formLinkageTables',
      'linkage.2.when.0.value validation.required',
      'linkage.2.fields.0 validation.formUnknownField',
    ]);
  });

  it('refuses a malformed rule in the schema itself', () => {
    const r = formSchemaSchema.safeParse({
      ...schema,
      linkage: [{ when: [{ field: 'a b', op: 'eq' }], effect: 'blink', fields: [] }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'linkage.0.when.0.field',
      'linkage.0.effect',
    ]);
  });
});
