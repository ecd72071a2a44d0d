import type { TablePaginationConfig } from 'antd';

export interface Paging {
  currentPage: number;
  pageSize: number;
}

/** A table's pager over the server's paging: size changer and "N in all". */
export function tablePaging(
  page: Paging,
  setPage: (page: Paging) => void,
  total: number | undefined,
  showTotal: (total: number) => string,
): TablePaginationConfig {
  return {
    current: page.currentPage,
    pageSize: page.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal,
    onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
  };
}
