import { FileTextOutlined } from '@ant-design/icons';
import { DataInterfacePerm, type DataInterfaceSummary, formatDate } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../dataModel/model-form';
import { dataInterfaceApi, dataInterfaceKeys } from './api';
import { DataInterfaceEditor } from './DataInterfaceEditor';
import { TestConsole } from './TestConsole';
import './dataInterface.css';

const KIND_COLOURS = { static: 'default', dataset: 'blue', http: 'gold' } as const;

/**
 * 系统数据 › 数据接口: the tenant's answers at a stable path (static JSON, a dataset run as the
 * caller, an allow-listed HTTP service), each for the roles it names; tried in the test console,
 * described for client developers by an OpenAPI document.
 */
export default function DataInterfacePage() {
  const { t } = useTranslation('dataInterface');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const canTest = has(DataInterfacePerm.dataInterfaceAdd) || has(DataInterfacePerm.dataInterfaceEdit);
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<DataInterfaceSummary | 'new' | null>(null);
  const [testing, setTesting] = useState<DataInterfaceSummary | null>(null);
  const query = useQuery({
    queryKey: dataInterfaceKeys.list(keyword),
    queryFn: () => dataInterfaceApi.list(keyword),
    placeholderData: keepPreviousData,
    // The server sends the whole list (a tenant has few); the table pages it.
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: dataInterfaceKeys.all });
  const remove = useMutation({
    mutationFn: dataInterfaceApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const openApi = useMutation({
    mutationFn: dataInterfaceApi.openApi,
    onSuccess: (blob) => saveBlob(blob, 'data-interfaces.openapi.json'),
  });
  const actionColumn = useActionColumn<DataInterfaceSummary>(t('actions'), 180, (row) => (
    <>
      {canTest && (
        <RowAction onClick={() => setTesting(row)} testId="di-test">
          {t('test.open')}
        </RowAction>
      )}
      <EditDeleteActions
        prefix="di"
        editCode={DataInterfacePerm.dataInterfaceEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={DataInterfacePerm.dataInterfaceDelete}
        deleteTitle={
          <span data-testid="di-delete-title">
            {t('deleteConfirm', { name: modelName(language, row.names) })}
          </span>
        }
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
    </>
  ));
  const columns: ColumnsType<DataInterfaceSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="di-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    {
      title: t('col.name'),
      key: 'name',
      ellipsis: true,
      render: (_, row) => modelName(language, row.names),
    },
    {
      title: t('col.kind'),
      key: 'kind',
      render: (_, row) => <Tag color={KIND_COLOURS[row.kind]}>{t(`kind.${row.kind}`)}</Tag>,
    },
    {
      title: t('col.enabled'),
      key: 'enabled',
      render: (_, row) => (
        <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? t('state.on') : t('state.off')}</Tag>
      ),
    },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    actionColumn,
  ];
  return (
    <Card
      variant="borderless"
      title={t('title')}
      extra={
        <Auth code={DataInterfacePerm.dataInterface}>
          <Button
            icon={<FileTextOutlined />}
            loading={openApi.isPending}
            onClick={() => openApi.mutate()}
            data-testid="di-openapi"
          >
            {t('openApi')}
          </Button>
        </Auth>
      }
      data-testid="di-page"
    >
      <KeywordToolbar
        prefix="di"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={DataInterfacePerm.dataInterfaceAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<DataInterfaceSummary>
        testId="di-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <DataInterfaceEditor
          id={open === 'new' ? null : open.id}
          onClose={() => setOpen(null)}
          onSaved={afterWrite}
        />
      )}
      {testing && <TestConsole item={testing} onClose={() => setTesting(null)} />}
    </Card>
  );
}
