import type { LogPage } from '@srm/contracts/core';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

type Paging = { currentPage: number; pageSize: number };

/** Table paging of a large log: "10,000+" when the server capped the count. */
export function logPagination(
  t: TFunction,
  page: Paging,
  setPage: (page: Paging) => void,
  pagination: LogPage<unknown>['pagination'] | undefined,
): TablePaginationConfig {
  return {
    current: page.currentPage,
    pageSize: page.pageSize,
    total: pagination?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) =>
      pagination?.capped
        ? t('system:log.totalCapped', { total: total.toLocaleString() })
        : t('system:log.total', { count: total }),
    onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
  };
}
