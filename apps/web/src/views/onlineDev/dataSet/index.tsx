import { DatasetPerm, type DatasetSummary, formatDate } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import {
  actionColumns,
  EditDeleteActions,
  RowAction,
  useActionColumn,
} from '../../../components/listActions';
import { KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../../systemData/dataModel/model-form';
import { datasetApi, datasetKeys } from './api';
import { DatasetEditor } from './DatasetEditor';
import './dataSet.css';

/**
 * 在线开发 › 数据集: the tenant's named, parameterised queries (docs/datasets.md), built visually
 * or written as SQL; reports, portals and screens read them. A dataset opens in the editor, which
 * previews it as the server would run it.
 */
export default function DatasetPage() {
  const { t } = useTranslation('dataSet');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<DatasetSummary | 'new' | null>(null);
  const query = useQuery({
    queryKey: datasetKeys.list(keyword),
    queryFn: () => datasetApi.list(keyword),
    placeholderData: keepPreviousData,
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: datasetKeys.all });
  const remove = useMutation({
    mutationFn: datasetApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const actionColumn = useActionColumn<DatasetSummary>(t('actions'), 140, (row) => (
    <EditDeleteActions
      prefix="ds"
      editCode={DatasetPerm.datasetEdit}
      onEdit={() => setOpen(row)}
      editLabel={t('edit')}
      deleteCode={DatasetPerm.datasetDelete}
      deleteTitle={
        <span data-testid="ds-delete-title">
          {t('deleteConfirm', { name: modelName(language, row.names) })}
        </span>
      }
      onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
      deleteLabel={t('delete')}
    />
  ));
  const columns: ColumnsType<DatasetSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="ds-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.kind'),
      key: 'kind',
      render: (_, row) => <Tag color={row.kind === 'sql' ? 'purple' : 'blue'}>{t(`kind.${row.kind}`)}</Tag>,
    },
    {
      title: t('col.reads'),
      key: 'reads',
      ellipsis: true,
      render: (_, row) => row.sourceName ?? t('editor.readsProduct'),
    },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    ...actionColumns([actionColumn], has(DatasetPerm.datasetEdit) || has(DatasetPerm.datasetDelete)),
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="ds-page">
      <KeywordToolbar
        prefix="ds"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={DatasetPerm.datasetAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<DatasetSummary>
        testId="ds-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <DatasetEditor
          id={open === 'new' ? null : open.id}
          onClose={() => setOpen(null)}
          onSaved={afterWrite}
        />
      )}
    </Card>
  );
}
