import { SupplierApi, type SupplierOption } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/request';
import { useDebouncedValue } from '../../../components/user/useDebouncedValue';

const KEY = ['supplierSelector'] as const;
const label = (s: SupplierOption) => `${s.supplierName} (${s.supplierCode})`;
const idsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((v): v is string => typeof v === 'string');

/** The suppliers named by ids (a stored form's values), all states: their names for display. */
export function useSupplierNames(value: unknown): Record<string, string> {
  const ids = idsOf(value);
  const named = useQuery({
    queryKey: [...KEY, 'ids', ids.join(',')],
    queryFn: () => http.get<{ list: SupplierOption[] }>(SupplierApi.selector, { ids: ids.join(',') }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  return Object.fromEntries((named.data?.list ?? []).map((s) => [s.id, label(s)]));
}

/**
 * A designed form's supplier field: the tenant's suppliers searched on the server by name or code
 * (GET Supplier/Selector, any staff user), one or several. `value`/`onChange` carry supplier ids.
 */
export function SupplierSelect({
  value,
  onChange,
  multiple,
  id,
  ...rest
}: {
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean | undefined;
  id?: string;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('flowTask');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: [...KEY, 'keyword', keyword],
    queryFn: () =>
      http.get<{ list: SupplierOption[] }>(SupplierApi.selector, { keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
  const names = useSupplierNames(value);
  const options = new Map<string, string>(Object.entries(names));
  for (const s of found.data?.list ?? []) options.set(s.id, label(s));
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={t('form.supplierPlaceholder')}
      notFoundContent={found.isFetching ? undefined : t('form.supplierNotFound')}
      loading={found.isFetching}
      options={[...options].map(([v, l]) => ({ value: v, label: l }))}
      style={{ width: '100%' }}
      {...rest}
    />
  );
}

/** A supplier field read-only: the suppliers' names. */
export function SupplierNames({ value }: { value: unknown }) {
  const names = useSupplierNames(value);
  const ids = idsOf(value);
  return <span>{ids.map((i) => names[i] ?? i).join('、') || '-'}</span>;
}
