// How a report shapes a dataset's rows (report.core.ts): groups with subtotals, a pivot, chart
// series. One implementation for both sides, so the Excel file the server builds holds exactly
// what the screen draws.
import {
  REPORT_CHART_POINTS_MAX,
  REPORT_PIVOT_COLUMNS_MAX,
  REPORT_SUMMED_FORMATS,
  type ReportAggregate,
  type ReportChart,
  type ReportFormat,
  type ReportPivot,
  type ReportTable,
} from './report.core';

type Row = Record<string, unknown>;

/** A value as a number, or null when it is none (numeric text from NUMERIC columns counts). */
export function reportNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** A value as the text of a group or category key ('' for none). */
export function reportKey(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00/.test(value)) return value.slice(0, 10);
  return String(value);
}

export type ReportTableRow =
  | { kind: 'row'; values: Row }
  /** After the rows of a group: `level` 0 is the outermost; `values` holds the group's keys and sums. */
  | { kind: 'subtotal'; level: number; values: Row }
  | { kind: 'total'; values: Row };

function sumsOf(rows: Row[], fields: string[]): Row {
  const out: Row = {};
  for (const field of fields) {
    let sum = 0;
    let any = false;
    for (const row of rows) {
      const n = reportNumber(row[field]);
      if (n === null) continue;
      sum += n;
      any = true;
    }
    out[field] = any ? Math.round(sum * 1e6) / 1e6 : null;
  }
  return out;
}

/**
 * The table's rows: grouped by `groupBy` (groups in the order their first row comes, rows in the
 * dataset's order within a group), with a subtotal after each group and a total at the end when
 * `subtotals` is on.
 */
export function reportTableRows(rows: Row[], table: ReportTable): ReportTableRow[] {
  const summed = table.columns.filter((c) => REPORT_SUMMED_FORMATS.includes(c.format)).map((c) => c.field);
  const groups = table.groupBy.filter((g) => table.columns.some((c) => c.field === g));
  const out: ReportTableRow[] = [];
  const walk = (part: Row[], level: number, keys: Row) => {
    if (level === groups.length) {
      for (const values of part) out.push({ kind: 'row', values });
      return;
    }
    const field = groups[level] as string;
    const byKey = new Map<string, Row[]>();
    for (const row of part) {
      const key = reportKey(row[field]);
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
    for (const list of byKey.values()) {
      const groupKeys = { ...keys, [field]: list[0]?.[field] ?? null };
      walk(list, level + 1, groupKeys);
      if (table.subtotals)
        out.push({ kind: 'subtotal', level, values: { ...groupKeys, ...sumsOf(list, summed) } });
    }
  };
  walk(rows, 0, {});
  if (table.subtotals && rows.length) out.push({ kind: 'total', values: sumsOf(rows, summed) });
  return out;
}

export interface ReportPivotResult {
  /** One entry per row of the cross table: the values of the pivot's row fields. */
  rowKeys: string[][];
  /** The values of the column field, in the order they first come (at most REPORT_PIVOT_COLUMNS_MAX). */
  columnKeys: string[];
  /** `cells[r][c]`: the aggregate of the rows of rowKeys[r] and columnKeys[c]; null when none. */
  cells: (number | null)[][];
  rowTotals: (number | null)[];
  columnTotals: (number | null)[];
  grandTotal: number | null;
  /** More column values than were kept. */
  truncated: boolean;
}

class Accumulator {
  private count = 0;
  private numbers = 0;
  private sum = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  add(value: unknown) {
    this.count += 1;
    const n = reportNumber(value);
    if (n === null) return;
    this.numbers += 1;
    this.sum += n;
    if (n < this.min) this.min = n;
    if (n > this.max) this.max = n;
  }
  result(aggregate: ReportAggregate): number | null {
    if (aggregate === 'count') return this.count;
    if (!this.numbers) return null;
    const round = (n: number) => Math.round(n * 1e6) / 1e6;
    if (aggregate === 'sum') return round(this.sum);
    if (aggregate === 'avg') return round(this.sum / this.numbers);
    return aggregate === 'min' ? this.min : this.max;
  }
}

/** The cross table of `rows`; totals aggregate the underlying rows (an average of averages never). */
export function reportPivot(rows: Row[], pivot: ReportPivot): ReportPivotResult {
  const columnKeys: string[] = [];
  const columnIndex = new Map<string, number>();
  let truncated = false;
  for (const row of rows) {
    const key = reportKey(row[pivot.column]);
    if (columnIndex.has(key)) continue;
    if (columnKeys.length >= REPORT_PIVOT_COLUMNS_MAX) {
      truncated = true;
      continue;
    }
    columnIndex.set(key, columnKeys.length);
    columnKeys.push(key);
  }
  const rowKeys: string[][] = [];
  const rowIndex = new Map<string, number>();
  const cells: Accumulator[][] = [];
  const rowTotals: Accumulator[] = [];
  const columnTotals = columnKeys.map(() => new Accumulator());
  const grand = new Accumulator();
  for (const row of rows) {
    const c = columnIndex.get(reportKey(row[pivot.column]));
    if (c === undefined) continue;
    const keys = pivot.rows.map((f) => reportKey(row[f]));
    const joined = JSON.stringify(keys);
    let r = rowIndex.get(joined);
    if (r === undefined) {
      r = rowKeys.length;
      rowIndex.set(joined, r);
      rowKeys.push(keys);
      cells.push(columnKeys.map(() => new Accumulator()));
      rowTotals.push(new Accumulator());
    }
    const value = row[pivot.value];
    cells[r]?.[c]?.add(value);
    rowTotals[r]?.add(value);
    columnTotals[c]?.add(value);
    grand.add(value);
  }
  const a = pivot.aggregate;
  return {
    rowKeys,
    columnKeys,
    cells: cells.map((line) => line.map((cell) => cell.result(a))),
    rowTotals: rowTotals.map((x) => x.result(a)),
    columnTotals: columnTotals.map((x) => x.result(a)),
    grandTotal: rows.length ? grand.result(a) : null,
    truncated,
  };
}

export interface ReportChartData {
  /** bar, line, pie: the x values in the order they first come. */
  categories: string[];
  /** bar and line: one series per y field (or per value of `series`); pie: one; scatter: points. */
  series: { name: string; data: (number | null)[] | [number, number][] }[];
  truncated: boolean;
}

/** What a chart draws: `y` summed by `x` (split by `series`), or a scatter's points. */
export function reportChartData(rows: Row[], chart: ReportChart): ReportChartData {
  if (chart.type === 'scatter') {
    const y = chart.y[0] ?? '';
    const points: [number, number][] = [];
    for (const row of rows) {
      const px = reportNumber(row[chart.x]);
      const py = reportNumber(row[y]);
      if (px !== null && py !== null) points.push([px, py]);
    }
    return { categories: [], series: [{ name: y, data: points }], truncated: false };
  }
  const categories: string[] = [];
  const categoryIndex = new Map<string, number>();
  let truncated = false;
  for (const row of rows) {
    const key = reportKey(row[chart.x]);
    if (categoryIndex.has(key)) continue;
    if (categories.length >= REPORT_CHART_POINTS_MAX) {
      truncated = true;
      continue;
    }
    categoryIndex.set(key, categories.length);
    categories.push(key);
  }
  // A pie and a map show one value per category.
  const single = chart.type === 'pie' || chart.type === 'map';
  const ys = single ? chart.y.slice(0, 1) : chart.y;
  const split = single ? undefined : chart.series;
  const series = new Map<string, (number | null)[]>();
  const line = (name: string) => {
    let data = series.get(name);
    if (!data) {
      data = categories.map(() => null);
      series.set(name, data);
    }
    return data;
  };
  for (const row of rows) {
    const c = categoryIndex.get(reportKey(row[chart.x]));
    if (c === undefined) continue;
    for (const y of ys) {
      const n = reportNumber(row[y]);
      const name = split ? (ys.length > 1 ? `${reportKey(row[split])} · ${y}` : reportKey(row[split])) : y;
      const data = line(name);
      if (n !== null) data[c] = Math.round(((data[c] ?? 0) + n) * 1e6) / 1e6;
    }
  }
  return { categories, series: [...series].map(([name, data]) => ({ name, data })), truncated };
}

/** The Excel number format of a report format (null: the cell is text or a date as written). */
export function reportExcelFormat(format: ReportFormat): string | null {
  if (format === 'number') return '#,##0.##';
  if (format === 'money') return '#,##0.00';
  if (format === 'percent') return '0.00%';
  return null;
}

/** A cell's text on screen: numbers grouped in thousands, money with two decimals, a percent of a fraction. */
export function formatReportValue(value: unknown, format: ReportFormat, locale = 'zh-CN'): string {
  if (value === null || value === undefined) return '';
  const n = reportNumber(value);
  if (format === 'number' && n !== null) return n.toLocaleString(locale, { maximumFractionDigits: 6 });
  if (format === 'money' && n !== null)
    return n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (format === 'percent' && n !== null)
    return (n * 100).toLocaleString(locale, { maximumFractionDigits: 2 }).concat('%');
  if (format === 'date') return reportKey(value).slice(0, 10);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return reportKey(value);
}
