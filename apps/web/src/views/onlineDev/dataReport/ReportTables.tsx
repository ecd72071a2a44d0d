import {
  formatReportValue,
  REPORT_SUMMED_FORMATS,
  type ReportFormat,
  type ReportPivot,
  type ReportTable,
  type ReportTableRow,
  reportPivot,
  reportTableRows,
} from '@srm/contracts/core';
import { Alert, Table, type TablePaginationConfig } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/ListTable';
import { useAppStore } from '../../../store/settings';

type Row = Record<string, unknown>;
type KeyedLine = ReportTableRow & { key: number };

/** Formats drawn as numbers: right-aligned, so that digits line up. */
const NUMERIC: readonly ReportFormat[] = ['number', 'money', 'percent'];

/**
 * The pager of a report's table on screen (a report reads up to the dataset's row cap); none while
 * printing, so that the paper has every row.
 */
function usePager(printing: boolean, lines: number, count: number): TablePaginationConfig | false {
  const { t } = useTranslation('dataReport');
  if (printing || lines <= 20) return false;
  return {
    defaultPageSize: 50,
    showSizeChanger: true,
    pageSizeOptions: [20, 50, 100, 500],
    showTotal: () => t('body.rows', { count }),
  };
}

/** The table: the rows grouped as the report says, each subtotal after its group, the total at the end. */
export function ReportRowsTable({
  table,
  rows,
  fieldTitle,
  printing,
}: {
  table: ReportTable;
  rows: Row[];
  fieldTitle: (field: string) => string;
  printing: boolean;
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  // Keyed by position: the shaped lines have no id of their own.
  const lines = useMemo(
    () => reportTableRows(rows, table).map((line, i): KeyedLine => ({ ...line, key: i })),
    [rows, table],
  );
  const pager = usePager(printing, lines.length, rows.length);
  const summed = new Set(
    table.columns.filter((c) => REPORT_SUMMED_FORMATS.includes(c.format)).map((c) => c.field),
  );
  const text = (line: ReportTableRow, field: string, format: ReportFormat) =>
    formatReportValue(line.values[field], format, language);
  // As the Excel file does: the label goes in the first text column the line leaves empty, else
  // after the group's key in the first column.
  const labelField = (line: ReportTableRow) =>
    table.columns.find((c) => !summed.has(c.field) && text(line, c.field, c.format) === '')?.field ??
    table.columns[0]?.field;
  const columns: ColumnsType<KeyedLine> = table.columns.map((c) => ({
    title: fieldTitle(c.field),
    key: c.field,
    align: NUMERIC.includes(c.format) ? 'right' : undefined,
    render: (_: unknown, line: KeyedLine) => {
      const value = text(line, c.field, c.format);
      if (line.kind === 'row' || labelField(line) !== c.field) return value;
      const label = line.kind === 'total' ? t('body.total') : t('body.subtotal');
      return line.kind === 'total' ? label : `${value} ${label}`.trim();
    },
  }));
  return (
    <ListTable<KeyedLine>
      rowKey="key"
      columns={columns}
      dataSource={lines}
      pagination={pager}
      rowClassName={(line) =>
        line.kind === 'row' ? '' : line.kind === 'total' ? 'rpt-row-total' : 'rpt-row-subtotal'
      }
      onRow={(line) =>
        (line.kind === 'row'
          ? {}
          : {
              'data-testid': line.kind === 'total' ? 'rpt-total' : 'rpt-subtotal',
              'data-level': line.kind === 'subtotal' ? line.level : undefined,
            }) as HTMLAttributes<HTMLElement>
      }
      locale={{ emptyText: t('body.noRows') }}
      data-testid="rpt-view-table"
    />
  );
}

interface PivotLine {
  key: number;
  keys: string[];
  cells: (number | null)[];
  total: number | null;
}

/** The cross table: the row fields' values down, the column field's values across, totals of both. */
export function ReportPivotTable({
  pivot,
  formats,
  rows,
  fieldTitle,
  printing,
}: {
  pivot: ReportPivot;
  /** The table's formats by field (the value field's, when it is a column of the table). */
  formats: Map<string, ReportFormat>;
  rows: Row[];
  fieldTitle: (field: string) => string;
  printing: boolean;
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const cross = useMemo(() => reportPivot(rows, pivot), [rows, pivot]);
  // A count is a number; a sum, average, least or most takes the value column's numeric format.
  const own = formats.get(pivot.value);
  const format: ReportFormat = pivot.aggregate !== 'count' && own && NUMERIC.includes(own) ? own : 'number';
  const fmt = (v: number | null) => formatReportValue(v, format, language);
  const blank = t('body.blank');
  const lines: PivotLine[] = cross.rowKeys.map((keys, r) => ({
    key: r,
    keys,
    cells: cross.cells[r] ?? [],
    total: cross.rowTotals[r] ?? null,
  }));
  const pager = usePager(printing, lines.length, lines.length);
  const columns: ColumnsType<PivotLine> = [
    ...pivot.rows.map((field, i) => ({
      title: fieldTitle(field),
      key: `row-${i}`,
      render: (_: unknown, line: PivotLine) => line.keys[i] || blank,
    })),
    ...cross.columnKeys.map((key, c) => ({
      title: key || blank,
      key: `col-${c}`,
      align: 'right' as const,
      render: (_: unknown, line: PivotLine) => fmt(line.cells[c] ?? null),
    })),
    {
      title: t('body.total'),
      key: 'total',
      align: 'right' as const,
      className: 'rpt-cell-total',
      render: (_: unknown, line: PivotLine) => fmt(line.total),
    },
  ];
  return (
    <>
      {cross.truncated && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('body.pivotTruncated', { count: cross.columnKeys.length })}
          data-testid="rpt-view-pivot-truncated"
        />
      )}
      <ListTable<PivotLine>
        rowKey="key"
        columns={columns}
        dataSource={lines}
        pagination={pager}
        locale={{ emptyText: t('body.noRows') }}
        // The total row on every page of the pager, under the rows it adds up.
        summary={() =>
          lines.length > 0 && (
            <Table.Summary.Row className="rpt-row-total" data-testid="rpt-pivot-total">
              <Table.Summary.Cell index={0} colSpan={Math.max(1, pivot.rows.length)}>
                {t('body.total')}
              </Table.Summary.Cell>
              {cross.columnTotals.map((v, c) => (
                <Table.Summary.Cell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional
                  key={c}
                  index={pivot.rows.length + c}
                  align="right"
                >
                  {fmt(v)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={pivot.rows.length + cross.columnKeys.length} align="right">
                {fmt(cross.grandTotal)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
        data-testid="rpt-view-pivot"
      />
    </>
  );
}
