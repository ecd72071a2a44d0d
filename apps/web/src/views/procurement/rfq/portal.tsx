import { CopyOutlined, RollbackOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  formatDate,
  formatDecimal,
  type PortalRfq,
  QUOTE_MAX_FILES,
  QUOTE_MAX_LEAD_DAYS,
  type Quote,
  type QuoteSaveBody,
  quoteTotal,
  type RfqFile,
  type RfqLine,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Space,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { DAY, dayItem } from '../../../components/dayField';
import { EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { FileLinks, FileUploader } from '../../supplier/shared';
import { useConfirm } from '../documentActions';
import { portalRfqApi, rfqKeys } from '../rfq-api';
import { BidPanel } from './BidPanel';
import {
  priceText,
  QuoteStateTag,
  RfqHeader,
  RfqLinesTable,
  RfqList,
  useAtDeadline,
  usePriceColumns,
} from './shared';

const SIZE = 'min(1200px, 100vw)';
type LineValues = { unitPrice?: string; leadDays?: number | null; remark?: string };
type Values = { validUntil?: string; remark?: string; files: RfqFile[]; lines: Record<string, LineValues> };

/** A price as typed: its trailing zeros dropped (`12.5000` → `12.5`). */
const plain = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/** A quote as the form holds it (`quote` null: nothing quoted yet). */
function valuesOf(quote: Quote | null, lines: RfqLine[]): Values {
  const byLine = new Map((quote?.lines ?? []).map((l) => [l.rfqLineId, l]));
  return {
    validUntil: quote?.validUntil || undefined,
    remark: quote?.remark ?? '',
    files: quote?.files ?? [],
    lines: Object.fromEntries(
      lines.map((l) => {
        const q = byLine.get(l.id);
        return [
          l.id,
          {
            unitPrice: q?.unitPrice ? plain(q.unitPrice) : '',
            leadDays: q?.leadDays ?? null,
            remark: q?.remark ?? '',
          },
        ];
      }),
    ),
  };
}

/** The quote's own fields per line: editable while the request is open (`form`), else what was quoted. */
function useQuoteColumns(
  rfq: PortalRfq,
  editable: boolean,
  values: Values | undefined,
): ColumnsType<RfqLine> {
  const { t } = useTranslation('rfq');
  const priced = usePriceColumns(values?.lines, { optional: true, testId: 'rfq-quote' });
  const byLine = new Map((rfq.quote?.lines ?? []).map((l) => [l.rfqLineId, l]));
  if (!editable)
    return [
      {
        title: t('unitPrice'),
        key: 'price',
        width: 120,
        align: 'right',
        render: (_, l) => {
          const price = byLine.get(l.id)?.unitPrice;
          return price ? (
            formatDecimal(price, 4)
          ) : (
            <Typography.Text type="secondary">{t('notQuoted')}</Typography.Text>
          );
        },
      },
      {
        title: t('amount'),
        key: 'amount',
        width: 120,
        align: 'right',
        render: (_, l) => {
          const amount = byLine.get(l.id)?.amount;
          return amount ? formatDecimal(amount) : '-';
        },
      },
      {
        title: t('leadDays'),
        key: 'lead',
        width: 90,
        align: 'right',
        render: (_, l) => byLine.get(l.id)?.leadDays ?? '-',
      },
      {
        title: t('lineRemark'),
        key: 'remark',
        width: 160,
        render: (_, l) => byLine.get(l.id)?.remark || '-',
      },
    ];
  return [
    ...priced,
    {
      title: t('leadDays'),
      key: 'lead',
      width: 110,
      render: (_, l) => (
        <Form.Item name={['lines', l.id, 'leadDays']} style={{ margin: 0 }}>
          <InputNumber
            min={0}
            max={QUOTE_MAX_LEAD_DAYS}
            precision={0}
            aria-label={t('leadDaysOf', { n: l.lineNo })}
            style={{ width: 90 }}
            data-testid={`rfq-quote-lead-${l.lineNo}`}
          />
        </Form.Item>
      ),
    },
    {
      title: t('lineRemark'),
      key: 'remark',
      width: 180,
      render: (_, l) => (
        <Form.Item name={['lines', l.id, 'remark']} style={{ margin: 0 }}>
          <Input
            maxLength={200}
            aria-label={t('lineRemarkOf', { n: l.lineNo })}
            data-testid={`rfq-quote-remark-${l.lineNo}`}
          />
        </Form.Item>
      ),
    },
  ];
}

/** What the supplier is told about its quote, by the request's state and the quote's. */
function QuoteNotice({ rfq, editable }: { rfq: PortalRfq; editable: boolean }) {
  const { t } = useTranslation('rfq');
  const quote = rfq.quote;
  if (rfq.state === 'cancelled')
    return <Alert type="error" showIcon title={t('cancelledHint', { reason: rfq.cancelReason || '-' })} />;
  if (rfq.state === 'awarded')
    return (
      <Alert
        type={rfq.lines.some((l) => l.award) ? 'success' : 'info'}
        showIcon
        title={rfq.lines.some((l) => l.award) ? t('awardedHint') : t('notAwardedHint')}
        data-testid="rfq-portal-awarded"
      />
    );
  if (!editable && rfq.state !== 'open')
    return <Alert type="info" showIcon title={quote ? t('closedHint') : t('closedNoQuoteHint')} />;
  if (quote?.state === 'submitted')
    return (
      <Alert
        type="success"
        showIcon
        title={t('submittedHint', { time: formatDate(quote.submittedAt, 'yyyy-MM-dd HH:mm') })}
      />
    );
  if (quote?.state === 'withdrawn') return <Alert type="warning" showIcon title={t('withdrawnHint')} />;
  return (
    <Alert
      type="info"
      showIcon
      title={rfq.previousQuote ? t('newRoundQuoteHint', { n: rfq.round }) : t('quoteHint')}
    />
  );
}

/** The drawer of one request on the supplier's side. */
function PortalDrawer({
  rfq,
  onClose,
  footer,
  children,
}: {
  rfq: PortalRfq;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('rfq');
  return (
    <Drawer
      open
      title={t('detailTitle', { billNo: rfq.billNo })}
      onClose={onClose}
      size={SIZE}
      footer={footer}
      data-testid="rfq-portal-detail"
    >
      {children}
    </Drawer>
  );
}

/** One request for the invited supplier: its quote of the round (a sealed quote, or a live auction's bids). */
function PortalRfqDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('rfq');
  const query = useQuery({
    queryKey: rfqKeys.portalOne(id),
    queryFn: () => portalRfqApi.get(id),
    refetchOnMount: 'always',
  });
  const rfq = query.data;
  // At the deadline the server takes the actions away: the quote turns read only.
  useAtDeadline(rfq?.suspended ? undefined : rfq, () => void query.refetch());
  if (!rfq)
    return (
      <EditorLoading
        title={t('title')}
        error={query.error}
        onClose={onClose}
        size={SIZE}
        testId="rfq-portal-detail"
      />
    );
  if (rfq.mode === 'auction')
    return (
      <PortalDrawer rfq={rfq} onClose={onClose}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {(rfq.state === 'cancelled' || rfq.state === 'awarded') && (
            <QuoteNotice rfq={rfq} editable={false} />
          )}
          <RfqHeader rfq={rfq} />
          <BidPanel rfq={rfq} onStale={() => void query.refetch()} />
        </Space>
      </PortalDrawer>
    );
  return <QuoteDetail rfq={rfq} onClose={onClose} />;
}

/** A sealed request's quote of the round: editable while the request is open. */
function QuoteDetail({ rfq, onClose }: { rfq: PortalRfq; onClose: () => void }) {
  const { t } = useTranslation('rfq');
  const id = rfq.id;
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  const confirm = useConfirm('rfq', 'rfq-confirm-ok');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [problems, setProblems] = useState<string[]>([]);
  const values = Form.useWatch([], form) as Values | undefined;
  // The server's quote into the form whenever another version of it arrives (saved, withdrawn).
  const quoteVersion = `${rfq.id}-${rfq.round}-${rfq.quote?.id ?? ''}-${rfq.quote?.version ?? ''}`;
  const loaded = useRef(quoteVersion);
  useEffect(() => {
    if (loaded.current === quoteVersion) return;
    loaded.current = quoteVersion;
    form.setFieldsValue(valuesOf(rfq.quote, rfq.lines));
  }, [rfq, quoteVersion, form]);

  const settled = (next: PortalRfq, message: string) => {
    toast.success(message);
    queryClient.setQueryData(rfqKeys.portalOne(id), next);
    void queryClient.invalidateQueries({ queryKey: rfqKeys.portal });
  };
  const save = useMutation({
    mutationFn: ({ body }: { body: QuoteSaveBody }) => portalRfqApi.saveQuote(id, body),
    onSuccess: (next, { body }) => settled(next, body.submit ? t('quoteSubmitted') : t('quoteSaved')),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 400) return;
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, (path) => {
        const [head, index, field] = path.split('.');
        if (head === 'lines') {
          const line = rfq.lines[Number(index)];
          return line && field ? ['lines', line.id, field] : null;
        }
        if (head === 'fileIds') return ['files'];
        return head === 'validUntil' || head === 'remark' ? [head] : null;
      });
      setProblems(rest);
    },
  });
  const withdraw = useMutation({
    mutationFn: (version: number) => portalRfqApi.withdraw(id, version),
    onSuccess: (next) => settled(next, t('quoteWithdrawn')),
  });

  const can = (a: PortalRfq['actions'][number]) => rfq.actions.includes(a);
  const editable = can('save') || can('submit');
  const pricedLines = (v: Values) =>
    rfq.lines.map((l) => ({ line: l, price: priceText(v.lines?.[l.id]?.unitPrice) }));
  const total = quoteTotal(
    pricedLines(values ?? valuesOf(null, [])).map((p) => ({ quantity: p.line.quantity, unitPrice: p.price })),
  );

  const send = (submit: boolean) =>
    form
      .validateFields()
      .then((v) => {
        setProblems([]);
        const priced = pricedLines(v);
        if (submit && !priced.some((p) => p.price !== null)) {
          setProblems([t('quoteSomeLine')]);
          return;
        }
        const body: QuoteSaveBody = {
          version: rfq.quote?.version ?? null,
          submit,
          validUntil: v.validUntil ?? '',
          remark: v.remark ?? '',
          fileIds: (v.files ?? []).map((f) => f.id),
          lines: priced.map(({ line, price }) => ({
            rfqLineId: line.id,
            unitPrice: price,
            leadDays: v.lines?.[line.id]?.leadDays ?? null,
            remark: v.lines?.[line.id]?.remark ?? '',
          })),
        };
        if (!submit) return void save.mutate({ body });
        confirm(t('confirmSubmitQuote', { amount: `${rfq.currency} ${formatDecimal(total)}` }), () =>
          save.mutateAsync({ body }),
        );
      })
      .catch(() => undefined);
  const copyLast = () => {
    const previous = rfq.previousQuote;
    if (!previous) return;
    const copied = valuesOf(previous, rfq.lines);
    const today = dayjs().format(DAY);
    form.setFieldsValue({
      lines: copied.lines,
      remark: copied.remark,
      ...(copied.validUntil && copied.validUntil >= today ? { validUntil: copied.validUntil } : {}),
    });
    toast.success(t('copiedLast', { n: previous.round }));
  };

  const quote = rfq.quote;
  const footer = (editable || can('withdraw')) && (
    <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
      {editable && rfq.previousQuote && (
        <Button icon={<CopyOutlined />} onClick={copyLast} data-testid="rfq-quote-copy">
          {t('copyLast')}
        </Button>
      )}
      {can('save') && (
        <Button
          icon={<SaveOutlined />}
          loading={save.isPending && !save.variables?.body.submit}
          onClick={() => send(false)}
          data-testid="rfq-quote-save"
        >
          {t('saveDraft')}
        </Button>
      )}
      {can('submit') && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={save.isPending && save.variables?.body.submit}
          onClick={() => send(true)}
          data-testid="rfq-quote-submit"
        >
          {t('submitQuote')}
        </Button>
      )}
      {can('withdraw') && quote && (
        <Button
          danger
          icon={<RollbackOutlined />}
          loading={withdraw.isPending}
          onClick={() => confirm(t('confirmWithdraw'), () => withdraw.mutateAsync(quote.version), true)}
          data-testid="rfq-quote-withdraw"
        >
          {t('withdraw')}
        </Button>
      )}
    </Space>
  );

  return (
    <PortalDrawer rfq={rfq} onClose={onClose} footer={footer || undefined}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <QuoteNotice rfq={rfq} editable={editable} />
        <RfqHeader rfq={rfq} />
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('; ')} />}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={valuesOf(quote, rfq.lines)}
          data-testid="rfq-quote-form"
        >
          <Row justify="space-between" align="middle" style={{ marginBottom: 8, rowGap: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('myQuoteTitle', { n: rfq.round })}
            </Typography.Title>
            <Space size={8} wrap>
              {quote && <QuoteStateTag state={quote.state} />}
              <Typography.Text strong data-testid="rfq-quote-total">
                {t('quoteTotalOf', {
                  amount: `${rfq.currency} ${formatDecimal(editable ? total : (quote?.totalAmount ?? '0'))}`,
                })}
              </Typography.Text>
            </Space>
          </Row>
          <QuoteLines rfq={rfq} editable={editable} values={values} />
          {editable ? (
            <Row gutter={16} style={{ marginTop: 16 }}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="validUntil"
                  label={t('validUntil')}
                  rules={[{ required: true, message: msg('validation.required') }]}
                  {...dayItem}
                >
                  <DatePicker
                    disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                    style={{ width: '100%' }}
                    data-testid="rfq-quote-valid-until"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item name="remark" label={t('quoteRemark')}>
                  <Input.TextArea maxLength={500} rows={2} data-testid="rfq-quote-remark" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="files" label={t('attachments')}>
                  <FileUploader
                    testId="rfq-quote-upload"
                    max={QUOTE_MAX_FILES}
                    upload={portalRfqApi.upload}
                  />
                </Form.Item>
              </Col>
            </Row>
          ) : (
            quote && (
              <Descriptions
                size="small"
                bordered
                column={{ xs: 1, sm: 2 }}
                style={{ marginTop: 16 }}
                data-testid="rfq-quote-summary"
                items={[
                  { key: 'validUntil', label: t('validUntil'), children: quote.validUntil },
                  {
                    key: 'submittedAt',
                    label: t('submittedAt'),
                    children: formatDate(quote.submittedAt, 'yyyy-MM-dd HH:mm') || '-',
                  },
                  { key: 'remark', label: t('quoteRemark'), children: quote.remark || '-', span: 'filled' },
                  {
                    key: 'files',
                    label: t('attachments'),
                    children: <FileLinks files={quote.files} testId="rfq-quote-file" />,
                    span: 'filled',
                  },
                ]}
              />
            )
          )}
        </Form>
      </Space>
    </PortalDrawer>
  );
}

function QuoteLines({
  rfq,
  editable,
  values,
}: {
  rfq: PortalRfq;
  editable: boolean;
  values: Values | undefined;
}) {
  const extra = useQuoteColumns(rfq, editable, values);
  return <RfqLinesTable lines={rfq.lines} extra={extra} testId="rfq-quote-lines" />;
}

/** 供应商门户 › 询价与报价: the requests the supplier is invited to, and its quotes. */
export default function PortalRfqsPage() {
  return (
    <RfqList
      side="supplier"
      list={portalRfqApi.list}
      queryKey={rfqKeys.portalList}
      detail={(id, close) => <PortalRfqDetail key={id} id={id} onClose={close} />}
    />
  );
}
