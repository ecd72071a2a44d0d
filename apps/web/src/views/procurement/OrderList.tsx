import {
  formatDate,
  formatDecimal,
  PO_STATES,
  PO_SUPPLIER_VISIBLE,
  type PurchaseOrderSummary,
} from '@srm/contracts/core';
import { Form, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DocumentList, type SideListProps } from './DocumentList';
import { OrderStateTag } from './shared';

/**
 * The list of orders, for staff (`side` staff: every supplier, a new order) or for the supplier
 * (its own released ones). `?id=` opens an order (a message's link), closing it takes the id away.
 */
export function OrderList(props: SideListProps<PurchaseOrderSummary>) {
  const { side } = props;
  const { t } = useTranslation('procurement');
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
  ];

  return (
    <DocumentList<PurchaseOrderSummary>
      ns="procurement"
      prefix="po"
      columns={columns}
      states={states}
      keys={{
        stateLabel: 'state',
        states: 'orderState',
        keywordPlaceholder: side === 'staff' ? 'keywordPlaceholder' : 'keywordPortalPlaceholder',
      }}
      filters={
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
      }
      {...props}
    />
  );
}
