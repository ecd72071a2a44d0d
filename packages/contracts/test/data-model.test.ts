import { describe, expect, it } from 'vitest';
import { DM_FIELDS_MAX, dataModelDefinitionSchema, identifierProblem, validationMessage } from '../src/index';

const model = (over: Record<string, unknown> = {}) => ({
  code: 'sample_request',
  names: { 'zh-CN': '样品申请', 'en-US': 'Sample request' },
  fields: [
    { code: 'title', names: { 'zh-CN': '标题' }, kind: 'text', length: 100, required: true },
    { code: 'amount', names: { 'zh-CN': '金额' }, kind: 'decimal', precision: 12, scale: 2 },
  ],
  ...over,
});

/** path → message key of each issue. */
function issues(value: unknown): Record<string, string> {
  const result = dataModelDefinitionSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('identifier rules', () => {
  it('takes lower-case identifiers', () => {
    expect(identifierProblem('supplier_eval2')).toBeNull();
  });

  it.each([
    ['Title', 'validation.dmIdentifier'],
    ['1st', 'validation.dmIdentifier'],
    ['_x', 'validation.dmIdentifier'],
    ['a-b', 'validation.dmIdentifier'],
    ['名称', 'validation.dmIdentifier'],
    ['a'.repeat(31), 'validation.dmIdentifierLength'],
    ['select', 'validation.dmReservedWord'],
    ['user', 'validation.dmReservedWord'],
    ['order', 'validation.dmReservedWord'],
  ])('refuses %s', (code, key) => {
    expect(identifierProblem(code)).toBe(key);
  });

  it('refuses the product columns as field codes only', () => {
    expect(identifierProblem('tenant_id', { column: true })).toBe('validation.dmSystemColumn');
    expect(identifierProblem('created_at', { column: true })).toBe('validation.dmSystemColumn');
    expect(identifierProblem('parent_id', { column: true })).toBe('validation.dmSystemColumn');
    expect(identifierProblem('parent_id')).toBeNull();
  });
});

describe('data model schema', () => {
  it('takes a model with each kind of field', () => {
    const fields = [
      { code: 'a', kind: 'text', length: 20, defaultValue: 'x' },
      { code: 'b', kind: 'longText' },
      { code: 'c', kind: 'integer', defaultValue: 3 },
      { code: 'd', kind: 'decimal', precision: 10, scale: 4, defaultValue: 1.25 },
      { code: 'e', kind: 'money', defaultValue: 0 },
      { code: 'f', kind: 'date', defaultValue: '2026-01-31' },
      { code: 'g', kind: 'datetime' },
      { code: 'h', kind: 'boolean', defaultValue: false },
      { code: 'i', kind: 'select', dictType: 'costCentre' },
      { code: 'j', kind: 'multiSelect', dictType: 'costCentre' },
      { code: 'k', kind: 'user' },
      { code: 'l', kind: 'department' },
      { code: 'm', kind: 'supplier' },
      { code: 'n', kind: 'file' },
      { code: 'o', kind: 'reference', model: 'other_model' },
      { code: 'p', kind: 'lines', model: 'request_line' },
    ].map((f) => ({ names: { 'zh-CN': f.code }, ...f }));
    expect(issues(model({ fields, isTree: true, indexes: [{ fields: ['a', 'c'], unique: true }] }))).toEqual(
      {},
    );
  });

  it('names the path of each bad part', () => {
    const bad = model({
      code: 'Bad Code',
      names: { 'zh-CN': '' },
      fields: [
        { code: 'id', names: { 'zh-CN': 'x' }, kind: 'integer' },
        { code: 'title', names: { 'zh-CN': 'x' }, kind: 'text', length: 10, defaultValue: 'much too long' },
        { code: 'title', names: { 'zh-CN': 'x' }, kind: 'decimal', precision: 4, scale: 6 },
        { code: 'photo', names: { 'zh-CN': 'x' }, kind: 'file', unique: true, defaultValue: 'a' },
      ],
      indexes: [{ fields: ['nothing'] }],
    });
    expect(issues(bad)).toEqual({
      code: 'validation.dmIdentifier',
      'names.zh-CN': 'validation.required',
      'fields.0.code': 'validation.dmSystemColumn',
      'fields.1.defaultValue': 'validation.dmDefaultTooLong',
      'fields.2.code': 'validation.dmDuplicateCode',
      'fields.2.scale': 'validation.dmScale',
      'fields.3.unique': 'validation.dmNotIndexable',
      'fields.3.defaultValue': 'validation.dmNoDefault',
      'indexes.0.fields.0': 'validation.dmUnknownField',
    });
  });

  it('checks defaults against the kind', () => {
    const one = (field: Record<string, unknown>) =>
      issues(model({ fields: [{ code: 'v', names: { 'zh-CN': 'v' }, ...field }] }));
    expect(one({ kind: 'integer', defaultValue: 1.5 })).toEqual({
      'fields.0.defaultValue': 'validation.wholeNumber',
    });
    expect(one({ kind: 'decimal', precision: 5, scale: 2, defaultValue: 1234.5 })).toEqual({
      'fields.0.defaultValue': 'validation.dmDefaultDigits',
    });
    expect(one({ kind: 'money', defaultValue: 1.005 })).toEqual({
      'fields.0.defaultValue': 'validation.dmDefaultDigits',
    });
    expect(one({ kind: 'date', defaultValue: '31/01/2026' })).toEqual({
      'fields.0.defaultValue': 'validation.invalid',
    });
    expect(one({ kind: 'boolean', defaultValue: 'yes' })).toEqual({
      'fields.0.defaultValue': 'validation.invalid',
    });
    expect(one({ kind: 'user', defaultValue: 1 })).toEqual({
      'fields.0.defaultValue': 'validation.dmNoDefault',
    });
  });

  it('limits the fields, with a message that says the limit', () => {
    const fields = Array.from({ length: DM_FIELDS_MAX + 1 }, (_, i) => ({
      code: `f${i}`,
      names: { 'zh-CN': `f${i}` },
      kind: 'integer',
    }));
    const result = dataModelDefinitionSchema.safeParse(model({ fields }));
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(['fields']);
    expect(issue?.message).toBe('validation.dmTooManyFields');
    expect(validationMessage('validation.dmTooManyFields', 'en-US', { max: String(DM_FIELDS_MAX) })).toBe(
      'A model has at most 200 fields',
    );
  });

  it('refuses a lines field that is required or points at its own model', () => {
    expect(
      issues(
        model({
          fields: [
            { code: 'rows', names: { 'zh-CN': 'r' }, kind: 'lines', model: 'sample_request', required: true },
          ],
        }),
      ),
    ).toEqual({ 'fields.0.kind': 'validation.dmLinesPlain', 'fields.0.model': 'validation.dmLinesSelf' });
  });
});
