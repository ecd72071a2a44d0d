import type { ListQueryField, ModelPageField } from '@srm/contracts/core';
import { describe, expect, it } from 'vitest';
import {
  buildQuery,
  type CellContext,
  cellFormatOf,
  cellText,
  columnSpecs,
  errorLines,
  exportParams,
  fieldTitle,
  formatValue,
  formLabelsOf,
  placeRowProblems,
  sortOf,
} from '../src/views/onlineDev/modelPage/modelPageColumns';

const names = (zh: string, en?: string) => ({ 'zh-CN': zh, ...(en ? { 'en-US': en } : {}) });
const FIELDS: ModelPageField[] = [
  { code: 'title', names: names('标题', 'Title'), kind: 'text' },
  { code: 'currency', names: names('币种', 'Currency'), kind: 'select', dictType: 'currency' },
  { code: 'tags', names: names('标签'), kind: 'multiSelect', dictType: 'tag' },
  { code: 'amount', names: names('金额', 'Amount'), kind: 'decimal', precision: 12, scale: 2 },
  { code: 'qty', names: names('数量', 'Quantity'), kind: 'integer' },
  { code: 'price', names: names('单价', 'Price'), kind: 'money' },
  { code: 'due', names: names('到期日', 'Due'), kind: 'date' },
  { code: 'at', names: names('时间', 'At'), kind: 'datetime' },
  { code: 'done', names: names('完成', 'Done'), kind: 'boolean' },
  { code: 'owner', names: names('负责人', 'Owner'), kind: 'user' },
  { code: 'dept', names: names('部门', 'Department'), kind: 'department' },
  { code: 'supplierRef', names: names('关联', 'Linked'), kind: 'reference', model: 'other' },
];
const field = (code: string) => FIELDS.find((f) => f.code === code);

const DICTS: Record<string, Record<string, string>> = {
  currency: { CNY: '人民币', USD: '美元' },
  tag: { a: '甲', b: '乙' },
};
const ctx = (locale: CellContext['locale'] = 'zh-CN'): CellContext => ({
  locale,
  dictName: (type, code) => DICTS[type]?.[code] ?? code,
  yes: '是',
  no: '否',
});

describe('model page columns', () => {
  it('title a field in the reader language, the Chinese name where it has none, the code without a field', () => {
    expect(fieldTitle(field('amount'), 'amount', 'en-US')).toBe('Amount');
    expect(fieldTitle(field('tags'), 'tags', 'en-US')).toBe('标签');
    expect(fieldTitle(undefined, 'gone', 'zh-CN')).toBe('gone');
  });

  it('format a cell as designed, else as its kind implies', () => {
    expect(cellFormatOf({ format: 'percent' }, field('amount'))).toBe('percent');
    expect(cellFormatOf({}, field('amount'))).toBe('number');
    expect(cellFormatOf({ format: 'text' }, field('amount'))).toBe('text');
    expect(cellFormatOf({}, field('price'))).toBe('money');
    expect(cellFormatOf({}, field('due'))).toBe('date');
    expect(cellFormatOf({}, field('at'))).toBe('datetime');
    expect(cellFormatOf({}, field('done'))).toBe('boolean');
    expect(cellFormatOf({}, field('currency'))).toBe('dict');
    expect(cellFormatOf({ format: 'text' }, field('currency'))).toBe('dict');
    expect(cellFormatOf({}, field('owner'))).toBe('label');
    expect(cellFormatOf({}, field('title'))).toBe('text');
  });

  it('write numbers, money, percents, dates and choices as the reader reads them', () => {
    const c = ctx('en-US');
    expect(formatValue(1234.5, 'number', field('amount'), c)).toBe('1,234.50');
    expect(formatValue('7', 'number', field('qty'), c)).toBe('7');
    expect(formatValue(1234.5, 'money', field('price'), c)).toBe('1,234.50');
    expect(formatValue(0.125, 'percent', field('amount'), c)).toBe('12.5%');
    expect(formatValue('2026-12-31', 'date', field('due'), c)).toBe('2026-12-31');
    // A time in the reader's zone: the same instant as the runtime formats it.
    const at = '2026-03-04T05:06:00.000Z';
    const local = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatValue(at, 'datetime', field('at'), c)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
    expect(formatValue(at, 'date', field('at'), c)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    );
    expect(formatValue(true, 'boolean', field('done'), c)).toBe('是');
    expect(formatValue(false, 'boolean', field('done'), c)).toBe('否');
    expect(formatValue('USD', 'dict', field('currency'), c)).toBe('美元');
    expect(formatValue(['a', 'b', 'x'], 'dict', field('tags'), ctx())).toBe('甲、乙、x');
    expect(formatValue(['a', 'b'], 'dict', field('tags'), c)).toBe('甲, 乙');
    // No value is no text; a value that is not a number stays as it came.
    expect(formatValue(null, 'number', field('amount'), c)).toBe('');
    expect(formatValue('', 'text', field('title'), c)).toBe('');
    expect(formatValue([], 'dict', field('tags'), c)).toBe('');
    expect(formatValue('abc', 'money', field('price'), c)).toBe('abc');
    expect(formatValue('not a time', 'datetime', field('at'), c)).toBe('not a time');
  });

  it("show the server's label for ids, else the formatted value", () => {
    const row = { data: { owner: '12', currency: 'CNY', amount: 5 }, labels: { owner: '张三' } };
    expect(cellText(row, { field: 'owner' }, field('owner'), ctx())).toBe('张三');
    expect(cellText(row, { field: 'currency' }, field('currency'), ctx())).toBe('人民币');
    expect(cellText(row, { field: 'amount', format: 'money' }, field('amount'), ctx())).toBe('5.00');
    expect(cellText(row, { field: 'missing' }, undefined, ctx())).toBe('');
  });

  it('build the designed columns with titles, widths, pinning, alignment and the sort in force', () => {
    const list = {
      columns: [
        { field: 'title', width: 200, fixed: 'left' as const, sortable: true },
        { field: 'amount', sortable: true, format: 'money' as const },
        { field: 'due' },
      ],
    };
    const specs = columnSpecs(list, FIELDS, 'en-US', { field: 'amount', order: 'desc' });
    expect(specs.map((s) => [s.key, s.title, s.width, s.fixed, s.sortable, s.sortOrder, s.align])).toEqual([
      ['title', 'Title', 200, 'left', true, null, undefined],
      ['amount', 'Amount', undefined, undefined, true, 'descend', 'right'],
      ['due', 'Due', undefined, undefined, false, null, undefined],
    ]);
    // A sort on a column that is not sortable is not drawn on it.
    expect(columnSpecs(list, FIELDS, 'zh-CN', { field: 'due', order: 'asc' })[2]?.sortOrder).toBeNull();
  });

  it("turn the table's sorter into the server's sort", () => {
    expect(sortOf({ columnKey: 'amount', order: 'ascend' })).toEqual({ field: 'amount', order: 'asc' });
    expect(sortOf({ columnKey: 'amount', order: 'descend' })).toEqual({ field: 'amount', order: 'desc' });
    expect(sortOf({ columnKey: 'amount', order: null })).toBeUndefined();
    expect(sortOf([{ columnKey: 'title', order: 'ascend' }])).toEqual({ field: 'title', order: 'asc' });
    expect(sortOf({})).toBeUndefined();
  });

  it('build the query of the designed query fields, each as its operator takes it', () => {
    const query: ListQueryField[] = [
      { field: 'title', op: 'like' },
      { field: 'currency', op: 'in' },
      { field: 'amount', op: 'between' },
      { field: 'due', op: 'between' },
      { field: 'done', op: 'eq' },
      { field: 'dept', op: 'in' },
      { field: 'qty', op: 'eq' },
    ];
    expect(
      buildQuery(
        {
          title: '  pump ',
          currency: ['CNY', 'USD'],
          amount: [10, undefined],
          due: ['2026-01-01', '2026-01-31'],
          done: false,
          dept: '42',
          qty: 0,
          notDesigned: 'x',
        },
        query,
      ),
    ).toEqual({
      title: 'pump',
      currency: ['CNY', 'USD'],
      amount: [10, null],
      due: ['2026-01-01', '2026-01-31'],
      done: false,
      dept: ['42'],
      qty: 0,
    });
    // Empty fields are left out; nothing at all is no query.
    expect(
      buildQuery({ title: '   ', currency: [], amount: [null, null], due: undefined, qty: null }, query),
    ).toBeUndefined();
  });

  it('export with the list query as JSON and its sort', () => {
    expect(exportParams({ title: 'a' }, { field: 'amount', order: 'desc' })).toEqual({
      query: '{"title":"a"}',
      sort: 'amount',
      order: 'desc',
    });
    expect(exportParams(undefined, undefined)).toEqual({
      query: undefined,
      sort: undefined,
      order: undefined,
    });
  });

  it("place a refused save's messages on the form's fields, the rest above it", () => {
    const schema = { fields: [{ name: 'title' }, { name: 'lines' }] } as Parameters<
      typeof placeRowProblems
    >[1];
    expect(
      placeRowProblems(
        { 'data.title': '必填', 'lines.0.qty': '太大', parentId: '上级不存在', 'data.gone': '无此字段' },
        schema,
      ),
    ).toEqual({
      onForm: [
        { name: ['title'], errors: ['必填'] },
        { name: ['lines', 0, 'qty'], errors: ['太大'] },
      ],
      other: ['上级不存在', '无此字段'],
    });
  });

  it("give the form renderer the names of a row's users and departments", () => {
    expect(
      formLabelsOf(
        {
          data: { owner: '7', dept: 3, supplierRef: '9', title: 'x' },
          labels: { owner: '李四', dept: '采购部', supplierRef: '样品 A' },
        },
        FIELDS,
      ),
    ).toEqual({ 'user:7': '李四', 'dept:3': '采购部', 'reference:9': '样品 A' });
  });

  it("list an import's refused rows one line per field, named in the reader's language", () => {
    const result = { errors: [{ row: 3, fields: { title: '必填', amount: '不是数字', extra: '未知列' } }] };
    expect(errorLines(result, FIELDS, 'en-US')).toEqual([
      { key: '3-title', row: 3, field: 'Title', message: '必填' },
      { key: '3-amount', row: 3, field: 'Amount', message: '不是数字' },
      { key: '3-extra', row: 3, field: 'extra', message: '未知列' },
    ]);
  });
});
