import { CloudDownloadOutlined, DatabaseOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDate, TaskPerm, type TenantBackup } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { DeleteAction, RowAction, useActionColumn } from '../../../components/listActions';
import { toast } from '../../../utils/message';
import { ResultTag } from '../../system/task';
import { backupApi, taskKeys } from '../../system/task/api';

const TIME = 'yyyy-MM-dd HH:mm:ss';

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * System data → data backup: the tenant's own rows and files, backed up now or by its task, and
 * restored at once (the server's whole database is the platform operator's).
 */
export default function DataBackupPage() {
  const { t } = useTranslation('task');
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: taskKeys.backup, queryFn: backupApi.info });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: taskKeys.backup });
  const create = useMutation({
    mutationFn: backupApi.create,
    onSuccess: () => {
      toast.success(t('backup.created'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: backupApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      refresh();
    },
  });
  const restore = useMutation({
    mutationFn: backupApi.restore,
    onSuccess: (done) => {
      toast.success(t('backup.restored', { rows: done.rows, files: done.files }));
      // Every screen's data is the backup's now: read it again.
      void queryClient.invalidateQueries();
    },
  });
  const download = async (name: string) => saveBlob(await backupApi.download(name), name);

  const data = info.data;
  const actionColumn = useActionColumn<TenantBackup>(t('actions'), 220, (row) => (
    <>
      <Auth code={TaskPerm.dataBackupDownload}>
        <RowAction
          icon={<CloudDownloadOutlined />}
          onClick={() => void download(row.name)}
          testId="backup-download"
        >
          {t('backup.download')}
        </RowAction>
      </Auth>
      <Auth code={TaskPerm.dataBackupRestore}>
        <Popconfirm
          title={t('backup.restoreConfirm')}
          onConfirm={() => restore.mutateAsync(row.name).catch(() => undefined)}
          okButtonProps={{ 'data-testid': 'backup-restore-confirm' } as Record<string, string>}
        >
          <Button type="link" size="small" data-testid="backup-restore">
            {t('backup.restore')}
          </Button>
        </Popconfirm>
      </Auth>
      <DeleteAction
        code={TaskPerm.dataBackupDelete}
        title={t('deleteConfirm', { name: row.name })}
        onConfirm={() => remove.mutateAsync(row.name).catch(() => undefined)}
        testId="backup-delete"
        label={t('delete')}
      />
    </>
  ));
  const columns: ColumnsType<TenantBackup> = [
    { title: t('backup.name'), dataIndex: 'name', key: 'name' },
    { title: t('backup.size'), dataIndex: 'size', key: 'size', render: (n: number) => formatBytes(n) },
    {
      title: t('backup.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (at: number) => formatDate(at, TIME),
    },
    {
      title: t('backup.source'),
      dataIndex: 'source',
      key: 'source',
      render: (s: TenantBackup['source']) => <Tag>{t(`backup.sources.${s}`)}</Tag>,
    },
    { title: t('backup.rows'), dataIndex: 'rows', key: 'rows' },
    { title: t('backup.files'), dataIndex: 'files', key: 'files' },
    actionColumn,
  ];

  return (
    <Card variant="borderless" title={t('backup.title')} data-testid="backup-page">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('backup.intro')} data-testid="backup-intro" />
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('backup.lastJob')}>
            <span data-testid="backup-last-job">
              {data?.lastJob ? (
                <Space size={4} wrap>
                  <ResultTag result={data.lastJob.result} />
                  {formatDate(data.lastJob.startedAt, TIME)}
                  {data.lastJob.message && <Typography.Text>{data.lastJob.message}</Typography.Text>}
                  {data.lastJob.error && (
                    <Typography.Text type="danger">{data.lastJob.error}</Typography.Text>
                  )}
                </Space>
              ) : (
                t('backup.noJob')
              )}
            </span>
          </Descriptions.Item>
        </Descriptions>
        <Space wrap>
          <Auth code={TaskPerm.dataBackupAdd}>
            <Button
              type="primary"
              icon={<DatabaseOutlined />}
              loading={create.isPending}
              onClick={() => create.mutate()}
              data-testid="backup-create"
            >
              {t('backup.create')}
            </Button>
          </Auth>
          <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="backup-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <Table<TenantBackup>
          rowKey="name"
          size="middle"
          data-testid="backup-table"
          loading={info.isFetching}
          columns={columns}
          dataSource={data?.backups ?? []}
          scroll={{ x: 'max-content' }}
          pagination={false}
        />
      </Space>
    </Card>
  );
}
