import { CloseOutlined, FileSearchOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import {
  BID_MAX_EXTEND_MINUTES,
  type RequisitionChoice,
  RFQ_MAX_LINES,
  RFQ_MAX_SUPPLIERS,
  type Rfq,
  type RfqSaveBody,
  validationMessage,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { DictTreeSelect } from '../../../components/dict';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { RowAction } from '../../../components/listActions';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDebouncedValue } from '../../../components/user/useDebouncedValue';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { decimalRule, type EditedLine, formPathOf, LinesEditor } from '../LinesEditor';
import { rfqApi, rfqKeys } from '../rfq-api';

type Values = Omit<RfqSaveBody, 'deadline' | 'lines' | 'requisitionTaskId'> & {
  deadline: Dayjs | null;
  lines: EditedLine[];
};

const emptyLine = (): EditedLine => ({ materialName: '', unit: '', quantity: '', deliveryDate: '' });
/** A quantity as typed: its trailing zeros dropped (`12.5000` → `12.5`). */
const plain = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** The approved purchase requisitions, searched by keyword; one is picked to fill the request. */
function RequisitionPicker({
  onPick,
  onClose,
}: {
  onPick: (r: RequisitionChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('rfq');
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), 300);
  const found = useQuery({
    queryKey: rfqKeys.requisitions(keyword),
    queryFn: () => rfqApi.requisitions(keyword),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<RequisitionChoice> = [
    { title: t('requisitionNo'), dataIndex: 'billNo', key: 'billNo', width: 150 },
    { title: t('rfqTitle'), dataIndex: 'title', key: 'title', width: 180, ellipsis: true },
    { title: t('launcher'), dataIndex: 'launcherName', key: 'launcher', width: 90 },
    { title: t('neededBy'), dataIndex: 'neededBy', key: 'neededBy', width: 110 },
    { title: t('lineCount'), key: 'lines', width: 70, align: 'right', render: (_, r) => r.lines.length },
    {
      title: t('rfqCount'),
      dataIndex: 'rfqCount',
      key: 'rfqCount',
      width: 90,
      align: 'right',
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 80,
      render: (_, r) => (
        <RowAction onClick={() => onPick(r)} testId="rfq-requisition-use">
          {t('use')}
        </RowAction>
      ),
    },
  ];
  return (
    <Modal
      open
      title={t('fromRequisition')}
      onCancel={onClose}
      footer={null}
      width="min(860px, 100vw)"
      destroyOnHidden
    >
      <Space
        orientation="vertical"
        size="middle"
        style={{ width: '100%' }}
        data-testid="rfq-requisition-picker"
      >
        <Typography.Text type="secondary">{t('fromRequisitionHint')}</Typography.Text>
        <Input
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={100}
          placeholder={t('requisitionKeyword')}
          aria-label={t('requisitionKeyword')}
          data-testid="rfq-requisition-keyword"
        />
        <Table<RequisitionChoice>
          rowKey="taskId"
          size="small"
          loading={found.isFetching}
          pagination={{ pageSize: 8, size: 'small' }}
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={found.data ?? []}
          data-testid="rfq-requisition-table"
        />
      </Space>
    </Modal>
  );
}

/**
 * A new request for quotation or a draft's edit: header, the invited suppliers (qualified, for the
 * chosen category when one is), and lines typed or taken from an approved purchase requisition.
 */
export function RfqEditor({
  rfq,
  onClose,
  onSaved,
}: {
  rfq: Rfq | null;
  onClose: () => void;
  onSaved: (saved: Rfq) => void;
}) {
  const { t } = useTranslation('rfq');
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  const [form] = Form.useForm<Values>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  const [requisition, setRequisition] = useState(rfq?.requisition ?? null);
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), 300);
  const categoryCode = Form.useWatch('categoryCode', form) ?? '';
  const mode = Form.useWatch('mode', form) ?? rfq?.mode ?? 'sealed';
  const chosen = Form.useWatch('supplierIds', form) ?? [];
  const suppliers = useQuery({
    queryKey: rfqKeys.suppliers(keyword, categoryCode),
    queryFn: () => rfqApi.suppliers(keyword, categoryCode),
    placeholderData: keepPreviousData,
  });
  // The names of the suppliers seen so far: a chosen one keeps its name when another search answers.
  const [known, setKnown] = useState(
    () => new Map((rfq?.suppliers ?? []).map((s) => [s.supplierId, `${s.supplierName} (${s.supplierCode})`])),
  );
  useEffect(() => {
    const found = suppliers.data;
    if (found?.length)
      setKnown(
        (prev) =>
          new Map([...prev, ...found.map((s) => [s.id, `${s.supplierName} (${s.supplierCode})`] as const)]),
      );
  }, [suppliers.data]);
  const offered = new Set((suppliers.data ?? []).map((s) => s.id));
  const supplierOptions = [
    ...chosen.filter((id) => !offered.has(id)).map((id) => ({ value: id, label: known.get(id) ?? id })),
    ...(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.supplierName} (${s.supplierCode})` })),
  ];

  const initial: Values = rfq
    ? {
        title: rfq.title,
        mode: rfq.mode,
        bidStep: plain(rfq.bidStep),
        bidCeiling: rfq.bidCeiling ? plain(rfq.bidCeiling) : '',
        bidExtendMinutes: rfq.bidExtendMinutes,
        categoryCode: rfq.categoryCode || undefined,
        currency: rfq.currency,
        deadline: dayjs(rfq.deadline),
        deliveryAddress: rfq.deliveryAddress,
        terms: rfq.terms,
        remark: rfq.remark,
        supplierIds: rfq.suppliers.map((s) => s.supplierId),
        lines: rfq.lines.map((l) => ({
          materialCode: l.materialCode,
          materialName: l.materialName,
          spec: l.spec,
          unit: l.unit,
          quantity: plain(l.quantity),
          deliveryDate: l.deliveryDate,
        })),
      }
    : {
        title: '',
        mode: 'sealed',
        bidStep: '0',
        bidCeiling: '',
        bidExtendMinutes: 0,
        currency: 'CNY',
        deadline: null,
        deliveryAddress: '',
        terms: '',
        remark: '',
        supplierIds: [],
        lines: [emptyLine()],
      };
  const close = useDiscardGuard(
    () => form.isFieldsTouched() || requisition !== (rfq?.requisition ?? null),
    onClose,
  );

  const save = useMutation({
    mutationFn: (body: RfqSaveBody) =>
      rfq ? rfqApi.update(rfq.id, { ...body, version: rfq.version }) : rfqApi.create(body),
    onSuccess: (saved) => {
      toast.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400) return;
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, (path) =>
        path === 'requisitionTaskId' ? null : formPathOf(path),
      );
      setProblems(rest);
    },
  });

  const pick = (r: RequisitionChoice) => {
    setPicking(false);
    setRequisition({ taskId: r.taskId, billNo: r.billNo });
    form.setFieldsValue({
      title: r.title.slice(0, 100),
      lines: r.lines.slice(0, RFQ_MAX_LINES).map((l) => ({
        materialCode: '',
        materialName: l.materialName,
        spec: l.spec,
        unit: l.unit,
        quantity: plain(l.quantity),
        deliveryDate: r.neededBy,
      })),
    });
    toast.success(t('requisitionFilled', { billNo: r.billNo }));
  };
  const inviteListed = () => {
    const next = [...new Set([...chosen, ...(suppliers.data ?? []).map((s) => s.id)])].slice(
      0,
      RFQ_MAX_SUPPLIERS,
    );
    form.setFieldValue('supplierIds', next);
  };

  const required = { required: true, whitespace: true, message: msg('validation.required') };
  return (
    <Drawer
      open
      title={rfq ? t('editTitle', { billNo: rfq.billNo }) : t('addTitle')}
      onClose={close}
      size="min(1200px, 100vw)"
      destroyOnHidden
      data-testid="rfq-editor"
      footer={
        <EditorFooter
          prefix="rfq"
          formId={formId}
          canSave
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('cancel')}
          saveLabel={t('save')}
        />
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
        onFinish={(values) => {
          setProblems([]);
          const auction = values.mode === 'auction';
          const ceiling = String(values.bidCeiling ?? '').trim();
          save.mutate({
            title: values.title,
            mode: values.mode ?? 'sealed',
            bidStep: auction ? String(values.bidStep ?? '').trim() || '0' : '0',
            bidCeiling: auction && ceiling ? ceiling : null,
            bidExtendMinutes: auction ? (values.bidExtendMinutes ?? 0) : 0,
            categoryCode: values.categoryCode ?? '',
            currency: values.currency,
            deadline: values.deadline?.valueOf() ?? 0,
            deliveryAddress: values.deliveryAddress,
            terms: values.terms ?? '',
            remark: values.remark ?? '',
            requisitionTaskId: requisition?.taskId ?? null,
            supplierIds: values.supplierIds ?? [],
            lines: (values.lines ?? []).map((l) => ({
              materialCode: l.materialCode ?? '',
              materialName: l.materialName,
              spec: l.spec ?? '',
              unit: l.unit,
              quantity: String(l.quantity).trim(),
              deliveryDate: l.deliveryDate,
            })),
          });
        }}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name;
          if (first) form.scrollToField(first, { block: 'center', focus: true });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('rfqTitle')} rules={[required]}>
              <Input maxLength={100} data-testid="rfq-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="categoryCode" label={t('category')} extra={t('categoryHint')}>
              <DictTreeSelect
                typeCode="supplyCategory"
                placeholder={t('categoryPlaceholder')}
                data-testid="rfq-category"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="currency"
              label={t('currency')}
              rules={[{ pattern: /^[A-Za-z]{3}$/, message: msg('validation.poCurrency') }]}
            >
              <Input maxLength={3} data-testid="rfq-currency" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="deadline"
              label={t('deadline')}
              rules={[
                { required: true, message: msg('validation.required') },
                {
                  validator: (_, v: Dayjs | null) =>
                    !v || v.isAfter(dayjs())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('deadlinePast'))),
                },
              ]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                style={{ width: '100%' }}
                data-testid="rfq-deadline-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="deliveryAddress" label={t('deliveryAddress')} rules={[required]}>
              <Input maxLength={200} data-testid="rfq-address" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('suppliers')} required extra={t('suppliersHint', { max: RFQ_MAX_SUPPLIERS })}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item
                  name="supplierIds"
                  noStyle
                  rules={[
                    {
                      validator: (_, v: string[] | undefined) =>
                        v?.length
                          ? Promise.resolve()
                          : Promise.reject(new Error(msg('validation.rfqSuppliersRequired'))),
                    },
                  ]}
                >
                  <Select
                    mode="multiple"
                    showSearch={{ filterOption: false, onSearch: setTyped }}
                    maxCount={RFQ_MAX_SUPPLIERS}
                    placeholder={t('suppliersPlaceholder')}
                    aria-label={t('suppliers')}
                    options={supplierOptions}
                    loading={suppliers.isFetching}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="rfq-suppliers"
                  />
                </Form.Item>
                <Button
                  icon={<UsergroupAddOutlined />}
                  disabled={!suppliers.data?.length}
                  onClick={inviteListed}
                  data-testid="rfq-suppliers-all"
                >
                  {t('inviteListed')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="mode"
              label={t('mode')}
              extra={mode === 'auction' ? t('modeAuctionHint') : t('modeSealedHint')}
            >
              <Radio.Group
                optionType="button"
                aria-label={t('mode')}
                data-testid="rfq-mode"
                options={[
                  { value: 'sealed', label: t('modeSealed') },
                  { value: 'auction', label: t('modeAuction') },
                ]}
              />
            </Form.Item>
          </Col>
          {mode === 'auction' && (
            <>
              <Col xs={12} md={5}>
                <Form.Item
                  name="bidStep"
                  label={t('bidStep')}
                  extra={t('bidStepHint')}
                  rules={[decimalRule(2, 'validation.poMoney', msg, true)]}
                >
                  <Input inputMode="decimal" data-testid="rfq-bid-step" />
                </Form.Item>
              </Col>
              <Col xs={12} md={5}>
                <Form.Item
                  name="bidCeiling"
                  label={t('bidCeiling')}
                  extra={t('bidCeilingHint')}
                  rules={[decimalRule(2, 'validation.poMoney', msg, true)]}
                >
                  <Input inputMode="decimal" placeholder={t('noCeiling')} data-testid="rfq-bid-ceiling" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item name="bidExtendMinutes" label={t('bidExtendMinutes')} extra={t('bidExtendHint')}>
                  <InputNumber
                    min={0}
                    max={BID_MAX_EXTEND_MINUTES}
                    precision={0}
                    style={{ width: '100%' }}
                    data-testid="rfq-bid-extend"
                  />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="terms" label={t('terms')} extra={t('termsHint')}>
              <Input.TextArea maxLength={1000} rows={3} data-testid="rfq-terms" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="remark" label={t('remark')} extra={t('remarkHint')}>
              <Input.TextArea maxLength={500} rows={3} data-testid="rfq-remark" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('lines')}</Typography.Title>
        <LinesEditor
          ns="rfq"
          prefix="rfq"
          max={RFQ_MAX_LINES}
          emptyLine={emptyLine}
          actions={
            <>
              <Button
                icon={<FileSearchOutlined />}
                onClick={() => setPicking(true)}
                data-testid="rfq-from-requisition"
              >
                {t('fromRequisition')}
              </Button>
              {requisition && (
                <Space size={0}>
                  <Tag data-testid="rfq-requisition-tag">
                    {t('requisitionLinked', { billNo: requisition.billNo })}
                  </Tag>
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={t('unlinkRequisition', { billNo: requisition.billNo })}
                    onClick={() => setRequisition(null)}
                    data-testid="rfq-requisition-unlink"
                  />
                </Space>
              )}
            </>
          }
        />
      </Form>
      {picking && <RequisitionPicker onPick={pick} onClose={() => setPicking(false)} />}
    </Drawer>
  );
}
