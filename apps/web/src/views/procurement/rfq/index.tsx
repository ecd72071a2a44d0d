import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  effectiveRfqState,
  formatDate,
  type PoState,
  RFQ_MIN_LEAD_MS,
  type Rfq,
  type RfqAction,
  type RfqInvitee,
  RfqPerm,
  validationMessage,
} from '@srm/contracts/core';
import {
  Alert,
  Button,
  type ButtonProps,
  DatePicker,
  Drawer,
  Form,
  Modal,
  Space,
  Table,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../components/Auth';
import { EditorLoading } from '../../../components/editorForm';
import { useAppStore } from '../../../store/settings';
import { useAdding, useDocument } from '../documentActions';
import { ReasonModal } from '../order/OrderDetail';
import { rfqApi, rfqKeys } from '../rfq-api';
import { OrderStateTag } from '../shared';
import { BidBoardPanel } from './BidBoardPanel';
import { ComparisonPanel } from './ComparisonPanel';
import { RfqEditor } from './RfqEditor';
import { QuoteStateTag, RfqHeader, RfqLinesTable, RfqList, useAtDeadline, useNow } from './shared';

const SIZE = 'min(1200px, 100vw)';

/** A new round's deadline (at least a few minutes ahead, as the server asks), then `onOk` with it. */
function NewRoundModal({
  onOk,
  onClose,
}: {
  onOk: (deadline: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('rfq');
  const language = useAppStore((s) => s.language);
  const [form] = Form.useForm<{ deadline: Dayjs | null }>();
  const [busy, setBusy] = useState(false);
  const minutes = RFQ_MIN_LEAD_MS / 60_000;
  return (
    <Modal
      open
      title={t('newRound')}
      onCancel={onClose}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'rfq-new-round-ok' } as ButtonProps}
      onOk={() =>
        form.validateFields().then(({ deadline }) => {
          setBusy(true);
          return onOk(deadline?.valueOf() ?? 0)
            .then(onClose)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        })
      }
    >
      <Typography.Paragraph type="secondary">{t('newRoundHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="deadline"
          label={t('newDeadline')}
          rules={[
            { required: true, message: validationMessage('validation.required', language) },
            {
              validator: (_, v: Dayjs | null) =>
                !v || v.valueOf() >= Date.now() + RFQ_MIN_LEAD_MS
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('deadlineTooSoon', { minutes }))),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
            data-testid="rfq-new-round-deadline"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The invited suppliers and whether each has quoted the round (what they quoted stays sealed). */
function InviteesTable({ invitees }: { invitees: RfqInvitee[] }) {
  const { t } = useTranslation('rfq');
  const columns: ColumnsType<RfqInvitee> = [
    { title: t('supplierCode'), dataIndex: 'supplierCode', key: 'code', width: 120 },
    { title: t('supplierName'), dataIndex: 'supplierName', key: 'name', width: 200 },
    {
      title: t('quoteStateLabel'),
      key: 'quote',
      width: 110,
      render: (_, s) => <QuoteStateTag state={s.quoteState} />,
    },
    {
      title: t('submittedAt'),
      key: 'at',
      width: 140,
      render: (_, s) => formatDate(s.submittedAt, 'yyyy-MM-dd HH:mm'),
    },
  ];
  return (
    <Table<RfqInvitee>
      rowKey="supplierId"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={invitees}
      data-testid="rfq-invitees"
    />
  );
}

/** The purchase orders an award made, each opening on the order page. */
function OrdersTable({ orders }: { orders: Rfq['orders'] }) {
  const { t } = useTranslation('rfq');
  return (
    <Table<Rfq['orders'][number]>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="rfq-orders"
      dataSource={orders}
      columns={[
        {
          title: t('orderBillNo'),
          key: 'billNo',
          width: 160,
          render: (_, o) => (
            <Link to={`/procurement/order?id=${encodeURIComponent(o.id)}`} data-testid="rfq-order-link">
              {o.billNo}
            </Link>
          ),
        },
        { title: t('supplierName'), dataIndex: 'supplierName', key: 'supplier', width: 200 },
        {
          title: t('stateLabel'),
          key: 'state',
          width: 110,
          render: (_, o) => <OrderStateTag state={o.state as PoState} />,
        },
      ]}
    />
  );
}

/** One request for staff: header, invitees, lines, what may be done now; once closed, the quotes and the award. */
function RfqDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('rfq');
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<'cancel' | 'newRound' | null>(null);
  // Always read again on opening: a supplier may have quoted since.
  const { query, saved, act, confirm } = useDocument<Rfq>({
    ns: 'rfq',
    prefix: 'rfq',
    oneKey: rfqKeys.one(id),
    allKey: rfqKeys.all,
    fetch: () => rfqApi.get(id),
    onClose,
  });
  const rfq = query.data;
  useAtDeadline(rfq?.suspended ? undefined : rfq, () => void query.refetch());
  const now = useNow(rfq?.state === 'open' && !rfq.suspended, 5000);

  if (!rfq)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="rfq-detail"
      />
    );

  // The buttons of what the server says may be done now, in this order.
  const buttons: {
    action: RfqAction;
    label: string;
    icon: ReactNode;
    onClick: () => void;
    primary?: boolean;
    danger?: boolean;
  }[] = [
    { action: 'edit', label: t('edit'), icon: <EditOutlined />, onClick: () => setEditing(true) },
    {
      action: 'publish',
      label: t('publish'),
      icon: <SendOutlined />,
      primary: true,
      onClick: () =>
        confirm(t('confirmPublish', { billNo: rfq.billNo, count: rfq.suppliers.length }), () =>
          rfqApi.publish(rfq.id, rfq.version),
        ),
    },
    {
      action: 'close',
      label: t('closeNow'),
      icon: <CheckOutlined />,
      onClick: () =>
        confirm(t('confirmClose', { billNo: rfq.billNo }), () => rfqApi.close(rfq.id, rfq.version)),
    },
    {
      action: 'suspendBid',
      label: t('suspendBid'),
      icon: <PauseCircleOutlined />,
      onClick: () =>
        confirm(t('confirmSuspendBid', { billNo: rfq.billNo }), () => rfqApi.suspendBid(rfq.id, rfq.version)),
    },
    {
      action: 'resumeBid',
      label: t('resumeBid'),
      icon: <PlayCircleOutlined />,
      primary: true,
      onClick: () =>
        confirm(t('confirmResumeBid', { billNo: rfq.billNo }), () => rfqApi.resumeBid(rfq.id, rfq.version)),
    },
    {
      action: 'newRound',
      label: t('newRound'),
      icon: <ReloadOutlined />,
      onClick: () => setAsking('newRound'),
    },
    {
      action: 'cancel',
      label: t('cancelRfq'),
      icon: <StopOutlined />,
      danger: true,
      onClick: () => setAsking('cancel'),
    },
    {
      action: 'delete',
      label: t('delete'),
      icon: <DeleteOutlined />,
      danger: true,
      onClick: () =>
        confirm(
          t('confirmDelete', { billNo: rfq.billNo }),
          () => rfqApi.remove(rfq.id).then(() => null),
          true,
        ),
    },
  ];
  const state = effectiveRfqState(rfq.state, rfq.deadline, now, rfq.suspended);
  const auction = rfq.mode === 'auction';
  const sealed = state === 'open' && !auction;
  // A live auction's board while it runs, and after the close when anyone bid.
  const board =
    auction && (state === 'open' || ((state === 'closed' || state === 'awarded') && rfq.quotedCount > 0));

  return (
    <Drawer
      open
      title={t('detailTitle', { billNo: rfq.billNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="rfq-detail"
      extra={
        <Space wrap>
          {buttons
            .filter((b) => rfq.actions.includes(b.action))
            .map(({ action, label, icon, onClick, primary, danger }) => (
              <Button
                key={action}
                type={primary ? 'primary' : 'default'}
                danger={danger}
                icon={icon}
                onClick={onClick}
                data-testid={`rfq-${action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}
              >
                {label}
              </Button>
            ))}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {rfq.awarding && (
          <Alert type="info" showIcon title={t('awardingHint')} data-testid="rfq-awarding-hint" />
        )}
        <RfqHeader
          rfq={rfq}
          more={[
            ...(rfq.requisition
              ? [{ key: 'requisition', label: t('requisitionNo'), children: rfq.requisition.billNo }]
              : []),
            ...(rfq.remark
              ? [{ key: 'remark', label: t('remark'), children: rfq.remark, span: 'filled' as const }]
              : []),
          ]}
        />
        {board && <BidBoardPanel rfq={rfq} onStale={() => void query.refetch()} />}
        <Typography.Title level={5}>{t('suppliersTitle', { count: rfq.suppliers.length })}</Typography.Title>
        {sealed && <Typography.Text type="secondary">{t('sealedHint')}</Typography.Text>}
        <InviteesTable invitees={rfq.suppliers} />
        <Typography.Title level={5}>{t('lines')}</Typography.Title>
        <RfqLinesTable lines={rfq.lines} supplier />
        {rfq.orders.length > 0 && (
          <>
            <Typography.Title level={5}>{t('orders')}</Typography.Title>
            <OrdersTable orders={rfq.orders} />
          </>
        )}
        {(state === 'closed' || state === 'awarded') && (
          <>
            <Typography.Title level={5}>{t('comparison')}</Typography.Title>
            <ComparisonPanel key={`${rfq.round}-${rfq.version}`} rfq={rfq} onAwarded={saved} />
          </>
        )}
      </Space>
      {editing && (
        <RfqEditor
          rfq={rfq}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            saved(next);
          }}
        />
      )}
      {asking === 'cancel' && (
        <ReasonModal
          ns="rfq"
          prefix="rfq"
          title={t('cancelRfq')}
          label={t('cancelReason')}
          onClose={() => setAsking(null)}
          onOk={(reason) => act.mutateAsync(() => rfqApi.cancel(rfq.id, rfq.version, reason))}
        />
      )}
      {asking === 'newRound' && (
        <NewRoundModal
          onClose={() => setAsking(null)}
          onOk={(deadline) => act.mutateAsync(() => rfqApi.newRound(rfq.id, rfq.version, deadline))}
        />
      )}
    </Drawer>
  );
}

/** 采购协同 › 询价单: the tenant's requests for quotation; a new one opens in the editor, then in its detail. */
export default function RfqPage() {
  const { has } = useAuth();
  const { adding, start, stop, added } = useAdding<Rfq>(rfqKeys.one, rfqKeys.all);
  return (
    <>
      <RfqList
        side="staff"
        list={rfqApi.list}
        queryKey={rfqKeys.list}
        detail={(id, close) => <RfqDetail key={id} id={id} onClose={close} />}
        onAdd={has(RfqPerm.rfqAdd) ? start : undefined}
      />
      {adding && <RfqEditor rfq={null} onClose={stop} onSaved={added} />}
    </>
  );
}
