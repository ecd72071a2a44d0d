import { ApartmentOutlined, ClusterOutlined } from '@ant-design/icons';
import type { DeptNode } from '@srm/contracts/core';
import { Card, Empty, Input, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../store/settings';
import { companiesOf, filterOrgTree, findOrgNode, orgNodeIds, useOrgTree } from './orgTree';

export interface OrgTreePanelProps {
  /** The selected company or department id. */
  selectedId?: string;
  /** Called with the node, or undefined when the selection is cleared (click on the selected node). */
  onSelect: (node: DeptNode | undefined) => void;
  /** Companies only (the department screen picks a company), else companies with their departments. */
  companiesOnly?: boolean;
  title?: string;
  /** Prefix of the test ids: `${testId}`, `${testId}-search`, `${testId}-tree`. */
  'data-testid'?: string;
}

function toTreeData(nodes: DeptNode[], disabledText: string): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`org-tree-node-${n.enCode}`}>
        {n.deptName}
        {!n.enabled && (
          <Tag style={{ marginInlineStart: 6 }} variant="filled">
            {disabledText}
          </Tag>
        )}
      </span>
    ),
    icon: n.deptType === 'company' ? <ApartmentOutlined /> : <ClusterOutlined />,
    children: n.children ? toTreeData(n.children, disabledText) : undefined,
  }));
}

/**
 * The tenant's org tree with a filter box, for the left side of the department, position and user
 * screens. Selecting a node again clears the selection.
 */
export function OrgTreePanel({
  selectedId,
  onSelect,
  companiesOnly = false,
  title,
  'data-testid': testId = 'org-tree-panel',
}: OrgTreePanelProps) {
  const { t } = useTranslation('org');
  const tree = useOrgTree();
  // Stacked above the list on a narrow window: a short tree keeps the list in reach.
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [keyword, setKeyword] = useState('');
  const nodes = useMemo(() => {
    const all = tree.data ?? [];
    return filterOrgTree(companiesOnly ? companiesOf(all) : all, keyword);
  }, [tree.data, companiesOnly, keyword]);
  const treeData = useMemo(() => toTreeData(nodes, t('status.disabled')), [nodes, t]);
  // Expanded by default; a filter expands everything it kept.
  const [collapsed, setCollapsed] = useState<string[]>([]);
  const expandedKeys = useMemo(
    () => orgNodeIds(nodes).filter((id) => keyword || !collapsed.includes(id)),
    [nodes, collapsed, keyword],
  );

  return (
    <Card
      size="small"
      title={title ?? (companiesOnly ? t('tree.companies') : t('tree.organisation'))}
      variant="borderless"
      data-testid={testId}
      styles={{ body: { paddingInline: 8 } }}
    >
      <Input.Search
        allowClear
        placeholder={t('tree.filter')}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
        data-testid={`${testId}-search`}
      />
      {tree.isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          showIcon
          blockNode
          treeData={treeData}
          selectedKeys={selectedId ? [selectedId] : []}
          expandedKeys={expandedKeys}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setCollapsed(orgNodeIds(nodes).filter((id) => !open.has(id)));
          }}
          onSelect={(keys) => {
            const id = keys[0] === undefined ? undefined : String(keys[0]);
            onSelect(findOrgNode(tree.data ?? [], id));
          }}
          style={{ maxHeight: mobile ? 220 : 'calc(100vh - 260px)', overflow: 'auto' }}
          data-testid={`${testId}-tree`}
        />
      )}
    </Card>
  );
}
