import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatDecimal,
  PO_STATES,
  PO_SUPPLIER_VISIBLE,
  type PurchaseOrderSummary,
} from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Typography } from 'antd';
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
import { OrderStateTag } from './shared';

type Filters = { keyword?: string; state?: string; attention?: string };

/**
 * The list of orders, for staff (`side` staff: every supplier, a new order) or for the supplier
 * (its own released ones). `?id=` opens an order (a message's link), closing it takes the id away.
 */
export function OrderList({
  side,
  list: fetchList,
  queryKey,
  detail,
  onAdd,
}: {
  side: 'staff' | 'supplier';
  list: (params: QueryParams) => Promise<{ list: PurchaseOrderSummary[]; pagination: { total: number } }>;
  queryKey: (params: QueryParams) => readonly unknown[];
  detail: (id: string, close: () => void) => ReactNode;
  onAdd?: () => void;
}) {
  const { t } = useTranslation('procurement');
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<Filters>();
  const [openId, open] = useOpenId();
  const list = useQuery({
    queryKey: queryKey(params),
    queryFn: () => fetchList(params),
    placeholderData: keepPreviousData,
  });
  const states = side === 'staff' ? PO_STATES : PO_SUPPLIER_VISIBLE;

  const columns: ColumnsType<PurchaseOrderSummary> = [
    {
      title: t('billNo'),
      dataIndex: 'billNo',
      key: 'billNo',
      width: 160,
      render: (v: string) => <span data-testid="po-row-bill-no">{v}</span>,
    },
    ...(side === 'staff'
      ? [{ title: t('supplier'), dataIndex: 'supplierName', key: 'supplierName', width: 180, ellipsis: true }]
      : []),
    {
      title: t('state'),
      key: 'state',
      width: 150,
      render: (_, o) => (
        <Space size={4} wrap>
          <OrderStateTag state={o.state} />
          {o.revision > 1 && (
            <Typography.Text type="secondary">{t('revisionNo', { n: o.revision })}</Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('totalAmount'),
      key: 'total',
      width: 140,
      align: 'right',
      render: (_, o) => `${o.currency} ${formatDecimal(o.totalAmount)}`,
    },
    {
      title: t('lineCount'),
      key: 'lines',
      width: 150,
      render: (_, o) => (
        <span data-testid="po-row-lines">
          {o.lineCount}
          {o.waitingLines > 0 && ` · ${t('waitingCount', { count: o.waitingLines })}`}
          {side === 'staff' &&
            o.attentionLines > 0 &&
            ` · ${t('attentionCount', { count: o.attentionLines })}`}
        </span>
      ),
    },
    { title: t('firstDelivery'), dataIndex: 'firstDeliveryDate', key: 'firstDelivery', width: 110 },
    ...(side === 'staff' ? [{ title: t('buyer'), dataIndex: 'buyerName', key: 'buyer', width: 90 }] : []),
    {
      title: side === 'staff' ? t('createdAt') : t('releasedAt'),
      key: 'at',
      width: 140,
      render: (_, o) => formatDate(side === 'staff' ? o.createdAt : o.releasedAt, 'yyyy-MM-dd HH:mm'),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 90,
      render: (_, o) => (
        <RowAction icon={<EyeOutlined />} onClick={() => open(o.id)} testId="po-open">
          {t('open')}
        </RowAction>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid={side === 'staff' ? 'po-page' : 'po-portal-page'}>
      <ListSearchForm<Filters>
        form={form}
        prefix="po"
        keywordLabel={t('keyword')}
        keywordPlaceholder={side === 'staff' ? t('keywordPlaceholder') : t('keywordPortalPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="po-add">
              {t('add')}
            </Button>
          )
        }
      >
        <Form.Item name="state" label={t('state')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('all')}
            options={states.map((s) => ({ value: s, label: t(`orderState.${s}`) }))}
            data-testid="po-filter-state"
          />
        </Form.Item>
        <Form.Item name="attention" label={t('attention')}>
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('all')}
            options={[
              { value: 'waiting', label: t('attentionWaiting') },
              ...(side === 'staff' ? [{ value: 'settle', label: t('attentionSettle') }] : []),
              { value: 'overdue', label: t('attentionOverdue') },
            ]}
            data-testid="po-filter-attention"
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<PurchaseOrderSummary>
        rowKey="id"
        size="middle"
        data-testid="po-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      {openId && detail(openId, () => open(null))}
    </Card>
  );
}
