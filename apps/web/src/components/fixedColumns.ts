import type { TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/**
 * Table props that hold every column to its own width, so an `ellipsis` column ends long text in an
 * ellipsis: with `scroll.x: 'max-content'` alone the table sizes itself by its content, and one long
 * company name widens its column and pushes the rest (the status, the actions) out of view. The
 * table scrolls sideways once the window is narrower than the widths' sum. A column without a
 * numeric width keeps the content-sized layout.
 */
export function fixedColumns<T>(columns: ColumnsType<T>): Pick<TableProps<T>, 'tableLayout' | 'scroll'> {
  let sum = 0;
  for (const column of columns) {
    if (typeof column.width !== 'number') return { scroll: { x: 'max-content' } };
    sum += column.width;
  }
  return { tableLayout: 'fixed', scroll: { x: sum } };
}
