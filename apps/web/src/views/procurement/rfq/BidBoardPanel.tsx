import { type BidBoard, formatDate, type Rfq } from '@srm/contracts/core';
import { Space, Table, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { BidCountdown, BidRoundTag, useFollowRound, useLiveBid } from './live';
import { money } from './shared';

type Ranked = BidBoard['ranking'][number];
type Bid = BidBoard['bids'][number];

/**
 * Staff's live board of an auction's round: how it stands and the time to the close by the
 * server's clock, every bidder's best ranked, and the newest bids. It follows the socket; when the
 * round tells otherwise than the request (suspended, closed, a new bidder), `onStale` reads the
 * request again so its actions follow.
 */
export function BidBoardPanel({ rfq, onStale }: { rfq: Rfq; onStale: () => void }) {
  const { t } = useTranslation('rfq');
  const { view, left } = useLiveBid('bidBoard', rfq.id, true);
  useFollowRound(view, rfq, onStale, view ? view.ranking.length !== rfq.quotedCount : false);
  if (!view) return null;
  const at = (ms: number) => formatDate(ms, 'yyyy-MM-dd HH:mm:ss');
  // A region of its own that takes the focus: the keyboard scrolls the drawer from it.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section tabIndex={0} aria-label={t('liveBoard', { n: view.round })} data-testid="rfq-board">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size={[12, 4]} align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('liveBoard', { n: view.round })}
          </Typography.Title>
          <BidRoundTag state={view.state} />
          <BidCountdown view={view} left={left} />
          <Typography.Text type="secondary" data-testid="rfq-board-count">
            {t('bidCount', { count: view.seq })}
          </Typography.Text>
        </Space>
        <Table<Ranked>
          rowKey="supplierId"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={view.ranking}
          locale={{ emptyText: t('noBids') }}
          data-testid="rfq-board-ranking"
          onRow={() => ({ 'data-testid': 'rfq-board-row' }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('rank'),
              key: 'rank',
              width: 70,
              align: 'right',
              render: (_, r) => <span data-testid="rfq-board-rank">{r.rank}</span>,
            },
            {
              title: t('supplierName'),
              key: 'supplier',
              width: 200,
              render: (_, r) => <span data-testid="rfq-board-supplier">{r.supplierName}</span>,
            },
            {
              title: t('bestTotal'),
              key: 'best',
              width: 150,
              align: 'right',
              render: (_, r) => <span data-testid="rfq-board-best">{money(rfq.currency, r.best)}</span>,
            },
            { title: t('bids'), dataIndex: 'bids', key: 'bids', width: 80, align: 'right' },
            { title: t('lastBidAt'), key: 'last', width: 170, render: (_, r) => at(r.lastBidAt) },
          ]}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('newestBids')}
        </Typography.Title>
        <Table<Bid>
          rowKey="id"
          size="small"
          pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          dataSource={view.bids}
          locale={{ emptyText: t('noBids') }}
          data-testid="rfq-board-bids"
          columns={[
            { title: t('bidAt'), key: 'at', width: 170, render: (_, b) => at(b.at) },
            { title: t('supplierName'), dataIndex: 'supplierName', key: 'supplier', width: 200 },
            {
              title: t('bidTotal'),
              key: 'total',
              width: 150,
              align: 'right',
              render: (_, b) => <span data-testid="rfq-board-bid-total">{money(rfq.currency, b.total)}</span>,
            },
          ]}
        />
      </Space>
    </section>
  );
}
