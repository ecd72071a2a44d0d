import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import { type CacheInfo, formatDate, formatFileSize, OpsPerm } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { ListTable } from '../../../components/ListTable';
import { actionColumns, DeleteAction, useActionColumn } from '../../../components/listActions';
import { cacheApi, cacheKeys } from './api';

/** System → cache: every cache of the server, cleared one by one or all at once in every process. */
export default function CachePage() {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: cacheKeys.all, queryFn: cacheApi.list });
  const onCleared = () => {
    message.success(t('cleared'));
    void queryClient.invalidateQueries({ queryKey: cacheKeys.all });
  };
  const clear = useMutation({ mutationFn: cacheApi.clear, onSuccess: onCleared });
  const clearAll = useMutation({ mutationFn: cacheApi.clearAll, onSuccess: onCleared });

  const nameOf = (name: string) => t(`cacheName.${name}`, { defaultValue: name });
  const actions = useActionColumn<CacheInfo>(t('actions'), 100, (row) => (
    <DeleteAction
      code={OpsPerm.cacheClear}
      title={t('clearConfirm', { name: nameOf(row.name) })}
      onConfirm={() => clear.mutateAsync(row.name).catch(() => undefined)}
      testId={`cache-clear-${row.name}`}
      label={t('clear')}
    />
  ));
  const columns: ColumnsType<CacheInfo> = actionColumns<CacheInfo>(
    [
      {
        title: t('cacheCol.name'),
        dataIndex: 'name',
        key: 'name',
        width: 240,
        render: (name: string, row) => (
          <Space size={4} wrap>
            <span data-testid={`cache-name-${name}`}>{nameOf(name)}</span>
            <Typography.Text type="secondary" code>
              {name}
            </Typography.Text>
            {row.shared && <Tag color="processing">Redis</Tag>}
          </Space>
        ),
      },
      {
        title: t('cacheCol.entries'),
        dataIndex: 'entries',
        key: 'entries',
        width: 90,
        align: 'right',
        render: (n: number, row) => <span data-testid={`cache-entries-${row.name}`}>{n}</span>,
      },
      {
        title: t('cacheCol.size'),
        dataIndex: 'bytes',
        key: 'bytes',
        width: 100,
        align: 'right',
        render: (n: number) => formatFileSize(n),
      },
      {
        title: t('cacheCol.hitRate'),
        dataIndex: 'hitRate',
        key: 'hitRate',
        width: 100,
        align: 'right',
        render: (rate: number | null, row) =>
          rate === null ? (
            '—'
          ) : (
            <span title={t('hitsMisses', { hits: row.hits, misses: row.misses })}>
              {(rate * 100).toFixed(1)} %
            </span>
          ),
      },
      {
        title: t('cacheCol.lastCleared'),
        dataIndex: 'lastClearedAt',
        key: 'lastClearedAt',
        width: 170,
        render: (at: number | null) => (at ? formatDate(at, 'yyyy-MM-dd HH:mm:ss') : t('never')),
      },
      actions,
    ],
    has(OpsPerm.cacheClear),
  );

  return (
    <Card variant="borderless" data-testid="cache-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
          data-testid="cache-refresh"
        >
          {t('refresh')}
        </Button>
        <Auth code={OpsPerm.cacheClear}>
          <Popconfirm
            title={t('clearAllConfirm')}
            onConfirm={() => clearAll.mutateAsync().catch(() => undefined)}
            okButtonProps={{ danger: true }}
          >
            <Button danger icon={<ClearOutlined />} data-testid="cache-clear-all">
              {t('clearAll')}
            </Button>
          </Popconfirm>
        </Auth>
        {query.data && (
          <Typography.Text type="secondary">
            {t('processNote', { id: query.data.processId.slice(0, 8) })}
          </Typography.Text>
        )}
      </Space>
      <ListTable<CacheInfo>
        rowKey="name"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.caches ?? []}
        columns={columns}
        pagination={false}
      />
    </Card>
  );
}
