import { formatDate, MenuPerm, PortalPerm, type PortalSummary } from '@srm/contracts/core';
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
import { portalApi, portalKeys, portalViewKeys } from './api';
import { HomesModal } from './HomesModal';
import './visualPortal.css';

// The editor and its draggable grid (react-grid-layout): a chunk of its own, fetched on opening.
const PortalEditor = lazy(() => import('./PortalEditor'));

function Tags({
  items,
  none,
  testId,
}: {
  items: { id: string; name: string }[];
  none: string;
  testId: string;
}) {
  if (!items.length) return <span data-testid={testId}>{none}</span>;
  return (
    <Space size={[0, 4]} wrap data-testid={testId}>
      {items.map((m) => (
        <Tag key={m.id} color="blue">
          {m.name}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * 在线开发 › 门户设计: the tenant's portals (docs/portals.md). A portal is a dashboard of widgets
 * (to-dos, messages, announcements, charts, numbers and tables over datasets, shortcuts, text) on a
 * 12-column grid; published as a menu item (type 8), or made the home page of roles.
 */
export default function VisualPortalPage() {
  const { t } = useTranslation('visualPortal');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<PortalSummary | 'new' | null>(null);
  const [publishing, setPublishing] = useState<PortalSummary | null>(null);
  const [homes, setHomes] = useState<PortalSummary | null>(null);
  const query = useQuery({
    queryKey: portalKeys.list(keyword),
    queryFn: () => portalApi.list(keyword),
    placeholderData: keepPreviousData,
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => {
    void queryClient.invalidateQueries({ queryKey: portalKeys.all });
    // What readers see of it (an open portal page, the home page) is read again too.
    void queryClient.invalidateQueries({ queryKey: portalViewKeys.all });
    void queryClient.invalidateQueries({ queryKey: portalViewKeys.home() });
  };
  const remove = useMutation({
    mutationFn: portalApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    // A portal that menu items open is refused (409), the message naming them.
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  // Publishing adds a menu item: it takes the menu screen's add code besides the portal's edit.
  const canPublish = has(PortalPerm.portalEdit) && has(MenuPerm.menuAdd);
  const canEdit = has(PortalPerm.portalEdit);
  const actionColumn = useActionColumn<PortalSummary>(t('actions'), 260, (row) => (
    <>
      <EditDeleteActions
        prefix="pd"
        editCode={PortalPerm.portalEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={PortalPerm.portalDelete}
        deleteTitle={
          <span data-testid="pd-delete-title">
            {t('deleteConfirm', { name: modelName(language, row.names) })}
          </span>
        }
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
      {canPublish && (
        <RowAction onClick={() => setPublishing(row)} testId="pd-publish">
          {t('publish.action')}
        </RowAction>
      )}
      {canEdit && (
        <RowAction onClick={() => setHomes(row)} testId="pd-homes">
          {t('homes.action')}
        </RowAction>
      )}
    </>
  ));
  const columns: ColumnsType<PortalSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="pd-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.menus'),
      key: 'menus',
      render: (_, row) => <Tags items={row.menus} none={t('notPublished')} testId="pd-menus" />,
    },
    {
      title: t('col.homeRoles'),
      key: 'homeRoles',
      render: (_, row) => <Tags items={row.homeRoles} none={t('noHomeRoles')} testId="pd-home-roles" />,
    },
    { title: t('col.updatedBy'), dataIndex: 'updatedByName', key: 'updatedBy' },
    {
      title: t('col.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (at: number | null) => formatDate(at, 'yyyy-MM-dd HH:mm'),
    },
    ...actionColumns([actionColumn], canEdit || has(PortalPerm.portalDelete) || canPublish),
  ];
  return (
    <Card variant="borderless" title={t('title')} data-testid="pd-page">
      <KeywordToolbar
        prefix="pd"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={PortalPerm.portalAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<PortalSummary>
        testId="pd-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <Suspense fallback={null}>
          <PortalEditor
            id={open === 'new' ? null : open.id}
            onClose={() => setOpen(null)}
            onSaved={afterWrite}
          />
        </Suspense>
      )}
      {publishing && (
        <PublishMenuModal
          ns="visualPortal"
          prefix="pd"
          name={modelName(language, publishing.names)}
          menus={publishing.menus}
          defaultCode={defaultMenuCode(publishing.code, 'portal')}
          publish={(body) => portalApi.publish(publishing.id, body)}
          onClose={() => setPublishing(null)}
          onPublished={afterWrite}
        />
      )}
      {homes && <HomesModal portal={homes} onClose={() => setHomes(null)} onSaved={afterWrite} />}
    </Card>
  );
}
