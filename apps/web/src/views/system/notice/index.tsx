import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { formatDate, NOTICE_STATES, type Notice, NoticePerm } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Progress, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { DictTag } from '../../../components/dict';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { toast } from '../../../utils/message';
import { noticeApi, noticeKeys } from './api';
import { NoticeFormModal } from './NoticeFormModal';
import { NoticePreview } from './NoticePreview';

type State = (typeof NOTICE_STATES)[number];
type Filters = { keyword?: string; state?: State };
const STATE_COLORS: Record<State, string> = { draft: 'default', released: 'green', withdrawn: 'orange' };

/** System → announcements (the `notice` menu page): write, preview, release, withdraw, delete. */
export default function NoticePage() {
  const { t } = useTranslation(['notice', 'dictionary']);
  const { has } = useAuth();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<Filters>();
  const [editing, setEditing] = useState<{ notice: Notice | null } | null>(null);
  const [preview, setPreview] = useState<{ title: string; html: string } | null>(null);

  const list = useQuery({
    queryKey: noticeKeys.list(params),
    queryFn: () => noticeApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.lists() });

  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'Release' | 'Withdraw' }) => noticeApi.act(id, action),
    onSuccess: (_, { action }) => {
      toast.success(action === 'Release' ? t('released') : t('withdrawn'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: noticeApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      void refresh();
    },
  });
  const confirm = (content: string, testId: string, onOk: () => Promise<unknown>, danger = false) =>
    modal.confirm({
      title: t('common:tip'),
      content,
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger, 'data-testid': testId },
      onOk,
    });

  const columns: ColumnsType<Notice> = [
    { title: t('noticeTitle'), dataIndex: 'noticeTitle', key: 'noticeTitle', ellipsis: true, width: 200 },
    {
      title: t('dictionary:noticeType'),
      dataIndex: 'noticeType',
      key: 'noticeType',
      width: 100,
      render: (code: string) => <DictTag typeCode="noticeType" value={code} />,
    },
    {
      title: t('audience'),
      dataIndex: 'audience',
      key: 'audience',
      width: 110,
      render: (a: Notice['audience'], n) =>
        a === 'ents' ? t('audienceEnts', { count: n.entIds.length }) : t(`audiences.${a}`),
    },
    {
      title: t('state'),
      dataIndex: 'state',
      key: 'state',
      width: 80,
      render: (s: State) => (
        <Tag color={STATE_COLORS[s]} data-testid="notice-state">
          {t(`states.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('readProgress'),
      key: 'read',
      width: 150,
      render: (_, n) =>
        n.recipientCount > 0 ? (
          <Space size={6}>
            <Progress
              percent={Math.round((n.readCount / n.recipientCount) * 100)}
              size="small"
              style={{ width: 70, margin: 0 }}
              showInfo={false}
              aria-label={`${t('readProgress')} ${n.readCount}/${n.recipientCount}`}
            />
            <span>
              {n.readCount}/{n.recipientCount}
            </span>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('releaseTime'),
      dataIndex: 'releaseTime',
      key: 'releaseTime',
      width: 150,
      render: (v: number | null) => formatDate(v),
    },
    { title: t('creator'), dataIndex: 'creatorName', key: 'creatorName', width: 100, ellipsis: true },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 200,
      render: (_, n) => (
        <Space size={0} wrap>
          <RowAction
            icon={<EyeOutlined />}
            onClick={() => setPreview({ title: n.noticeTitle, html: n.noticeBody })}
            testId="notice-preview-button"
          >
            {t('preview')}
          </RowAction>
          {n.state !== 'released' && (
            <Auth code={NoticePerm.edit}>
              <RowAction
                icon={<EditOutlined />}
                onClick={() => setEditing({ notice: n })}
                testId="notice-edit"
              >
                {t('edit')}
              </RowAction>
            </Auth>
          )}
          <Auth code={NoticePerm.release}>
            {n.state === 'released' ? (
              <RowAction
                icon={<RollbackOutlined />}
                onClick={() =>
                  confirm(t('withdrawConfirm', { title: n.noticeTitle }), 'notice-withdraw-ok', () =>
                    act.mutateAsync({ id: n.id, action: 'Withdraw' }).catch(() => undefined),
                  )
                }
                testId="notice-withdraw"
              >
                {t('withdraw')}
              </RowAction>
            ) : (
              <RowAction
                icon={<SendOutlined />}
                onClick={() =>
                  confirm(t('releaseConfirm', { title: n.noticeTitle }), 'notice-release-ok', () =>
                    act.mutateAsync({ id: n.id, action: 'Release' }).catch(() => undefined),
                  )
                }
                testId="notice-release"
              >
                {t('release')}
              </RowAction>
            )}
          </Auth>
          <Auth code={NoticePerm.delete}>
            <RowAction
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirm(
                  t('deleteConfirm'),
                  'notice-delete-ok',
                  () => remove.mutateAsync(n.id).catch(() => undefined),
                  true,
                )
              }
              testId="notice-delete"
            >
              {t('delete')}
            </RowAction>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="notice-page">
      <ListSearchForm<Filters>
        form={form}
        prefix="notice"
        keywordLabel={t('keyword')}
        keywordPlaceholder={t('keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          <Auth code={NoticePerm.add}>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing({ notice: null })}
              data-testid="notice-add"
            >
              {t('add')}
            </Button>
          </Auth>
        }
      >
        <Form.Item name="state" label={t('state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('all')}
            options={NOTICE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<Notice>
        rowKey="id"
        size="middle"
        data-testid="notice-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      <NoticeFormModal
        open={!!editing}
        notice={editing?.notice ?? null}
        canRelease={has(NoticePerm.release)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <NoticePreview preview={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
