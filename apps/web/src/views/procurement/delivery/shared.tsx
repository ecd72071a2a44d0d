import { PrinterOutlined } from '@ant-design/icons';
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
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DocumentList, type SideListProps } from '../DocumentList';
import { deliveryKeys } from '../delivery-api';
import { materialColumns } from '../shared';
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
    ...materialColumns<AsnLine>(t, {
      after: [{ title: t('orderLine'), dataIndex: 'orderLineNo', key: 'orderLine', width: 80 }],
      materialKey: 'material',
    }),
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

/** The list of notices, for the supplier (its own) or for staff (what was sent to them). */
export function AsnList({ toolbar, ...props }: SideListProps<AsnSummary> & { toolbar?: ReactNode }) {
  const { side } = props;
  const { t } = useTranslation('delivery');
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
  ];
  return (
    <DocumentList<AsnSummary>
      ns="delivery"
      prefix="asn"
      columns={columns}
      states={side === 'staff' ? ASN_STATES.filter((s) => s !== 'draft') : ASN_STATES}
      toolbar={toolbar}
      {...props}
    />
  );
}
