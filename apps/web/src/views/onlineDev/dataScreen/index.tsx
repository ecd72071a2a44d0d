import { DataScreenPerm, type DataScreenSummary, formatDate, MenuPerm } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
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
import { defaultMenuCode, PublishMenuModal } from '../dataReport/PublishModal';
import { dataScreenApi, dataScreenKeys } from './api';
import { openDataScreen, viewerPath } from './open-screen';
import './dataScreen.css';

// The editor and its canvas (react-grid-layout): a chunk of its own, fetched on opening.
const DataScreenEditor = lazy(() => import('./DataScreenEditor'));

/**
 * 在线开发 › 大屏设计: the tenant's data screens (docs/data-screens.md). A data screen is a
 * full-screen dashboard on a 1920×1080 canvas (titles, texts, clocks, and figures, charts and
 * tables over datasets), published as a menu item of type 6 that opens it in the product's viewer.
 */
export default function DataScreenPage() {
  const { t } = useTranslation('dataScreen');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<DataScreenSummary | 'new' | null>(null);
  const [publishing, setPublishing] = useState<DataScreenSummary | null>(null);
  const query = useQuery({
    queryKey: dataScreenKeys.list(keyword),
    queryFn: () => dataScreenApi.list(keyword),
    placeholderData: keepPreviousData,
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: dataScreenKeys.all });
  const remove = useMutation({
    mutationFn: dataScreenApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    // A screen that menu items open is refused (409), the message naming them.
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const canPublish = has(DataScreenPerm.screenEdit) && has(MenuPerm.menuAdd);
  const actionColumn = useActionColumn<DataScreenSummary>(t('actions'), 260, (row) => (
    <>
      <EditDeleteActions
        prefix="dsd"
        editCode={DataScreenPerm.screenEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={DataScreenPerm.screenDelete}
        deleteTitle={
          <span data-testid="dsd-delete-title">
            {t('deleteConfirm', { name: modelName(language, row.names) })}
          </span>
        }
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
      <RowAction onClick={() => openDataScreen(row.id, viewerPath(row.id))} testId="dsd-view">
        {t('open')}
      </RowAction>
      {canPublish && (
        <RowAction onClick={() => setPublishing(row)} testId="dsd-publish">
          {t('publish.action')}
        </RowAction>
      )}
    </>
  ));
  const columns: ColumnsType<DataScreenSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="dsd-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.menus'),
      key: 'menus',
      render: (_, row) =>
        row.menus.length ? (
          <Space size={[0, 4]} wrap data-testid="dsd-menus">
            {row.menus.map((m) => (
              <Tag key={m.id} color="blue">
                {m.name}
              </Tag>
            ))}
          </Space>
        ) : (
          <span data-testid="dsd-menus">{t('notPublished')}</span>
        ),
    },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    ...actionColumns([actionColumn], true),
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="dsd-page">
      <KeywordToolbar
        prefix="dsd"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={DataScreenPerm.screenAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<DataScreenSummary>
        testId="dsd-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <Suspense fallback={null}>
          <DataScreenEditor
            id={open === 'new' ? null : open.id}
            onClose={() => setOpen(null)}
            onSaved={afterWrite}
          />
        </Suspense>
      )}
      {publishing && (
        <PublishMenuModal
          ns="dataScreen"
          prefix="dsd"
          name={modelName(language, publishing.names)}
          menus={publishing.menus}
          defaultCode={defaultMenuCode(publishing.code, 'screen')}
          publish={(body) => dataScreenApi.publish(publishing.id, body)}
          onClose={() => setPublishing(null)}
          onPublished={afterWrite}
        />
      )}
    </Card>
  );
}
