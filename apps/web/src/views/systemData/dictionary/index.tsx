import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { type DictCategory, type DictItem, DictPerm, type DictType, dictName } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Popconfirm, Space, Switch, Tag, Tree, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import { DICT_QUERY_KEY } from '../../../components/dict';
import { ListTable } from '../../../components/ListTable';
import { DeleteAction, RowAction, useActionColumn } from '../../../components/listActions';
import { EnabledTag, TreeListLayout } from '../../../components/org';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { dictAdminApi, dictAdminKeys } from './api';
import { CategoryFormModal, ItemFormModal, TypeFormModal } from './forms';
import { ImportModal } from './ImportModal';
import { useItemColumns } from './itemColumns';
import './dictionary.css';

type Selection = { kind: 'category' | 'type'; id: string } | null;
type Editing =
  | { kind: 'category'; row: DictCategory | null }
  | { kind: 'type'; row: DictType | null }
  | { kind: 'item'; row: DictItem | null; parent: DictItem | null }
  | { kind: 'import' }
  | null;

type ItemRow = DictItem & { children?: ItemRow[] };

/** Items as the table shows them: a tree for tree types (children under their parent), in order. */
function toRows(items: DictItem[], tree: boolean): ItemRow[] {
  const sorted = [...items].sort((a, b) => a.sortCode - b.sortCode || Number(a.id) - Number(b.id));
  if (!tree) return sorted;
  const rows = new Map<string, ItemRow>(sorted.map((i) => [i.id, { ...i }]));
  const roots: ItemRow[] = [];
  for (const row of rows.values()) {
    const parent = rows.get(row.parentId);
    if (parent) {
      parent.children = [...(parent.children ?? []), row];
    } else roots.push(row);
  }
  return roots;
}

/** System data → dictionaries: categories and their types on the left, the chosen type's items on the right. */
export default function DictionaryPage() {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>(null);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  // Categories start expanded (new ones too); the user may fold some.
  const [folded, setFolded] = useState<Set<string>>(new Set());

  const categories = useQuery({ queryKey: dictAdminKeys.categories(), queryFn: dictAdminApi.categories });
  const types = useQuery({ queryKey: dictAdminKeys.types(), queryFn: dictAdminApi.types });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY });

  const treeData = useMemo(() => {
    const k = filter.trim().toLowerCase();
    return (categories.data ?? []).map((c) => ({
      key: `category:${c.id}`,
      title: dictName(c, language),
      children: (types.data ?? [])
        .filter((ty) => ty.categoryId === c.id)
        // Found by any of its names, as people of the other languages call it too.
        .filter(
          (ty) =>
            !k ||
            [ty.fullName, ty.fullNameEn, ty.fullNameTw, ty.enCode].some((n) => n.toLowerCase().includes(k)),
        )
        .map((ty) => {
          const text = ty.enabled
            ? `${dictName(ty, language)} (${ty.enCode})`
            : `${dictName(ty, language)} (${ty.enCode}) · ${t('status.disabled')}`;
          // One line in the narrow tree, cut with an ellipsis; the whole name on hover and in the panel.
          const title = (
            <span key={ty.id} className="srm-dict-node" title={text}>
              {text}
            </span>
          );
          return { key: `type:${ty.id}`, title, isLeaf: true };
        }),
    }));
  }, [categories.data, types.data, filter, t, language]);

  const category =
    selection?.kind === 'category' ? categories.data?.find((c) => c.id === selection.id) : undefined;
  const type = selection?.kind === 'type' ? types.data?.find((ty) => ty.id === selection.id) : undefined;

  return (
    <TreeListLayout
      tree={
        <Card
          variant="borderless"
          title={<Typography.Text strong>{t('types')}</Typography.Text>}
          styles={{ header: { minHeight: 48 }, body: { padding: 12 } }}
          data-testid="dict-tree-card"
        >
          <Space wrap style={{ marginBottom: 8 }}>
            <Auth code={DictPerm.dictionaryAdd}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ kind: 'category', row: null })}
                data-testid="dict-category-add"
              >
                {t('category.add')}
              </Button>
            </Auth>
            {/* One Auth per button: the Space spaces its children, and two in one Auth touched. */}
            <Auth code={DictPerm.dictionaryAdd}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                disabled={!categories.data?.length}
                onClick={() => setEditing({ kind: 'type', row: null })}
                data-testid="dict-type-add"
              >
                {t('type.add')}
              </Button>
            </Auth>
            <Auth code={DictPerm.dictionaryImport}>
              <Button
                size="small"
                icon={<UploadOutlined />}
                onClick={() => setEditing({ kind: 'import' })}
                data-testid="dict-import"
              >
                {t('import.button')}
              </Button>
            </Auth>
          </Space>
          <Input.Search
            allowClear
            size="small"
            placeholder={t('filter')}
            aria-label={t('filter')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
            data-testid="dict-filter"
          />
          {treeData.length ? (
            <Tree
              blockNode
              expandedKeys={treeData.map((n) => n.key).filter((key) => !folded.has(key))}
              onExpand={(keys) =>
                setFolded(new Set(treeData.map((n) => n.key).filter((key) => !keys.includes(key))))
              }
              treeData={treeData}
              selectedKeys={selection ? [`${selection.kind}:${selection.id}`] : []}
              onSelect={(keys) => {
                const [kind, id] = String(keys[0] ?? '').split(':');
                setSelection(kind && id ? { kind: kind as 'category' | 'type', id } : null);
              }}
              aria-label={t('types')}
              className="srm-dict-tree"
              data-testid="dict-tree"
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      }
    >
      {type ? (
        <ItemsPanel
          key={type.id}
          type={type}
          onEditType={() => setEditing({ kind: 'type', row: type })}
          onEditItem={(row, parent) => setEditing({ kind: 'item', row, parent })}
          onDeleted={() => setSelection(null)}
          refresh={refresh}
        />
      ) : category ? (
        <CategoryPanel
          category={category}
          types={(types.data ?? []).filter((ty) => ty.categoryId === category.id)}
          onEdit={() => setEditing({ kind: 'category', row: category })}
          onOpenType={(id) => setSelection({ kind: 'type', id })}
          onDeleted={() => setSelection(null)}
          refresh={refresh}
        />
      ) : (
        <Card variant="borderless" data-testid="dict-none">
          <Empty description={t('pickType')} />
        </Card>
      )}
      {editing?.kind === 'category' && (
        <CategoryFormModal
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            refresh();
            setSelection({ kind: 'category', id: saved.id });
          }}
        />
      )}
      {editing?.kind === 'type' && (
        <TypeFormModal
          row={editing.row}
          categories={categories.data ?? []}
          categoryId={category?.id ?? type?.categoryId ?? categories.data?.[0]?.id}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            refresh();
            setSelection({ kind: 'type', id: saved.id });
          }}
        />
      )}
      {editing?.kind === 'item' && type && (
        <ItemFormModal
          row={editing.row}
          parent={editing.parent}
          type={type}
          parents={queryClient.getQueryData<DictItem[]>(dictAdminKeys.items(type.id)) ?? []}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      {editing?.kind === 'import' && (
        <ImportModal
          categories={categories.data ?? []}
          types={types.data ?? []}
          categoryId={category?.id ?? type?.categoryId}
          onClose={() => setEditing(null)}
          onImported={(id) => {
            refresh();
            setSelection({ kind: 'type', id });
          }}
        />
      )}
    </TreeListLayout>
  );
}

function CategoryPanel({
  category,
  types,
  onEdit,
  onOpenType,
  onDeleted,
  refresh,
}: {
  category: DictCategory;
  types: DictType[];
  onEdit(): void;
  onOpenType(id: string): void;
  onDeleted(): void;
  refresh(): void;
}) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const remove = useMutation({
    mutationFn: () => dictAdminApi.removeCategory(category.id),
    onSuccess: () => {
      toast.success(t('deleted'));
      onDeleted();
      refresh();
    },
  });
  const columns: ColumnsType<DictType> = [
    {
      title: t('field.name'),
      key: 'fullName',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpenType(row.id)}>
          {dictName(row, language)}
        </Button>
      ),
    },
    { title: t('field.enCode'), dataIndex: 'enCode', key: 'enCode' },
    {
      title: t('field.isTree'),
      dataIndex: 'isTree',
      key: 'isTree',
      render: (tree: boolean) => (tree ? t('tree') : t('flat')),
    },
    { title: t('itemCount'), dataIndex: 'itemCount', key: 'itemCount' },
    {
      title: t('field.status'),
      dataIndex: 'enabled',
      key: 'enabled',
      render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
    },
  ];
  return (
    <Card
      variant="borderless"
      title={`${dictName(category, language)} (${category.enCode})`}
      styles={{ header: { minHeight: 48 } }}
      data-testid="dict-category-panel"
      extra={
        <Space wrap>
          <Auth code={DictPerm.dictionaryEdit}>
            <Button onClick={onEdit} data-testid="dict-category-edit">
              {t('edit')}
            </Button>
          </Auth>
          <Auth code={DictPerm.dictionaryDelete}>
            <Popconfirm
              title={t('deleteConfirm', { name: dictName(category, language) })}
              onConfirm={() => remove.mutateAsync().catch(() => undefined)}
              okButtonProps={{ danger: true, 'data-testid': 'dict-category-delete-confirm' }}
            >
              <Button danger data-testid="dict-category-delete">
                {t('delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      }
    >
      <ListTable<DictType>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={types}
        pagination={false}
      />
    </Card>
  );
}

function ItemsPanel({
  type,
  onEditType,
  onEditItem,
  onDeleted,
  refresh,
}: {
  type: DictType;
  onEditType(): void;
  onEditItem(row: DictItem | null, parent: DictItem | null): void;
  onDeleted(): void;
  refresh(): void;
}) {
  const { t } = useTranslation('dictionary');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const items = useQuery({
    queryKey: dictAdminKeys.items(type.id),
    queryFn: () => dictAdminApi.items(type.id),
  });
  const rows = useMemo(() => toRows(items.data ?? [], type.isTree), [items.data, type.isTree]);
  const done = (message: string) => () => {
    toast.success(message);
    refresh();
  };
  const removeType = useMutation({
    mutationFn: () => dictAdminApi.removeType(type.id),
    onSuccess: () => {
      done(t('deleted'))();
      onDeleted();
    },
  });
  const typeState = useMutation({
    mutationFn: (enabled: boolean) => dictAdminApi.setTypeState(type.id, enabled),
    onSuccess: done(t('saved')),
  });
  const itemState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => dictAdminApi.setItemState(id, enabled),
    onSuccess: done(t('saved')),
  });
  const removeItem = useMutation({ mutationFn: dictAdminApi.removeItem, onSuccess: done(t('deleted')) });
  const sort = useMutation({ mutationFn: dictAdminApi.sortItems, onSuccess: done(t('saved')) });
  const exportType = async () => {
    const doc = await dictAdminApi.exportType(type.id);
    saveBlob(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }), `${type.enCode}.json`);
  };

  /** Moves a row one place among its siblings and saves the siblings' new order. */
  const move = (row: DictItem, delta: -1 | 1) => {
    const siblings = (items.data ?? [])
      .filter((i) => i.parentId === row.parentId)
      .sort((a, b) => a.sortCode - b.sortCode || Number(a.id) - Number(b.id))
      .map((i) => i.id);
    const at = siblings.indexOf(row.id);
    const to = at + delta;
    if (at < 0 || to < 0 || to >= siblings.length) return;
    [siblings[at], siblings[to]] = [siblings[to] as string, siblings[at] as string];
    sort.mutate({ typeId: type.id, parentId: row.parentId, ids: siblings });
  };
  const siblingPlace = (row: DictItem) => {
    const siblings = (items.data ?? [])
      .filter((i) => i.parentId === row.parentId)
      .sort((a, b) => a.sortCode - b.sortCode || Number(a.id) - Number(b.id));
    return { first: siblings[0]?.id === row.id, last: siblings.at(-1)?.id === row.id };
  };

  const canEdit = has(DictPerm.dictionaryEdit);
  const actionColumn = useActionColumn<DictItem>(t('field.actions'), 200, (row) => (
    <>
      {type.isTree && (
        <Auth code={DictPerm.dictionaryAdd}>
          <RowAction onClick={() => onEditItem(null, row)} testId="dict-item-add-child">
            {t('item.addChild')}
          </RowAction>
        </Auth>
      )}
      <Auth code={DictPerm.dictionaryEdit}>
        <RowAction onClick={() => onEditItem(row, null)} testId="dict-item-edit">
          {t('edit')}
        </RowAction>
      </Auth>
      <DeleteAction
        code={DictPerm.dictionaryDelete}
        title={t('deleteConfirm', { name: dictName(row, language) })}
        onConfirm={() => removeItem.mutateAsync(row.id).catch(() => undefined)}
        testId="dict-item-delete"
        label={t('delete')}
      />
    </>
  ));
  // The name in the reader's language first (marked where it falls back to the Chinese one), then
  // the names in the two other languages: the one he reads is not repeated.
  const itemColumns = useItemColumns<DictItem>({
    canEdit,
    savingId: itemState.isPending ? itemState.variables?.id : undefined,
    onState: (row, enabled) => itemState.mutate({ id: row.id, enabled }),
    stateTestId: 'dict-item-state',
  });
  const { ownName } = itemColumns;
  const otherNames = (
    [
      { title: t('field.nameZh'), dataIndex: 'fullName', key: 'fullName' },
      { title: t('field.nameEn'), dataIndex: 'fullNameEn', key: 'fullNameEn' },
      { title: t('field.nameTw'), dataIndex: 'fullNameTw', key: 'fullNameTw' },
    ] as const
  ).filter((column) => column.dataIndex !== ownName);
  const columns: ColumnsType<DictItem> = [
    itemColumns.name,
    { title: t('field.enCode'), dataIndex: 'enCode', key: 'enCode' },
    ...otherNames,
    {
      title: t('field.sortCode'),
      key: 'sort',
      width: 90,
      render: (_, row) => {
        if (!canEdit) return row.sortCode;
        const place = siblingPlace(row);
        return (
          <Space size={0}>
            <Button
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={place.first || sort.isPending}
              aria-label={t('moveUp', { name: dictName(row, language) })}
              onClick={() => move(row, -1)}
              data-testid="dict-item-up"
            />
            <Button
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={place.last || sort.isPending}
              aria-label={t('moveDown', { name: dictName(row, language) })}
              onClick={() => move(row, 1)}
              data-testid="dict-item-down"
            />
          </Space>
        );
      },
    },
    itemColumns.state,
    itemColumns.remark,
    actionColumn,
  ];

  return (
    <Card
      variant="borderless"
      data-testid="dict-items-panel"
      styles={{ header: { minHeight: 48 } }}
      title={
        <Space wrap>
          <span>{`${dictName(type, language)} (${type.enCode})`}</span>
          <Tag>{type.isTree ? t('tree') : t('flat')}</Tag>
          {!type.enabled && <EnabledTag enabled={false} />}
        </Space>
      }
      extra={
        <Space wrap>
          <Auth code={DictPerm.dictionaryEdit}>
            <Button onClick={onEditType} data-testid="dict-type-edit">
              {t('type.edit')}
            </Button>
            <Switch
              checked={type.enabled}
              loading={typeState.isPending}
              onChange={(checked) => typeState.mutate(checked)}
              checkedChildren={t('status.enabled')}
              unCheckedChildren={t('status.disabled')}
              aria-label={t('stateOf', { name: dictName(type, language) })}
              data-testid="dict-type-state"
            />
          </Auth>
          <Auth code={DictPerm.dictionaryDelete}>
            <Popconfirm
              title={t('deleteConfirm', { name: dictName(type, language) })}
              onConfirm={() => removeType.mutateAsync().catch(() => undefined)}
              okButtonProps={{ danger: true, 'data-testid': 'dict-type-delete-confirm' }}
            >
              <Button danger data-testid="dict-type-delete">
                {t('type.delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Auth code={DictPerm.dictionaryAdd}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => onEditItem(null, null)}
            data-testid="dict-item-add"
          >
            {t('item.add')}
          </Button>
        </Auth>
        <Auth code={DictPerm.dictionaryExport}>
          <Button icon={<DownloadOutlined />} onClick={() => void exportType()} data-testid="dict-export">
            {t('export')}
          </Button>
        </Auth>
        <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="dict-refresh">
          {t('refresh')}
        </Button>
      </Space>
      <ListTable<ItemRow>
        // Mounted again once loaded: antd expands all rows only on a table's first render with data.
        key={items.data ? 'loaded' : 'loading'}
        rowKey="id"
        size="middle"
        loading={items.isFetching}
        columns={columns as ColumnsType<ItemRow>}
        dataSource={rows}
        expandable={type.isTree ? { defaultExpandAllRows: true } : undefined}
        pagination={false}
        data-testid="dict-items"
      />
    </Card>
  );
}
