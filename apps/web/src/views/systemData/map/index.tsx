import { formatDate, MapPerm, type MapSummary } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { KeywordToolbar, PagedTable, useKeywordSearch } from '../../../components/listPage';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../dataModel/model-form';
import { mapApi, mapKeys } from './api';
import { MapEditor } from './MapEditor';

/**
 * 系统数据 › 数据地图: the maps report charts colour by a dataset (a choropleth). The product's
 * provinces of China come with it; a tenant uploads its own regions as GeoJSON.
 */
export default function MapPage() {
  const { t } = useTranslation('map');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const keywordSearch = useKeywordSearch();
  const { keyword, page, setPage } = keywordSearch;
  const [open, setOpen] = useState<MapSummary | 'new' | null>(null);
  const query = useQuery({
    queryKey: mapKeys.list(keyword),
    queryFn: () => mapApi.list(keyword),
    placeholderData: keepPreviousData,
    select: (data) => ({ list: data.list, pagination: { total: data.list.length } }),
  });
  const afterWrite = () => void queryClient.invalidateQueries({ queryKey: mapKeys.all });
  const remove = useMutation({
    mutationFn: mapApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      afterWrite();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.msg : String(error)),
  });
  const actionColumn = useActionColumn<MapSummary>(t('actions'), 160, (row) =>
    row.builtIn ? (
      <RowAction onClick={() => setOpen(row)} testId="map-view">
        {t('view')}
      </RowAction>
    ) : (
      <EditDeleteActions
        prefix="map"
        editCode={MapPerm.mapEdit}
        onEdit={() => setOpen(row)}
        editLabel={t('edit')}
        deleteCode={MapPerm.mapDelete}
        deleteTitle={t('deleteConfirm', { name: modelName(language, row.names) })}
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
    ),
  );
  const columns: ColumnsType<MapSummary> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      render: (code: string, row) => (
        <RowAction onClick={() => setOpen(row)} testId="map-open">
          <code>{code}</code>
        </RowAction>
      ),
    },
    { title: t('col.name'), key: 'name', ellipsis: true, render: (_, row) => modelName(language, row.names) },
    {
      title: t('col.kind'),
      key: 'kind',
      render: (_, row) => (
        <Tag color={row.builtIn ? 'blue' : 'green'}>
          {row.builtIn ? t('kind.builtIn') : t('kind.uploaded')}
        </Tag>
      ),
    },
    { title: t('col.features'), dataIndex: 'features', key: 'features', align: 'right' },
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
    <Card variant="borderless" title={t('title')} data-testid="map-page">
      <KeywordToolbar
        prefix="map"
        search={keywordSearch}
        placeholder={t('keyword')}
        ariaLabel={t('keyword')}
        addCode={MapPerm.mapAdd}
        onAdd={() => setOpen('new')}
        addLabel={t('add')}
      />
      <PagedTable<MapSummary>
        testId="map-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('total', { count: total })}
      />
      {open && (
        <MapEditor id={open === 'new' ? null : open.id} onClose={() => setOpen(null)} onSaved={afterWrite} />
      )}
    </Card>
  );
}
