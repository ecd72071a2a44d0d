import { PO_MAX_LINES, type PoSaveBody, type PurchaseOrder, validationMessage } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Col, Drawer, Form, type FormInstance, Input, Row, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { orderApi, orderKeys } from '../api';
import { formPathOf, LinesEditor } from '../LinesEditor';

type LineValues = PoSaveBody['lines'][number];
type Values = Omit<PoSaveBody, 'lines'> & { lines: LineValues[] };

const emptyLine = (): LineValues => ({
  materialName: '',
  unit: '',
  quantity: '',
  unitPrice: '',
  deliveryDate: '',
});

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
        <LinesEditor ns="procurement" prefix="po" max={PO_MAX_LINES} priced emptyLine={emptyLine} />
      </Form>
    </Drawer>
  );
}
