import { formatDate, type SupplierHistory, type SupplierNoticeLine } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import { fixedColumns } from '../../../components/fixedColumns';
import { type Paging, tablePaging } from '../../../components/tablePaging';
import { supplierApi, vendorKeys } from '../api';

/** One page of a supplier's sub-list (notices, history), newest first. */
function usePagedOf<T>(
  key: (id: string, params: QueryParams) => readonly unknown[],
  load: (id: string, params: QueryParams) => Promise<{ list: T[]; pagination: { total: number } }>,
  id: string,
) {
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: key(id, { ...page }),
    queryFn: () => load(id, { ...page }),
    placeholderData: keepPreviousData,
  });
  return { page, setPage, query };
}

/** The notices a supplier received, with its read and reply record. */
export function SupplierNoticesTab({ id }: { id: string }) {
  const { t } = useTranslation('vendor');
  const { page, setPage, query } = usePagedOf(vendorKeys.supplierNotices, supplierApi.notices, id);
  const columns: ColumnsType<SupplierNoticeLine> = [
    { title: t('noticeTitle'), dataIndex: 'title', ellipsis: true, width: 240 },
    {
      title: t('publishedAt'),
      dataIndex: 'publishedAt',
      width: 150,
      render: (v: number | null) => (v ? formatDate(v) : t('noticeState.0')),
    },
    {
      title: t('progress'),
      key: 'status',
      width: 180,
      render: (_, n) => <ItemStatus line={n} />,
    },
  ];
  return (
    <Table<SupplierNoticeLine>
      rowKey="id"
      size="small"
      data-testid="supplier-notices"
      loading={query.isFetching}
      {...fixedColumns(columns)}
      dataSource={query.data?.list ?? []}
      pagination={tablePaging(page, setPage, query.data?.pagination.total, (total) => t('total', { total }))}
      columns={columns}
    />
  );
}

/** Where a supplier stands on one notice: not delivered, unread, read, replied, overdue. */
export function ItemStatus({
  line,
}: {
  line: { delivered: boolean; readAt: number | null; replyState: number; overdue: boolean };
}) {
  const { t } = useTranslation('vendor');
  if (!line.delivered) return <Tag>{t('status.notDelivered')}</Tag>;
  return (
    <span>
      {line.replyState === 2 ? (
        <Tag color="green" data-testid="item-status">
          {t('status.replied')}
        </Tag>
      ) : line.readAt ? (
        <Tag color="blue" data-testid="item-status">
          {t('status.read')}
        </Tag>
      ) : (
        <Tag data-testid="item-status">{t('status.unread')}</Tag>
      )}
      {line.overdue && <Tag color="red">{t('status.overdue')}</Tag>}
    </span>
  );
}

/** Who changed what of a supplier, and when. */
export function SupplierHistoryTab({ id }: { id: string }) {
  const { t } = useTranslation('vendor');
  const { page, setPage, query } = usePagedOf(vendorKeys.history, supplierApi.history, id);
  const value = (field: string, v: string) =>
    field === 'state' ? t(`state.${v}`) : v === 'true' ? t('yes') : v === 'false' ? t('no') : v || '—';
  return (
    <Table<SupplierHistory>
      rowKey="id"
      size="small"
      data-testid="supplier-history"
      loading={query.isFetching}
      tableLayout="fixed"
      scroll={{ x: 740 }}
      dataSource={query.data?.list ?? []}
      pagination={tablePaging(page, setPage, query.data?.pagination.total, (total) => t('total', { total }))}
      columns={[
        { title: t('changedAt'), dataIndex: 'changedAt', width: 150, render: (v: number) => formatDate(v) },
        { title: t('changedBy'), dataIndex: 'changedByName', width: 110 },
        {
          title: t('changeAction'),
          dataIndex: 'action',
          width: 120,
          render: (a: string) => <Tag data-testid="history-action">{t(`history.${a}`)}</Tag>,
        },
        {
          title: t('changes'),
          key: 'changes',
          width: 360,
          // A long value or remark wraps inside the column (the table is laid out fixed).
          render: (_, h) => (
            <div style={{ overflowWrap: 'anywhere' }}>
              {h.changes.map((c) => (
                <div key={c.field}>
                  <strong>{t(`field.${c.field}`, { defaultValue: c.field })}</strong>
                  {c.from || c.to ? `: ${value(c.field, c.from)} → ${value(c.field, c.to)}` : ''}
                </div>
              ))}
              {h.remark && (
                <div>
                  {t('remark')}: {h.remark}
                </div>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
