import { describe, expect, it } from 'vitest';
import {
  formatReportValue,
  type ReportTable,
  reportChartData,
  reportDefinitionSchema,
  reportPivot,
  reportTableRows,
} from '../src/index';

const names = (zh: string) => ({ 'zh-CN': zh });
// Spend by category and supplier, as a grouped dataset answers it (NUMERIC sums come as text).
const rows = [
  { category: '原材料', supplier: 'A', month: '2026-01', amount: '100.50', orders: 2 },
  { category: '原材料', supplier: 'B', month: '2026-01', amount: 40, orders: 1 },
  { category: '办公用品', supplier: 'A', month: '2026-02', amount: 10, orders: 1 },
  { category: '原材料', supplier: 'A', month: '2026-02', amount: 9.5, orders: null },
];
const table: ReportTable = {
  columns: [
    { field: 'category', names: names('品类'), format: 'text' },
    { field: 'supplier', names: names('供应商'), format: 'text' },
    { field: 'amount', names: names('金额'), format: 'money' },
    { field: 'orders', names: names('单数'), format: 'number' },
  ],
  groupBy: ['category'],
  subtotals: true,
};

describe('report table rows', () => {
  it('groups in the order groups first come, with a subtotal after each and a total', () => {
    const out = reportTableRows(rows, table);
    expect(out.map((r) => r.kind)).toEqual(['row', 'row', 'row', 'subtotal', 'row', 'subtotal', 'total']);
    // The rows of 原材料 stay together in the dataset's order, though 办公用品 came between them.
    expect(out.slice(0, 3).map((r) => r.values.supplier)).toEqual(['A', 'B', 'A']);
    expect(out[3]).toEqual({
      kind: 'subtotal',
      level: 0,
      values: { category: '原材料', amount: 150, orders: 3 },
    });
    expect(out[6]).toEqual({ kind: 'total', values: { amount: 160, orders: 4 } });
  });

  it('nests subtotals for two group fields, innermost first', () => {
    const out = reportTableRows(rows, { ...table, groupBy: ['category', 'supplier'] });
    const subtotals = out.filter((r) => r.kind === 'subtotal');
    expect(
      subtotals.map((r) => [r.kind === 'subtotal' && r.level, r.values.supplier ?? '*', r.values.amount]),
    ).toEqual([
      [1, 'A', 110],
      [1, 'B', 40],
      [0, '*', 150],
      [1, 'A', 10],
      [0, '*', 10],
    ]);
  });

  it('keeps the rows as they are without groups or subtotals', () => {
    const out = reportTableRows(rows, { ...table, groupBy: [], subtotals: false });
    expect(out).toEqual(rows.map((values) => ({ kind: 'row', values })));
  });
});

describe('report pivot', () => {
  it('crosses row and column fields; totals aggregate the rows, not the cells', () => {
    const sum = reportPivot(rows, { rows: ['supplier'], column: 'month', value: 'amount', aggregate: 'sum' });
    expect(sum.columnKeys).toEqual(['2026-01', '2026-02']);
    expect(sum.rowKeys).toEqual([['A'], ['B']]);
    expect(sum.cells).toEqual([
      [100.5, 19.5],
      [40, null],
    ]);
    expect(sum.rowTotals).toEqual([120, 40]);
    expect(sum.columnTotals).toEqual([140.5, 19.5]);
    expect(sum.grandTotal).toBe(160);
    const avg = reportPivot(rows, { rows: ['supplier'], column: 'month', value: 'amount', aggregate: 'avg' });
    // A's average is over its three rows (40), not the average of its two cells' averages.
    expect(avg.rowTotals[0]).toBe(40);
    const count = reportPivot(rows, {
      rows: ['category'],
      column: 'month',
      value: 'orders',
      aggregate: 'count',
    });
    expect(count.cells[0]).toEqual([2, 1]);
  });

  it('keeps at most the allowed column values and says so', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ k: 'x', c: `c${i}`, v: 1 }));
    const out = reportPivot(many, { rows: ['k'], column: 'c', value: 'v', aggregate: 'sum' });
    expect(out.columnKeys).toHaveLength(60);
    expect(out.truncated).toBe(true);
    expect(out.rowTotals).toEqual([60]);
  });
});

describe('report chart data', () => {
  it('sums y by x and splits bar and line series by a field', () => {
    const bar = reportChartData(rows, {
      type: 'bar',
      names: names('x'),
      x: 'month',
      y: ['amount'],
      series: 'supplier',
    });
    expect(bar.categories).toEqual(['2026-01', '2026-02']);
    expect(bar.series).toEqual([
      { name: 'A', data: [100.5, 19.5] },
      { name: 'B', data: [40, null] },
    ]);
    const pie = reportChartData(rows, {
      type: 'pie',
      names: names('x'),
      x: 'category',
      y: ['amount', 'orders'],
    });
    expect(pie.series).toEqual([{ name: 'amount', data: [150, 10] }]);
    const scatter = reportChartData(rows, { type: 'scatter', names: names('x'), x: 'orders', y: ['amount'] });
    expect(scatter.series[0]?.data).toEqual([
      [2, 100.5],
      [1, 40],
      [1, 10],
    ]);
  });
});

describe('report values and definitions', () => {
  it('formats money, numbers, percents and dates for the screen', () => {
    expect(formatReportValue('1234.5', 'money', 'en-US')).toBe('1,234.50');
    expect(formatReportValue(0.256, 'percent', 'en-US')).toBe('25.6%');
    expect(formatReportValue('2026-03-01T00:00:00+00:00', 'date')).toBe('2026-03-01');
    expect(formatReportValue(null, 'money')).toBe('');
  });

  it('refuses a group field that is not a column and a column listed twice', () => {
    const result = reportDefinitionSchema.safeParse({
      datasetId: '1',
      table: { ...table, columns: [...table.columns, table.columns[0]], groupBy: ['month'] },
      pivot: null,
      charts: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['table.columns.4.field', 'validation.reportDuplicateField'],
      ['table.groupBy.0', 'validation.reportGroupNotColumn'],
    ]);
  });
});
