import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type ListButton,
  type ModelPageConfig,
  type ModelPageListQuery,
  type ModelRow,
  modelRowLocked,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Result, Skeleton, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob } from '../../../api/request';
import { dictLabel, useConfDicts } from '../../../components/dict';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { TreeListLayout } from '../../../components/org';
import { type Paging, tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { StatusTag } from '../../workFlow/task/status';
import { modelPageApi, modelPageKeys } from './api';
import { ImportModal } from './ImportModal';
import { type CellContext, cellText, columnSpecs, exportParams, sortOf } from './modelPageColumns';
import { QueryForm } from './QueryForm';
import { RowDrawer, type RowTarget } from './RowDrawer';
import { RowTree } from './RowTree';
import './modelPage.css';

/**
 * A model page (menu type 3): the rows of a published design's model under the menu's own codes —
 * the designed query fields, columns and buttons; rows added, edited and read in the designed form;
 * a tree of rows beside the list for a tree model. `menuId` is the menu item's id, `title` its name.
 */
export default function ModelPage({ menuId, title }: { menuId: string; title: string }) {
  const { t } = useTranslation('modelPage');
  const config = useQuery({
    queryKey: modelPageKeys.config(menuId),
    queryFn: () => modelPageApi.config(menuId),
    retry: false,
  });
  if (config.error) {
    const status = config.error instanceof ApiError ? config.error.code : 0;
    return (
      <Card variant="borderless" title={title} data-testid="mp-page">
        <Result
          status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
          title={status === 403 ? t('forbidden') : status === 404 ? t('notFound') : t('loadFailed')}
          data-testid="mp-unavailable"
        />
      </Card>
    );
  }
  if (!config.data)
    return (
      <Card variant="borderless" title={title} data-testid="mp-page">
        <Skeleton active />
      </Card>
    );
  // A published design changes the page: its state starts anew with the new version.
  return (
    <ModelList
      key={`${config.data.designId}:${config.data.designVersion}`}
      menuId={menuId}
      title={title}
      config={config.data}
    />
  );
}

function ModelList({ menuId, title, config }: { menuId: string; title: string; config: ModelPageConfig }) {
  const { t } = useTranslation('modelPage');
  const language = useAppStore((s) => s.language);
  const actionsFixed = useActionsFixed();
  const queryClient = useQueryClient();
  const dicts = useConfDicts();
  const can = (button: ListButton) => config.buttons.includes(button);
  const tree = config.isTree && config.list.tree ? config.list.tree : undefined;

  const [query, setQuery] = useState<ModelPageListQuery['query']>(undefined);
  const [sort, setSort] = useState<ModelPageListQuery['sort']>(config.list.sort);
  const [page, setPage] = useState<Paging>({ currentPage: 1, pageSize: config.list.pageSize });
  const [parent, setParent] = useState<{ id: string; name: string } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState<RowTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const listQuery: ModelPageListQuery = {
    ...page,
    query,
    sort,
    parentId: tree && parent ? parent.id : undefined,
  };
  const rows = useQuery({
    queryKey: modelPageKeys.list(menuId, listQuery),
    queryFn: () => modelPageApi.list(menuId, listQuery),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: modelPageKeys.all(menuId) });

  const ctx: CellContext = useMemo(
    () => ({
      locale: language,
      dictName: (type, code) =>
        dictLabel(
          dicts.data?.find((d) => d.enCode === type),
          code,
        ),
      yes: t('yes'),
      no: t('no'),
    }),
    [language, dicts.data, t],
  );
  const specs = columnSpecs(config.list, config.fields, language, sort);
  const treeField = tree ? specs.find((s) => s.key === tree.field) : undefined;
  const treeFieldDef = tree ? config.fields.find((f) => f.code === tree.field) : undefined;
  const nameOf = (row: ModelRow) =>
    tree ? cellText(row, treeField?.column ?? { field: tree.field }, treeFieldDef, ctx) : row.id;
  // The row's name in confirmations: its first column.
  const rowName = (row: ModelRow) => {
    const first = specs[0];
    return (first ? cellText(row, first.column, first.field, ctx) : '') || row.id;
  };

  const remove = useMutation({
    mutationFn: (id: string) => modelPageApi.remove(menuId, id),
    onSuccess: (_, id) => {
      toast.success(t('deleted'));
      setSelected((s) => s.filter((k) => k !== id));
      if (parent?.id === id) setParent(null);
      refresh();
    },
  });
  const launch = useMutation({
    mutationFn: (id: string) => modelPageApi.launchFlow(menuId, id),
    onSuccess: () => {
      toast.success(t('launched', { flow: config.flow?.name ?? '' }));
      refresh();
    },
  });
  const removeMany = useMutation({
    mutationFn: (ids: string[]) => modelPageApi.batchDelete(menuId, ids),
    onSuccess: (_, ids) => {
      toast.success(t('deletedMany', { count: ids.length }));
      setSelected([]);
      if (parent && ids.includes(parent.id)) setParent(null);
      refresh();
    },
  });

  const exportList = async () => {
    setExporting(true);
    try {
      saveBlob(
        await modelPageApi.exportList(menuId, exportParams(query, sort)),
        t('exportFile', { name: title }),
      );
    } catch {
      // The request layer has shown the message.
    } finally {
      setExporting(false);
    }
  };

  // A design bound to a released flow: rows are submitted from the list and show their flow state.
  const launchable = can('launchFlow') && config.flow !== null;
  const showsFlow = config.flow !== null || can('launchFlow');
  const rowActions = can('edit') || can('detail') || can('delete') || launchable;
  const columns: ColumnsType<ModelRow> = [
    ...specs.map((spec) => ({
      key: spec.key,
      title: spec.title,
      width: spec.width,
      fixed: spec.fixed,
      align: spec.align,
      sorter: spec.sortable,
      sortOrder: spec.sortable ? spec.sortOrder : undefined,
      showSorterTooltip: false,
      render: (_: unknown, row: ModelRow) => cellText(row, spec.column, spec.field, ctx) || '-',
    })),
    ...(showsFlow
      ? [
          {
            title: t('flowState'),
            key: 'flowState',
            width: 110,
            render: (_: unknown, row: ModelRow) =>
              row.flowState === null ? (
                <span data-testid={`mp-flow-state-${row.id}`}>{t('notSubmitted')}</span>
              ) : (
                <span data-testid={`mp-flow-state-${row.id}`}>
                  <StatusTag status={row.flowState} />
                </span>
              ),
          },
        ]
      : []),
    ...(rowActions
      ? [
          {
            title: t('actions'),
            key: 'actions',
            fixed: actionsFixed,
            render: (_: unknown, row: ModelRow) => {
              // Held by its flow (in approval or approved): neither changed nor deleted here.
              const locked = modelRowLocked(row.flowState);
              return (
                <Space size={0}>
                  {launchable && (
                    <Popconfirm
                      title={t('launchConfirm', { name: rowName(row), flow: config.flow?.name ?? '' })}
                      disabled={locked}
                      onConfirm={() => launch.mutateAsync(row.id).catch(() => undefined)}
                      okButtonProps={{ 'data-testid': 'mp-launch-confirm' }}
                    >
                      <Button type="link" size="small" disabled={locked} data-testid={`mp-launch-${row.id}`}>
                        {t('launch')}
                      </Button>
                    </Popconfirm>
                  )}
                  {can('detail') && (
                    <RowAction
                      onClick={() => setTarget({ mode: 'detail', id: row.id })}
                      testId={`mp-detail-${row.id}`}
                    >
                      {t('detail')}
                    </RowAction>
                  )}
                  {can('edit') && (
                    <RowAction
                      onClick={() => setTarget({ mode: 'edit', id: row.id })}
                      testId={`mp-edit-${row.id}`}
                      disabled={locked}
                    >
                      {t('edit')}
                    </RowAction>
                  )}
                  {can('delete') && (
                    <Popconfirm
                      title={t('deleteConfirm', { name: rowName(row) })}
                      disabled={locked}
                      onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
                      okButtonProps={{ danger: true, 'data-testid': 'mp-delete-confirm' }}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        disabled={locked}
                        data-testid={`mp-delete-${row.id}`}
                      >
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const actions = (
    <>
      {can('add') && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => setTarget({ mode: 'add', parent: tree ? (parent ?? undefined) : undefined })}
          data-testid="mp-add"
        >
          {t('add')}
        </Button>
      )}
      {can('batchDelete') && (
        <Popconfirm
          title={t('deleteManyConfirm', { count: selected.length })}
          disabled={selected.length === 0}
          onConfirm={() => removeMany.mutateAsync(selected).catch(() => undefined)}
          okButtonProps={{ danger: true, 'data-testid': 'mp-batch-delete-confirm' }}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            data-testid="mp-batch-delete"
          >
            {selected.length > 0 ? t('deleteSelected', { count: selected.length }) : t('deleteSelectedNone')}
          </Button>
        </Popconfirm>
      )}
      {can('import') && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="mp-import-open">
          {t('import.open')}
        </Button>
      )}
      {can('export') && (
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void exportList()}
          data-testid="mp-export"
        >
          {t('export')}
        </Button>
      )}
    </>
  );

  const list = (
    <Card
      variant="borderless"
      title={parent ? t('childrenOf', { title, name: parent.name }) : title}
      data-testid="mp-page"
      styles={{ header: { minHeight: 48 } }}
    >
      <QueryForm
        queryFields={config.list.query}
        fields={config.fields}
        onSearch={(next) => {
          setQuery(next);
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
        actions={actions}
      />
      <ListTable<ModelRow>
        rowKey="id"
        data-testid="mp-table"
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.list ?? []}
        rowSelection={
          can('batchDelete')
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ disabled: modelRowLocked(row.flowState) }),
              }
            : undefined
        }
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          setSort(sortOf(sorter as Parameters<typeof sortOf>[0]));
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
        pagination={tablePaging(page, setPage, rows.data?.pagination.total, (total) =>
          t(rows.data?.totalCapped ? 'totalAtLeast' : 'total', { count: total }),
        )}
      />
    </Card>
  );

  return (
    <>
      {tree ? (
        <TreeListLayout
          tree={
            <RowTree
              menuId={menuId}
              config={config}
              selected={parent}
              onSelect={(node) => {
                setParent(node);
                setSelected([]);
                setPage((p) => ({ ...p, currentPage: 1 }));
              }}
              nameOf={nameOf}
            />
          }
        >
          {list}
        </TreeListLayout>
      ) : (
        list
      )}
      {target && (
        <RowDrawer menuId={menuId} config={config} target={target} onClose={() => setTarget(null)} />
      )}
      {importing && (
        <ImportModal
          menuId={menuId}
          title={title}
          fields={config.fields}
          onClose={() => setImporting(false)}
          onImported={refresh}
        />
      )}
    </>
  );
}
