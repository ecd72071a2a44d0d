import {
  formatDate,
  formatDecimal,
  formatQuantity,
  INVOICE_STATES,
  type Invoice,
  type InvoiceLine,
  type InvoiceState,
  type InvoiceSummary,
} from '@srm/contracts/core';
import { Descriptions, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DocumentList, type SideListProps } from '../DocumentList';

const STATE_COLOR: Record<InvoiceState, string> = {
  matched: 'green',
  mismatch: 'orange',
  approved: 'blue',
  rejected: 'red',
};

export function InvoiceStateTag({ state }: { state: InvoiceState }) {
  const { t } = useTranslation('invoice');
  return (
    <Tag color={STATE_COLOR[state]} data-testid="inv-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

function Check({ ok, testId }: { ok: boolean; testId: string }) {
  const { t } = useTranslation('invoice');
  return (
    <Tag color={ok ? 'green' : 'red'} data-testid={testId}>
      {ok ? t('ok') : t('off')}
    </Tag>
  );
}

/** The invoice as both sides read it: header, and each line against the order and the receipts. */
export function InvoiceBody({ invoice, staff }: { invoice: Invoice; staff?: boolean }) {
  const { t } = useTranslation('invoice');
  const columns: ColumnsType<InvoiceLine> = [
    { title: t('lineNo'), dataIndex: 'lineNo', key: 'lineNo', width: 60 },
    { title: t('material'), dataIndex: 'materialName', key: 'material', width: 160 },
    {
      title: t('quantity'),
      key: 'quantity',
      width: 150,
      render: (_, l) => (
        <span>
          {formatQuantity(l.quantity)} {l.unit} <Check ok={l.quantityOk} testId="inv-quantity-check" />
          <div>{t('invoiceable', { quantity: formatQuantity(l.invoiceableQuantity) })}</div>
        </span>
      ),
    },
    {
      title: t('unitPrice'),
      key: 'price',
      width: 170,
      render: (_, l) => (
        <span>
          {formatDecimal(l.unitPrice, 4)} <Check ok={l.priceOk} testId="inv-price-check" />
          <div>{t('orderPrice', { price: formatDecimal(l.orderUnitPrice, 4) })}</div>
        </span>
      ),
    },
    {
      title: t('amount'),
      dataIndex: 'amount',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (v: string) => formatDecimal(v),
    },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        data-testid="inv-header"
        items={[
          {
            key: 'no',
            label: t('invoiceNo'),
            children: <span data-testid="inv-no">{invoice.invoiceNo}</span>,
          },
          { key: 'bill', label: t('billNo'), children: invoice.billNo },
          { key: 'state', label: t('stateLabel'), children: <InvoiceStateTag state={invoice.state} /> },
          { key: 'order', label: t('orderBillNo'), children: invoice.orderBillNo },
          ...(staff ? [{ key: 'supplier', label: t('supplier'), children: invoice.supplierName }] : []),
          { key: 'date', label: t('invoiceDate'), children: invoice.invoiceDate },
          {
            key: 'total',
            label: t('total'),
            children: (
              <span data-testid="inv-total">{`${invoice.currency} ${formatDecimal(invoice.totalAmount)}`}</span>
            ),
          },
          ...(invoice.decidedAt
            ? [
                {
                  key: 'decided',
                  label: t('decidedBy'),
                  children: `${invoice.decidedBy} · ${formatDate(invoice.decidedAt, 'yyyy-MM-dd HH:mm')}`,
                },
              ]
            : []),
          ...(invoice.reason ? [{ key: 'reason', label: t('reason'), children: invoice.reason }] : []),
          ...(invoice.remark ? [{ key: 'remark', label: t('remark'), children: invoice.remark }] : []),
        ]}
      />
      <Table<InvoiceLine>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={invoice.lines}
        data-testid="inv-lines"
      />
    </div>
  );
}

/** The list of invoices, for staff (every supplier's) or the supplier (its own). */
export function InvoiceList(props: SideListProps<InvoiceSummary>) {
  const { side } = props;
  const { t } = useTranslation('invoice');
  const columns: ColumnsType<InvoiceSummary> = [
    {
      title: t('invoiceNo'),
      dataIndex: 'invoiceNo',
      key: 'no',
      width: 150,
      render: (v: string) => <span data-testid="inv-row-no">{v}</span>,
    },
    { title: t('orderBillNo'), dataIndex: 'orderBillNo', key: 'order', width: 160 },
    ...(side === 'staff'
      ? [{ title: t('supplier'), dataIndex: 'supplierName', key: 'supplier', width: 180, ellipsis: true }]
      : []),
    {
      title: t('stateLabel'),
      key: 'state',
      width: 100,
      render: (_, i) => <InvoiceStateTag state={i.state} />,
    },
    {
      title: t('total'),
      key: 'total',
      width: 140,
      align: 'right',
      render: (_, i) => `${i.currency} ${formatDecimal(i.totalAmount)}`,
    },
    { title: t('invoiceDate'), dataIndex: 'invoiceDate', key: 'date', width: 110 },
    {
      title: t('submittedAt'),
      key: 'at',
      width: 140,
      render: (_, i) => formatDate(i.createdAt, 'yyyy-MM-dd HH:mm'),
    },
  ];
  return (
    <DocumentList<InvoiceSummary>
      ns="invoice"
      prefix="inv"
      columns={columns}
      states={INVOICE_STATES}
      keys={{ total: 'count' }}
      {...props}
    />
  );
}
