import type {
  DataSync,
  DataSyncDiff,
  DataSyncRowChange,
  DataSyncRun,
  DataSyncRunStatus,
} from '@srm/contracts/core';
import { formatDate } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalMessages } from '../dataSource/api';
import { dataSyncApi, dataSyncKeys } from './api';

// Preset tag colours that styles/a11y.css keeps readable in both themes.
export const STATUS_COLORS: Record<DataSyncRunStatus, string> = {
  queued: 'default',
  running: 'processing',
  retrying: 'warning',
  success: 'success',
  failure: 'error',
};

export function StatusTag({ status }: { status: DataSyncRunStatus }) {
  const { t } = useTranslation('dataSync');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="dsync-status">
      {t(`status.${status}`)}
    </Tag>
  );
}

const cell = (v: unknown) => (v === null || v === undefined ? '—' : String(v));

function ChangeTable({
  rows,
  testId,
  withBefore,
}: {
  rows: DataSyncRowChange[];
  testId: string;
  withBefore?: boolean;
}) {
  const { t } = useTranslation('dataSync');
  const fields = [...new Set(rows.flatMap((r) => Object.keys(withBefore ? (r.before ?? {}) : r.values)))];
  const columns: ColumnsType<DataSyncRowChange> = [
    { title: t('dry.key'), dataIndex: 'key', key: 'key', render: (k: string) => <code>{k}</code> },
    ...fields.map((f) => ({
      title: <code>{f}</code>,
      key: f,
      render: (_: unknown, row: DataSyncRowChange) =>
        withBefore ? (
          <span>
            <del>{cell(row.before?.[f])}</del> → {cell(row.values[f])}
          </span>
        ) : (
          cell(row.values[f])
        ),
    })),
  ];
  return (
    <Table<DataSyncRowChange>
      size="small"
      rowKey="key"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      columns={columns}
      data-testid={testId}
    />
  );
}

/** A dry run's answer: what a run would insert and update, and where the watermark would go. */
export function DryRunModal({ sync, onClose }: { sync: DataSync; onClose: () => void }) {
  const { t } = useTranslation('dataSync');
  const diff = useQuery({
    queryKey: [...dataSyncKeys.one(sync.id), 'dryRun'],
    queryFn: () => dataSyncApi.dryRun(sync.id),
    gcTime: 0,
    retry: false,
  });
  const d: DataSyncDiff | undefined = diff.data;
  return (
    <Modal
      open
      title={t('dry.title', { code: sync.code })}
      onCancel={onClose}
      width="min(900px, 100vw)"
      footer={
        <Button onClick={onClose} data-testid="dsync-dry-close">
          {t('dry.close')}
        </Button>
      }
      data-testid="dsync-dry-modal"
    >
      {diff.isPending ? (
        <Skeleton active />
      ) : diff.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('dry.failed')}
          description={refusalMessages(diff.error).join(' ')}
          data-testid="dsync-dry-error"
        />
      ) : d ? (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered data-testid="dsync-dry-counts">
            <Descriptions.Item label={t('dry.rowsRead')}>{d.rowsRead}</Descriptions.Item>
            <Descriptions.Item label={t('dry.toInsert')}>
              <span data-testid="dsync-dry-insert">{d.toInsert}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dry.toUpdate')}>
              <span data-testid="dsync-dry-update">{d.toUpdate}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('dry.unchanged')}>{d.unchanged}</Descriptions.Item>
            <Descriptions.Item label={t('dry.watermark')} span={2}>
              <code>{cell(d.watermarkBefore)}</code> → <code>{cell(d.watermarkAfter)}</code>
            </Descriptions.Item>
          </Descriptions>
          {d.truncated && <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('dry.truncated')} />}
          {d.inserts.length > 0 && (
            <>
              <Typography.Title level={5}>{t('dry.inserts')}</Typography.Title>
              <ChangeTable rows={d.inserts} testId="dsync-dry-inserts" />
            </>
          )}
          {d.updates.length > 0 && (
            <>
              <Typography.Title level={5}>{t('dry.updates')}</Typography.Title>
              <ChangeTable rows={d.updates} testId="dsync-dry-updates" withBefore />
            </>
          )}
        </>
      ) : null}
    </Modal>
  );
}

/** A sync's run log, newest first; refreshed while a run is under way. */
export function RunsDrawer({ sync, onClose }: { sync: DataSync; onClose: () => void }) {
  const { t } = useTranslation('dataSync');
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: dataSyncKeys.runs(sync.id, page),
    queryFn: () => dataSyncApi.runs(sync.id, page),
    refetchInterval: (q) =>
      q.state.data?.list.some((r) => ['queued', 'running', 'retrying'].includes(r.status)) ? 2000 : false,
  });
  const at = (v: number | null) => (v ? formatDate(v, 'yyyy-MM-dd HH:mm:ss') : '—');
  const columns: ColumnsType<DataSyncRun> = [
    { title: t('runs.startedAt'), key: 'startedAt', render: (_, r) => at(r.startedAt ?? r.createdAt) },
    { title: t('runs.endedAt'), key: 'endedAt', render: (_, r) => at(r.endedAt) },
    { title: t('runs.trigger'), key: 'trigger', render: (_, r) => t(`trigger.${r.trigger}`) },
    { title: t('runs.status'), key: 'status', render: (_, r) => <StatusTag status={r.status} /> },
    { title: t('runs.read'), dataIndex: 'rowsRead', key: 'read', align: 'right' },
    { title: t('runs.inserted'), dataIndex: 'inserted', key: 'inserted', align: 'right' },
    { title: t('runs.updated'), dataIndex: 'updated', key: 'updated', align: 'right' },
    { title: t('runs.unchanged'), dataIndex: 'unchanged', key: 'unchanged', align: 'right' },
    {
      title: t('runs.watermark'),
      key: 'watermark',
      render: (_, r) => (
        <span>
          <code>{cell(r.watermarkBefore)}</code> → <code>{cell(r.watermarkAfter)}</code>
        </span>
      ),
    },
    { title: t('runs.attempt'), dataIndex: 'attempt', key: 'attempt', align: 'right' },
    { title: t('runs.message'), dataIndex: 'message', key: 'message', render: (m: string) => m || '—' },
  ];
  return (
    <Drawer
      open
      title={t('runs.title', { code: sync.code })}
      onClose={onClose}
      size="min(1100px, 100vw)"
      data-testid="dsync-runs-drawer"
    >
      <Table<DataSyncRun>
        size="small"
        rowKey="id"
        loading={runs.isPending}
        dataSource={runs.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: runs.data?.pagination.total ?? 0,
          onChange: setPage,
        }}
        data-testid="dsync-runs"
      />
    </Drawer>
  );
}
