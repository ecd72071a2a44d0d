import { type DataSource, DataSourcePerm, formatDate } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import { toast } from '../../../utils/message';
import { dataSourceApi, dataSourceKeys } from './api';
import { DataSourceEditor } from './DataSourceEditor';
import { hostPort } from './data-source-form';
import { TablesDrawer } from './TablesDrawer';

/**
 * 系统数据 › 数据连接: the tenant's connections to databases outside the product (PostgreSQL,
 * MySQL/MariaDB), reached only at hosts the platform allows; a source's tables can be browsed
 * here. The password is kept on the server and never shown.
 */
export default function DataSourcePage() {
  const { t } = useTranslation('dataSource');
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<DataSource | 'new' | null>(null);
  const [browsing, setBrowsing] = useState<DataSource | null>(null);
  const query = useQuery({
    queryKey: dataSourceKeys.list(keyword),
    queryFn: () => dataSourceApi.list(keyword),
    placeholderData: keepPreviousData,
    // The server sends the whole list (a tenant has few); the table pages it.
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
  const remove = useMutation({
    mutationFn: dataSourceApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const actionColumn = useActionColumn<DataSource>(t('actions'), 180, (row) => (
    <>
      <RowAction onClick={() => setBrowsing(row)} testId="dsrc-tables">
        {t('tables.open')}
      </RowAction>
      <EditDeleteActions
        prefix="dsrc"
        editCode={DataSourcePerm.dataSourceEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={DataSourcePerm.dataSourceDelete}
        deleteTitle={<span data-testid="dsrc-delete-title">{t('deleteConfirm', { name: row.name })}</span>}
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
    </>
  ));
  const columns: ColumnsType<DataSource> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="dsrc-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('col.kind'),
      key: 'kind',
      render: (_, row) => (
        <Tag color={row.kind === 'postgres' ? 'blue' : 'gold'}>{t(`kind.${row.kind}`)}</Tag>
      ),
    },
    {
      title: t('col.host'),
      key: 'host',
      render: (_, row) => <code>{hostPort(row.host, row.port)}</code>,
    },
    { title: t('col.database'), dataIndex: 'database', key: 'database' },
    { title: t('col.username'), dataIndex: 'username', key: 'username' },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    // Everyone who sees the list may browse a source's tables, so the column is always there.
    actionColumn,
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="dsrc-page">
      <KeywordToolbar
        prefix="dsrc"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={DataSourcePerm.dataSourceAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<DataSource>
        testId="dsrc-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <DataSourceEditor
          id={open === 'new' ? null : open.id}
          onClose={() => setOpen(null)}
          onSaved={afterWrite}
        />
      )}
      {browsing && <TablesDrawer source={browsing} onClose={() => setBrowsing(null)} />}
    </Card>
  );
}
