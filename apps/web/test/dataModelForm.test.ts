import { dataModelDefinitionSchema } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import {
  formPathOf,
  type ModelFormValues,
  newField,
  readableSql,
  toDefinition,
  toFormValues,
} from '../src/views/systemData/dataModel/model-form';

const values = (over: Partial<ModelFormValues> = {}): ModelFormValues => ({
  code: 'sample',
  names: { 'zh-CN': '样品', 'en-US': 'Sample', 'zh-TW': '' },
  isTree: false,
  isLines: false,
  fields: [
    {
      ...newField('text'),
      code: 'title',
      names: { 'zh-CN': '标题', 'en-US': '', 'zh-TW': '' },
      required: true,
    },
    // A row switched from decimal to integer keeps nothing of the decimal's sizes.
    {
      ...newField('integer'),
      code: 'qty',
      names: { 'zh-CN': '数量' },
      precision: 18,
      scale: 2,
      defaultValue: 1,
    },
    {
      ...newField('select'),
      code: 'cur',
      names: { 'zh-CN': '币种' },
      dictType: 'currency',
      defaultValue: '',
    },
    { ...newField('lines'), code: 'items', names: { 'zh-CN': '明细' }, model: 'sample_line', unique: true },
  ],
  indexes: [{ fields: ['title', 'qty'], unique: false }],
  ...over,
});

describe('the model editor and the server', () => {
  it('sends each grid row with only the parts its kind has, in a shape the server schema takes', () => {
    const definition = toDefinition(values());
    expect(definition.names).toEqual({ 'zh-CN': '样品', 'en-US': 'Sample' });
    expect(definition.fields).toEqual([
      { code: 'title', names: { 'zh-CN': '标题' }, kind: 'text', length: 100, required: true },
      { code: 'qty', names: { 'zh-CN': '数量' }, kind: 'integer', defaultValue: 1 },
      { code: 'cur', names: { 'zh-CN': '币种' }, kind: 'select', dictType: 'currency' },
      { code: 'items', names: { 'zh-CN': '明细' }, kind: 'lines', model: 'sample_line' },
    ]);
    expect(definition.indexes).toEqual([{ fields: ['title', 'qty'] }]);
    expect(dataModelDefinitionSchema.safeParse(definition).success).toBe(true);
  });

  it('opens a saved model as it was saved', () => {
    const definition = toDefinition(values({ isTree: true }));
    expect(toDefinition(toFormValues(definition))).toEqual(definition);
  });

  it('puts a server message at the cell its path names, for a create and for a change', () => {
    expect(formPathOf('definition.fields.3.code')).toEqual(['fields', 3, 'code']);
    expect(formPathOf('fields.3.code')).toEqual(['fields', 3, 'code']);
    expect(formPathOf('definition.fields.0.names.zh-CN')).toEqual(['fields', 0, 'names', 'zh-CN']);
    expect(formPathOf('definition.fields.4.defaultValue')).toEqual(['fields', 4, 'defaultValue']);
    expect(formPathOf('definition.indexes.1.fields.0')).toEqual(['indexes', 1, 'fields']);
    expect(formPathOf('definition.indexes.1')).toEqual(['indexes', 1, 'fields']);
    expect(formPathOf('definition.code')).toEqual(['code']);
    expect(formPathOf('names.zh-CN')).toEqual(['names', 'zh-CN']);
    // No cell: listed above the grid instead.
    expect(formPathOf('fields')).toBeNull();
    expect(formPathOf('definition.indexes')).toBeNull();
  });

  it('shows a create table one column a line, and other statements as they are', () => {
    expect(
      readableSql('create table "dm_1_a" ("id" bigint, "v" numeric(12, 2), "t" varchar(10) default \'a,b\')'),
    ).toBe(
      'create table "dm_1_a" (\n  "id" bigint,\n  "v" numeric(12, 2),\n  "t" varchar(10) default \'a,b\'\n)',
    );
    const alter = 'alter table "dm_1_a" add column "x" bigint';
    expect(readableSql(alter)).toBe(alter);
  });
});
