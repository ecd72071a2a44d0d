import type { DataModelField } from '@srm/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchEnd,
  canonicalValue,
  compareWatermarks,
  decimalText,
  diffRows,
  fieldCodeOf,
  fieldForColumn,
  instantOf,
  keyText,
  proposeWatermark,
  rowsAfter,
  shapeProblems,
} from '../../src/onlinedev/data-sync-logic';

/** The pure rules of data sync (onlinedev/data-sync-logic.ts): watermarks, values, the diff, the checks. */

const names = { 'zh-CN': 'x' };
const text = (code: string, length = 10): DataModelField => ({ code, names, kind: 'text', length });
const dec: DataModelField = { code: 'price', names, kind: 'decimal', precision: 6, scale: 2 };

describe('the watermark', () => {
  it('takes a short batch whole, as the last', () => {
    expect(batchEnd(['1', '2'], 5, '0')).toEqual({ kind: 'take', take: 2, watermark: '2', done: true });
    expect(batchEnd([], 5, '7')).toEqual({ kind: 'take', take: 0, watermark: '7', done: true });
    expect(batchEnd([], 5, null)).toEqual({ kind: 'take', take: 0, watermark: null, done: true });
  });

  it('never splits the rows of one value: a full batch stops before its last value', () => {
    expect(batchEnd(['1', '2', '3', '3'], 4, null)).toEqual({
      kind: 'take',
      take: 2,
      watermark: '2',
      done: false,
    });
    expect(batchEnd(['1', '2', '3', '4'], 4, null)).toEqual({
      kind: 'take',
      take: 3,
      watermark: '3',
      done: false,
    });
  });

  it('reads a whole value together when a full batch is all of it', () => {
    expect(batchEnd(['5', '5', '5'], 3, '4')).toEqual({ kind: 'tie', value: '5' });
  });

  it('orders numbers by value at any length and timestamps by instant', () => {
    expect(compareWatermarks('9', '10', 'number')).toBeLessThan(0);
    expect(compareWatermarks('92233720368547758070', '92233720368547758069', 'number')).toBeGreaterThan(0);
    expect(compareWatermarks('1.50', '1.5', 'number')).toBe(0);
    expect(compareWatermarks('2026-11-01 08:00:00+08', '2026-11-01T00:30:00Z', 'timestamp')).toBeLessThan(0);
    expect(
      compareWatermarks('2026-11-01 08:00:00', '2026-11-01 09:00:00', 'timestamp', 'Asia/Shanghai'),
    ).toBeLessThan(0);
  });

  it('takes a dataset’s rows after the watermark, in its order, none without a value', () => {
    const rows = [{ v: 3 }, { v: null }, { v: 1 }, { v: 2 }, { v: 10 }];
    expect(rowsAfter(rows, 'v', 'number', '1', 'UTC').map((r) => r.watermark)).toEqual(['2', '3', '10']);
    expect(rowsAfter(rows, 'v', 'number', null, 'UTC').map((r) => r.watermark)).toEqual([
      '1',
      '2',
      '3',
      '10',
    ]);
  });
});

describe('values as the model holds them', () => {
  it('reads a date-time without a zone in the sync’s time zone, one with a zone as it says', () => {
    expect(instantOf('2026-11-01 08:00:00', 'Asia/Shanghai')).toBe('2026-11-01T00:00:00.000Z');
    expect(instantOf('2026-11-01 08:00:00.123456+00', 'Asia/Shanghai')).toBe('2026-11-01T08:00:00.123Z');
    expect(instantOf('2026-07-01T12:00:00-04:00', 'UTC')).toBe('2026-07-01T16:00:00.000Z');
    // Berlin in summer and in winter.
    expect(instantOf('2026-07-01 12:00', 'Europe/Berlin')).toBe('2026-07-01T10:00:00.000Z');
    expect(instantOf('2026-01-01 12:00', 'Europe/Berlin')).toBe('2026-01-01T11:00:00.000Z');
    expect(instantOf('2026-02-30 12:00', 'UTC')).toBeNull();
    expect(instantOf('soon', 'UTC')).toBeNull();
  });

  it('spells decimals at the field’s scale, rounding half away from zero', () => {
    expect(decimalText('4200.5', 2)).toBe('4200.50');
    expect(decimalText(4200.555, 2)).toBe('4200.56');
    expect(decimalText('-0.004', 2)).toBe('0.00');
    expect(decimalText('-1.005', 2)).toBe('-1.01');
    expect(decimalText('12abc', 2)).toBeNull();
  });

  it('says what a field cannot take instead of cutting or guessing', () => {
    expect(canonicalValue(text('name', 3), 'abcd', 'UTC')).toEqual({
      problem: { key: 'dataSync.value.tooLong', params: { max: 3 } },
    });
    expect(canonicalValue(dec, '12345.6', 'UTC')).toEqual({
      problem: { key: 'dataSync.value.digits', params: { digits: 4 } },
    });
    expect(canonicalValue({ code: 'n', names, kind: 'integer' }, '1.5', 'UTC')).toEqual({
      problem: { key: 'dataSync.value.notWhole' },
    });
    expect(canonicalValue({ code: 'n', names, kind: 'integer' }, '12', 'UTC')).toEqual({ value: '12' });
    expect(canonicalValue({ code: 'b', names, kind: 'boolean' }, 1, 'UTC')).toEqual({ value: true });
    expect(canonicalValue({ code: 'b', names, kind: 'boolean' }, 'maybe', 'UTC')).toEqual({
      problem: { key: 'dataSync.value.notBoolean' },
    });
    expect(canonicalValue({ code: 'd', names, kind: 'date' }, '2026-11-01 00:00:00', 'UTC')).toEqual({
      value: '2026-11-01',
    });
    expect(canonicalValue({ code: 'd', names, kind: 'date' }, '', 'UTC')).toEqual({ value: null });
  });
});

describe('the diff', () => {
  const stored = new Map([
    [keyText(['1']), { id: '100', values: { code: '1', price: '10.00' } }],
    [keyText(['2']), { id: '101', values: { code: '2', price: '20.00' } }],
  ]);

  it('inserts new keys, updates changed rows with what they were, leaves the rest', () => {
    const diff = diffRows(
      ['code', 'price'],
      [
        { key: keyText(['1']), values: { code: '1', price: '10.00' } },
        { key: keyText(['2']), values: { code: '2', price: '25.00' } },
        { key: keyText(['3']), values: { code: '3', price: '30.00' } },
      ],
      stored,
    );
    expect(diff.inserts.map((r) => r.key)).toEqual([keyText(['3'])]);
    expect(diff.updates).toEqual([
      { id: '101', key: keyText(['2']), values: { code: '2', price: '25.00' }, before: { price: '20.00' } },
    ]);
    expect(diff.unchanged).toBe(1);
  });

  it('counts a key read twice once, as its later row', () => {
    const diff = diffRows(
      ['code', 'price'],
      [
        { key: keyText(['3']), values: { code: '3', price: '1.00' } },
        { key: keyText(['3']), values: { code: '3', price: '2.00' } },
      ],
      stored,
    );
    expect(diff.inserts).toEqual([{ key: keyText(['3']), values: { code: '3', price: '2.00' } }]);
    expect(diff.unchanged).toBe(1);
  });
});

describe('taking a table in and checking a mapping', () => {
  const col = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({
    name,
    dataType,
    columnType: dataType,
    charLength: null,
    precision: null,
    scale: null,
    ...extra,
  });

  it('maps source types to field kinds, and says which it cannot', () => {
    expect(fieldForColumn(col('a', 'varchar', { charLength: 80 }), 'a')).toMatchObject({
      field: { kind: 'text', length: 80 },
    });
    expect(fieldForColumn(col('a', 'varchar', { charLength: 10_000 }), 'a')).toMatchObject({
      field: { kind: 'longText' },
    });
    expect(fieldForColumn(col('a', 'tinyint', { columnType: 'tinyint(1)' }), 'a')).toMatchObject({
      field: { kind: 'boolean' },
    });
    expect(fieldForColumn(col('a', 'numeric', { precision: 12, scale: 2 }), 'a')).toMatchObject({
      field: { kind: 'decimal', precision: 12, scale: 2 },
    });
    expect(fieldForColumn(col('a', 'timestamp with time zone'), 'a')).toMatchObject({
      field: { kind: 'datetime' },
    });
    expect(fieldForColumn(col('a', 'jsonb'), 'a')).toEqual({ skip: 'json' });
    expect(fieldForColumn(col('a', 'bytea'), 'a')).toEqual({ skip: 'binary' });
    expect(fieldForColumn(col('a', 'interval'), 'a')).toEqual({ skip: 'time' });
  });

  it('makes field codes of column names, around the system columns and reserved words', () => {
    expect(fieldCodeOf('SupplierName')).toBe('suppliername');
    expect(fieldCodeOf('id')).toBe('src_id');
    expect(fieldCodeOf('order')).toBe('src_order');
    expect(fieldCodeOf('2nd price')).toBe('src_2nd_price');
  });

  it('proposes an updated-at column as the watermark, else a whole-number key', () => {
    expect(
      proposeWatermark(
        [
          { name: 'id', kind: 'integer' },
          { name: 'gmt_modified', kind: 'datetime' },
        ],
        ['id'],
      ),
    ).toEqual({ column: 'gmt_modified', type: 'timestamp' });
    expect(proposeWatermark([{ name: 'order_no', kind: 'integer' }], ['order_no'])).toEqual({
      column: 'order_no',
      type: 'number',
    });
    expect(proposeWatermark([{ name: 'name', kind: 'text' }], [])).toBeNull();
  });

  it('checks a mapping against both sides', () => {
    const problems = shapeProblems(
      {
        mapping: [
          { column: 'code', field: 'code' },
          { column: 'nope', field: 'price' },
          { column: 'owner', field: 'owner' },
        ],
        keyColumns: ['owner'],
        mode: 'incremental',
        watermarkColumn: 'code',
        watermarkType: 'number',
      },
      [
        { name: 'code', type: 'text' },
        { name: 'owner', type: 'number' },
      ],
      [
        text('code'),
        dec,
        { code: 'owner', names, kind: 'user' },
        { code: 'must', names, kind: 'text', length: 5, required: true },
      ],
    );
    expect(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, v.key]))).toEqual({
      'mapping.1.column': 'dataSync.unknownColumn',
      'mapping.2.field': 'dataSync.fieldKind',
      'keyColumns.0': 'dataSync.keyKind',
      mapping: 'dataSync.requiredUnmapped',
      watermarkType: 'dataSync.watermarkType',
    });
  });
});
