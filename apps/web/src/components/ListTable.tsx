import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import './list-table.css';

/**
 * A column as the list shows it: on one line, but a column marked `ellipsis` (a title, a remark,
 * an error: text of any length), which wraps between words instead of ending in an ellipsis.
 */
function readable<T>(columns: ColumnsType<T> | undefined): ColumnsType<T> | undefined {
  return columns?.map((column) => {
    const children = 'children' in column ? readable(column.children) : undefined;
    const wraps = Boolean(column.ellipsis);
    const className = [column.className, wraps && 'srm-list-wrap'].filter(Boolean).join(' ') || undefined;
    return {
      ...column,
      ellipsis: false,
      className,
      ...(children ? { children } : {}),
    } as ColumnsType<T>[number];
  });
}

/**
 * The scroll bar under a table wider than its place, kept at the bottom of the window while any
 * of the table is in view (a table's own bar sits under its last row, below the fold of a long
 * page, where nobody sees that the table scrolls). Scrolls the table and follows it.
 */
function useStickyScrollbar() {
  const frame = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    let content: HTMLElement | null = null;
    const measure = () => {
      content = root.querySelector<HTMLElement>('.ant-table-content');
      const wide = content && content.scrollWidth > content.clientWidth + 1;
      setWidth(wide && content ? content.scrollWidth : 0);
    };
    const follow = () => {
      if (content && bar.current && bar.current.scrollLeft !== content.scrollLeft) {
        bar.current.scrollLeft = content.scrollLeft;
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    const table = root.querySelector('.ant-table-content > table');
    if (table) observer.observe(table);
    root.addEventListener('scroll', follow, true);
    return () => {
      observer.disconnect();
      root.removeEventListener('scroll', follow, true);
    };
  }, []);
  const onScroll = () => {
    const content = frame.current?.querySelector<HTMLElement>('.ant-table-content');
    if (content && bar.current && content.scrollLeft !== bar.current.scrollLeft) {
      content.scrollLeft = bar.current.scrollLeft;
    }
  };
  return { frame, bar, width, onScroll };
}

export type ListTableProps<T> = Omit<TableProps<T>, 'scroll' | 'tableLayout'>;

/**
 * Every list's table: it decides the columns' widths and the sideways scroll, so that the pages do
 * not each decide differently. Every cell reads in full in any of the three languages: a cell keeps
 * to one line (a name, a date, a tag, the actions), so no column is squeezed into broken words,
 * and a column of long text (marked `ellipsis` by its page) wraps between words instead of ending
 * in an ellipsis. The browser's automatic layout sizes the columns by their content, a column's
 * `width` being its least. The table fills its place; only when the columns together are wider
 * does it scroll, with a scroll bar kept at the bottom of the window (`list-scrollbar`), and the
 * pinned action column (`useActionsFixed`) then stands over the columns scrolled beneath it, which
 * come out beside it at the end of the scroll.
 */
export function ListTable<T extends object>({ columns, className, ...props }: ListTableProps<T>) {
  const { frame, bar, width, onScroll } = useStickyScrollbar();
  return (
    <div ref={frame} className="srm-list-table">
      <Table<T>
        size="middle"
        {...props}
        className={className}
        columns={readable(columns)}
        tableLayout="auto"
        scroll={{ x: true }}
      />
      <div
        ref={bar}
        className="srm-list-scrollbar"
        hidden={width === 0}
        onScroll={onScroll}
        aria-hidden
        data-testid="list-scrollbar"
      >
        <div style={{ width, height: 1 }} />
      </div>
    </div>
  );
}
