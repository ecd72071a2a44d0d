import { SaveOutlined } from '@ant-design/icons';
import {
  type AuthorizeData,
  AuthorizePerm,
  GRANT_ITEM_TYPES,
  type GrantIds,
  type GrantItemType,
  type GrantNode,
  type GrantObjectType,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { toast } from '../../../utils/message';
import { authorizeApi, authorizeKeys } from './api';

type Keys = Record<GrantItemType, string[]>;

interface TabIndex {
  treeData: DataNode[];
  /** Checkable leaves: the grantable items (pages, buttons, columns, data rules). */
  leaves: Set<string>;
  /** Every node with children, for expand all. */
  parents: string[];
  parentOf: Map<string, string>;
}

const emptyKeys = (): Keys => ({ menu: [], button: [], column: [], data: [], app: [] });
const idOf = (key: string) => key.slice(key.indexOf(':') + 1);
const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((k) => b.includes(k));

function indexTree(nodes: GrantNode[]): TabIndex {
  const index: TabIndex = { treeData: [], leaves: new Set(), parents: [], parentOf: new Map() };
  const map = (list: GrantNode[], parent?: string): DataNode[] =>
    list.map((node) => {
      if (parent) index.parentOf.set(node.key, parent);
      if (node.children?.length) index.parents.push(node.key);
      else index.leaves.add(node.key);
      return {
        key: node.key,
        title: (
          <span data-testid={`authorize-node-${node.enCode}`}>
            {node.title}
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {node.enCode}
            </Typography.Text>
          </span>
        ),
        children: node.children?.length ? map(node.children, node.key) : undefined,
      };
    });
  index.treeData = map(nodes);
  return index;
}

/**
 * The checked leaves of a tab. A directory is never stored as checked: the tree derives it (checked or
 * half-checked) from its pages, and saving grants the ancestors of every checked page.
 */
function initialKeys(data: AuthorizeData, indexes: Record<GrantItemType, TabIndex>): Keys {
  const keys = emptyKeys();
  for (const tab of GRANT_ITEM_TYPES) {
    const prefix = tab === 'app' ? 'menu' : tab;
    keys[tab] = data.checked[tab].map((id) => `${prefix}:${id}`).filter((k) => indexes[tab].leaves.has(k));
  }
  return keys;
}

function toGrantIds(keys: Keys, indexes: Record<GrantItemType, TabIndex>): GrantIds {
  const ids: GrantIds = { menu: [], button: [], column: [], data: [], app: [] };
  for (const tab of GRANT_ITEM_TYPES) {
    const set = new Set<string>();
    for (const key of keys[tab]) {
      set.add(idOf(key));
      if (tab !== 'menu' && tab !== 'app') continue;
      for (let up = indexes[tab].parentOf.get(key); up; up = indexes[tab].parentOf.get(up)) set.add(idOf(up));
    }
    ids[tab] = [...set];
  }
  return ids;
}

export interface AuthorizePanelProps {
  objectType: GrantObjectType;
  objectId: string;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The five grant tabs of one role, position or user, each a checkable tree, and Save. */
export function AuthorizePanel({ objectType, objectId, onDirtyChange }: AuthorizePanelProps) {
  const { t } = useTranslation('authorize');
  const queryClient = useQueryClient();
  // Without the save button the trees are shown read-only.
  const canSave = useAuth().has(AuthorizePerm.authorizeSave);
  const queryKey = authorizeKeys.data(objectType, objectId);
  const query = useQuery({
    queryKey,
    queryFn: () => authorizeApi.data(objectType, objectId),
    // Never replace what is being edited with a background refetch.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const indexes = useMemo(() => {
    const trees = query.data?.trees;
    return Object.fromEntries(GRANT_ITEM_TYPES.map((tab) => [tab, indexTree(trees?.[tab] ?? [])])) as Record<
      GrantItemType,
      TabIndex
    >;
  }, [query.data?.trees]);

  const [tab, setTab] = useState<GrantItemType>('menu');
  const [checked, setChecked] = useState<Keys>(emptyKeys);
  const [initial, setInitial] = useState<Keys>(emptyKeys);
  const [expanded, setExpanded] = useState<Keys>(emptyKeys);
  const loadedAt = useRef(0);

  // Reset the checks only when new server data arrives (the page cache re-runs effects on show).
  useEffect(() => {
    if (!query.data || loadedAt.current === query.dataUpdatedAt) return;
    const first = loadedAt.current === 0;
    loadedAt.current = query.dataUpdatedAt;
    const keys = initialKeys(query.data, indexes);
    setChecked(keys);
    setInitial(keys);
    if (first) {
      setExpanded(
        Object.fromEntries(GRANT_ITEM_TYPES.map((k) => [k, indexes[k].parents])) as unknown as Keys,
      );
    }
  }, [query.data, query.dataUpdatedAt, indexes]);

  const dirty = GRANT_ITEM_TYPES.some((k) => !sameKeys(checked[k], initial[k]));
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const save = useMutation({
    mutationFn: () => authorizeApi.save(objectType, objectId, toGrantIds(checked, indexes)),
    onSuccess: (saved) => {
      toast.success(t('saved'));
      const data = query.data;
      if (data) queryClient.setQueryData<AuthorizeData>(queryKey, { ...data, checked: saved });
    },
  });

  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }

  const setTabKeys = (target: Keys, k: GrantItemType, value: string[]) => ({ ...target, [k]: value });
  const items = GRANT_ITEM_TYPES.map((k) => {
    const index = indexes[k];
    const count = checked[k].length;
    return {
      key: k,
      label: <span data-testid={`authorize-tab-${k}`}>{t(`tabs.${k}`)}</span>,
      children: (
        <div data-testid={`authorize-pane-${k}`}>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
            <Button
              size="small"
              onClick={() => setChecked((c) => setTabKeys(c, k, [...index.leaves]))}
              disabled={!canSave}
              data-testid={`authorize-check-all-${k}`}
            >
              {t('checkAll')}
            </Button>
            <Button
              size="small"
              onClick={() => setChecked((c) => setTabKeys(c, k, []))}
              disabled={!canSave}
              data-testid={`authorize-uncheck-all-${k}`}
            >
              {t('uncheckAll')}
            </Button>
            <Button
              size="small"
              onClick={() => setExpanded((e) => setTabKeys(e, k, index.parents))}
              data-testid={`authorize-expand-${k}`}
            >
              {t('expandAll')}
            </Button>
            <Button
              size="small"
              onClick={() => setExpanded((e) => setTabKeys(e, k, []))}
              data-testid={`authorize-collapse-${k}`}
            >
              {t('collapseAll')}
            </Button>
            <Typography.Text type="secondary">{t('summary', { count })}</Typography.Text>
          </Flex>
          {index.treeData.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
          ) : (
            <Tree
              checkable
              selectable={false}
              disabled={!canSave}
              blockNode
              treeData={index.treeData}
              checkedKeys={checked[k]}
              expandedKeys={expanded[k]}
              onExpand={(keys) => setExpanded((e) => setTabKeys(e, k, keys.map(String)))}
              onCheck={(keys) => {
                const list = Array.isArray(keys) ? keys : keys.checked;
                setChecked((c) =>
                  setTabKeys(
                    c,
                    k,
                    list.map(String).filter((key) => index.leaves.has(key)),
                  ),
                );
              }}
              data-testid={`authorize-tree-${k}`}
            />
          )}
        </div>
      ),
    };
  });

  return (
    <div data-testid="authorize-panel">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as GrantItemType)}
        items={items}
        tabBarExtraContent={
          <Flex gap={8} align="center">
            {dirty && (
              <Tag color="warning" data-testid="authorize-dirty">
                {t('dirty')}
              </Tag>
            )}
            <Auth code={AuthorizePerm.authorizeSave}>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={save.isPending}
                onClick={() => save.mutate()}
                data-testid="authorize-save"
              >
                {t('save')}
              </Button>
            </Auth>
          </Flex>
        }
      />
    </div>
  );
}
