import { DisconnectOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDate, type Locale, OnlinePerm, type OnlineSession, relativeTime } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import { onlineApi, onlineKeys } from './api';

/** Live sessions refresh on their own: "last seen" is the point of the screen. */
const REFRESH_MS = 30_000;

/** Permission → online users: live sessions of the tenant; force one or several offline. */
export default function UserOnline() {
  const { t, i18n } = useTranslation('online');
  const { message } = App.useApp();
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ keyword?: string }>();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const params = { keyword, ...page };
  const query = useQuery({
    queryKey: onlineKeys.list(params),
    queryFn: () => onlineApi.list(params),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const force = useMutation({
    mutationFn: onlineApi.forceOffline,
    onSuccess: (_data, ids) => {
      message.success(t('forced', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
    },
    // Also after a refusal (a session someone else ended meanwhile): the list shows what is true.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: onlineKeys.all }),
  });

  const columns = useMemo<ColumnsType<OnlineSession>>(
    () => [
      {
        title: t('account'),
        dataIndex: 'account',
        key: 'account',
        width: 140,
        render: (account: string, row) => (
          <Space size={4}>
            <span>{account}</span>
            {row.current && (
              <Tag color="processing" data-testid="online-current">
                {t('current')}
              </Tag>
            )}
          </Space>
        ),
      },
      { title: t('userName'), dataIndex: 'userName', key: 'userName', width: 120, ellipsis: true },
      { title: t('dept'), dataIndex: 'deptName', key: 'deptName', width: 130, ellipsis: true },
      { title: t('ipAddress'), dataIndex: 'ipAddress', key: 'ipAddress', width: 130 },
      { title: t('browser'), dataIndex: 'browser', key: 'browser', width: 130, ellipsis: true },
      { title: t('platform'), dataIndex: 'platform', key: 'platform', width: 120, ellipsis: true },
      {
        title: t('loginTime'),
        dataIndex: 'loginTime',
        key: 'loginTime',
        width: 160,
        render: (value: number) => formatDate(value),
      },
      {
        title: t('lastSeen'),
        dataIndex: 'lastSeenTime',
        key: 'lastSeenTime',
        width: 130,
        render: (value: number) => (
          <Tooltip title={formatDate(value, 'yyyy-MM-dd HH:mm:ss')}>
            {relativeTime(value, Date.now(), i18n.language as Locale)}
          </Tooltip>
        ),
      },
      ...(has(OnlinePerm.forceOffline)
        ? [
            {
              title: t('actions'),
              key: 'actions',
              width: 110,
              fixed: 'right' as const,
              render: (_: unknown, row: OnlineSession) =>
                row.current ? null : (
                  <Popconfirm
                    title={t('forceConfirm', { name: row.userName || row.account })}
                    onConfirm={() => force.mutateAsync([row.id]).catch(() => undefined)}
                    okButtonProps={{ danger: true, id: 'online-force-ok' }}
                  >
                    <Button type="link" danger size="small" data-testid={`online-force-${row.account}`}>
                      {t('forceOffline')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]
        : []),
    ],
    [t, i18n.language, has, force],
  );

  return (
    <Card variant="borderless" data-testid="online-page">
      <Form
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={({ keyword: value }) => {
          setKeyword(value?.trim() || undefined);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('keyword')}>
          <Input
            allowClear
            maxLength={100}
            placeholder={t('keywordPlaceholder')}
            data-testid="online-keyword"
          />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="online-search">
              {t('common:search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
              data-testid="online-refresh"
            >
              {t('refresh')}
            </Button>
            <Auth code={OnlinePerm.forceOffline}>
              <Popconfirm
                title={t('forceSelectedConfirm', { count: selected.length })}
                disabled={selected.length === 0}
                onConfirm={() => force.mutateAsync(selected).catch(() => undefined)}
                okButtonProps={{ danger: true }}
              >
                <Button
                  danger
                  icon={<DisconnectOutlined />}
                  disabled={selected.length === 0}
                  data-testid="online-force-selected"
                >
                  {t('forceSelected')}
                </Button>
              </Popconfirm>
            </Auth>
          </Space>
        </Form.Item>
      </Form>
      <ListTable<OnlineSession>
        rowKey="id"
        size="middle"
        data-testid="online-table"
        loading={query.isFetching && !query.data}
        columns={columns}
        dataSource={query.data?.list ?? []}
        rowSelection={
          has(OnlinePerm.forceOffline)
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ disabled: row.current }),
              }
            : undefined
        }
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: query.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('total', { count: total }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
    </Card>
  );
}
