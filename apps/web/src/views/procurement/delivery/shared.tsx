import { EyeOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  ASN_STATES,
  type Asn,
  type AsnLabels,
  type AsnLine,
  type AsnState,
  type AsnSummary,
  formatDate,
  formatQuantity,
} from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Modal, Select, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../api/request';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { useOpenId } from '../../../components/useOpenId';
import { deliveryKeys } from '../delivery-api';
import './labels.css';

const STATE_COLOR: Record<AsnState, string> = { draft: 'default', sent: 'gold', received: 'green' };

export function AsnStateTag({ state }: { state: AsnState }) {
  const { t } = useTranslation('delivery');
  return (
    <Tag color={STATE_COLOR[state]} data-testid="asn-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

/** The notice's header as both sides read it. */
export function AsnHeader({ asn, staff }: { asn: Asn; staff?: boolean }) {
  const { t } = useTranslation('delivery');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      bordered
      data-testid="asn-header"
      items={[
        { key: 'billNo', label: t('billNo'), children: <span data-testid="asn-bill-no">{asn.billNo}</span> },
        { key: 'state', label: t('stateLabel'), children: <AsnStateTag state={asn.state} /> },
        { key: 'order', label: t('orderBillNo'), children: asn.orderBillNo },
        ...(staff ? [{ key: 'supplier', label: t('supplier'), children: asn.supplierName }] : []),
        { key: 'ship', label: t('shipDate'), children: asn.shipDate },
        { key: 'expected', label: t('expectedDate'), children: asn.expectedDate },
        { key: 'carrier', label: t('carrier'), children: asn.carrier },
        { key: 'tracking', label: t('trackingNo'), children: asn.trackingNo },
        { key: 'packages', label: t('packageCount'), children: asn.packageCount },
        { key: 'sent', label: t('sentAt'), children: formatDate(asn.sentAt, 'yyyy-MM-dd HH:mm') },
        { key: 'received', label: t('receivedAt'), children: formatDate(asn.receivedAt, 'yyyy-MM-dd HH:mm') },
        ...(asn.remark ? [{ key: 'remark', label: t('remark'), children: asn.remark }] : []),
      ]}
    />
  );
}

/** The notice's lines; `extra` adds the caller's own columns (the receipt's fields). */
export function AsnLinesTable({ asn, extra = [] }: { asn: Asn; extra?: ColumnsType<AsnLine> }) {
  const { t } = useTranslation('delivery');
  const received = asn.lines.some((l) => l.acceptedQuantity !== null);
  const columns: ColumnsType<AsnLine> = [
    { title: t('lineNo'), dataIndex: 'lineNo', key: 'lineNo', width: 56 },
    { title: t('orderLine'), dataIndex: 'orderLineNo', key: 'orderLine', width: 80 },
    {
      title: t('material'),
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
    { title: t('batchNo'), dataIndex: 'batchNo', key: 'batchNo', width: 100 },
    { title: t('packages'), dataIndex: 'packages', key: 'packages', width: 70, align: 'right' },
    ...(received
      ? ([
          {
            title: t('accepted'),
            key: 'accepted',
            width: 90,
            align: 'right',
            render: (_, l) => (
              <span data-testid="asn-line-accepted">{formatQuantity(l.acceptedQuantity ?? '0')}</span>
            ),
          },
          {
            title: t('rejected'),
            key: 'rejected',
            width: 160,
            render: (_, l) => (
              <span data-testid="asn-line-rejected">
                {formatQuantity(l.rejectedQuantity ?? '0')}
                {l.rejectReason && <Typography.Text type="secondary"> · {l.rejectReason}</Typography.Text>}
              </span>
            ),
          },
        ] satisfies ColumnsType<AsnLine>)
      : []),
    ...extra,
  ];
  return (
    <Table<AsnLine>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={asn.lines}
      data-testid="asn-lines"
    />
  );
}

const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function LabelSheet({ labels }: { labels: AsnLabels }) {
  const { t } = useTranslation('delivery');
  return (
    <div className="srm-labels" data-testid="asn-labels">
      {labels.labels.map((l) => (
        <section
          key={`${l.lineNo}-${l.pkg}`}
          className="srm-label"
          aria-label={t('labelOf', { pkg: l.pkg, packages: l.packages, line: l.lineNo })}
          data-testid="asn-label"
          data-content={l.content}
        >
          <div className="srm-label-head">
            <strong>{labels.billNo}</strong>
            <span>{t('packageOf', { pkg: l.pkg, packages: l.packages })}</span>
          </div>
          <div className="srm-label-body">
            {/* bwip-js's SVG from the server, shown as an image: nothing in it runs. */}
            <img className="srm-label-qr" src={svgImage(l.qrSvg)} alt={t('qrCode')} />
            <dl>
              <dt>{t('orderBillNo')}</dt>
              <dd>{labels.orderBillNo}</dd>
              <dt>{t('material')}</dt>
              <dd>{l.materialName}</dd>
              {/* The line's quantity: a notice gives packages, not what each one holds. */}
              <dt>{t('lineQuantity')}</dt>
              <dd>
                {formatQuantity(l.quantity)} {l.unit}
              </dd>
              {l.batchNo && (
                <>
                  <dt>{t('batchNo')}</dt>
                  <dd>{l.batchNo}</dd>
                </>
              )}
              <dt>{t('supplier')}</dt>
              <dd>{labels.supplierName}</dd>
            </dl>
          </div>
          <img
            className="srm-label-code128"
            src={svgImage(labels.code128Svg)}
            alt={t('barcodeOf', { code: labels.billNo })}
          />
        </section>
      ))}
    </div>
  );
}

/**
 * The notice's package labels: a preview in a dialog, and Print sends only the labels to the
 * printer (a copy of the sheet outside the app, the rest hidden by labels.css while printing).
 */
export function LabelsDialog({
  id,
  fetch,
  side,
  onClose,
}: {
  id: string;
  fetch: (id: string) => Promise<AsnLabels>;
  side: 'staff' | 'supplier';
  onClose: () => void;
}) {
  const { t } = useTranslation('delivery');
  const query = useQuery({ queryKey: deliveryKeys.labels(side, id), queryFn: () => fetch(id) });
  useEffect(() => {
    document.body.classList.add('srm-printing-labels');
    return () => document.body.classList.remove('srm-printing-labels');
  }, []);
  return (
    <Modal
      open
      title={t('labelsTitle')}
      onCancel={onClose}
      width="min(960px, 100vw)"
      data-testid="asn-labels-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          {t('close')}
        </Button>,
        <Button
          key="print"
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!query.data}
          onClick={() => window.print()}
          data-testid="asn-labels-print"
        >
          {t('print')}
        </Button>,
      ]}
    >
      {query.data ? <LabelSheet labels={query.data} /> : <Spin />}
      {query.data &&
        createPortal(
          <div className="srm-labels-print">{<LabelSheet labels={query.data} />}</div>,
          document.body,
        )}
    </Modal>
  );
}

/** A notice drawer's body: header, `note`, lines (`lines`: the caller's table). */
export function AsnBody({
  asn,
  staff,
  note,
  lines,
}: {
  asn: Asn;
  staff?: boolean;
  note?: ReactNode;
  lines: ReactNode;
}) {
  const { t } = useTranslation('delivery');
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <AsnHeader asn={asn} staff={staff} />
      {note}
      <Typography.Title level={5}>{t('lines')}</Typography.Title>
      {lines}
    </div>
  );
}

type Filters = { keyword?: string; state?: string };

/** The list of notices, for the supplier (its own) or for staff (what was sent to them). */
export function AsnList({
  side,
  list: fetchList,
  queryKey,
  detail,
  toolbar,
  onAdd,
}: {
  side: 'staff' | 'supplier';
  list: (params: QueryParams) => Promise<{ list: AsnSummary[]; pagination: { total: number } }>;
  queryKey: (params: QueryParams) => readonly unknown[];
  detail: (id: string, close: () => void) => ReactNode;
  toolbar?: ReactNode;
  onAdd?: () => void;
}) {
  const { t } = useTranslation('delivery');
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<Filters>();
  const [openId, open] = useOpenId();
  const list = useQuery({
    queryKey: queryKey(params),
    queryFn: () => fetchList(params),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<AsnSummary> = [
    {
      title: t('billNo'),
      dataIndex: 'billNo',
      key: 'billNo',
      width: 170,
      render: (v: string) => <span data-testid="asn-row-bill-no">{v}</span>,
    },
    { title: t('orderBillNo'), dataIndex: 'orderBillNo', key: 'order', width: 160 },
    ...(side === 'staff'
      ? [{ title: t('supplier'), dataIndex: 'supplierName', key: 'supplier', width: 180, ellipsis: true }]
      : []),
    { title: t('stateLabel'), key: 'state', width: 100, render: (_, a) => <AsnStateTag state={a.state} /> },
    { title: t('shipDate'), dataIndex: 'shipDate', key: 'ship', width: 110 },
    { title: t('expectedDate'), dataIndex: 'expectedDate', key: 'expected', width: 110 },
    { title: t('packageCount'), dataIndex: 'packageCount', key: 'packages', width: 80, align: 'right' },
    {
      title: t('sentAt'),
      key: 'sent',
      width: 140,
      render: (_, a) => formatDate(a.sentAt, 'yyyy-MM-dd HH:mm'),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 90,
      render: (_, a) => (
        <RowAction icon={<EyeOutlined />} onClick={() => open(a.id)} testId="asn-open">
          {t('open')}
        </RowAction>
      ),
    },
  ];
  const states = side === 'staff' ? ASN_STATES.filter((s) => s !== 'draft') : ASN_STATES;
  return (
    <Card variant="borderless" data-testid={side === 'staff' ? 'asn-page' : 'asn-portal-page'}>
      {toolbar}
      <ListSearchForm<Filters>
        form={form}
        prefix="asn"
        keywordLabel={t('keyword')}
        keywordPlaceholder={t('keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="asn-add">
              {t('add')}
            </Button>
          )
        }
      >
        <Form.Item name="state" label={t('stateLabel')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={t('all')}
            options={states.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            data-testid="asn-filter-state"
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<AsnSummary>
        rowKey="id"
        size="middle"
        data-testid="asn-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      {openId && detail(openId, () => open(null))}
    </Card>
  );
}
