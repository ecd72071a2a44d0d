import { SendOutlined } from '@ant-design/icons';
import {
  formatDecimal,
  formatQuantity,
  type Invoice,
  type InvoiceableLine,
  type InvoiceSaveBody,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
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
  Row,
  Select,
  Space,
  Table,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { DAY, dayItem } from '../../../components/dayField';
import { EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { useAdding } from '../documentActions';
import { invoiceKeys, portalInvoiceApi } from '../invoice-api';
import { InvoiceBody, InvoiceList } from './shared';

const SIZE = 'min(1000px, 100vw)';
const plain = (v: string, places = 4) =>
  formatDecimal(v, places)
    .replace(/,/g, '')
    .replace(/\.?0+$/, '');
type LineValues = { bill?: boolean; quantity?: string; unitPrice?: string };
type Values = {
  orderId: string;
  invoiceNo: string;
  invoiceDate: string;
  remark?: string;
  lines: Record<string, LineValues>;
};

/** A new invoice of one order's received lines: each line's quantity and price, matched at submission. */
function InvoiceEditor({ onClose, onSaved }: { onClose: () => void; onSaved: (i: Invoice) => void }) {
  const { t } = useTranslation('invoice');
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  const [form] = Form.useForm<Values>();
  const [problems, setProblems] = useState<string[]>([]);
  const invoiceable = useQuery({ queryKey: invoiceKeys.invoiceable, queryFn: portalInvoiceApi.invoiceable });
  const orderId = Form.useWatch('orderId', form);
  const orders = [...new Map((invoiceable.data ?? []).map((l) => [l.orderId, l])).values()];
  const lines = (invoiceable.data ?? []).filter((l) => l.orderId === orderId);
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const chosen = (values: Values) => lines.filter((l) => values.lines?.[l.orderLineId]?.bill);
  const save = useMutation({
    mutationFn: (body: InvoiceSaveBody) => portalInvoiceApi.submit(body),
    onSuccess: (saved) => {
      toast.success(t('submitted'));
      onSaved(saved);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400) return;
      const sent = chosen(form.getFieldsValue(true) as Values);
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, (path) => {
        const [head, index, field] = path.split('.');
        if (head !== 'lines') return path && !index ? [path] : null;
        const line = sent[Number(index)];
        return line && field ? ['lines', line.orderLineId, field] : null;
      });
      setProblems(rest);
    },
  });
  const submit = (values: Values) => {
    setProblems([]);
    const picked = chosen(values);
    if (picked.length === 0) return setProblems([msg('validation.poLinesRequired')]);
    save.mutate({
      orderId: values.orderId,
      invoiceNo: values.invoiceNo,
      invoiceDate: values.invoiceDate,
      remark: values.remark ?? '',
      lines: picked.map((l) => ({
        orderLineId: l.orderLineId,
        quantity: String(values.lines[l.orderLineId]?.quantity ?? '').trim(),
        unitPrice: String(values.lines[l.orderLineId]?.unitPrice ?? '').trim(),
      })),
    });
  };
  const pickOrder = (id: string) =>
    form.setFieldValue(
      'lines',
      Object.fromEntries(
        (invoiceable.data ?? [])
          .filter((l) => l.orderId === id)
          .map((l) => [
            l.orderLineId,
            { bill: true, quantity: plain(l.invoiceableQuantity), unitPrice: plain(l.unitPrice) },
          ]),
      ),
    );
  const required = { required: true, whitespace: true, message: msg('validation.required') };
  const columns: ColumnsType<InvoiceableLine> = [
    {
      title: t('bill'),
      key: 'bill',
      width: 60,
      render: (_, l) => (
        <Form.Item name={['lines', l.orderLineId, 'bill']} valuePropName="checked" style={{ margin: 0 }}>
          <Checkbox aria-label={t('billLine', { n: l.lineNo })} data-testid="inv-line-bill" />
        </Form.Item>
      ),
    },
    { title: t('lineNo'), dataIndex: 'lineNo', key: 'lineNo', width: 60 },
    { title: t('material'), dataIndex: 'materialName', key: 'material', width: 150 },
    {
      title: t('invoiceableLabel'),
      key: 'open',
      width: 110,
      align: 'right',
      render: (_, l) => `${formatQuantity(l.invoiceableQuantity)} ${l.unit}`,
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
            data-testid="inv-line-quantity"
          />
        </Form.Item>
      ),
    },
    {
      title: t('unitPrice'),
      key: 'price',
      width: 130,
      render: (_, l) => (
        <Form.Item name={['lines', l.orderLineId, 'unitPrice']} style={{ margin: 0 }}>
          <Input
            inputMode="decimal"
            aria-label={t('priceOf', { n: l.lineNo })}
            data-testid="inv-line-price"
          />
        </Form.Item>
      ),
    },
  ];
  return (
    <Drawer
      open
      title={t('addTitle')}
      onClose={close}
      size={SIZE}
      destroyOnHidden
      data-testid="inv-editor"
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="inv-submit"
          >
            {t('submit')}
          </Button>
        </Space>
      }
    >
      {problems.length > 0 && (
        <Alert type="error" showIcon title={problems.join('; ')} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ invoiceDate: dayjs().format(DAY), lines: {} }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name;
          if (first) form.scrollToField(first, { block: 'center', focus: true });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="orderId" label={t('orderBillNo')} rules={[required]}>
              <Select
                loading={invoiceable.isLoading}
                options={orders.map((o) => ({ value: o.orderId, label: o.orderBillNo }))}
                onChange={pickOrder}
                notFoundContent={
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothingToBill')} />
                }
                data-testid="inv-order"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="invoiceNo" label={t('invoiceNo')} rules={[required]}>
              <Input maxLength={40} data-testid="inv-no-input" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="invoiceDate" label={t('invoiceDate')} rules={[required]} {...dayItem}>
              <DatePicker style={{ width: '100%' }} data-testid="inv-date" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('remark')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        {orderId && (
          <Table<InvoiceableLine>
            rowKey="orderLineId"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={lines}
            data-testid="inv-editor-lines"
          />
        )}
      </Form>
    </Drawer>
  );
}

function PortalInvoiceDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('invoice');
  const query = useQuery({
    queryKey: invoiceKeys.portalOne(id),
    queryFn: () => portalInvoiceApi.get(id),
    refetchOnMount: 'always',
  });
  const invoice = query.data;
  if (!invoice)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="inv-portal-detail"
      />
    );
  return (
    <Drawer
      open
      title={t('detailTitle', { invoiceNo: invoice.invoiceNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="inv-portal-detail"
    >
      {invoice.state === 'mismatch' && (
        <Alert type="warning" showIcon title={t('mismatchPortalHint')} style={{ marginBottom: 16 }} />
      )}
      <InvoiceBody invoice={invoice} />
    </Drawer>
  );
}

/** 供应商门户 › 发票: the supplier's invoices against its received lines. */
export default function PortalInvoicesPage() {
  const { adding, start, stop, added } = useAdding<Invoice>(invoiceKeys.portalOne, invoiceKeys.portal);
  return (
    <>
      <InvoiceList
        side="supplier"
        list={portalInvoiceApi.list}
        queryKey={invoiceKeys.portalList}
        detail={(id, close) => <PortalInvoiceDetail key={id} id={id} onClose={close} />}
        onAdd={start}
      />
      {adding && <InvoiceEditor onClose={stop} onSaved={added} />}
    </>
  );
}
