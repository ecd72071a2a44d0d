import { useCallback, useState } from 'react';
import type { QueryParams } from '../api/request';
import type { Paging } from './tablePaging';

/**
 * A paged list's query state: the applied filters and the page. A new search or a reset goes back
 * to page 1; `params` is what the list request sends.
 */
export function useListParams<F extends QueryParams>(pageSize = 20) {
  const [filters, setFilters] = useState<Partial<F>>({});
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize });
  const search = useCallback((values: Partial<F>) => {
    setFilters(values);
    setPage((p) => ({ ...p, currentPage: 1 }));
  }, []);
  const reset = useCallback(() => search({}), [search]);
  const params: QueryParams = { ...filters, ...page };
  return { filters, page, setPage, search, reset, params };
}
