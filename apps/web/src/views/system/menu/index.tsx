import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { MENU_CATEGORIES, type MenuCategory, type MenuNode, MenuPerm, MenuType } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, InputNumber, Segmented, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { DeleteAction, RowAction } from '../../../components/listActions';
import { MenuIcon } from '../../../components/MenuIcon';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { menuApi, menuKeys } from './api';
import { type MenuEditing, MenuFormDrawer } from './MenuFormDrawer';
import { PageItemsDrawer } from './PageItemsDrawer';
import { countMenus, invalidateMenus, menuTitle, parentIds } from './shared';
import './menu.css';
import { ListTable } from '../../../components/ListTable';

const TYPE_COLORS: Record<number, string> = {
  [MenuType.directory]: 'gold',
  [MenuType.page]: 'blue',
  [MenuType.link]: 'purple',
  [MenuType.visualisation]: 'cyan',
};

/** System → menus: the tenant's menu tree of every type (docs/rules.md#menus) with each page's permissions. */
export default function MenuPage() {
  const { t } = useTranslation('menu');
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const { has } = useAuth();
  const canEdit = has(MenuPerm.menuEdit);
  const [category, setCategory] = useState<MenuCategory>('web');
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [itemsOf, setItemsOf] = useState<MenuNode | null>(null);

  const tree = useQuery({
    queryKey: menuKeys.tree(category, keyword),
    queryFn: () => menuApi.tree(category, keyword),
  });
  const data = tree.data ?? [];
  const allParents = useMemo(() => parentIds(data), [data]);
  // Top-level directories start open; a keyword search opens everything it found.
  const expandedRowKeys =
    expanded ?? (keyword ? allParents : data.filter((m) => m.children).map((m) => m.id));

  const mutationDone = (key: 'saved' | 'deleted' | 'stateChanged') => () => {
    toast.success(t(key));
    void invalidateMenus(queryClient);
  };
  const setState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => menuApi.setState(id, enabled),
    onSuccess: mutationDone('stateChanged'),
  });
  const setOrder = useMutation({
    mutationFn: ({ id, orderNum }: { id: string; orderNum: number }) => menuApi.setOrder(id, orderNum),
    onSuccess: mutationDone('saved'),
  });
  const remove = useMutation({
    mutationFn: menuApi.remove,
    onSuccess: mutationDone('deleted'),
  });

  const columns: ColumnsType<MenuNode> = [
    {
      title: t('col.name'),
      key: 'name',
      render: (_, row) => (
        <span className="menu-name-cell" data-testid="menu-row-name">
          <MenuIcon name={row.menuIcon} fallback={false} />
          {menuTitle(row, language)}
        </span>
      ),
    },
    {
      title: t('col.type'),
      dataIndex: 'menuType',
      key: 'menuType',
      width: 100,
      render: (type: number) => <Tag color={TYPE_COLORS[type] ?? 'green'}>{t(`type.${type}`)}</Tag>,
    },
    {
      title: t('col.url'),
      dataIndex: 'menuUrl',
      key: 'menuUrl',
      width: 190,
      ellipsis: { showTitle: true },
    },
    {
      title: t('col.code'),
      dataIndex: 'menuPerms',
      key: 'menuPerms',
      width: 180,
      ellipsis: { showTitle: true },
    },
    {
      title: t('col.order'),
      dataIndex: 'orderNum',
      key: 'orderNum',
      width: 90,
      render: (orderNum: number, row) =>
        canEdit ? (
          <InputNumber
            key={`${row.id}-${orderNum}`}
            size="small"
            min={0}
            max={999999}
            precision={0}
            defaultValue={orderNum}
            style={{ width: 76 }}
            onBlur={(e) => {
              const next = Number(e.target.value);
              if (Number.isInteger(next) && next >= 0 && next !== orderNum)
                setOrder.mutate({ id: row.id, orderNum: next });
            }}
            onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
            aria-label={t('col.order')}
            data-testid="menu-row-order"
          />
        ) : (
          orderNum
        ),
    },
    {
      title: t('col.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 70,
      render: (enabled: boolean, row) => (
        <Switch
          size="small"
          checked={enabled}
          disabled={!canEdit}
          loading={setState.isPending && setState.variables?.id === row.id}
          onChange={(checked) => setState.mutate({ id: row.id, enabled: checked })}
          aria-label={t('col.enabled')}
          data-testid="menu-row-enabled"
        />
      ),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      // Pinned on wide screens; on a phone it would cover the names.
      fixed: mobile ? undefined : 'right',
      width: 230,
      render: (_, row) => (
        <Space size={0} wrap>
          {row.menuType === MenuType.directory && (
            <Auth code={MenuPerm.menuAdd}>
              <RowAction
                onClick={() => setEditing({ mode: 'create', parent: row, category })}
                testId="menu-row-add-child"
              >
                {t('action.addChild')}
              </RowAction>
            </Auth>
          )}
          <Auth code={MenuPerm.menuEdit}>
            <RowAction onClick={() => setEditing({ mode: 'edit', menu: row })} testId="menu-row-edit">
              {t('action.edit')}
            </RowAction>
          </Auth>
          {row.menuType === MenuType.page && (
            <RowAction onClick={() => setItemsOf(row)} testId="menu-row-items">
              {t('action.items')}
            </RowAction>
          )}
          <DeleteAction
            code={MenuPerm.menuDelete}
            title={t('deleteConfirm', { name: menuTitle(row, language) })}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
            testId="menu-row-delete"
            label={t('action.delete')}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="menu-page">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<MenuCategory>
          value={category}
          onChange={(value) => {
            setCategory(value);
            setExpanded(null);
          }}
          options={MENU_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          data-testid="menu-category"
        />
        <Input.Search
          allowClear
          placeholder={t('filter')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setExpanded(null);
          }}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="menu-filter"
        />
        <Auth code={MenuPerm.menuAdd}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'create', parent: null, category })}
            data-testid="menu-add"
          >
            {t('add')}
          </Button>
        </Auth>
        <Button
          icon={<NodeExpandOutlined />}
          onClick={() => setExpanded(allParents)}
          data-testid="menu-expand-all"
        >
          {t('expandAll')}
        </Button>
        <Button
          icon={<NodeCollapseOutlined />}
          onClick={() => setExpanded([])}
          data-testid="menu-collapse-all"
        >
          {t('collapseAll')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void invalidateMenus(queryClient)}
          data-testid="menu-refresh"
        >
          {t('refresh')}
        </Button>
      </Space>
      <ListTable<MenuNode>
        rowKey="id"
        size="middle"
        data-testid="menu-table"
        loading={tree.isFetching}
        columns={columns}
        dataSource={data}
        pagination={false}
        footer={() => t('total', { count: countMenus(data) })}
        expandable={{
          expandedRowKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
      />
      {editing && <MenuFormDrawer editing={editing} onClose={() => setEditing(null)} />}
      {itemsOf && <PageItemsDrawer page={itemsOf} onClose={() => setItemsOf(null)} />}
    </Card>
  );
}
