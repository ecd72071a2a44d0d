import { DataModelPerm, type DataModelSummary, formatDate } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Tag } from 'antd';
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
import { dataModelApi, dataModelKeys } from './api';
import { ModelEditor } from './ModelEditor';
import { modelName } from './model-form';

/**
 * 系统数据 › 数据建模: the tenant's data models (each a table of its own, docs/online-development.md),
 * searched by code or name; a model opens in the editor, which saves a new version of it.
 */
export default function DataModelPage() {
  const { t } = useTranslation('dataModel');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<DataModelSummary | 'new' | null>(null);
  const query = useQuery({
    queryKey: dataModelKeys.list(keyword),
    queryFn: () => dataModelApi.list(keyword),
    placeholderData: keepPreviousData,
    // The server answers every model of the tenant (at most 100): the table pages them.
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: dataModelKeys.all });
  const remove = useMutation({
    mutationFn: dataModelApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError: (error) => {
      const msg = error instanceof ApiError ? error.msg : String(error);
      // Another model references or lists this one: the answer names them, and stays until read.
      if (error instanceof ApiError && error.code === 409)
        modal.warning({
          title: t('deleteRefused'),
          content: msg,
          okButtonProps: { 'data-testid': 'dm-refused-ok' },
        });
      else toast.error(msg);
    },
  });
  const actionColumn = useActionColumn<DataModelSummary>(t('actions'), 140, (row) => (
    <EditDeleteActions
      prefix="dm"
      editCode={DataModelPerm.dataModelEdit}
      onEdit={() => setOpen(row)}
      editLabel={t('edit')}
      deleteCode={DataModelPerm.dataModelDelete}
      deleteTitle={
        <span data-testid="dm-delete-title">
          {t('deleteConfirm', { name: modelName(language, row.names) })}
        </span>
      }
      onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
      deleteLabel={t('delete')}
    />
  ));
  const columns: ColumnsType<DataModelSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="dm-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.flags'),
      key: 'flags',
      render: (_, row) => (
        <Space size={4}>
          {row.isTree && <Tag color="blue">{t('flag.tree')}</Tag>}
          {row.isLines && <Tag color="purple">{t('flag.lines')}</Tag>}
          {!row.isTree && !row.isLines && <Tag>{t('flag.plain')}</Tag>}
        </Space>
      ),
    },
    { title: t('col.fieldCount'), dataIndex: 'fieldCount', key: 'fieldCount', align: 'right' },
    { title: t('col.version'), dataIndex: 'version', key: 'version', align: 'right' },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    ...actionColumns([actionColumn], has(DataModelPerm.dataModelEdit) || has(DataModelPerm.dataModelDelete)),
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="dm-page">
      <KeywordToolbar
        prefix="dm"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={DataModelPerm.dataModelAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<DataModelSummary>
        testId="dm-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <ModelEditor
          id={open === 'new' ? null : open.id}
          onClose={() => setOpen(null)}
          onSaved={afterWrite}
        />
      )}
    </Card>
  );
}
