import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { PoLine, PurchaseOrder } from '@srm/contracts/core';
import { Button, type ButtonProps, Drawer, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorLoading } from '../../../components/editorForm';
import { orderApi, orderKeys } from '../api';
import { useDocument } from '../documentActions';
import { OrderBody, OrderLinesTable } from '../shared';
import { OrderEditor } from './OrderEditor';

const SIZE = 'min(1100px, 100vw)';

/**
 * Asks for a reason (a cancel, a refused proposal), then calls `onOk` with it. The buttons' texts
 * come from the namespace `ns` (`confirm`, `cancel`); test ids `${prefix}-reason`, `${prefix}-reason-ok`.
 */
export function ReasonModal({
  title,
  label,
  onOk,
  onClose,
  ns = 'procurement',
  prefix = 'po',
}: {
  title: string;
  label: string;
  onOk: (reason: string) => Promise<unknown>;
  onClose: () => void;
  ns?: string;
  prefix?: string;
}) {
  const { t } = useTranslation(ns);
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': `${prefix}-reason-ok` } as ButtonProps}
      onOk={() =>
        form.validateFields().then(({ reason }) => {
          setBusy(true);
          return onOk(reason.trim())
            .then(onClose)
            .catch(() => undefined)
            .finally(() => setBusy(false));
        })
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: label }]}>
          <Input.TextArea maxLength={200} rows={3} data-testid={`${prefix}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One order for staff: header, lines (with the supplier's answers), history and what may be done now. */
export function OrderDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('procurement');
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<{ kind: 'cancel' } | { kind: 'refuse'; line: PoLine } | null>(null);
  // Always read again on opening: the other side may have answered since.
  const { query, saved, act, confirm } = useDocument<PurchaseOrder>({
    ns: 'procurement',
    prefix: 'po',
    oneKey: orderKeys.one(id),
    allKey: orderKeys.all,
    fetch: () => orderApi.get(id),
    onClose,
  });
  const order = query.data;

  if (!order)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="po-detail"
      />
    );

  const can = (a: PurchaseOrder['actions'][number]) => order.actions.includes(a);
  const decideColumn = can('decide')
    ? [
        {
          title: t('actions'),
          key: 'decide',
          width: 200,
          render: (_: unknown, line: PoLine) =>
            line.state === 'proposed' ? (
              <Space size={4} wrap>
                <Button
                  size="small"
                  type="primary"
                  icon={<CheckOutlined />}
                  onClick={() =>
                    act.mutate(() =>
                      orderApi.decide(order.id, {
                        version: order.version,
                        lineId: line.id,
                        accept: true,
                        reason: '',
                      }),
                    )
                  }
                  data-testid="po-accept-proposal"
                >
                  {t('acceptProposal')}
                </Button>
                <Button
                  size="small"
                  icon={<CloseOutlined />}
                  onClick={() => setAsking({ kind: 'refuse', line })}
                  data-testid="po-refuse-proposal"
                >
                  {t('refuseProposal')}
                </Button>
              </Space>
            ) : null,
        },
      ]
    : [];

  return (
    <Drawer
      open
      title={t('detailTitle', { billNo: order.billNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="po-detail"
      extra={
        <Space wrap>
          {(can('edit') || can('revise')) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="po-edit">
              {can('edit') ? t('edit') : t('revise')}
            </Button>
          )}
          {can('submit') && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() =>
                confirm(t('confirmSubmit', { billNo: order.billNo }), () =>
                  orderApi.submit(order.id, order.version),
                )
              }
              data-testid="po-submit"
            >
              {t('submit')}
            </Button>
          )}
          {can('close') && (
            <Button
              icon={<CheckOutlined />}
              onClick={() =>
                confirm(t('confirmClose', { billNo: order.billNo }), () =>
                  orderApi.close(order.id, order.version),
                )
              }
              data-testid="po-close"
            >
              {t('closeOrder')}
            </Button>
          )}
          {can('cancel') && (
            <Button
              danger
              icon={<StopOutlined />}
              onClick={() => setAsking({ kind: 'cancel' })}
              data-testid="po-cancel"
            >
              {t('cancelOrder')}
            </Button>
          )}
          {can('delete') && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirm(
                  t('confirmDelete', { billNo: order.billNo }),
                  () => orderApi.remove(order.id).then(() => null),
                  true,
                )
              }
              data-testid="po-delete"
            >
              {t('delete')}
            </Button>
          )}
        </Space>
      }
    >
      <OrderBody
        order={order}
        note={
          order.remark && (
            <Typography.Text type="secondary">
              {t('remark')}: {order.remark}
            </Typography.Text>
          )
        }
        lines={<OrderLinesTable order={order} extra={decideColumn} />}
      />
      {editing && (
        <OrderEditor
          order={order}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            saved(next);
          }}
        />
      )}
      {asking?.kind === 'cancel' && (
        <ReasonModal
          title={t('cancelOrder')}
          label={t('cancelReason')}
          onClose={() => setAsking(null)}
          onOk={(reason) => act.mutateAsync(() => orderApi.cancel(order.id, order.version, reason))}
        />
      )}
      {asking?.kind === 'refuse' && (
        <ReasonModal
          title={t('refuseProposal')}
          label={t('refuseReason')}
          onClose={() => setAsking(null)}
          onOk={(reason) =>
            act.mutateAsync(() =>
              orderApi.decide(order.id, {
                version: order.version,
                lineId: asking.line.id,
                accept: false,
                reason,
              }),
            )
          }
        />
      )}
    </Drawer>
  );
}
