import { describe, expect, it } from 'vitest';
import { type DesignContent, designContentSchema, designProblems } from '../src/index';

const model = {
  isTree: false,
  fields: [
    { code: 'title', kind: 'text' as const, required: true },
    { code: 'amount', kind: 'money' as const },
    { code: 'due', kind: 'date' as const },
    { code: 'grade', kind: 'select' as const, required: true, defaultValue: 'A' },
    { code: 'scan', kind: 'file' as const },
    { code: 'lines', kind: 'lines' as const, model: 'sample_line' },
  ],
};
const lines = {
  sample_line: {
    fields: [
      { code: 'item', kind: 'text' as const },
      { code: 'qty', kind: 'integer' as const },
    ],
  },
};

const content: DesignContent = {
  form: {
    name: 'SampleRequest',
    title: '样品申请',
    fields: [
      { name: 'title', type: 'input', label: '标题' },
      { name: 'amount', type: 'money', label: '金额' },
      {
        name: 'lines',
        type: 'table',
        label: '明细',
        columns: [
          { name: 'item', type: 'input', label: '物料' },
          { name: 'qty', type: 'number', label: '数量' },
        ],
      },
    ],
  },
  list: {
    columns: [{ field: 'title' }, { field: 'amount', format: 'money' }],
    query: [
      { field: 'title', op: 'like' },
      { field: 'due', op: 'between' },
    ],
    sort: { field: 'due', order: 'desc' },
    pageSize: 20,
    buttons: ['add', 'edit', 'delete'],
  },
};

describe('a design against its model', () => {
  it('accepts a design that fits the model', () => {
    expect(designContentSchema.safeParse(content).success).toBe(true);
    expect(designProblems(content, model, lines)).toEqual([]);
  });

  it('names what does not fit, at its path', () => {
    const bad: DesignContent = {
      form: {
        ...content.form,
        fields: [
          { name: 'amount', type: 'date', label: '金额' },
          { name: 'ghost', type: 'input', label: '?' },
          {
            name: 'lines',
            type: 'table',
            label: '明细',
            columns: [{ name: 'qty', type: 'input', label: '数量' }],
          },
        ],
      },
      list: {
        ...content.list,
        columns: [{ field: 'scan' }],
        query: [{ field: 'amount', op: 'like' }],
        tree: { field: 'title' },
      },
    };
    expect(
      designProblems(bad, model, lines).map((p) =>
        `${p.path.join('.')} ${p.key} ${p.params?.field ?? ''}`.trim(),
      ),
    ).toEqual([
      'form.fields.0.type validation.designKindMismatch',
      'form.fields.1.name validation.designNotInModel',
      'form.fields.2.columns.0.type validation.designKindMismatch',
      // title is required without a default; grade has one and may stay off the form
      'form.fields validation.designRequiredMissing title',
      'list.columns.0.field validation.designNotInModel',
      'list.query.0.op validation.designKindMismatch',
      'list.tree.field validation.designNotTree',
    ]);
  });

  it('refuses a list without columns or with a page size of its own', () => {
    const r = designContentSchema.safeParse({
      ...content,
      list: { ...content.list, columns: [], pageSize: 33 },
    });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['list.columns', 'list.pageSize']);
  });
});
