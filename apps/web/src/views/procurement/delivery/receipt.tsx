import {
  CheckOutlined,
  PrinterOutlined,
  RollbackOutlined,
  SaveOutlined,
  ScanOutlined,
} from '@ant-design/icons';
import {
  type Asn,
  type AsnLine,
  formatDate,
  formatQuantity,
  type ReceiptSaveBody,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Modal,
  Space,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/request';
import { EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { deliveryKeys, receiptApi } from '../delivery-api';
import { AsnBody, AsnLinesTable, AsnList, LabelsDialog } from './shared';

const SIZE = 'min(1200px, 100vw)';
type LineValues = { acceptedQuantity?: string; rejectedQuantity?: string; rejectReason?: string };
type Values = { remark?: string; lines: Record<string, LineValues> };
const plain = (v: string) => formatQuantity(v).replace(/,/g, '');

/** The receipt's fields of one line: accepted, rejected and why. */
function ReceiveCells({ line }: { line: AsnLine }) {
  const { t } = useTranslation('delivery');
  const n = line.lineNo;
  return (
    <Space size={4} wrap style={{ minWidth: 320 }}>
      <Form.Item name={['lines', line.id, 'acceptedQuantity']} style={{ margin: 0 }}>
        <Input
          inputMode="decimal"
          style={{ width: 90 }}
          aria-label={t('acceptedOf', { n })}
          data-testid="gr-accepted"
        />
      </Form.Item>
      <Form.Item name={['lines', line.id, 'rejectedQuantity']} style={{ margin: 0 }}>
        <Input
          inputMode="decimal"
          style={{ width: 90 }}
          aria-label={t('rejectedOf', { n })}
          data-testid="gr-rejected"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[['lines', line.id, 'rejectedQuantity']]}>
        {({ getFieldValue }) =>
          Number(getFieldValue(['lines', line.id, 'rejectedQuantity']) ?? 0) > 0 && (
            <Form.Item name={['lines', line.id, 'rejectReason']} style={{ margin: 0 }}>
              <Input
                maxLength={200}
                placeholder={t('rejectReason')}
                aria-label={t('reasonOf', { n })}
                data-testid="gr-reason"
              />
            </Form.Item>
          )
        }
      </Form.Item>
    </Space>
  );
}

/** One notice for staff: read it, receive it (a draft or at once), reverse its receipt. */
function StaffAsnDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('delivery');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [labels, setLabels] = useState(false);
  const [reversing, setReversing] = useState(false);
  const [reason, setReason] = useState('');
  const confirmAfter = useRef(false);
  const query = useQuery({
    queryKey: deliveryKeys.one(id),
    queryFn: () => receiptApi.get(id),
    refetchOnMount: 'always',
  });
  const asn = query.data;
  const settled = (next: Asn, message: string) => {
    toast.success(message);
    queryClient.setQueryData(deliveryKeys.one(id), next);
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
  };
  const receive = useMutation({
    mutationFn: ({
      body,
      confirm,
    }: {
      body: Omit<ReceiptSaveBody, 'asnId' | 'confirm'>;
      confirm: boolean;
    }) => {
      const a = asn as Asn;
      const draft = a.receipt?.state === 'draft' ? a.receipt : null;
      return draft
        ? receiptApi.update(draft.id, { ...body, confirm, version: draft.version })
        : receiptApi.receive({ ...body, asnId: a.id, confirm });
    },
    onSuccess: (next, { confirm }) => settled(next, confirm ? t('receivedDone') : t('saved')),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400 || !asn) return;
      placeFieldErrors(form as FormInstance, error.fields ?? {}, (path) => {
        const [head, index, field] = path.split('.');
        const line = asn.lines[Number(index)];
        return head === 'lines' && line && field ? ['lines', line.id, field] : null;
      });
    },
  });
  const reverse = useMutation({
    mutationFn: () => {
      const r = asn?.receipt as NonNullable<Asn['receipt']>;
      return receiptApi.reverse(r.id, r.version, reason);
    },
    onSuccess: (next) => {
      setReversing(false);
      setReason('');
      form.resetFields();
      settled(next, t('reversedDone'));
    },
  });
  if (!asn)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="asn-detail"
      />
    );
  const receipt = asn.receipt;
  const editable = asn.actions.includes('receive') || receipt?.actions.includes('edit');
  const initial: Values = {
    remark: receipt?.remark ?? '',
    lines: Object.fromEntries(
      asn.lines.map((l) => {
        const kept = receipt?.lines.find((r) => r.asnLineId === l.id);
        return [
          l.id,
          kept
            ? {
                acceptedQuantity: plain(kept.acceptedQuantity),
                rejectedQuantity: plain(kept.rejectedQuantity),
                rejectReason: kept.rejectReason,
              }
            : { acceptedQuantity: plain(l.quantity), rejectedQuantity: '0', rejectReason: '' },
        ];
      }),
    ),
  };
  const submit = (values: Values) =>
    receive.mutate({
      confirm: confirmAfter.current,
      body: {
        remark: values.remark ?? '',
        lines: asn.lines.map((l) => {
          const v = values.lines?.[l.id] ?? {};
          return {
            asnLineId: l.id,
            acceptedQuantity: String(v.acceptedQuantity ?? '').trim(),
            rejectedQuantity: String(v.rejectedQuantity ?? '0').trim() || '0',
            rejectReason: v.rejectReason ?? '',
          };
        }),
      },
    });
  return (
    <Drawer
      open
      title={t('detailTitle', { billNo: asn.billNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="asn-detail"
      extra={
        <Space wrap>
          <Button icon={<PrinterOutlined />} onClick={() => setLabels(true)} data-testid="asn-labels">
            {t('labels')}
          </Button>
          {editable && (
            <>
              <Button
                icon={<SaveOutlined />}
                loading={receive.isPending && !receive.variables?.confirm}
                onClick={() => {
                  confirmAfter.current = false;
                  form.submit();
                }}
                data-testid="gr-save"
              >
                {t('saveDraft')}
              </Button>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={receive.isPending && receive.variables?.confirm}
                onClick={() => {
                  confirmAfter.current = true;
                  form.submit();
                }}
                data-testid="gr-confirm"
              >
                {t('confirmReceipt')}
              </Button>
            </>
          )}
          {receipt?.actions.includes('reverse') && (
            <Button
              danger
              icon={<RollbackOutlined />}
              onClick={() => setReversing(true)}
              data-testid="gr-reverse"
            >
              {t('reverse')}
            </Button>
          )}
        </Space>
      }
    >
      <AsnBody
        asn={asn}
        staff
        note={
          <>
            {editable && <Alert type="info" showIcon title={t('receiveHint')} />}
            {receipt && (
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, sm: 2, lg: 4 }}
                data-testid="gr-header"
                items={[
                  {
                    key: 'no',
                    label: t('receiptNo'),
                    children: <span data-testid="gr-bill-no">{receipt.billNo}</span>,
                  },
                  { key: 'state', label: t('receiptState'), children: t(`receipt.${receipt.state}`) },
                  { key: 'by', label: t('receivedBy'), children: receipt.receivedBy },
                  {
                    key: 'at',
                    label: t('confirmedAt'),
                    children: formatDate(receipt.confirmedAt, 'yyyy-MM-dd HH:mm'),
                  },
                ]}
              />
            )}
          </>
        }
        lines={
          <Form<Values>
            form={form}
            onFinish={submit}
            component="div"
            initialValues={initial}
            key={`${asn.id}-${asn.version}`}
          >
            <AsnLinesTable
              asn={asn}
              extra={
                editable
                  ? [
                      {
                        title: (
                          <Space size={4}>
                            {t('accepted')} / {t('rejected')}
                          </Space>
                        ),
                        key: 'receive',
                        render: (_, l) => <ReceiveCells line={l} />,
                      },
                    ]
                  : []
              }
            />
            {editable && (
              <Form.Item name="remark" label={t('remark')} style={{ marginTop: 16 }}>
                <Input maxLength={500} data-testid="gr-remark" />
              </Form.Item>
            )}
          </Form>
        }
      />
      {labels && (
        <LabelsDialog id={asn.id} side="staff" fetch={receiptApi.labels} onClose={() => setLabels(false)} />
      )}
      <Modal
        open={reversing}
        title={t('reverseTitle', { billNo: receipt?.billNo ?? '' })}
        onCancel={() => setReversing(false)}
        onOk={() => {
          if (!reason.trim()) return toast.error(validationMessage('validation.required', language));
          reverse.mutate();
        }}
        okButtonProps={{ danger: true, loading: reverse.isPending, 'data-testid': 'gr-reverse-ok' } as never}
        okText={t('reverse')}
        cancelText={t('cancel')}
      >
        <Typography.Paragraph>{t('reverseHint')}</Typography.Paragraph>
        <Input.TextArea
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          aria-label={t('reverseReason')}
          placeholder={t('reverseReason')}
          data-testid="gr-reverse-reason"
        />
      </Modal>
    </Drawer>
  );
}

/** A scanner types a label's code and Enter, as a keyboard does: the notice it names opens. */
function ScanBox() {
  const { t } = useTranslation('delivery');
  const [, setSearchParams] = useSearchParams();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState('');
  const scan = useMutation({
    mutationFn: (value: string) => receiptApi.scan(value),
    onSuccess: (asn) => {
      setProblem('');
      setCode('');
      setSearchParams({ id: asn.id }, { replace: true });
    },
    onError: (error) => setProblem(error instanceof ApiError ? error.msg : String(error)),
  });
  return (
    <div style={{ marginBottom: 16, maxWidth: 520 }}>
      <Input.Search
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onSearch={(value) => value.trim() && scan.mutate(value.trim())}
        enterButton={t('scanFind')}
        loading={scan.isPending}
        prefix={<ScanOutlined aria-hidden />}
        placeholder={t('scanPlaceholder')}
        aria-label={t('scanLabel')}
        aria-describedby={problem ? 'gr-scan-problem' : undefined}
        data-testid="gr-scan"
      />
      {problem && (
        <Typography.Text type="danger" id="gr-scan-problem" role="alert" data-testid="gr-scan-problem">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}

/** 采购协同 › 送货与收货: the notices suppliers sent, found by a scan, and received. */
export default function ReceiptPage() {
  return (
    <AsnList
      side="staff"
      list={receiptApi.list}
      queryKey={deliveryKeys.list}
      toolbar={<ScanBox />}
      detail={(id, close) => <StaffAsnDetail key={id} id={id} onClose={close} />}
    />
  );
}
