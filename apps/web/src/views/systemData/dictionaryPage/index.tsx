import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type DictItem,
  type DictPageButton,
  type DictPageItem,
  dictName,
  dictPageButtonCode,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Result, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../components/Auth';
import { DICT_QUERY_KEY } from '../../../components/dict';
import { ListTable } from '../../../components/ListTable';
import { actionColumns, DeleteAction, RowAction, useActionColumn } from '../../../components/listActions';
import { EnabledTag } from '../../../components/org';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { ItemFormModal } from '../dictionary/forms';
import { useItemColumns } from '../dictionary/itemColumns';
import { dictPageApi, dictPageKeys } from './api';

type Editing = { row: DictItem | null; parent: DictItem | null } | null;

const flatten = (list: DictPageItem[]): DictPageItem[] =>
  list.flatMap((item) => [item, ...flatten(item.children ?? [])]);

/** A keyword typed into the filter, applied once typing pauses. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A dictionary page (menu type 4): the items of the one dictionary type the menu item names, with
 * the dictionary screen's item form; its buttons are the menu's `add`, `edit` (enabling too) and
 * `delete`.
 */
export default function DictionaryItemsPage({ menuId, menuCode }: { menuId: string; menuCode: string }) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const { hasButton } = useAuth();
  const can = (button: DictPageButton) => hasButton(dictPageButtonCode(menuCode, button));
  const [typed, setTyped] = useState('');
  const keyword = useSettled(typed);
  const [editing, setEditing] = useState<Editing>(null);

  const config = useQuery({
    queryKey: dictPageKeys.config(menuId),
    queryFn: () => dictPageApi.config(menuId),
  });
  const items = useQuery({
    queryKey: dictPageKeys.items(menuId, keyword),
    queryFn: () => dictPageApi.items(menuId, keyword),
    placeholderData: keepPreviousData,
    enabled: config.isSuccess,
  });
  // Every item, for the parent picker of a tree's form (the list may be filtered).
  const all = useQuery({
    queryKey: dictPageKeys.items(menuId, ''),
    queryFn: () => dictPageApi.items(menuId, ''),
    enabled: editing !== null && !!config.data?.type.isTree,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY });
  const done = (message: string) => () => {
    toast.success(message);
    refresh();
  };
  const setState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      dictPageApi.setState(menuId, id, enabled),
    onSuccess: done(t('saved')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => dictPageApi.remove(menuId, id),
    onSuccess: done(t('deleted')),
  });
  const type = config.data?.type;
  const isTree = !!type?.isTree;
  const canEdit = can('edit');

  const actionColumn = useActionColumn<DictPageItem>(t('field.actions'), 200, (row) => (
    <>
      {isTree && can('add') && (
        <RowAction onClick={() => setEditing({ row: null, parent: row })} testId="dict-page-add-child">
          {t('item.addChild')}
        </RowAction>
      )}
      {canEdit && (
        <RowAction onClick={() => setEditing({ row, parent: null })} testId="dict-page-edit">
          {t('edit')}
        </RowAction>
      )}
      {can('delete') && (
        <DeleteAction
          code={dictPageButtonCode(menuCode, 'delete')}
          title={t('deleteConfirm', { name: dictName(row, language) })}
          onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
          testId="dict-page-delete"
          label={t('delete')}
        />
      )}
    </>
  ));
  const itemColumns = useItemColumns<DictPageItem>({
    canEdit,
    savingId: setState.isPending ? setState.variables?.id : undefined,
    onState: (row, enabled) => setState.mutate({ id: row.id, enabled }),
    stateTestId: 'dict-page-state',
  });
  const columns: ColumnsType<DictPageItem> = [
    itemColumns.name,
    { title: t('field.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('field.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 80 },
    itemColumns.state,
    itemColumns.remark,
    ...actionColumns([actionColumn], (isTree && can('add')) || canEdit || can('delete')),
  ];
  const parents = useMemo(() => flatten(all.data?.list ?? []), [all.data]);
  // A tree opens fully, a new child's parent too; the user may fold rows, and they stay folded.
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const expanded = useMemo(
    () =>
      flatten(items.data?.list ?? [])
        .filter((i) => i.children?.length && !folded.has(i.id))
        .map((i) => i.id),
    [items.data, folded],
  );

  if (config.isError) {
    return <Result status="warning" title={t('page.unavailable')} data-testid="dict-page-unavailable" />;
  }
  return (
    <Card
      variant="borderless"
      loading={!type}
      data-testid="dict-page"
      styles={{ header: { minHeight: 48 } }}
      title={
        type && (
          <Space wrap>
            <span data-testid="dict-page-title">{dictName(type, language)}</span>
            <Tag>{type.isTree ? t('tree') : t('flat')}</Tag>
            {!type.enabled && <EnabledTag enabled={false} />}
          </Space>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          value={typed}
          placeholder={t('filter')}
          aria-label={t('filter')}
          onChange={(e) => setTyped(e.target.value)}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="dict-page-filter"
        />
        {can('add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ row: null, parent: null })}
            data-testid="dict-page-add"
          >
            {t('item.add')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="dict-page-refresh">
          {t('refresh')}
        </Button>
      </Space>
      <ListTable<DictPageItem>
        rowKey="id"
        size="middle"
        loading={items.isFetching}
        columns={columns}
        dataSource={items.data?.list ?? []}
        expandable={
          isTree
            ? {
                expandedRowKeys: expanded,
                onExpand: (open, row) =>
                  setFolded((before) => {
                    const next = new Set(before);
                    if (open) next.delete(row.id);
                    else next.add(row.id);
                    return next;
                  }),
              }
            : undefined
        }
        pagination={false}
        data-testid="dict-page-items"
      />
      {editing && type && (
        <ItemFormModal
          row={editing.row}
          parent={editing.parent}
          type={type}
          parents={parents}
          save={({ typeId: _typeId, ...body }, id) =>
            id ? dictPageApi.update(menuId, id, body) : dictPageApi.create(menuId, body)
          }
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Card>
  );
}
