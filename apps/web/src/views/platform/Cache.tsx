import { ClearOutlined, ReloadOutlined } from '@ant-design/icons';
import { type CacheInfo, formatDate, formatFileSize } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { platformApi, platformKeys } from './api';

/** Every cache of every tenant, in every process: cleared one by one or all at once. */
export default function PlatformCachePage() {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: platformKeys.cache, queryFn: platformApi.caches });
  const onCleared = () => {
    message.success(t('cache.cleared'));
    void queryClient.invalidateQueries({ queryKey: platformKeys.cache });
  };
  const clear = useMutation({ mutationFn: platformApi.clearCache, onSuccess: onCleared });
  const clearAll = useMutation({ mutationFn: platformApi.clearAll, onSuccess: onCleared });
  const columns: ColumnsType<CacheInfo> = [
    { title: t('cache.col.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('cache.col.entries'), dataIndex: 'entries', key: 'entries', width: 90, align: 'right' },
    {
      title: t('cache.col.bytes'),
      dataIndex: 'bytes',
      key: 'bytes',
      width: 100,
      align: 'right',
      render: (n: number) => formatFileSize(n),
    },
    {
      title: t('cache.col.hitRate'),
      dataIndex: 'hitRate',
      key: 'hitRate',
      width: 100,
      align: 'right',
      render: (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`),
    },
    {
      title: t('cache.col.lastCleared'),
      dataIndex: 'lastClearedAt',
      key: 'lastClearedAt',
      width: 170,
      render: (at: number | null) => (at ? formatDate(at, 'yyyy-MM-dd HH:mm:ss') : '—'),
    },
    {
      title: t('backup.col.actions'),
      key: 'actions',
      width: 90,
      render: (_: unknown, row) => (
        <Popconfirm
          title={t('cache.clearConfirm', { name: row.name })}
          onConfirm={() => clear.mutateAsync(row.name).catch(() => undefined)}
        >
          <Button type="link" danger data-testid={`platform-cache-clear-${row.name}`}>
            {t('cache.clear')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Card variant="borderless" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('menu.cache')}</h2>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('tenants.refresh')}
        </Button>
        <Popconfirm
          title={t('cache.clearAllConfirm')}
          okButtonProps={{ danger: true }}
          onConfirm={() => clearAll.mutateAsync().catch(() => undefined)}
        >
          <Button danger icon={<ClearOutlined />} data-testid="platform-cache-clear-all">
            {t('cache.clearAll')}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">{t('cache.intro')}</Typography.Text>
      </Space>
      <Table<CacheInfo>
        rowKey="name"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.caches ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
