import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import type { QueryParams } from '../../../api/request';
import { type LogKind, logKeys } from './api';

export interface LogFilterForm {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  [extra: string]: unknown;
}

/**
 * Filters, paging and the query of one log tab: time range, keyword and any extra text fields of
 * the filter form.
 */
export function useLogList<P>(kind: LogKind, fetch: (params: QueryParams) => Promise<P>) {
  const [form] = Form.useForm<LogFilterForm>();
  const [filters, setFilters] = useState<QueryParams>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const params: QueryParams = { ...filters, ...page };
  const query = useQuery({
    queryKey: logKeys.list(kind, params),
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
  });
  const search = () => {
    const { keyword, range, ...extra } = form.getFieldsValue();
    const next: QueryParams = {
      keyword: keyword?.trim() || undefined,
      startTime: range?.[0]?.valueOf(),
      endTime: range?.[1]?.valueOf(),
    };
    for (const [key, value] of Object.entries(extra)) {
      if (typeof value === 'string' && value) next[key] = value;
    }
    setFilters(next);
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  return { form, filters, query, page, setPage, search, reset };
}
