import type { LogPage } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { http, type QueryParams } from '../../../api/request';

export interface LogFilterForm {
  keyword?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
  [extra: string]: unknown;
}

/** Filters, paging and the query of one log tab (request and error logs share it). */
export function useLogList<T>(url: string, queryKey: string) {
  const [form] = Form.useForm<LogFilterForm>();
  const [filters, setFilters] = useState<QueryParams>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const params: QueryParams = { ...filters, ...page };
  const query = useQuery({
    queryKey: ['system', queryKey, params],
    queryFn: () => http.get<LogPage<T>>(url, params),
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
  return { form, query, page, setPage, search, reset };
}
