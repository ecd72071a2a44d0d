import type { ModelPageConfig, ModelRow } from '@srm/contracts/core';
import { useQueries } from '@tanstack/react-query';
import { Button, Card, Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modelPageApi, modelPageKeys } from './api';

/** Children read per node: a tree node holds at most this many (the list beside it pages the rest). */
const CHILDREN_MAX = 100;

/**
 * A tree model's rows beside the list: the roots, and each node's children once it is opened. The
 * chosen node filters the list to its children (and is the parent of a new row); choosing it again,
 * or "all", shows every row.
 */
export function RowTree({
  menuId,
  config,
  selected,
  onSelect,
  nameOf,
}: {
  menuId: string;
  config: ModelPageConfig;
  selected: { id: string; name: string } | null;
  onSelect: (node: { id: string; name: string } | null) => void;
  nameOf: (row: ModelRow) => string;
}) {
  const { t } = useTranslation('modelPage');
  const [expanded, setExpanded] = useState<string[]>([]);
  const parents = ['0', ...expanded];
  const levels = useQueries({
    queries: parents.map((parentId) => ({
      queryKey: modelPageKeys.children(menuId, parentId),
      queryFn: () =>
        modelPageApi.list(menuId, {
          currentPage: 1,
          pageSize: CHILDREN_MAX,
          parentId,
          sort: config.list.sort,
        }),
    })),
  });
  const childrenOf = new Map(parents.map((id, i) => [id, levels[i]?.data?.list]));
  const names = new Map<string, string>();
  const build = (parentId: string, seen: Set<string>): DataNode[] =>
    (childrenOf.get(parentId) ?? []).map((row) => {
      const name = nameOf(row) || row.id;
      names.set(row.id, name);
      const loaded = childrenOf.get(row.id);
      // A row is its own ancestor only in broken data: drawn once, never again below itself.
      const next = new Set(seen).add(row.id);
      return {
        key: row.id,
        title: <span data-testid={`mp-tree-node-${row.id}`}>{name}</span>,
        isLeaf: loaded !== undefined && loaded.length === 0,
        children: loaded && !seen.has(row.id) ? build(row.id, next) : undefined,
      };
    });
  const treeData = build('0', new Set());
  const rootsLoading = levels[0]?.isLoading ?? true;

  return (
    <Card
      size="small"
      variant="borderless"
      title={t('tree.title')}
      data-testid="mp-tree"
      extra={
        selected ? (
          <Button type="link" size="small" onClick={() => onSelect(null)} data-testid="mp-tree-all">
            {t('tree.all')}
          </Button>
        ) : undefined
      }
      styles={{ body: { paddingInline: 8 } }}
    >
      <Spin spinning={rootsLoading}>
        {treeData.length === 0 && !rootsLoading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />
        ) : (
          <Tree
            blockNode
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            selectedKeys={selected ? [selected.id] : []}
            onSelect={(keys) => {
              const id = keys[0] === undefined ? null : String(keys[0]);
              onSelect(id ? { id, name: names.get(id) ?? id } : null);
            }}
            aria-label={t('tree.title')}
          />
        )}
      </Spin>
    </Card>
  );
}
