import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import {
  PO_LINE_ANSWERS,
  type PoAnswerBody,
  type PoLine,
  type PoLineAnswer,
  type PurchaseOrder,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Drawer, Form, type FormInstance, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { orderKeys, portalOrderApi } from '../api';
import { OrderList } from '../OrderList';
import { OrderBody, OrderLinesTable } from '../shared';

const SIZE = 'min(1100px, 100vw)';
type AnswerValues = Record<
  string,
  { answer?: PoLineAnswer; reason?: string; quantity?: string; deliveryDate?: string }
>;

/** The answer fields of one waiting line (the others show what was answered). */
function AnswerCell({ line }: { line: PoLine }) {
  const { t } = useTranslation('procurement');
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  if (line.state !== 'waiting') return null;
  const n = line.lineNo;
  return (
    <Space orientation="vertical" size={4} style={{ minWidth: 220 }}>
      <Form.Item name={[line.id, 'answer']} style={{ margin: 0 }}>
        <Select
          allowClear
          aria-label={t('answerLine', { n })}
          placeholder={t('answer')}
          options={PO_LINE_ANSWERS.map((a) => ({ value: a, label: t(`answerKind.${a}`) }))}
          data-testid="po-answer-kind"
        />
      </Form.Item>
      <Form.Item noStyle dependencies={[[line.id, 'answer']]}>
        {({ getFieldValue }) => {
          const answer = getFieldValue([line.id, 'answer']) as PoLineAnswer | undefined;
          if (!answer || answer === 'accept') return null;
          return (
            <>
              {answer === 'propose' && (
                <Space size={4} wrap>
                  <Form.Item name={[line.id, 'quantity']} style={{ margin: 0 }}>
                    <Input
                      inputMode="decimal"
                      placeholder={t('quantity')}
                      aria-label={t('answerQuantity', { n })}
                      style={{ width: 100 }}
                      data-testid="po-answer-quantity"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[line.id, 'deliveryDate']}
                    style={{ margin: 0 }}
                    getValueProps={(v: unknown) => ({
                      value: typeof v === 'string' && v ? dayjs(v) : undefined,
                    })}
                    normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
                  >
                    <DatePicker
                      placeholder={t('deliveryDate')}
                      aria-label={t('answerDate', { n })}
                      data-testid="po-answer-date"
                    />
                  </Form.Item>
                </Space>
              )}
              <Form.Item
                name={[line.id, 'reason']}
                style={{ margin: 0 }}
                rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
              >
                <Input
                  maxLength={200}
                  placeholder={t('reason')}
                  aria-label={t('answerReason', { n })}
                  data-testid="po-answer-reason"
                />
              </Form.Item>
            </>
          );
        }}
      </Form.Item>
    </Space>
  );
}

/** One order in the supplier's portal: read it, and answer its waiting lines. */
function PortalOrderDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('procurement');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AnswerValues>();
  const query = useQuery({
    queryKey: orderKeys.portalOne(id),
    queryFn: () => portalOrderApi.get(id),
    refetchOnMount: 'always',
  });
  const order = query.data;
  const answer = useMutation({
    mutationFn: (body: PoAnswerBody) => portalOrderApi.answer(id, body),
    onSuccess: (next: PurchaseOrder) => {
      toast.success(t('answered'));
      form.resetFields();
      queryClient.setQueryData(orderKeys.portalOne(id), next);
      void queryClient.invalidateQueries({ queryKey: orderKeys.portal });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400 || !order) return;
      // `lines.0.reason` names the n-th answer sent: put it on that line's field.
      const sent = Object.keys(form.getFieldsValue(true) as AnswerValues);
      placeFieldErrors(form as FormInstance, error.fields ?? {}, (path) => {
        const [, index, field] = path.split('.');
        const lineId = sent[Number(index)];
        return lineId && field ? [lineId, field] : null;
      });
    },
  });
  if (!order)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="po-portal-detail"
      />
    );
  const answerable = order.actions.includes('answer');
  const send = (values: AnswerValues) => {
    const lines = Object.entries(values)
      .filter(([, v]) => v?.answer)
      .map(([lineId, v]) => ({
        lineId,
        answer: v.answer as PoLineAnswer,
        reason: v.reason ?? '',
        ...(v.answer === 'propose' && v.quantity ? { quantity: v.quantity } : {}),
        ...(v.answer === 'propose' && v.deliveryDate ? { deliveryDate: v.deliveryDate } : {}),
      }));
    if (lines.length === 0) return toast.info(t('nothingToAnswer'));
    answer.mutate({ version: order.version, lines });
  };
  const acceptAll = () =>
    form.setFieldsValue(
      Object.fromEntries(
        order.lines.filter((l) => l.state === 'waiting').map((l) => [l.id, { answer: 'accept' }]),
      ),
    );
  return (
    <Drawer
      open
      title={t('detailTitle', { billNo: order.billNo })}
      onClose={onClose}
      size={SIZE}
      data-testid="po-portal-detail"
      extra={
        answerable && (
          <Space wrap>
            <Button icon={<CheckOutlined />} onClick={acceptAll} data-testid="po-accept-all">
              {t('acceptAll')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={answer.isPending}
              onClick={() => form.submit()}
              data-testid="po-answer-send"
            >
              {t('answerSend')}
            </Button>
          </Space>
        )
      }
    >
      <OrderBody
        order={order}
        note={answerable && <Alert type="info" showIcon title={t('answerHint')} />}
        lines={
          <Form form={form} onFinish={send} component="div">
            <OrderLinesTable
              order={order}
              extra={
                answerable
                  ? [
                      {
                        title: t('answer'),
                        key: 'answer',
                        width: 240,
                        render: (_, l) => <AnswerCell line={l} />,
                      },
                    ]
                  : []
              }
            />
          </Form>
        }
      />
    </Drawer>
  );
}

/** 供应商门户 › 采购订单: the supplier's released orders, answered line by line. */
export default function PortalOrdersPage() {
  return (
    <OrderList
      side="supplier"
      list={portalOrderApi.list}
      queryKey={orderKeys.portalList}
      detail={(id, close) => <PortalOrderDetail key={id} id={id} onClose={close} />}
    />
  );
}
