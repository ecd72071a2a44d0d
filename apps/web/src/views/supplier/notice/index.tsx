import {
  BarChartOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { formatDate, VENDOR_CODES, type VendorNotice } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Progress, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../components/Auth';
import { DictTag } from '../../../components/dict';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { toast } from '../../../utils/message';
import { noticeApi, vendorKeys } from '../api';
import { NoticeFormModal } from './NoticeFormModal';
import { NoticeProgressDrawer } from './NoticeProgressDrawer';

type Filters = { keyword?: string; state?: '0' | '1' };
const C = VENDOR_CODES;

/** Suppliers → vendor notices: write, publish, reverse, delete drafts, and follow each one's progress. */
export default function VendorNoticePage() {
  const { t } = useTranslation('vendor');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<Filters>();
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [progress, setProgress] = useState<VendorNotice | null>(null);

  const list = useQuery({
    queryKey: vendorKeys.noticeList(params),
    queryFn: () => noticeApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: vendorKeys.notices() });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'check' | 'reverse' | 'delete' }) =>
      action === 'delete' ? noticeApi.remove([id]) : noticeApi[action](id),
    onSuccess: (_, { action }) => {
      toast.success(t(`noticeDone.${action}`));
      void refresh();
    },
  });
  const confirm = (n: VendorNotice, action: 'check' | 'reverse' | 'delete') =>
    modal.confirm({
      title: t('common:tip'),
      content: t(`noticeConfirm.${action}`, { title: n.title }),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: action !== 'check', 'data-testid': `vendor-notice-${action}-ok` },
      onOk: () => act.mutateAsync({ id: n.id, action }).catch(() => undefined),
    });

  const columns: ColumnsType<VendorNotice> = [
    {
      title: t('noticeTitle'),
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      width: 200,
      render: (title: string) => <span data-testid="vendor-notice-title">{title}</span>,
    },
    {
      title: t('noticeType'),
      dataIndex: 'noticeType',
      key: 'noticeType',
      width: 100,
      render: (code: string) => <DictTag typeCode="noticeType" value={code} />,
    },
    {
      title: t('stateLabel'),
      dataIndex: 'state',
      key: 'state',
      width: 80,
      render: (s: number) => (
        <Tag color={s === 1 ? 'green' : 'default'} data-testid="vendor-notice-state">
          {t(`noticeState.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('progress'),
      key: 'progress',
      width: 180,
      render: (_, n) =>
        n.state === 1 && n.targetCount > 0 ? (
          <Space size={6}>
            <Progress
              percent={Math.round((n.readCount / n.targetCount) * 100)}
              success={{ percent: Math.round((n.repliedCount / n.targetCount) * 100) }}
              size="small"
              style={{ width: 70, margin: 0 }}
              showInfo={false}
              aria-label={t('counts', { read: n.readCount, replied: n.repliedCount, total: n.targetCount })}
            />
            <span data-testid="vendor-notice-counts">
              {t('counts', { read: n.readCount, replied: n.repliedCount, total: n.targetCount })}
            </span>
          </Space>
        ) : (
          t('targets', { count: n.targetCount })
        ),
    },
    {
      title: t('replyDeadline'),
      dataIndex: 'replyDeadline',
      key: 'replyDeadline',
      width: 140,
      render: (v: number | null, n) =>
        n.replyRequired ? (v ? formatDate(v) : t('noDeadline')) : t('noReply'),
    },
    {
      title: t('publishedAt'),
      dataIndex: 'publishedAt',
      key: 'publishedAt',
      width: 140,
      render: (v: number | null) => formatDate(v),
    },
    { title: t('creator'), dataIndex: 'creatorName', key: 'creatorName', width: 90, ellipsis: true },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 190,
      render: (_, n) => (
        <Space size={0} wrap>
          {n.state === 1 && (
            <RowAction
              icon={<BarChartOutlined />}
              onClick={() => setProgress(n)}
              testId="vendor-notice-progress"
            >
              {t('progress')}
            </RowAction>
          )}
          {n.state === 0 && (
            <Auth code={C.noticeEdit}>
              <RowAction
                icon={<EditOutlined />}
                onClick={() => setEditing({ id: n.id })}
                testId="vendor-notice-edit"
              >
                {t('edit')}
              </RowAction>
            </Auth>
          )}
          <Auth code={C.noticeCheck}>
            {n.state === 0 ? (
              <RowAction
                icon={<SendOutlined />}
                onClick={() => confirm(n, 'check')}
                testId="vendor-notice-check"
              >
                {t('publish')}
              </RowAction>
            ) : n.repliedCount === 0 ? (
              // Back to a draft only while no supplier has replied (the server refuses it after).
              <RowAction
                icon={<RollbackOutlined />}
                onClick={() => confirm(n, 'reverse')}
                testId="vendor-notice-reverse"
              >
                {t('reverse')}
              </RowAction>
            ) : null}
          </Auth>
          {n.state === 0 && (
            <Auth code={C.noticeDelete}>
              <RowAction
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirm(n, 'delete')}
                testId="vendor-notice-delete"
              >
                {t('delete')}
              </RowAction>
            </Auth>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="vendor-notice-page">
      <ListSearchForm<Filters>
        form={form}
        prefix="vendor-notice"
        keywordLabel={t('noticeTitle')}
        keywordPlaceholder={t('titlePlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          <Auth code={C.noticeAdd}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing({ id: null })}
              data-testid="vendor-notice-add"
            >
              {t('addNotice')}
            </Button>
          </Auth>
        }
      >
        <Form.Item name="state" label={t('stateLabel')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('all')}
            options={[0, 1].map((s) => ({ value: String(s), label: t(`noticeState.${s}`) }))}
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<VendorNotice>
        rowKey="id"
        size="middle"
        data-testid="vendor-notice-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      {editing && (
        <NoticeFormModal
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <NoticeProgressDrawer notice={progress} onClose={() => setProgress(null)} />
    </Card>
  );
}
