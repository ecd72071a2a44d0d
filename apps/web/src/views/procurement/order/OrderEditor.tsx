import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  formatDecimal,
  lineAmount,
  PO_MAX_LINES,
  type PoSaveBody,
  type PurchaseOrder,
  sumDecimals,
  toScaled,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Row,
  Select,
  Table,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { dayItem } from '../../../components/dayField';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { orderApi, orderKeys } from '../api';

type LineValues = PoSaveBody['lines'][number];
type Values = Omit<PoSaveBody, 'lines'> & { lines: LineValues[] };

const emptyLine = (): LineValues => ({
  materialName: '',
  unit: '',
  quantity: '',
  unitPrice: '',
  deliveryDate: '',
});

/** A server path (`lines.0.quantity`) as the form's field path. */
const formPathOf = (path: string) =>
  path ? path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : null;

/** The total of the lines typed so far (nothing for a line not yet a number). */
function totalOf(lines: LineValues[] | undefined): string {
  const amounts = (lines ?? []).flatMap((l) =>
    toScaled(String(l?.quantity ?? ''), 4) !== null && toScaled(String(l?.unitPrice ?? ''), 4) !== null
      ? [lineAmount(String(l.quantity), String(l.unitPrice))]
      : [],
  );
  return sumDecimals(amounts);
}

/**
 * A new order, a draft's edit, or a released order's revision (`order` given and not a draft):
 * header and lines; the amounts are the server's, the total shown while typing is the same sum.
 */
export function OrderEditor({
  order,
  onClose,
  onSaved,
}: {
  order: PurchaseOrder | null;
  onClose: () => void;
  onSaved: (saved: PurchaseOrder) => void;
}) {
  const { t } = useTranslation('procurement');
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  const [form] = Form.useForm<Values>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const revising = order !== null && order.state !== 'draft';
  const suppliers = useQuery({
    queryKey: orderKeys.suppliers(keyword),
    queryFn: () => orderApi.suppliers(keyword),
  });
  const lines = Form.useWatch('lines', form);
  const initial: Values = order
    ? {
        supplierId: order.supplierId,
        currency: order.currency,
        deliveryAddress: order.deliveryAddress,
        paymentTerms: order.paymentTerms,
        remark: order.remark,
        lines: order.lines.map((l) => ({
          id: l.id,
          materialCode: l.materialCode,
          materialName: l.materialName,
          spec: l.spec,
          unit: l.unit,
          quantity: l.quantity.replace(/\.?0+$/, ''),
          unitPrice: l.unitPrice.replace(/\.?0+$/, ''),
          deliveryDate: l.deliveryDate,
        })),
      }
    : {
        supplierId: '',
        currency: 'CNY',
        deliveryAddress: '',
        paymentTerms: '',
        remark: '',
        lines: [emptyLine()],
      };
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);

  const save = useMutation({
    mutationFn: (values: Values) =>
      order ? orderApi.update(order.id, { ...values, version: order.version }) : orderApi.create(values),
    onSuccess: (saved) => {
      toast.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400) return;
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, formPathOf);
      setProblems(rest);
    },
  });

  const supplierOptions = [
    ...(order && !suppliers.data?.some((s) => s.id === order.supplierId)
      ? [{ value: order.supplierId, label: order.supplierName }]
      : []),
    ...(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.supplierName} (${s.supplierCode})` })),
  ];
  const required = { required: true, whitespace: true, message: msg('validation.required') };
  const decimalRule = (places: number, key: 'validation.poQuantity' | 'validation.poPrice') => ({
    validator: (_: unknown, v: unknown) => {
      const text = String(v ?? '').trim();
      const fraction = /\.(\d+)$/.exec(text)?.[1]?.length ?? 0;
      const scaled = fraction <= places ? toScaled(text, places) : null;
      const ok = scaled !== null && (key === 'validation.poQuantity' ? scaled > 0n : scaled >= 0n);
      return ok ? Promise.resolve() : Promise.reject(new Error(msg(key)));
    },
  });

  const title = !order
    ? t('addTitle')
    : revising
      ? t('reviseTitle', { billNo: order.billNo })
      : t('editTitle', { billNo: order.billNo });

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size="min(1200px, 100vw)"
      destroyOnHidden
      data-testid="po-editor"
      footer={
        <EditorFooter
          prefix="po"
          formId={formId}
          canSave
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('cancel')}
          saveLabel={t('save')}
        />
      }
    >
      {revising && <Alert type="info" showIcon title={t('reviseHint')} style={{ marginBottom: 16 }} />}
      {problems.length > 0 && (
        <Alert type="error" showIcon title={problems.join('; ')} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => {
          setProblems([]);
          save.mutate({ ...values, lines: values.lines ?? [] });
        }}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name;
          if (first) form.scrollToField(first, { block: 'center', focus: true });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="supplierId" label={t('supplier')} rules={[required]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                disabled={revising}
                placeholder={t('supplierPlaceholder')}
                options={supplierOptions}
                loading={suppliers.isFetching}
                data-testid="po-supplier"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="currency"
              label={t('currency')}
              rules={[{ pattern: /^[A-Za-z]{3}$/, message: msg('validation.poCurrency') }]}
            >
              <Input maxLength={3} data-testid="po-currency" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="paymentTerms" label={t('paymentTerms')}>
              <Input maxLength={200} data-testid="po-payment-terms" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="deliveryAddress" label={t('deliveryAddress')} rules={[required]}>
              <Input maxLength={200} data-testid="po-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="remark" label={t('remark')} extra={t('remarkHint')}>
              <Input maxLength={500} data-testid="po-remark" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('lines')}</Typography.Title>
        <Form.List
          name="lines"
          rules={[
            {
              validator: (_, v: unknown[]) =>
                v?.length ? Promise.resolve() : Promise.reject(new Error(msg('validation.poLinesRequired'))),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={fields}
                data-testid="po-editor-lines"
                columns={[
                  { title: '#', key: 'no', width: 40, render: (_, __, i) => i + 1 },
                  ...(
                    [
                      ['materialCode', 120, 40, []],
                      ['materialName', 180, 100, [required]],
                      ['spec', 140, 100, []],
                      ['unit', 80, 20, [required]],
                    ] as const
                  ).map(([name, width, max, rules]) => ({
                    title: t(name),
                    key: name,
                    width,
                    render: (_: unknown, f: { name: number }) => (
                      <Form.Item name={[f.name, name]} rules={[...rules]} style={{ margin: 0 }}>
                        <Input
                          maxLength={max}
                          aria-label={`${t(name)} ${f.name + 1}`}
                          data-testid={`po-line-${name}`}
                        />
                      </Form.Item>
                    ),
                  })),
                  ...(
                    [
                      ['quantity', 4, 'validation.poQuantity'],
                      ['unitPrice', 4, 'validation.poPrice'],
                    ] as const
                  ).map(([name, places, key]) => ({
                    title: t(name),
                    key: name,
                    width: 110,
                    render: (_: unknown, f: { name: number }) => (
                      <Form.Item
                        name={[f.name, name]}
                        rules={[decimalRule(places, key)]}
                        style={{ margin: 0 }}
                      >
                        <Input
                          inputMode="decimal"
                          aria-label={`${t(name)} ${f.name + 1}`}
                          data-testid={`po-line-${name}`}
                        />
                      </Form.Item>
                    ),
                  })),
                  {
                    title: t('deliveryDate'),
                    key: 'deliveryDate',
                    width: 150,
                    render: (_: unknown, f: { name: number }) => (
                      <Form.Item
                        name={[f.name, 'deliveryDate']}
                        rules={[{ required: true, message: msg('validation.required') }]}
                        style={{ margin: 0 }}
                        {...dayItem}
                      >
                        <DatePicker
                          aria-label={`${t('deliveryDate')} ${f.name + 1}`}
                          data-testid="po-line-deliveryDate"
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('amount'),
                    key: 'amount',
                    width: 110,
                    align: 'right' as const,
                    render: (_: unknown, f: { name: number }) => {
                      const l = lines?.[f.name];
                      return l &&
                        toScaled(String(l.quantity), 4) !== null &&
                        toScaled(String(l.unitPrice), 4) !== null
                        ? formatDecimal(lineAmount(String(l.quantity), String(l.unitPrice)))
                        : '';
                    },
                  },
                  {
                    title: t('actions'),
                    key: 'remove',
                    width: 60,
                    render: (_: unknown, f: { name: number }) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('removeLine', { n: f.name + 1 })}
                        onClick={() => remove(f.name)}
                        data-testid="po-line-remove"
                      />
                    ),
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
              <Row justify="space-between" style={{ marginTop: 8 }}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add(emptyLine())}
                  disabled={fields.length >= PO_MAX_LINES}
                  data-testid="po-line-add"
                >
                  {t('addLine')}
                </Button>
                <Typography.Text strong data-testid="po-editor-total">
                  {t('linesTotal', { amount: formatDecimal(totalOf(lines)) })}
                </Typography.Text>
              </Row>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
