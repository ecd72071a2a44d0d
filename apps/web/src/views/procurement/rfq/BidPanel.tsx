import { SendOutlined } from '@ant-design/icons';
import { type BidRank, formatDate, type PortalRfq, quoteTotal } from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, type FormInstance, Row, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { placeFieldErrors } from '../../../components/editorForm';
import { toast } from '../../../utils/message';
import { useConfirm } from '../documentActions';
import { portalRfqApi, rfqKeys } from '../rfq-api';
import { BidCountdown, BidRoundTag, useFollowRound, useLiveBid } from './live';
import { money, priceText, RfqLinesTable, usePriceColumns } from './shared';

type Values = { lines?: Record<string, { unitPrice?: string } | undefined> };

/** What the supplier is told about the round: bid now, wait while suspended, or it has closed. */
function BidNotice({ view, currency }: { view: BidRank; currency: string }) {
  const { t } = useTranslation('rfq');
  const [type, text] =
    view.state === 'open'
      ? ([
          'info',
          Number(view.step) > 0
            ? t('bidOpenHint', { step: money(currency, view.step) })
            : t('bidOpenAnyHint'),
        ] as const)
      : view.state === 'suspended'
        ? (['warning', t('bidSuspendedHint')] as const)
        : (['info', view.rank ? t('bidClosedHint') : t('bidClosedNoBidHint')] as const);
  return <Alert type={type} showIcon title={text} data-testid="rfq-bid-notice" />;
}

/** The supplier's standing: its rank of how many bid (announced as it changes), or no bid yet. */
function RankText({ view }: { view: BidRank }) {
  const { t } = useTranslation('rfq');
  return (
    <div aria-live="polite" aria-atomic="true">
      <Typography.Text type="secondary">{t('yourRank')}</Typography.Text>
      <div style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.3 }} data-testid="rfq-bid-rank">
        {view.rank === null ? t('noBidYet') : t('rankOf', { rank: view.rank, count: view.bidders })}
      </div>
      {view.rank === null && (
        <Typography.Text type="secondary" data-testid="rfq-bid-bidders">
          {t('biddersSoFar', { count: view.bidders })}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * A live auction for the invited supplier: its rank, its own best, the rules, the time left by the
 * server's clock, a unit price per line with the bid's total, and its own bids. It never sees
 * another supplier's price (the server never sends one). The rank follows the socket.
 */
export function BidPanel({ rfq, onStale }: { rfq: PortalRfq; onStale: () => void }) {
  const { t } = useTranslation('rfq');
  const queryClient = useQueryClient();
  const confirm = useConfirm('rfq', 'rfq-confirm-ok');
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState('');
  const { view, left, keep } = useLiveBid('bidRank', rfq.id, true);
  useFollowRound(view, rfq, onStale, view ? (view.ownBids.length > 0 ? 1 : 0) !== rfq.quotedCount : false);
  const values = Form.useWatch([], form) as Values | undefined;
  const priced = usePriceColumns(values?.lines, { optional: false, testId: 'rfq-bid' });
  const bid = useMutation({
    mutationFn: (lines: { rfqLineId: string; unitPrice: string }[]) => portalRfqApi.bid(rfq.id, lines),
    onSuccess: (next) => {
      toast.success(t('bidPlaced'));
      setRefusal('');
      queryClient.setQueryData(rfqKeys.rank(rfq.id), keep(next));
      void queryClient.invalidateQueries({ queryKey: rfqKeys.portal });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (error.code === 409) return setRefusal(error.msg);
      if (error.code !== 400) return;
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, (path) => {
        const [head, index, field] = path.split('.');
        const line = head === 'lines' ? rfq.lines[Number(index)] : undefined;
        return line && field ? ['lines', line.id, field] : null;
      });
      setRefusal(rest.join('; '));
    },
  });

  const typed = rfq.lines.map((l) => ({ line: l, price: priceText(values?.lines?.[l.id]?.unitPrice) }));
  const total = quoteTotal(typed.map((p) => ({ quantity: p.line.quantity, unitPrice: p.price })));
  const canBid = rfq.actions.includes('bid') && view?.state === 'open';
  const place = () =>
    form
      .validateFields()
      .then((v) => {
        const lines = rfq.lines.map((l) => ({
          rfqLineId: l.id,
          unitPrice: priceText(v.lines?.[l.id]?.unitPrice) ?? '',
        }));
        confirm(t('confirmBid', { amount: money(rfq.currency, total) }), () => bid.mutateAsync(lines));
      })
      .catch(() => undefined);

  if (!view) return null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="rfq-bid-panel">
      <BidNotice view={view} currency={rfq.currency} />
      <Row gutter={[16, 16]} align="middle">
        <Col xs={24} md={10}>
          <RankText view={view} />
        </Col>
        <Col xs={12} md={7}>
          <Typography.Text type="secondary">{t('ownBest')}</Typography.Text>
          <div style={{ fontSize: 20, fontWeight: 600 }} data-testid="rfq-bid-own-best">
            {view.ownBest ? money(rfq.currency, view.ownBest) : '-'}
          </div>
        </Col>
        <Col xs={12} md={7}>
          <Space orientation="vertical" size={4}>
            <BidRoundTag state={view.state} />
            <BidCountdown view={view} left={left} />
          </Space>
        </Col>
      </Row>
      <Typography.Text type="secondary" data-testid="rfq-bid-limits">
        {[
          t('bidStepIs', { amount: money(rfq.currency, view.step) }),
          view.ceiling ? t('bidCeilingIs', { amount: money(rfq.currency, view.ceiling) }) : t('noCeiling'),
        ].join(' · ')}
      </Typography.Text>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="rfq-bid-refused" />}
      <Form<Values> form={form} layout="vertical" data-testid="rfq-bid-form">
        <Typography.Title level={5}>{t('bidTitle', { n: rfq.round })}</Typography.Title>
        <RfqLinesTable lines={rfq.lines} extra={canBid ? priced : []} testId="rfq-bid-lines" />
        {canBid && (
          <Space wrap style={{ width: '100%', justifyContent: 'flex-end', marginTop: 12 }}>
            <Typography.Text strong data-testid="rfq-bid-total">
              {t('bidTotalOf', { amount: money(rfq.currency, total) })}
            </Typography.Text>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={bid.isPending}
              onClick={place}
              data-testid="rfq-bid-submit"
            >
              {t('placeBid')}
            </Button>
          </Space>
        )}
      </Form>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('myBids', { count: view.ownBids.length })}
      </Typography.Title>
      <Table<BidRank['ownBids'][number]>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        dataSource={view.ownBids}
        data-testid="rfq-bid-history"
        columns={[
          {
            title: t('bidAt'),
            key: 'at',
            width: 170,
            render: (_, b) => formatDate(b.at, 'yyyy-MM-dd HH:mm:ss'),
          },
          {
            title: t('bidTotal'),
            key: 'total',
            width: 160,
            align: 'right',
            render: (_, b) => <span data-testid="rfq-own-bid-total">{money(rfq.currency, b.total)}</span>,
          },
        ]}
      />
    </Space>
  );
}
