import {
  DeleteOutlined,
  EditOutlined,
  PrinterOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  type Asn,
  type AsnSaveBody,
  formatQuantity,
  type ShippableLine,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Drawer,
  Empty,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { DAY, dayItem } from '../../../components/dayField';
import { EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { deliveryKeys, portalDeliveryApi } from '../delivery-api';
import { useAdding } from '../documentActions';
import { DeliveryFigures } from './DeliveryFigures';
import { AsnBody, AsnLinesTable, AsnList, LabelsDialog } from './shared';

const SIZE = 'min(1100px, 100vw)';

type LineValues = { ship?: boolean; quantity?: string; batchNo?: string; packages?: number };
type Values = Omit<AsnSaveBody, 'lines'> & { lines: Record<string, LineValues> };

/** A new notice against one order's open lines, or a draft's edit. */
function AsnEditor({
  asn,
  onClose,
  onSaved,
}: {
  asn: Asn | null;
  onClose: () => void;
  onSaved: (a: Asn) => void;
}) {
  const { t } = useTranslation('delivery');
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  const [form] = Form.useForm<Values>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const shippable = useQuery({ queryKey: deliveryKeys.shippable, queryFn: portalDeliveryApi.shippable });
  const orderId = Form.useWatch('orderId', form) ?? asn?.orderId;
  const orders = [...new Map((shippable.data ?? []).map((l) => [l.orderId, l])).values()];
  if (asn && !orders.some((o) => o.orderId === asn.orderId))
    orders.unshift({ orderId: asn.orderId, orderBillNo: asn.orderBillNo } as ShippableLine);
  const lines = (shippable.data ?? []).filter((l) => l.orderId === orderId);
  const today = dayjs().format(DAY);
  const initial: Partial<Values> = asn
    ? {
        orderId: asn.orderId,
        shipDate: asn.shipDate,
        expectedDate: asn.expectedDate,
        carrier: asn.carrier,
        trackingNo: asn.trackingNo,
        remark: asn.remark,
        lines: Object.fromEntries(
          asn.lines.map((l) => [
            l.orderLineId,
            {
              ship: true,
              quantity: formatQuantity(l.quantity).replace(/,/g, ''),
              batchNo: l.batchNo,
              packages: l.packages,
            },
          ]),
        ),
      }
    : { shipDate: today, expectedDate: today, lines: {} };
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  // Which footer button submitted the form: save the draft, or save and send it.
  const sendAfter = useRef(false);
  const save = useMutation({
    mutationFn: async ({ body, send }: { body: AsnSaveBody; send: boolean }) => {
      const saved = asn
        ? await portalDeliveryApi.update(asn.id, { ...body, version: asn.version })
        : await portalDeliveryApi.create(body);
      return send ? portalDeliveryApi.send(saved.id, saved.version) : saved;
    },
    onSuccess: (saved, { send }) => {
      toast.success(send ? t('sent') : t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400) return;
      const sent = shipLines(form.getFieldsValue(true) as Values);
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, (path) => {
        const [head, index, field] = path.split('.');
        if (head !== 'lines') return path && !index ? [path] : null;
        const line = sent[Number(index)];
        return line && field ? ['lines', line.orderLineId, field] : null;
      });
      setProblems(rest);
    },
  });
  const shipLines = (values: Values) =>
    lines
      .filter((l) => values.lines?.[l.orderLineId]?.ship)
      .map((l) => {
        const v = values.lines[l.orderLineId] as LineValues;
        return {
          orderLineId: l.orderLineId,
          quantity: String(v.quantity ?? '').trim(),
          batchNo: v.batchNo ?? '',
          packages: Number(v.packages ?? 1),
        };
      });
  const submit = (values: Values) => {
    setProblems([]);
    const chosen = shipLines(values);
    if (chosen.length === 0) return setProblems([msg('validation.poLinesRequired')]);
    save.mutate({
      send: sendAfter.current,
      body: {
        orderId: values.orderId,
        shipDate: values.shipDate,
        expectedDate: values.expectedDate,
        carrier: values.carrier ?? '',
        trackingNo: values.trackingNo ?? '',
        remark: values.remark ?? '',
        lines: chosen,
      },
    });
  };
  const required = { required: true, message: msg('validation.required') };
  const columns: ColumnsType<ShippableLine> = [
    {
      title: t('ship'),
      key: 'ship',
      width: 60,
      render: (_, l) => (
        <Form.Item name={['lines', l.orderLineId, 'ship']} valuePropName="checked" style={{ margin: 0 }}>
          <Checkbox aria-label={t('shipLine', { n: l.lineNo })} data-testid="asn-line-ship" />
        </Form.Item>
      ),
    },
    { title: t('orderLine'), dataIndex: 'lineNo', key: 'lineNo', width: 70 },
    { title: t('material'), dataIndex: 'materialName', key: 'material', width: 160 },
    { title: t('deliveryDate'), dataIndex: 'deliveryDate', key: 'date', width: 110 },
    {
      title: t('openQuantity'),
      key: 'open',
      width: 100,
      align: 'right',
      render: (_, l) => `${formatQuantity(l.openQuantity)} ${l.unit}`,
    },
    {
      title: t('quantity'),
      key: 'quantity',
      width: 120,
      render: (_, l) => (
        <Form.Item name={['lines', l.orderLineId, 'quantity']} style={{ margin: 0 }}>
          <Input
            inputMode="decimal"
            aria-label={t('quantityOf', { n: l.lineNo })}
            data-testid="asn-line-quantity"
          />
        </Form.Item>
      ),
    },
    {
      title: t('batchNo'),
      key: 'batch',
      width: 120,
      render: (_, l) => (
        <Form.Item name={['lines', l.orderLineId, 'batchNo']} style={{ margin: 0 }}>
          <Input maxLength={40} aria-label={t('batchOf', { n: l.lineNo })} data-testid="asn-line-batch" />
        </Form.Item>
      ),
    },
    {
      title: t('packages'),
      key: 'packages',
      width: 100,
      render: (_, l) => (
        <Form.Item name={['lines', l.orderLineId, 'packages']} style={{ margin: 0 }}>
          <InputNumber
            min={1}
            max={500}
            precision={0}
            aria-label={t('packagesOf', { n: l.lineNo })}
            data-testid="asn-line-packages"
          />
        </Form.Item>
      ),
    },
  ];
  /** Choosing an order ticks its lines with their open quantity and one package each. */
  const pickOrder = (id: string) =>
    form.setFieldValue(
      'lines',
      Object.fromEntries(
        (shippable.data ?? [])
          .filter((l) => l.orderId === id)
          .map((l) => [
            l.orderLineId,
            { ship: true, quantity: formatQuantity(l.openQuantity).replace(/,/g, ''), packages: 1 },
          ]),
      ),
    );
  return (
    <Drawer
      open
      title={asn ? t('editTitle', { billNo: asn.billNo }) : t('addTitle')}
      onClose={close}
      size={SIZE}
      destroyOnHidden
      data-testid="asn-editor"
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }} wrap>
          <Button onClick={close} data-testid="asn-editor-cancel">
            {t('cancel')}
          </Button>
          <Button
            loading={save.isPending && !save.variables?.send}
            onClick={() => {
              sendAfter.current = false;
              form.submit();
            }}
            data-testid="asn-editor-save"
          >
            {t('saveDraft')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={save.isPending && save.variables?.send}
            onClick={() => {
              sendAfter.current = true;
              form.submit();
            }}
            data-testid="asn-editor-send"
          >
            {t('saveAndSend')}
          </Button>
        </Space>
      }
    >
      {problems.length > 0 && (
        <Alert type="error" showIcon title={problems.join('; ')} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name;
          if (first) form.scrollToField(first, { block: 'center', focus: true });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="orderId" label={t('order')} rules={[required]}>
              <Select
                disabled={asn !== null}
                loading={shippable.isLoading}
                options={orders.map((o) => ({ value: o.orderId, label: o.orderBillNo }))}
                onChange={pickOrder}
                notFoundContent={
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothingToShip')} />
                }
                data-testid="asn-order"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="shipDate" label={t('shipDate')} rules={[required]} {...dayItem}>
              <DatePicker style={{ width: '100%' }} data-testid="asn-ship-date" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="expectedDate" label={t('expectedDate')} rules={[required]} {...dayItem}>
              <DatePicker style={{ width: '100%' }} data-testid="asn-expected-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="carrier" label={t('carrier')}>
              <Input maxLength={60} data-testid="asn-carrier" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="trackingNo" label={t('trackingNo')}>
              <Input maxLength={60} data-testid="asn-tracking" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="remark" label={t('remark')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        {orderId && (
          <Table<ShippableLine>
            rowKey="orderLineId"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={lines}
            data-testid="asn-editor-lines"
          />
        )}
      </Form>
    </Drawer>
  );
}

function PortalAsnDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('delivery');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [labels, setLabels] = useState(false);
  const query = useQuery({
    queryKey: deliveryKeys.portalOne(id),
    queryFn: () => portalDeliveryApi.get(id),
    refetchOnMount: 'always',
  });
  const asn = query.data;
  const settled = (next: Asn | null, message: string) => {
    toast.success(message);
    if (next) queryClient.setQueryData(deliveryKeys.portalOne(id), next);
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.portal });
  };
  const send = useMutation({
    mutationFn: (a: Asn) => portalDeliveryApi.send(a.id, a.version),
    onSuccess: (next) => settled(next, t('sent')),
  });
  const withdraw = useMutation({
    mutationFn: (a: Asn) => portalDeliveryApi.withdraw(a.id, a.version),
    onSuccess: (next) => settled(next, t('withdrawn')),
  });
  const remove = useMutation({
    mutationFn: (a: Asn) => portalDeliveryApi.remove(a.id, a.version),
    onSuccess: () => {
      settled(null, t('deleted'));
      onClose();
    },
  });
  if (!asn)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="asn-portal-detail"
      />
    );
  const can = (a: string) => asn.actions.includes(a as never);
  return (
    <Drawer
      open
      title={t('detailTitle', { billNo: asn.billNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="asn-portal-detail"
      extra={
        <Space wrap>
          <Button icon={<PrinterOutlined />} onClick={() => setLabels(true)} data-testid="asn-labels">
            {t('labels')}
          </Button>
          {can('edit') && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="asn-edit">
              {t('edit')}
            </Button>
          )}
          {can('delete') && (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending}
              onClick={() =>
                Modal.confirm({
                  title: t('confirmDelete', { billNo: asn.billNo }),
                  onOk: () => remove.mutateAsync(asn),
                })
              }
              data-testid="asn-delete"
            >
              {t('delete')}
            </Button>
          )}
          {can('withdraw') && (
            <Button
              icon={<RollbackOutlined />}
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(asn)}
              data-testid="asn-withdraw"
            >
              {t('withdraw')}
            </Button>
          )}
          {can('send') && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={send.isPending}
              onClick={() => send.mutate(asn)}
              data-testid="asn-send"
            >
              {t('send')}
            </Button>
          )}
        </Space>
      }
    >
      <AsnBody
        asn={asn}
        note={asn.state === 'sent' && <Alert type="info" showIcon title={t('sentHint')} />}
        lines={<AsnLinesTable asn={asn} />}
      />
      {editing && (
        <AsnEditor
          asn={asn}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setEditing(false);
            settled(next, t('saved'));
          }}
        />
      )}
      {labels && (
        <LabelsDialog
          id={asn.id}
          side="supplier"
          fetch={portalDeliveryApi.labels}
          onClose={() => setLabels(false)}
        />
      )}
    </Drawer>
  );
}

/** 供应商门户 › 送货单: the supplier's advance ship notices and their package labels. */
export default function PortalDeliveriesPage() {
  const { adding, start, stop, added } = useAdding<Asn>(deliveryKeys.portalOne, deliveryKeys.portal);
  return (
    <>
      <AsnList
        side="supplier"
        toolbar={<DeliveryFigures />}
        list={portalDeliveryApi.list}
        queryKey={deliveryKeys.portalList}
        detail={(id, close) => <PortalAsnDetail key={id} id={id} onClose={close} />}
        onAdd={start}
      />
      {adding && <AsnEditor asn={null} onClose={stop} onSaved={added} />}
    </>
  );
}
