import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../api/request';
import { ListSearchForm } from '../../components/ListSearchForm';
import { ListTable } from '../../components/ListTable';
import { RowAction } from '../../components/listActions';
import { tablePaging } from '../../components/tablePaging';
import { useActionsFixed } from '../../components/useActionsFixed';
import { useListParams } from '../../components/useListParams';
import { useOpenId } from '../../components/useOpenId';

type Filters = { keyword?: string; state?: string } & Record<string, string | undefined>;

/** The keys of a list's texts in its namespace, where they are not the usual ones. */
export interface DocumentListKeys {
  /** The state filter's label (`stateLabel`). */
  stateLabel?: string;
  /** Where the states' names sit (`state`: `state.open`…). */
  states?: string;
  /** The pager's total, given `{ total }` (`total`). */
  total?: string;
  /** The keyword's placeholder (`keywordPlaceholder`). */
  keywordPlaceholder?: string;
}

/**
 * What a page gives its side's document list: the side (`staff`: every supplier's, a new one;
 * `supplier`: its own), the list call and its query key, the open document's drawer, an add.
 */
export interface SideListProps<T> {
  side: 'staff' | 'supplier';
  list: (params: QueryParams) => Promise<{ list: T[]; pagination: { total: number } }>;
  queryKey: (params: QueryParams) => readonly unknown[];
  detail: (id: string, close: () => void) => ReactNode;
  onAdd?: () => void;
}

/**
 * A procurement document list on either side (orders, notices, invoices, requests for quotation):
 * a keyword and a state filter (and the caller's `filters`), the add button (`onAdd`), the table of
 * `columns` with an open link, and the open document (`?id=`, a message's link opens it; closing
 * takes the id away). The texts come from the namespace `ns` (`keyword`, `add`, `all`, `actions`,
 * `open`, and `keys`); the test ids begin with `prefix`: `-page` (staff) or `-portal-page`, `-add`,
 * `-filter-state`, `-table`, `-open`.
 */
export function DocumentList<T extends { id: string }>({
  ns,
  prefix,
  side,
  columns,
  states,
  keys = {},
  filters,
  toolbar,
  list: fetchList,
  queryKey,
  detail,
  onAdd,
}: SideListProps<T> & {
  ns: string;
  prefix: string;
  columns: ColumnsType<T>;
  states: readonly string[];
  keys?: DocumentListKeys;
  filters?: ReactNode;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<Filters>();
  const [openId, open] = useOpenId();
  const list = useQuery({
    queryKey: queryKey(params),
    queryFn: () => fetchList(params),
    placeholderData: keepPreviousData,
  });
  const { stateLabel = 'stateLabel', states: stateKey = 'state', total: totalKey = 'total' } = keys;
  return (
    <Card variant="borderless" data-testid={side === 'staff' ? `${prefix}-page` : `${prefix}-portal-page`}>
      {toolbar}
      <ListSearchForm<Filters>
        form={form}
        prefix={prefix}
        keywordLabel={t('keyword')}
        keywordPlaceholder={t(keys.keywordPlaceholder ?? 'keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${prefix}-add`}>
              {t('add')}
            </Button>
          )
        }
      >
        <Form.Item name="state" label={t(stateLabel)}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('all')}
            options={states.map((s) => ({ value: s, label: t(`${stateKey}.${s}`) }))}
            data-testid={`${prefix}-filter-state`}
          />
        </Form.Item>
        {filters}
      </ListSearchForm>
      <ListTable<T>
        rowKey="id"
        size="middle"
        data-testid={`${prefix}-table`}
        loading={list.isFetching}
        columns={[
          ...columns,
          {
            title: t('actions'),
            key: 'actions',
            fixed: actionsFixed,
            width: 90,
            render: (_, row) => (
              <RowAction icon={<EyeOutlined />} onClick={() => open(row.id)} testId={`${prefix}-open`}>
                {t('open')}
              </RowAction>
            ),
          },
        ]}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) =>
          t(totalKey, { total }),
        )}
      />
      {openId && detail(openId, () => open(null))}
    </Card>
  );
}
