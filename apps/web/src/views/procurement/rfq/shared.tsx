import {
  effectiveRfqState,
  formatDate,
  formatDecimal,
  type QuoteState,
  RFQ_STATES,
  RFQ_SUPPLIER_VISIBLE,
  type Rfq,
  type RfqBidRules,
  type RfqLine,
  type RfqState,
  type RfqSummary,
  validationMessage,
} from '@srm/contracts/core';
import { Descriptions, type DescriptionsProps, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict';
import { useAppStore } from '../../../store/settings';
import { DocumentList, type SideListProps } from '../DocumentList';
import { decimalRule, typedAmount } from '../LinesEditor';
import { materialColumns } from '../shared';

const STATE_COLOR: Record<RfqState, string> = {
  draft: 'default',
  open: 'blue',
  closed: 'gold',
  awarded: 'green',
  cancelled: 'red',
};
const QUOTE_COLOR: Record<QuoteState, string> = {
  draft: 'default',
  submitted: 'green',
  withdrawn: 'orange',
};

/** The clock, read again every `stepMs` while `active` (a countdown). */
export function useNow(active: boolean, stepMs = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [active, stepMs]);
  return now;
}

/**
 * Calls `onReach` once an open request's deadline has come (by this clock, a second after): the
 * server then answers what may be done after the close.
 */
export function useAtDeadline(rfq: Pick<RfqSummary, 'state' | 'deadline'> | undefined, onReach: () => void) {
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  const open = rfq?.state === 'open';
  const deadline = rfq?.deadline ?? 0;
  useEffect(() => {
    const wait = deadline - Date.now();
    if (!open || wait <= 0) return;
    const timer = setTimeout(() => reach.current(), Math.min(wait + 1000, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [open, deadline]);
}

/**
 * A request's state (an open one past its deadline reads as closed, unless its auction stands
 * suspended), a live auction's mark and its suspension, and its award in approval.
 */
export function RfqStateTag({
  rfq,
}: {
  rfq: Pick<RfqSummary, 'state' | 'deadline' | 'awarding'> & Partial<Pick<RfqSummary, 'mode' | 'suspended'>>;
}) {
  const { t } = useTranslation('rfq');
  const state = effectiveRfqState(rfq.state, rfq.deadline, Date.now(), rfq.suspended);
  return (
    <Space size={4} wrap>
      <Tag color={STATE_COLOR[state]} data-testid="rfq-state">
        {t(`state.${state}`)}
      </Tag>
      {rfq.mode === 'auction' && (
        <Tag color="purple" data-testid="rfq-auction-tag">
          {t('auctionTag')}
        </Tag>
      )}
      {rfq.suspended && state === 'open' && (
        <Tag color="orange" data-testid="rfq-suspended-tag">
          {t('suspendedTag')}
        </Tag>
      )}
      {rfq.awarding && (
        <Tag color="processing" data-testid="rfq-awarding">
          {t('awarding')}
        </Tag>
      )}
    </Space>
  );
}

/** A supplier's quote of the round, or that it has none. */
export function QuoteStateTag({ state }: { state: QuoteState | null }) {
  const { t } = useTranslation('rfq');
  return (
    <Tag color={state ? QUOTE_COLOR[state] : 'default'} data-testid="rfq-quote-state">
      {t(`quoteState.${state ?? 'none'}`)}
    </Tag>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A span of time as a clock (`01:02:03`), with the days before it when there are any. */
export function useLeftText(): (ms: number) => string {
  const { t } = useTranslation('rfq');
  return (ms) => {
    const left = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(left / 86_400);
    const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
    return days > 0 ? t('daysAnd', { count: days, time: clock }) : clock;
  };
}

/** The deadline, with the time left while the request is open, or when it closed. */
export function DeadlineText({
  rfq,
}: {
  rfq: Pick<RfqSummary, 'state' | 'deadline'> & Partial<Pick<RfqSummary, 'suspended'>>;
}) {
  const { t } = useTranslation('rfq');
  const leftText = useLeftText();
  const now = useNow(rfq.state === 'open' && !rfq.suspended);
  const at = formatDate(rfq.deadline, 'yyyy-MM-dd HH:mm');
  // A suspended auction's clock stands still: no close to count down to until it is resumed.
  if (rfq.state === 'open' && rfq.suspended)
    return (
      <Typography.Text type="secondary" data-testid="rfq-deadline">
        {t('clockStopped')}
      </Typography.Text>
    );
  if (rfq.state === 'open' && rfq.deadline > now) {
    return (
      <span data-testid="rfq-deadline">
        {at}{' '}
        <Typography.Text type="secondary" data-testid="rfq-countdown">
          {t('timeLeft', { time: leftText(rfq.deadline - now) })}
        </Typography.Text>
      </span>
    );
  }
  return (
    <span data-testid="rfq-deadline">
      {rfq.state !== 'draft' && rfq.deadline <= now ? t('closedAt', { time: at }) : at}
    </span>
  );
}

/** A line's award: to whom (for staff), at what price, for how much. */
export function AwardText({ award, supplier }: { award: RfqLine['award']; supplier?: boolean }) {
  const { t } = useTranslation('rfq');
  if (!award) return <Typography.Text type="secondary">{t('notAwarded')}</Typography.Text>;
  return (
    <span data-testid="rfq-line-award">
      <Tag color="green">{supplier ? award.supplierName : t('awardedToYou')}</Tag>
      {formatDecimal(award.unitPrice, 4)} · {formatDecimal(award.amount)}
    </span>
  );
}

/** A unit price as typed, or null while it is not a number. */
export const priceText = (v: string | undefined) => {
  const text = String(v ?? '').trim();
  return typedAmount('1', text) === null ? null : text;
};

/**
 * The unit price typed per line (the form's `lines.<line id>.unitPrice`) and the amount it makes:
 * a sealed quote's (`optional`: a line may stay unquoted) or a bid's (every line priced). The test
 * ids are `${testId}-price-<n>` and `${testId}-amount-<n>`.
 */
export function usePriceColumns(
  values: Record<string, { unitPrice?: string } | undefined> | undefined,
  { optional, testId }: { optional: boolean; testId: string },
): ColumnsType<RfqLine> {
  const { t } = useTranslation('rfq');
  const language = useAppStore((s) => s.language);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);
  return [
    {
      title: t('unitPrice'),
      key: 'price',
      width: 140,
      render: (_, l) => (
        <Form.Item
          name={['lines', l.id, 'unitPrice']}
          rules={[
            ...(optional ? [] : [{ required: true, whitespace: true, message: msg('validation.required') }]),
            decimalRule(4, 'validation.poPrice', msg, true),
          ]}
          style={{ margin: 0 }}
        >
          <Input
            inputMode="decimal"
            placeholder={optional ? t('notQuoted') : undefined}
            aria-label={t('priceOf', { n: l.lineNo })}
            data-testid={`${testId}-price-${l.lineNo}`}
          />
        </Form.Item>
      ),
    },
    {
      title: t('amount'),
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, l) => {
        const amount = typedAmount(l.quantity, values?.[l.id]?.unitPrice);
        return (
          <span data-testid={`${testId}-amount-${l.lineNo}`}>
            {amount === null ? '-' : formatDecimal(amount)}
          </span>
        );
      },
    },
  ];
}

/**
 * A request's lines, read only; `extra` adds the caller's own columns (a quote's fields). Once any
 * line is awarded, its award shows (`supplier`: with the supplier's name, for staff).
 */
export function RfqLinesTable({
  lines,
  extra = [],
  supplier,
  testId = 'rfq-lines',
}: {
  lines: RfqLine[];
  extra?: ColumnsType<RfqLine>;
  supplier?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('rfq');
  const columns: ColumnsType<RfqLine> = [
    ...materialColumns<RfqLine>(t),
    { title: t('deliveryDate'), dataIndex: 'deliveryDate', key: 'deliveryDate', width: 110 },
    ...extra,
    ...(lines.some((l) => l.award)
      ? [
          {
            title: t('award'),
            key: 'award',
            width: 200,
            render: (_: unknown, l: RfqLine) => <AwardText award={l.award} supplier={supplier} />,
          },
        ]
      : []),
  ];
  return (
    <Table<RfqLine>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={lines}
      data-testid={testId}
    />
  );
}

type HeaderRfq = RfqSummary &
  RfqBidRules &
  Pick<Rfq, 'categoryCode' | 'deliveryAddress' | 'terms' | 'cancelReason'>;

/** An amount in the request's currency (`CNY 1,234.00`). */
export const money = (currency: string, amount: string) => `${currency} ${formatDecimal(amount)}`;

/** A live auction's rules as both sides read them: the step, the ceiling, the extension. */
export function BidRulesText({ rfq }: { rfq: RfqBidRules & Pick<RfqSummary, 'currency'> }) {
  const { t } = useTranslation('rfq');
  return (
    <span data-testid="rfq-bid-rules">
      {[
        t('bidStepIs', { amount: money(rfq.currency, rfq.bidStep) }),
        rfq.bidCeiling ? t('bidCeilingIs', { amount: money(rfq.currency, rfq.bidCeiling) }) : t('noCeiling'),
        rfq.bidExtendMinutes > 0 ? t('bidExtendIs', { count: rfq.bidExtendMinutes }) : t('noExtend'),
      ].join(' · ')}
    </span>
  );
}

/** The request's header as both sides read it (`more`: the staff's own items). */
export function RfqHeader({ rfq, more = [] }: { rfq: HeaderRfq; more?: DescriptionsProps['items'] }) {
  const { t } = useTranslation('rfq');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      bordered
      data-testid="rfq-header"
      items={[
        { key: 'billNo', label: t('billNo'), children: <span data-testid="rfq-bill-no">{rfq.billNo}</span> },
        { key: 'state', label: t('stateLabel'), children: <RfqStateTag rfq={rfq} /> },
        { key: 'round', label: t('round'), children: t('roundNo', { n: rfq.round }) },
        ...(rfq.mode === 'auction'
          ? [
              {
                key: 'bidRules',
                label: t('bidRules'),
                children: <BidRulesText rfq={rfq} />,
                span: 'filled' as const,
              },
            ]
          : []),
        { key: 'title', label: t('rfqTitle'), children: rfq.title, span: 2 },
        { key: 'deadline', label: t('deadline'), children: <DeadlineText rfq={rfq} /> },
        {
          key: 'category',
          label: t('category'),
          children: <DictTag typeCode="supplyCategory" value={rfq.categoryCode} />,
        },
        { key: 'currency', label: t('currency'), children: rfq.currency },
        { key: 'buyer', label: t('buyer'), children: rfq.buyerName },
        { key: 'address', label: t('deliveryAddress'), children: rfq.deliveryAddress, span: 2 },
        {
          key: 'published',
          label: t('publishedAt'),
          children: formatDate(rfq.publishedAt, 'yyyy-MM-dd HH:mm'),
        },
        { key: 'terms', label: t('terms'), children: rfq.terms || '-', span: 'filled' },
        ...(rfq.cancelReason
          ? [
              {
                key: 'cancelReason',
                label: t('cancelReason'),
                children: rfq.cancelReason,
                span: 'filled' as const,
              },
            ]
          : []),
        ...(more ?? []),
      ]}
    />
  );
}

/**
 * The list of requests, for staff (`side` staff: every request, a new one) or for the supplier
 * (those it is invited to). `?id=` opens a request (a message's link), closing it takes the id away.
 */
export function RfqList(props: SideListProps<RfqSummary>) {
  const { side } = props;
  const { t } = useTranslation('rfq');
  const staff = side === 'staff';
  const columns: ColumnsType<RfqSummary> = [
    {
      title: t('billNo'),
      dataIndex: 'billNo',
      key: 'billNo',
      width: 160,
      render: (v: string) => <span data-testid="rfq-row-bill-no">{v}</span>,
    },
    { title: t('rfqTitle'), dataIndex: 'title', key: 'title', width: 200, ellipsis: true },
    { title: t('stateLabel'), key: 'state', width: 150, render: (_, r) => <RfqStateTag rfq={r} /> },
    { title: t('round'), key: 'round', width: 80, render: (_, r) => t('roundNo', { n: r.round }) },
    { title: t('deadline'), key: 'deadline', width: 200, render: (_, r) => <DeadlineText rfq={r} /> },
    { title: t('lineCount'), dataIndex: 'lineCount', key: 'lines', width: 80, align: 'right' },
    {
      title: staff ? t('quoted') : t('myQuote'),
      key: 'quoted',
      width: 100,
      render: (_, r) => (
        <span data-testid="rfq-row-quoted">
          {staff
            ? `${r.quotedCount} / ${r.supplierCount}`
            : r.quotedCount > 0
              ? t('quotedYes')
              : t('quotedNo')}
        </span>
      ),
    },
    ...(staff ? [{ title: t('buyer'), dataIndex: 'buyerName', key: 'buyer', width: 90 }] : []),
    {
      title: staff ? t('createdAt') : t('publishedAt'),
      key: 'at',
      width: 140,
      render: (_, r) => formatDate(staff ? r.createdAt : r.publishedAt, 'yyyy-MM-dd HH:mm'),
    },
  ];
  return (
    <DocumentList<RfqSummary>
      ns="rfq"
      prefix="rfq"
      columns={columns}
      states={staff ? RFQ_STATES : RFQ_SUPPLIER_VISIBLE}
      {...props}
    />
  );
}
