import { CloudDownloadOutlined, DatabaseOutlined } from '@ant-design/icons';
import { type Backup, formatDate, formatFileSize } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob } from '../../api/request';
import { platformApi, platformKeys } from './api';

/**
 * Whole-database backups: the embedded database's data folder, restored at the next start; on
 * PostgreSQL a pg_dump archive when the server has pg_dump (restored with pg_restore, which the page
 * says how), else the page says plainly that the database server's own tooling backs it up.
 */
export default function PlatformBackupPage() {
  const { t } = useTranslation('platform');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: platformKeys.backup, queryFn: platformApi.backups });
  const done = (text: string) => () => {
    message.success(text);
    void queryClient.invalidateQueries({ queryKey: platformKeys.backup });
  };
  const onError = (e: unknown) => message.error(e instanceof ApiError ? e.msg : String(e));
  const take = useMutation({
    mutationFn: platformApi.takeBackup,
    onSuccess: done(t('backup.taken')),
    onError,
  });
  const remove = useMutation({
    mutationFn: platformApi.deleteBackup,
    onSuccess: done(t('backup.deleted')),
    onError,
  });
  const restore = useMutation({
    mutationFn: platformApi.restore,
    onSuccess: done(t('backup.restorePlanned')),
    onError,
  });
  const cancel = useMutation({
    mutationFn: platformApi.cancelRestore,
    onSuccess: done(t('backup.cancelled')),
    onError,
  });
  const download = async (name: string) => {
    try {
      saveBlob(await platformApi.download(name), name);
    } catch (e) {
      onError(e);
    }
  };
  const info = query.data;
  const columns: ColumnsType<Backup> = [
    { title: t('backup.col.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('backup.col.size'),
      dataIndex: 'size',
      key: 'size',
      width: 110,
      align: 'right',
      render: (n: number) => formatFileSize(n),
    },
    {
      title: t('backup.col.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      render: (at: number) => formatDate(at, 'yyyy-MM-dd HH:mm:ss'),
    },
    {
      title: t('backup.col.actions'),
      key: 'actions',
      width: 240,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" icon={<CloudDownloadOutlined />} onClick={() => void download(row.name)}>
            {t('backup.download')}
          </Button>
          {info?.embedded && (
            <Popconfirm
              title={t('backup.restoreConfirm', { name: row.name })}
              okButtonProps={{ danger: true }}
              onConfirm={() => restore.mutateAsync(row.name).catch(() => undefined)}
            >
              <Button type="link">{t('backup.restore')}</Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('backup.deleteConfirm', { name: row.name })}
            onConfirm={() => remove.mutateAsync(row.name).catch(() => undefined)}
          >
            <Button type="link" danger>
              {t('backup.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card variant="borderless" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('menu.backup')}</h2>}>
      {info && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type={info.embedded || info.pgDump ? 'info' : 'warning'}
            showIcon
            title={t(info.embedded ? 'backup.embedded' : info.pgDump ? 'backup.pgDump' : 'backup.postgres')}
            data-testid="platform-backup-kind"
          />
          <Statistic title={t('backup.databaseSize')} value={formatFileSize(info.databaseSize)} />
          {info.pendingRestore && (
            <Alert
              type="warning"
              showIcon
              title={t('backup.pending', { name: info.pendingRestore })}
              action={
                <Button size="small" onClick={() => cancel.mutate()}>
                  {t('backup.cancelRestore')}
                </Button>
              }
            />
          )}
          {(info.embedded || info.pgDump) && (
            <>
              <Button
                type="primary"
                icon={<DatabaseOutlined />}
                loading={take.isPending}
                onClick={() => take.mutate()}
                data-testid="platform-backup-take"
              >
                {t('backup.take')}
              </Button>
              <Table<Backup>
                rowKey="name"
                size="middle"
                dataSource={info.backups}
                columns={columns}
                pagination={false}
                scroll={{ x: 'max-content' }}
              />
            </>
          )}
        </Space>
      )}
    </Card>
  );
}
