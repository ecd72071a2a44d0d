import { formatDate, MenuPerm, ReportPerm, type ReportSummary } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Space, Tag } from 'antd';
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
import { reportApi, reportKeys } from './api';
import { PublishModal } from './PublishModal';
import { ReportEditor } from './ReportEditor';
import './dataReport.css';

/**
 * 在线开发 › 报表设计: the tenant's data reports (docs/reports.md). A report reads one dataset and
 * shows its rows as a table with groups and subtotals, a pivot and charts; published as a menu item
 * (type 5), it opens for whoever holds that item's code, with the dataset's parameters as its query.
 */
export default function DataReportPage() {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<ReportSummary | 'new' | null>(null);
  const [publishing, setPublishing] = useState<ReportSummary | null>(null);
  const query = useQuery({
    queryKey: reportKeys.list(keyword),
    queryFn: () => reportApi.list(keyword),
    placeholderData: keepPreviousData,
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: reportKeys.all });
  const remove = useMutation({
    mutationFn: reportApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    // A report that menu items open is refused (409), the message naming them.
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  // Publishing adds a menu item: it takes the menu screen's add code besides the report's edit.
  const canPublish = has(ReportPerm.reportEdit) && has(MenuPerm.menuAdd);
  const actionColumn = useActionColumn<ReportSummary>(t('actions'), 200, (row) => (
    <>
      <EditDeleteActions
        prefix="rpt"
        editCode={ReportPerm.reportEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={ReportPerm.reportDelete}
        deleteTitle={
          <span data-testid="rpt-delete-title">
            {t('deleteConfirm', { name: modelName(language, row.names) })}
          </span>
        }
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
      {canPublish && (
        <RowAction onClick={() => setPublishing(row)} testId="rpt-publish">
          {t('publish.action')}
        </RowAction>
      )}
    </>
  ));
  const columns: ColumnsType<ReportSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="rpt-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.dataset'),
      key: 'dataset',
      ellipsis: true,
      render: (_, row) => modelName(language, row.datasetNames),
    },
    {
      title: t('col.menus'),
      key: 'menus',
      render: (_, row) =>
        row.menus.length ? (
          <Space size={[0, 4]} wrap data-testid="rpt-menus">
            {row.menus.map((m) => (
              <Tag key={m.id} color="blue">
                {m.name}
              </Tag>
            ))}
          </Space>
        ) : (
          <span data-testid="rpt-menus">{t('notPublished')}</span>
        ),
    },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    ...actionColumns(
      [actionColumn],
      has(ReportPerm.reportEdit) || has(ReportPerm.reportDelete) || canPublish,
    ),
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="rpt-page">
      <KeywordToolbar
        prefix="rpt"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={ReportPerm.reportAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<ReportSummary>
        testId="rpt-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <ReportEditor
          id={open === 'new' ? null : open.id}
          onClose={() => setOpen(null)}
          onSaved={afterWrite}
        />
      )}
      {publishing && (
        <PublishModal report={publishing} onClose={() => setPublishing(null)} onPublished={afterWrite} />
      )}
    </Card>
  );
}
