/**
 * A report as .xlsx, built on the server from the same shaping the screen draws with
 * (contracts' report-shape.ts): a sheet of the table's rows with its subtotals and total, and a
 * sheet of the pivot when the report has one. Numbers stay numbers, with the column's format.
 */
import {
  type DatasetResult,
  formatReportValue,
  type Locale,
  nameInLocale,
  REPORT_SUMMED_FORMATS,
  type ReportView,
  reportExcelFormat,
  reportNumber,
  reportPivot,
  reportTableRows,
} from '@srm/contracts';
import ExcelJS from 'exceljs';
import { t } from '../core/i18n';

const name = (locale: Locale, names: { 'zh-CN': string; 'en-US'?: string; 'zh-TW'?: string }) =>
  nameInLocale(locale, names['zh-CN'], names['en-US'], names['zh-TW']);

/** Excel's limits on a sheet name: 31 characters, none of : \ / ? * [ ]. */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

export async function reportWorkbook(
  view: ReportView,
  result: Pick<DatasetResult, 'rows'>,
  locale: Locale,
): Promise<Buffer> {
  const { table, pivot } = view.definition;
  const workbook = new ExcelJS.Workbook();
  const rowsSheet = workbook.addWorksheet(sheetName(t(locale, 'report.sheetData')));
  rowsSheet.columns = table.columns.map((c) => ({
    header: name(locale, c.names),
    key: c.field,
    width: Math.max(12, Math.min(40, name(locale, c.names).length * 2 + 4)),
  }));
  rowsSheet.getRow(1).font = { bold: true };
  table.columns.forEach((c, i) => {
    const format = reportExcelFormat(c.format);
    if (format) rowsSheet.getColumn(i + 1).numFmt = format;
  });
  const cell = (field: string, value: unknown) => {
    const column = table.columns.find((c) => c.field === field);
    if (!column) return value ?? null;
    if (reportExcelFormat(column.format)) return reportNumber(value);
    return formatReportValue(value, column.format, locale) || null;
  };
  const first = table.columns[0]?.field;
  const summed = new Set(
    table.columns.filter((c) => REPORT_SUMMED_FORMATS.includes(c.format)).map((c) => c.field),
  );
  for (const line of reportTableRows(result.rows, table)) {
    const out: Record<string, unknown> = {};
    for (const c of table.columns) out[c.field] = cell(c.field, line.values[c.field]);
    if (line.kind === 'row') {
      rowsSheet.addRow(out);
      continue;
    }
    const label = t(locale, line.kind === 'total' ? 'report.total' : 'report.subtotal');
    // A subtotal names its group in the group's column; the label goes in the first free text column.
    const free = table.columns.find((c) => !summed.has(c.field) && out[c.field] === null)?.field ?? first;
    if (free) out[free] = line.kind === 'total' ? label : `${out[free] ?? ''} ${label}`.trim();
    const added = rowsSheet.addRow(out);
    added.font = { bold: true };
  }

  if (pivot) {
    const cross = reportPivot(result.rows, pivot);
    const sheet = workbook.addWorksheet(sheetName(t(locale, 'report.sheetPivot')));
    const title = (field: string) => {
      const column = table.columns.find((c) => c.field === field);
      return column ? name(locale, column.names) : field;
    };
    const header = [...pivot.rows.map(title), ...cross.columnKeys, t(locale, 'report.total')];
    sheet.addRow(header).font = { bold: true };
    cross.rowKeys.forEach((keys, r) => {
      sheet.addRow([...keys, ...(cross.cells[r] ?? []), cross.rowTotals[r] ?? null]);
    });
    const totals = sheet.addRow([
      t(locale, 'report.total'),
      ...pivot.rows.slice(1).map(() => null),
      ...cross.columnTotals,
      cross.grandTotal,
    ]);
    totals.font = { bold: true };
  }
  return workbook.xlsx.writeBuffer().then((b) => Buffer.from(b as ArrayBuffer));
}
