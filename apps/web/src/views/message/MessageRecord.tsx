import { CheckOutlined, DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { formatDate, MESSAGE_TYPES, type MessageFilter, type MessageItem } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Form, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ListSearchForm } from '../../components/ListSearchForm';
import { RowAction } from '../../components/listActions';
import { tablePaging } from '../../components/tablePaging';
import { useListParams } from '../../components/useListParams';
import { useCurrentUser } from '../../store/shellData';
import { useSocketStore } from '../../store/socket';
import { toast } from '../../utils/message';
import { messageApi, messageKeys } from './api';
import { MessageDetailModal } from './MessageDetailModal';
import { invalidateMessageLists } from './unreadCounts';
import './message.css';
import { ListTable } from '../../components/ListTable';
import { useActionsFixed } from '../../components/useActionsFixed';

type Filters = Pick<MessageFilter, 'keyword' | 'type' | 'stat'>;
const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'purple', 3: 'orange', 4: 'green' };
/** entType 1: the tenant's own staff, who also have the mail centre (docs/rules.md#mail-centre). */
const TENANT_ENT_TYPE = 1;

/** The message centre (/messageRecord, docs/rules.md#messages): every message of mine, paged and filtered. */
export default function MessageRecordPage() {
  const actionsFixed = useActionsFixed();
  const { t } = useTranslation('message');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const setCounts = useSocketStore((s) => s.setCounts);
  const unread = useSocketStore((s) => s.unreadMessageCount);
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params: query } = useListParams<Filters>();
  const [selected, setSelected] = useState<string[]>([]);
  const openId = params.get('id');

  const list = useQuery({
    queryKey: messageKeys.centre(query),
    queryFn: () => messageApi.list(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => invalidateMessageLists(queryClient);

  const markRead = useMutation({
    mutationFn: messageApi.read,
    onSuccess: (counts) => {
      setCounts(counts);
      setSelected([]);
      toast.success(t('markedRead'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: messageApi.remove,
    onSuccess: ({ count }) => {
      setSelected([]);
      toast.success(t('deleted', { count }));
      void refresh();
    },
  });

  const confirmDelete = (ids: string[]) =>
    modal.confirm({
      title: t('common:tip'),
      content: t('deleteConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'message-delete-ok' },
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });
  const confirmReadAll = () =>
    modal.confirm({
      title: t('common:tip'),
      content: t('readAllConfirm'),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'message-centre-read-all-ok' },
      onOk: async () => {
        try {
          setCounts(await messageApi.readAll());
          toast.success(t('readAllDone'));
          await refresh();
        } catch {
          // Refused or unreachable: the request layer said so; the dialog closes.
        }
      },
    });

  const openDetail = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('id', id);
        else p.delete('id');
        return p;
      },
      { replace: true },
    );

  const columns: ColumnsType<MessageItem> = [
    {
      title: t('messageTitle'),
      dataIndex: 'menuTitle',
      key: 'menuTitle',
      width: 320,
      ellipsis: true,
      render: (title: string, item) => (
        // The badge is an inline block: held to the column so that the title itself ends in "…".
        <Typography.Link
          className={item.stat === 0 ? 'srm-message-title-unread' : undefined}
          onClick={() => openDetail(item.id)}
          data-testid="message-row-title"
          title={title}
          style={{ display: 'inline-block', maxWidth: '100%' }}
        >
          <Badge dot={item.stat === 0} offset={[6, 0]} styles={{ root: { maxWidth: '100%' } }}>
            <span className="srm-ellipsis">{title}</span>
          </Badge>
        </Typography.Link>
      ),
    },
    {
      title: t('type'),
      dataIndex: 'type',
      key: 'type',
      width: 120,
      render: (type: number) => <Tag color={TYPE_COLORS[type]}>{t(`types.${type}`)}</Tag>,
    },
    {
      title: t('sender'),
      dataIndex: 'creater',
      key: 'creater',
      width: 140,
      ellipsis: true,
      render: (name: string) => name || t('system'),
    },
    {
      title: t('time'),
      dataIndex: 'createDate',
      key: 'createDate',
      width: 160,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('state'),
      dataIndex: 'stat',
      key: 'stat',
      width: 90,
      render: (stat: number) => (stat === 0 ? <Tag color="red">{t('unread')}</Tag> : <Tag>{t('read')}</Tag>),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 150,
      render: (_, item) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => openDetail(item.id)}>
            {t('view')}
          </Button>
          <RowAction danger onClick={() => confirmDelete([item.id])} testId="message-row-delete">
            {t('delete')}
          </RowAction>
        </Space>
      ),
    },
  ];

  const rows = list.data?.list ?? [];
  const selectedUnread = rows.filter((r) => selected.includes(r.id) && r.stat === 0).map((r) => r.id);
  return (
    <Card variant="borderless" data-testid="message-centre">
      <ListSearchForm<Filters>
        form={form}
        prefix="message"
        keywordLabel={t('keyword')}
        keywordPlaceholder={t('keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
      >
        <Form.Item name="type" label={t('type')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('all')}
            data-testid="message-type"
            options={MESSAGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
        </Form.Item>
        <Form.Item name="stat" label={t('state')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('all')}
            data-testid="message-stat"
            options={[
              { value: 0, label: t('unread') },
              { value: 1, label: t('read') },
            ]}
          />
        </Form.Item>
      </ListSearchForm>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          icon={<CheckOutlined />}
          disabled={selectedUnread.length === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(selectedUnread)}
          data-testid="message-mark-read"
        >
          {t('markRead')}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.length === 0}
          onClick={() => confirmDelete(selected)}
          data-testid="message-delete"
        >
          {t('deleteSelected')}
        </Button>
        <Button onClick={confirmReadAll} disabled={unread <= 0} data-testid="message-centre-read-all">
          {t('readAll')}
        </Button>
        {user?.ent?.entType === TENANT_ENT_TYPE && (
          <Button
            type="link"
            icon={<MailOutlined />}
            onClick={() => navigate('/base/mailCenter/tenant')}
            data-testid="mail-centre-link"
          >
            {t('mailCentre')}
          </Button>
        )}
      </Space>
      <ListTable<MessageItem>
        rowKey="id"
        size="middle"
        data-testid="message-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) => t('total', { total }))}
      />
      <MessageDetailModal id={openId} onClose={() => openDetail(null)} />
    </Card>
  );
}
