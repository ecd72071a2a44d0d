import { ReloadOutlined } from '@ant-design/icons';
import { formatDate, formatFileSize, type TaskRun, type TenantMonitor } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ResultTag } from '../task';
import { monitorApi, monitorKeys } from './api';

/** Every few seconds: the screen is watched while something happens. */
const REFRESH_MS = 5_000;
const SMALL_TABLE = { size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;
const TIME = 'yyyy-MM-dd HH:mm:ss';

type TableRow = TenantMonitor['storage']['tables'][number];

/**
 * System → monitor, as a tenant administrator sees it: his tenant's sessions, scheduled jobs and
 * storage. The host (machine, processes, database, Redis) is the platform operator's.
 */
export default function MonitorPage() {
  const { t } = useTranslation('tenantMonitor');
  const query = useQuery({
    queryKey: monitorKeys.all,
    queryFn: monitorApi.tenant,
    refetchInterval: REFRESH_MS,
  });
  const m = query.data;
  const stat = (key: string, value: number | string, testId: string) => (
    <Col xs={12} md={6} key={key}>
      <Card size="small" variant="outlined">
        <Statistic
          title={t(key)}
          value={value}
          valueRender={(node) => <span data-testid={testId}>{node}</span>}
        />
      </Card>
    </Col>
  );
  const runColumns: ColumnsType<TaskRun> = [
    {
      title: t('jobs.task'),
      dataIndex: 'taskName',
      key: 'taskName',
      render: (v: string, r) => v || r.jobCode,
    },
    {
      title: t('jobs.result'),
      dataIndex: 'result',
      key: 'result',
      render: (v: TaskRun['result']) => <ResultTag result={v} />,
    },
    {
      title: t('jobs.started'),
      dataIndex: 'startedAt',
      key: 'startedAt',
      render: (v: number) => formatDate(v, TIME),
    },
    {
      title: t('jobs.message'),
      dataIndex: 'message',
      key: 'message',
      render: (v: string, r) => r.error || v,
    },
  ];
  const tableColumns: ColumnsType<TableRow> = [
    { title: t('storage.table'), dataIndex: 'name', key: 'name' },
    { title: t('storage.rows'), dataIndex: 'rows', key: 'rows' },
    { title: t('storage.bytes'), dataIndex: 'bytes', key: 'bytes', render: (v: number) => formatFileSize(v) },
  ];

  return (
    <Card
      variant="borderless"
      title={t('title')}
      data-testid="monitor-page"
      extra={
        <Space>
          {m && (
            <Typography.Text type="secondary" data-testid="monitor-time">
              {t('sampledAt', { time: formatDate(m.time, TIME) })}
            </Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void query.refetch()}
            data-testid="monitor-refresh"
          >
            {t('refresh')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('intro')} data-testid="monitor-intro" />
        <Typography.Title level={5}>{t('sessions.title')}</Typography.Title>
        <Row gutter={[12, 12]}>
          {stat('sessions.active', m?.sessions.active ?? '-', 'monitor-sessions')}
          {stat('sessions.users', m?.sessions.users ?? '-', 'monitor-users')}
          {stat('sessions.signIns24h', m?.sessions.signIns24h ?? '-', 'monitor-sign-ins')}
          {stat('sessions.failedSignIns24h', m?.sessions.failedSignIns24h ?? '-', 'monitor-failed-sign-ins')}
        </Row>
        <Typography.Title level={5}>{t('jobs.title')}</Typography.Title>
        <Row gutter={[12, 12]}>
          {stat('jobs.tasks', m?.jobs.tasks ?? '-', 'monitor-tasks')}
          {stat('jobs.enabled', m?.jobs.enabled ?? '-', 'monitor-tasks-enabled')}
          {stat('jobs.running', m?.jobs.running ?? '-', 'monitor-runs-running')}
          {stat('jobs.failures24h', m?.jobs.failures24h ?? '-', 'monitor-runs-failed')}
        </Row>
        <Table<TaskRun>
          {...SMALL_TABLE}
          rowKey="id"
          data-testid="monitor-runs"
          columns={runColumns}
          dataSource={m?.jobs.recent ?? []}
          // Empty's description is drawn in a readable grey; a bare string takes the disabled one (1.8:1).
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobs.none')} /> }}
        />
        <Typography.Title level={5}>{t('storage.title')}</Typography.Title>
        <Row gutter={[12, 12]}>
          {stat('storage.rowsAll', m?.storage.rows ?? '-', 'monitor-rows')}
          {stat('storage.rowBytes', m ? formatFileSize(m.storage.rowBytes) : '-', 'monitor-row-bytes')}
          {stat(
            'storage.files',
            m ? `${m.storage.files} · ${formatFileSize(m.storage.fileBytes)}` : '-',
            'monitor-files',
          )}
          {stat(
            'storage.backups',
            m ? `${m.storage.backups} · ${formatFileSize(m.storage.backupBytes)}` : '-',
            'monitor-backups',
          )}
        </Row>
        <Table<TableRow>
          {...SMALL_TABLE}
          rowKey="name"
          data-testid="monitor-tables"
          columns={tableColumns}
          dataSource={m?.storage.tables ?? []}
        />
      </Space>
    </Card>
  );
}
