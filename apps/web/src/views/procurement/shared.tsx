import {
  formatDate,
  formatDecimal,
  formatQuantity,
  isOverdue,
  type PoHistoryEntry,
  type PoLine,
  type PoLineState,
  type PoState,
  type PurchaseOrder,
} from '@srm/contracts/core';
import { Descriptions, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STATE_COLOR: Record<PoState, string> = {
  draft: 'default',
  approving: 'blue',
  released: 'gold',
  acknowledged: 'green',
  changed: 'orange',
  closed: 'default',
  cancelled: 'red',
};
const LINE_COLOR: Record<PoLineState, string> = {
  waiting: 'gold',
  accepted: 'green',
  rejected: 'red',
  proposed: 'blue',
};

export function OrderStateTag({ state }: { state: PoState }) {
  const { t } = useTranslation('procurement');
  return (
    <Tag color={STATE_COLOR[state]} data-testid="po-state">
      {t(`orderState.${state}`)}
    </Tag>
  );
}

export function LineStateTag({ state }: { state: PoLineState }) {
  const { t } = useTranslation('procurement');
  return (
    <Tag color={LINE_COLOR[state]} data-testid="po-line-state">
      {t(`line.${state}`)}
    </Tag>
  );
}

/** A line's proposal or reason, as both sides read it. */
export function LineNote({ line }: { line: PoLine }) {
  const { t } = useTranslation('procurement');
  const what = [
    line.proposedQuantity ? `${t('quantity')} ${formatQuantity(line.proposedQuantity)}` : '',
    line.proposedDate ? `${t('deliveryDate')} ${line.proposedDate}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span data-testid="po-line-note">
      {what && <div>{t('proposalText', { what })}</div>}
      {line.reason && (
        <Typography.Text type="secondary">
          {t('reason')}: {line.reason}
        </Typography.Text>
      )}
    </span>
  );
}

type MaterialLine = {
  lineNo: number;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  quantity: string;
};

/**
 * A document line's first columns: its number (then `after`), the material (its code and
 * specification below), the unit and the quantity; `t` reads `lineNo`, `unit`, `quantity` and
 * `materialKey` (`materialName`).
 */
export function materialColumns<T extends MaterialLine>(
  t: (key: string) => string,
  { after = [], materialKey = 'materialName' }: { after?: ColumnsType<T>; materialKey?: string } = {},
): ColumnsType<T> {
  return [
    { title: t('lineNo'), dataIndex: 'lineNo', key: 'lineNo', width: 60 },
    ...after,
    {
      title: t(materialKey),
      key: 'material',
      width: 180,
      render: (_, l) => (
        <>
          <div>{l.materialName}</div>
          <Typography.Text type="secondary">
            {[l.materialCode, l.spec].filter(Boolean).join(' · ')}
          </Typography.Text>
        </>
      ),
    },
    { title: t('unit'), dataIndex: 'unit', key: 'unit', width: 60 },
    {
      title: t('quantity'),
      dataIndex: 'quantity',
      key: 'quantity',
      width: 90,
      align: 'right',
      render: (v: string) => formatQuantity(v),
    },
  ];
}

/** The read-only columns of an order's lines; `extra` adds the caller's own (answers, decisions). */
export function useLineColumns(extra: ColumnsType<PoLine> = [], delivery = false): ColumnsType<PoLine> {
  const { t } = useTranslation('procurement');
  const today = dayjs().format('YYYY-MM-DD');
  const deliveryColumn: ColumnsType<PoLine> = delivery
    ? [
        {
          title: t('delivery'),
          key: 'delivery',
          width: 170,
          render: (_, l) => (
            <span data-testid="po-line-delivery">
              <div>
                {t('shipped')} {formatQuantity(l.shippedQuantity)} · {t('received')}{' '}
                {formatQuantity(l.receivedQuantity)}
              </div>
              <Typography.Text type="secondary">
                {t('openQuantity')} {formatQuantity(l.openQuantity)}
              </Typography.Text>
              {l.state === 'accepted' && isOverdue(l.deliveryDate, l.openQuantity, today) && (
                <Tag color="red" style={{ marginInlineStart: 4 }} data-testid="po-line-overdue">
                  {t('overdue')}
                </Tag>
              )}
            </span>
          ),
        },
      ]
    : [];
  return [
    ...materialColumns<PoLine>(t),
    {
      title: t('unitPrice'),
      dataIndex: 'unitPrice',
      key: 'unitPrice',
      width: 110,
      align: 'right',
      render: (v: string) => formatDecimal(v, 4),
    },
    {
      title: t('amount'),
      dataIndex: 'amount',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (v: string) => formatDecimal(v),
    },
    { title: t('deliveryDate'), dataIndex: 'deliveryDate', key: 'deliveryDate', width: 110 },
    {
      title: t('lineState'),
      key: 'state',
      width: 180,
      render: (_, l) => (
        <>
          <LineStateTag state={l.state} />
          <LineNote line={l} />
        </>
      ),
    },
    ...deliveryColumn,
    ...extra,
  ];
}

/** Orders whose lines may be on their way: their lines show what is shipped, received and open. */
const DELIVERING: readonly PoState[] = ['acknowledged', 'changed', 'closed'];

export function OrderLinesTable({ order, extra }: { order: PurchaseOrder; extra?: ColumnsType<PoLine> }) {
  const columns = useLineColumns(extra, DELIVERING.includes(order.state));
  return (
    <Table<PoLine>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={order.lines}
      data-testid="po-lines"
    />
  );
}

/** The order's header as both sides read it (`more`: the staff's own items). */
export function OrderHeader({ order, more }: { order: PurchaseOrder; more?: ReactNode }) {
  const { t } = useTranslation('procurement');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      bordered
      data-testid="po-header"
      items={[
        { key: 'billNo', label: t('billNo'), children: <span data-testid="po-bill-no">{order.billNo}</span> },
        { key: 'state', label: t('state'), children: <OrderStateTag state={order.state} /> },
        { key: 'revision', label: t('revision'), children: t('revisionNo', { n: order.revision }) },
        { key: 'supplier', label: t('supplier'), children: order.supplierName },
        {
          key: 'total',
          label: t('totalAmount'),
          children: (
            <span data-testid="po-total">
              {order.currency} {formatDecimal(order.totalAmount)}
            </span>
          ),
        },
        { key: 'buyer', label: t('buyer'), children: order.buyerName },
        { key: 'address', label: t('deliveryAddress'), children: order.deliveryAddress },
        { key: 'terms', label: t('paymentTerms'), children: order.paymentTerms },
        {
          key: 'released',
          label: t('releasedAt'),
          children: formatDate(order.releasedAt, 'yyyy-MM-dd HH:mm'),
        },
      ]}
    >
      {more}
    </Descriptions>
  );
}

export function OrderHistory({ history }: { history: PoHistoryEntry[] }) {
  const { t } = useTranslation('procurement');
  return (
    <Timeline
      data-testid="po-history"
      items={history.map((h) => ({
        key: h.id,
        children: (
          <>
            <Typography.Text strong>{t(`event.${h.event}`)}</Typography.Text>{' '}
            {h.lineNo !== null && t('historyLine', { n: h.lineNo })}
            {h.revision > 1 && ` · ${t('revisionNo', { n: h.revision })}`}
            <div>
              <Typography.Text type="secondary">
                {formatDate(h.at, 'yyyy-MM-dd HH:mm')} · {h.actorName || t('side.system')}
              </Typography.Text>
            </div>
            {h.detail && <div>{h.detail}</div>}
          </>
        ),
      }))}
    />
  );
}

/** An order's drawer body on either side: header, `note`, the lines (`lines`: the caller's table) and history. */
export function OrderBody({
  order,
  note,
  lines,
}: {
  order: PurchaseOrder;
  note?: ReactNode;
  lines: ReactNode;
}) {
  const { t } = useTranslation('procurement');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <OrderHeader order={order} />
      {note}
      <Typography.Title level={5}>{t('lines')}</Typography.Title>
      {lines}
      <Typography.Title level={5}>{t('history')}</Typography.Title>
      <OrderHistory history={order.history} />
    </Space>
  );
}
