import { type DataSync, DataSyncPerm, formatDate } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../dataModel/model-form';
import { dataSyncApi, dataSyncKeys } from './api';
import { SyncEditor } from './SyncEditor';
import { DryRunModal, RunsDrawer, StatusTag } from './SyncPanels';
import './dataSync.css';

/**
 * 系统数据 › 数据同步: copies of a data source's table or a dataset into a data model, run by hand or
 * on a schedule (docs/data-sync.md). A row runs now, shows what a run would change (a dry run,
 * nothing written) and opens its run log.
 */
export default function DataSyncPage() {
  const { t } = useTranslation('dataSync');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<DataSync | 'new' | null>(null);
  const [dryRun, setDryRun] = useState<DataSync | null>(null);
  const [runs, setRuns] = useState<DataSync | null>(null);
  const query = useQuery({
    queryKey: dataSyncKeys.list(keyword),
    queryFn: () => dataSyncApi.list(keyword),
    placeholderData: keepPreviousData,
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
    refetchInterval: (q) =>
      q.state.data?.list.some(
        (s) => s.lastRun && ['queued', 'running', 'retrying'].includes(s.lastRun.status),
      )
        ? 3000
        : false,
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: dataSyncKeys.all });
  const onError = (error: unknown) => toast.error(error instanceof ApiError ? error.msg : String(error));
  const remove = useMutation({
    mutationFn: dataSyncApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError,
  });
  const execute = useMutation({
    mutationFn: (row: DataSync) => dataSyncApi.execute(row.id),
    onSuccess: (result, row) => {
      toast.success(result.queued ? t('queued') : t('alreadyRunning'));
      afterWrite();
      setRuns(row);
    },
    onError,
  });
  const actionColumn = useActionColumn<DataSync>(t('actions'), 300, (row) => (
    <>
      <Auth code={DataSyncPerm.dataSyncExecute}>
        <RowAction onClick={() => execute.mutate(row)} testId="dsync-execute">
          {t('execute')}
        </RowAction>
        <RowAction onClick={() => setDryRun(row)} testId="dsync-dry-run">
          {t('dryRun')}
        </RowAction>
      </Auth>
      <RowAction onClick={() => setRuns(row)} testId="dsync-runs">
        {t('runs.open')}
      </RowAction>
      <EditDeleteActions
        prefix="dsync"
        editCode={DataSyncPerm.dataSyncEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={DataSyncPerm.dataSyncDelete}
        deleteTitle={<span data-testid="dsync-delete-title">{t('deleteConfirm', { code: row.code })}</span>}
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
    </>
  ));
  const columns: ColumnsType<DataSync> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="dsync-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.source'),
      key: 'source',
      render: (_, row) => (
        <span>
          <Tag>{t(`sourceKind.${row.sourceKind}`)}</Tag>
          {row.sourceName}
          {row.sourceTable && <code> {row.sourceTable}</code>}
        </span>
      ),
    },
    { title: t('col.model'), dataIndex: 'modelName', key: 'model', ellipsis: true },
    {
      title: t('col.mode'),
      key: 'mode',
      render: (_, row) =>
        row.mode === 'incremental'
          ? t('mode.incrementalShort', { column: row.watermarkColumn })
          : t('mode.full'),
    },
    {
      title: t('col.schedule'),
      key: 'schedule',
      render: (_, row) =>
        row.cron ? (
          <span>
            <code>{row.cron}</code>
            {!row.enabled && <Tag style={{ marginInlineStart: 4 }}>{t('paused')}</Tag>}
          </span>
        ) : (
          t('manualOnly')
        ),
    },
    {
      title: t('col.lastRun'),
      key: 'lastRun',
      render: (_, row) =>
        row.lastRun ? (
          <span>
            <StatusTag status={row.lastRun.status} />
            {formatDate(row.lastRun.startedAt, 'MM-dd HH:mm')}
          </span>
        ) : (
          '—'
        ),
    },
    actionColumn,
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="dsync-page">
      <KeywordToolbar
        prefix="dsync"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={DataSyncPerm.dataSyncAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<DataSync>
        testId="dsync-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <SyncEditor id={open === 'new' ? null : open.id} onClose={() => setOpen(null)} onSaved={afterWrite} />
      )}
      {dryRun && <DryRunModal sync={dryRun} onClose={() => setDryRun(null)} />}
      {runs && <RunsDrawer sync={runs} onClose={() => setRuns(null)} />}
    </Card>
  );
}
