import { UserApi, type UserPick, type UserPickQuery } from '@srm/contracts/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Flex, Select, Spin, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/request';
import { useDebouncedValue } from './useDebouncedValue';
import { cachedUser, USER_PICKER_QUERY_KEY, userLabel } from './userPickers';

/** The server is asked once typing pauses this long. */
export const USER_SEARCH_DELAY_MS = 300;

interface UserSelectCommonProps {
  /** Labels of users chosen before the picker has read them (e.g. a department's current manager). */
  knownLabels?: Record<string, string>;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  /** The input's id (a Form.Item with a name passes its own, so its label points at the picker). */
  id?: string;
  /**
   * Only live staff (`staffOnly=true`: no supplier's user): the users a person may hand workflow work
   * to, the same rule the server checks on transfer, delegation, copy-to, assign and launch choices.
   */
  staffOnly?: boolean;
  'data-testid'?: string;
}
export interface SingleUserSelectProps extends UserSelectCommonProps {
  multiple?: false;
  value?: string | null;
  onChange?: (value: string | null) => void;
}
export interface MultipleUserSelectProps extends UserSelectCommonProps {
  multiple: true;
  value?: string[];
  onChange?: (value: string[]) => void;
}
export type UserSelectProps = SingleUserSelectProps | MultipleUserSelectProps;

interface Labeled {
  value: string;
  label: string;
}

const withDept = (u: UserPick) => (u.deptName ? `${userLabel(u)} · ${u.deptName}` : userLabel(u));

function OptionLabel({ user }: { user: UserPick }) {
  return (
    <Flex justify="space-between" gap={12}>
      <span>{userLabel(user)}</span>
      {user.deptName && (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: '50%' }}>
          {user.deptName}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * One or several enabled users of the tenant, searched on the server (GET Users/Selector?keyword=,
 * debounced; `staffOnly` leaves out suppliers' users). A form control: `value`/`onChange` carry user ids. Chosen users keep their labels
 * when a new search replaces the options (the labels come from the users seen, not the options).
 */
export function UserSelect(props: UserSelectProps) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), USER_SEARCH_DELAY_MS);
  const [seen, setSeen] = useState<Record<string, UserPick>>({});
  const result = useQuery({
    queryKey: [...USER_PICKER_QUERY_KEY, 'selector', keyword, props.staffOnly ? 'staff' : 'all'],
    queryFn: () =>
      http.get<UserPick[]>(UserApi.selector, {
        keyword: keyword || undefined,
        staffOnly: props.staffOnly ? 'true' : undefined,
      } satisfies UserPickQuery),
    placeholderData: keepPreviousData,
    enabled: !props.disabled,
  });
  const users = result.data ?? [];
  const searching = result.isFetching || search.trim() !== keyword;

  const userOf = (id: string) => seen[id] ?? users.find((u) => u.id === id) ?? cachedUser(queryClient, id);
  const labelOf = (id: string): string => {
    const user = userOf(id);
    if (!user) return props.knownLabels?.[id] ?? id;
    return props.multiple ? userLabel(user) : withDept(user);
  };
  const ids = props.multiple ? (props.value ?? []) : props.value ? [props.value] : [];
  const labeled: Labeled[] = ids.map((id) => ({ value: id, label: labelOf(id) }));

  const change = (next: Labeled | Labeled[] | null | undefined) => {
    const list = Array.isArray(next) ? next : next ? [next] : [];
    const picked = users.filter((u) => list.some((v) => v.value === u.id) && !seen[u.id]);
    if (picked.length) setSeen((s) => ({ ...s, ...Object.fromEntries(picked.map((u) => [u.id, u])) }));
    const chosen = list.map((v) => String(v.value));
    if (props.multiple) props.onChange?.(chosen);
    else props.onChange?.(chosen[0] ?? null);
  };

  return (
    <Select<Labeled | Labeled[]>
      mode={props.multiple ? 'multiple' : undefined}
      labelInValue
      value={props.multiple ? labeled : labeled[0]}
      onChange={(v) => change(v)}
      options={users.map((u) => ({ value: u.id, label: <OptionLabel user={u} /> }))}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      loading={searching}
      notFoundContent={
        searching ? (
          <Spin size="small" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.notFound')} />
        )
      }
      maxTagCount={props.multiple ? 'responsive' : undefined}
      allowClear={props.allowClear ?? true}
      disabled={props.disabled}
      placeholder={props.placeholder ?? t('picker.placeholder')}
      style={{ width: '100%', ...props.style }}
      id={props.id}
      data-testid={props['data-testid']}
    />
  );
}
