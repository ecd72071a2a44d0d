import { TrophyOutlined } from '@ant-design/icons';
import {
  awardTotal,
  formatDate,
  formatDecimal,
  lowestByLine,
  type Quote,
  type QuoteLine,
  type Rfq,
  type RfqLine,
  sumDecimals,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { toast } from '../../../utils/message';
import { FileLinks } from '../../supplier/shared';
import { useConfirm } from '../documentActions';
import { rfqApi, rfqKeys } from '../rfq-api';
import { materialColumns } from '../shared';
import { AwardText } from './shared';

/** The columns a supplier's quote takes in the comparison: unit price, amount, lead days. */
const QUOTE_COLUMNS = 3;
/** The request's own columns before the quotes: line, material, unit, quantity. */
const LINE_COLUMNS = 4;

/**
 * The submitted quotes of the round side by side, once the request is closed: per line each
 * supplier's price, the lowest marked; per quote its total, validity, remark and attachments. Who
 * may award picks a supplier per line (the lowest proposed) and awards.
 */
export function ComparisonPanel({ rfq, onAwarded }: { rfq: Rfq; onAwarded: (next: Rfq) => void }) {
  const { t } = useTranslation('rfq');
  const confirm = useConfirm('rfq', 'rfq-confirm-ok');
  const query = useQuery({
    queryKey: rfqKeys.quotes(rfq.id),
    queryFn: () => rfqApi.quotes(rfq.id),
    refetchOnMount: 'always',
  });
  const data = query.data;
  const canAward = rfq.actions.includes('award');
  // The lines' chosen suppliers where the user changed the proposal (null: not awarded).
  const [picked, setPicked] = useState<Record<string, string | null>>({});
  const quotes = data?.quotes ?? [];
  const lines = data?.lines ?? [];
  const byQuote = useMemo(
    () => new Map(quotes.map((q) => [q.supplierId, new Map(q.lines.map((l) => [l.rfqLineId, l]))])),
    [quotes],
  );
  const lowest = useMemo(() => lowestByLine(quotes), [quotes]);
  const quoted = (supplierId: string, lineId: string): QuoteLine | undefined =>
    byQuote.get(supplierId)?.get(lineId);
  const choiceOf = (lineId: string): string | null =>
    lineId in picked ? (picked[lineId] ?? null) : (lowest.get(lineId)?.supplierIds[0] ?? null);
  const award = lines.flatMap((l) => {
    const supplierId = choiceOf(l.id);
    const price = supplierId ? quoted(supplierId, l.id)?.unitPrice : null;
    return supplierId && price ? [{ line: l, supplierId, unitPrice: price }] : [];
  });
  const total = awardTotal(award.map((a) => ({ quantity: a.line.quantity, unitPrice: a.unitPrice })));

  const send = useMutation({
    mutationFn: () =>
      rfqApi.award(
        rfq.id,
        rfq.version,
        award.map((a) => ({ lineId: a.line.id, supplierId: a.supplierId })),
      ),
    onSuccess: (next) => {
      toast.success(next.awarding ? t('awardInApproval') : t('awardDone', { count: next.orders.length }));
      setPicked({});
      onAwarded(next);
    },
  });

  if (!data)
    return query.error ? (
      <Alert
        type="error"
        showIcon
        title={query.error instanceof ApiError ? query.error.msg : String(query.error)}
      />
    ) : (
      <Spin spinning />
    );
  if (quotes.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noQuotes')} data-testid="rfq-no-quotes" />
    );

  const priceCell = (q: Quote, l: RfqLine) => {
    const price = quoted(q.supplierId, l.id)?.unitPrice ?? null;
    if (price === null) return <Typography.Text type="secondary">{t('notQuoted')}</Typography.Text>;
    const best = lowest.get(l.id)?.supplierIds.includes(q.supplierId);
    return (
      <span data-testid={best ? 'rfq-compare-lowest' : 'rfq-compare-price'}>
        {best ? <Typography.Text strong>{formatDecimal(price, 4)}</Typography.Text> : formatDecimal(price, 4)}
        {best && (
          <Tag color="green" style={{ marginInlineStart: 4 }}>
            {t('lowest')}
          </Tag>
        )}
      </span>
    );
  };
  const awardColumn: ColumnsType<RfqLine> = canAward
    ? [
        {
          title: t('awardTo'),
          key: 'award',
          width: 220,
          render: (_, l) => (
            <Select
              allowClear
              value={choiceOf(l.id)}
              onChange={(v?: string | null) => setPicked((p) => ({ ...p, [l.id]: v ?? null }))}
              placeholder={t('notAwarded')}
              aria-label={t('awardLineOf', { n: l.lineNo })}
              style={{ width: 200 }}
              popupMatchSelectWidth={false}
              data-testid={`rfq-award-${l.lineNo}`}
              options={quotes.flatMap((q) => {
                const price = quoted(q.supplierId, l.id)?.unitPrice;
                return price
                  ? [{ value: q.supplierId, label: `${q.supplierName} · ${formatDecimal(price, 4)}` }]
                  : [];
              })}
            />
          ),
        },
      ]
    : lines.some((l) => l.award)
      ? [
          {
            title: t('award'),
            key: 'award',
            width: 200,
            render: (_, l) => <AwardText award={l.award} supplier />,
          },
        ]
      : [];
  const columns: ColumnsType<RfqLine> = [
    ...materialColumns<RfqLine>(t),
    ...quotes.map((q) => ({
      title: <span data-testid="rfq-compare-supplier">{q.supplierName}</span>,
      key: q.id,
      children: [
        {
          title: t('unitPrice'),
          key: `${q.id}-price`,
          width: 130,
          align: 'right' as const,
          render: (_: unknown, l: RfqLine) => priceCell(q, l),
        },
        {
          title: t('amount'),
          key: `${q.id}-amount`,
          width: 120,
          align: 'right' as const,
          render: (_: unknown, l: RfqLine) => {
            const amount = quoted(q.supplierId, l.id)?.amount;
            return amount ? formatDecimal(amount) : '-';
          },
        },
        {
          title: t('leadDays'),
          key: `${q.id}-lead`,
          width: 90,
          align: 'right' as const,
          render: (_: unknown, l: RfqLine) => quoted(q.supplierId, l.id)?.leadDays ?? '-',
        },
      ],
    })),
    ...awardColumn,
  ];
  const summaryRow = (key: string, label: string, cell: (q: Quote) => ReactNode, last?: ReactNode) => (
    <Table.Summary.Row key={key}>
      <Table.Summary.Cell index={0} colSpan={LINE_COLUMNS}>
        <Typography.Text strong>{label}</Typography.Text>
      </Table.Summary.Cell>
      {quotes.map((q, i) => (
        <Table.Summary.Cell key={q.id} index={LINE_COLUMNS + i * QUOTE_COLUMNS} colSpan={QUOTE_COLUMNS}>
          {cell(q)}
        </Table.Summary.Cell>
      ))}
      {awardColumn.length > 0 && (
        <Table.Summary.Cell index={LINE_COLUMNS + quotes.length * QUOTE_COLUMNS}>{last}</Table.Summary.Cell>
      )}
    </Table.Summary.Row>
  );
  const awarded = lines.filter((l) => l.award);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {t('comparisonHint', { round: data.round, count: quotes.length })}
      </Typography.Text>
      <Table<RfqLine>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={lines}
        data-testid="rfq-comparison"
        summary={() => (
          <Table.Summary>
            {summaryRow(
              'total',
              t('quoteTotal'),
              (q) => (
                <Typography.Text strong data-testid="rfq-compare-total">
                  {rfq.currency} {formatDecimal(q.totalAmount)}
                </Typography.Text>
              ),
              canAward ? (
                <Typography.Text strong data-testid="rfq-award-total-cell">
                  {rfq.currency} {formatDecimal(total)}
                </Typography.Text>
              ) : (
                awarded.length > 0 && (
                  <Typography.Text strong>
                    {rfq.currency} {formatDecimal(sumDecimals(awarded.map((l) => l.award?.amount ?? '0')))}
                  </Typography.Text>
                )
              ),
            )}
            {summaryRow('validUntil', t('validUntil'), (q) => q.validUntil)}
            {summaryRow('submittedAt', t('submittedAt'), (q) =>
              formatDate(q.submittedAt, 'yyyy-MM-dd HH:mm'),
            )}
            {summaryRow('remark', t('quoteRemark'), (q) => q.remark || '-')}
            {summaryRow('files', t('attachments'), (q) => (
              <FileLinks files={q.files} testId="rfq-compare-file" />
            ))}
          </Table.Summary>
        )}
      />
      {canAward && (
        <Row justify="end" align="middle" style={{ gap: 12 }}>
          <Typography.Text strong data-testid="rfq-award-total">
            {t('awardTotal', { count: award.length, amount: `${rfq.currency} ${formatDecimal(total)}` })}
          </Typography.Text>
          <Button
            type="primary"
            icon={<TrophyOutlined />}
            disabled={award.length === 0}
            loading={send.isPending}
            data-testid="rfq-award-submit"
            onClick={() =>
              confirm(
                t('confirmAward', { count: award.length, amount: `${rfq.currency} ${formatDecimal(total)}` }),
                () => send.mutateAsync(),
              )
            }
          >
            {t('awardAction')}
          </Button>
        </Row>
      )}
    </Space>
  );
}
