import { ModelPageApi, type ModelRowOption } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/request';
import { useDebouncedValue } from '../../../components/user/useDebouncedValue';

/**
 * The model page (its menu item id) a form is drawn on: a reference field looks its rows up through
 * that page's `Options/{field}`, under the page's own permission. Elsewhere (the designer's preview)
 * there is no page, and the field shows its value only.
 */
export const ModelPageContext = createContext<string | undefined>(undefined);

const optionsUrl = (menuId: string, field: string) => `${ModelPageApi.page}/${menuId}/Options/${field}`;

function useReferenceNames(
  menuId: string | undefined,
  field: string,
  value: unknown,
): Record<string, string> {
  const id = typeof value === 'string' && value ? value : '';
  const named = useQuery({
    queryKey: ['modelPageOptions', menuId, field, 'ids', id],
    queryFn: () => http.get<{ list: ModelRowOption[] }>(optionsUrl(menuId ?? '', field), { ids: id }),
    enabled: Boolean(menuId && id),
    staleTime: 60_000,
  });
  return Object.fromEntries((named.data?.list ?? []).map((o) => [o.id, o.label]));
}

/** A designed form's reference field: a row of another model, searched by its label. `value` is the row id. */
export function ReferenceSelect({
  field,
  value,
  onChange,
  id,
  ...rest
}: {
  field: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('flowTask');
  const menuId = useContext(ModelPageContext);
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['modelPageOptions', menuId, field, 'keyword', keyword],
    queryFn: () =>
      http.get<{ list: ModelRowOption[] }>(optionsUrl(menuId ?? '', field), {
        keyword: keyword || undefined,
      }),
    enabled: Boolean(menuId),
    placeholderData: keepPreviousData,
  });
  const names = useReferenceNames(menuId, field, value);
  const options = new Map<string, string>(Object.entries(names));
  for (const o of found.data?.list ?? []) options.set(o.id, o.label);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      disabled={!menuId}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={t('form.referencePlaceholder')}
      notFoundContent={found.isFetching ? undefined : t('form.referenceNotFound')}
      loading={found.isFetching}
      options={[...options].map(([v, l]) => ({ value: v, label: l }))}
      style={{ width: '100%' }}
      {...rest}
    />
  );
}

/** A reference field read-only: the row's label (the page's `labels` first, else looked up). */
export function ReferenceName({
  field,
  value,
  label,
}: {
  field: string;
  value: unknown;
  label?: string | undefined;
}) {
  const menuId = useContext(ModelPageContext);
  const names = useReferenceNames(label ? undefined : menuId, field, value);
  const id = typeof value === 'string' ? value : '';
  return <span>{label ?? (names[id] || id || '-')}</span>;
}
