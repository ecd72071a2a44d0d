import { EyeOutlined } from '@ant-design/icons';
import { formatDate, type VendorInboxItem } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Segmented, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DictTag } from '../../../../components/dict';
import { ListTable } from '../../../../components/ListTable';
import { RowAction } from '../../../../components/listActions';
import { type Paging, tablePaging } from '../../../../components/tablePaging';
import { useActionsFixed } from '../../../../components/useActionsFixed';
import { inboxApi, vendorKeys } from '../../api';
import { InboxNoticeDrawer } from './InboxNoticeDrawer';
import { useInboxLive } from './useInboxLive';

type ReadFilter = 'all' | '0' | '1';

/** The notice's standing for the supplier: unread, read, acknowledged, reply draft or sent, overdue. */
export function InboxTags({ n }: { n: VendorInboxItem }) {
  const { t } = useTranslation('vendor');
  return (
    <Space size={[0, 4]} wrap>
      {n.isRead ? <Tag>{t('status.read')}</Tag> : <Tag color="blue">{t('status.unread')}</Tag>}
      {n.ackAt && <Tag color="cyan">{t('status.acknowledged')}</Tag>}
      {n.replyState === 2 && <Tag color="green">{t('status.replied')}</Tag>}
      {n.replyState === 1 && <Tag color="gold">{t('status.draft')}</Tag>}
      {n.overdue && <Tag color="red">{t('status.overdue')}</Tag>}
    </Space>
  );
}

/** The supplier's inbox of vendor notices: unread first; opening one marks it read. */
export default function InboxPage() {
  const { t } = useTranslation('vendor');
  useInboxLive();
  const actionsFixed = useActionsFixed();
  const [read, setRead] = useState<ReadFilter>('all');
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: 20 });
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('id');
  const params = { ...page, isRead: read === 'all' ? undefined : read };
  const list = useQuery({
    queryKey: vendorKeys.inboxList(params),
    queryFn: () => inboxApi.list(params),
    placeholderData: keepPreviousData,
  });
  const open = (id: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: true },
    );

  const columns: ColumnsType<VendorInboxItem> = [
    {
      title: t('noticeTitle'),
      dataIndex: 'title',
      key: 'title',
      width: 260,
      ellipsis: true,
      render: (title: string, n) => (
        <span data-testid="inbox-title" style={{ fontWeight: n.isRead ? undefined : 600 }}>
          {title}
        </span>
      ),
    },
    {
      title: t('noticeType'),
      dataIndex: 'noticeType',
      key: 'noticeType',
      width: 110,
      render: (code: string) => <DictTag typeCode="noticeType" value={code} />,
    },
    { title: t('progress'), key: 'status', width: 200, render: (_, n) => <InboxTags n={n} /> },
    {
      title: t('replyDeadline'),
      dataIndex: 'replyDeadline',
      key: 'replyDeadline',
      width: 150,
      render: (v: number | null, n) =>
        n.replyRequired ? (v ? formatDate(v) : t('noDeadline')) : t('noReply'),
    },
    {
      title: t('publishedAt'),
      dataIndex: 'publishedAt',
      key: 'publishedAt',
      width: 150,
      render: (v: number | null) => formatDate(v),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 90,
      render: (_, n) => (
        <RowAction icon={<EyeOutlined />} onClick={() => open(n.id)} testId="inbox-open">
          {t('open')}
        </RowAction>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="inbox-page">
      <Segmented<ReadFilter>
        value={read}
        onChange={(v) => {
          setRead(v);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
        options={[
          { value: 'all', label: t('filter.all') },
          { value: '0', label: t('filter.unread') },
          { value: '1', label: t('filter.read') },
        ]}
        style={{ marginBottom: 16 }}
        data-testid="inbox-filter"
      />
      <ListTable<VendorInboxItem>
        rowKey="id"
        size="middle"
        data-testid="inbox-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      <InboxNoticeDrawer id={openId} onClose={() => open(null)} />
    </Card>
  );
}
