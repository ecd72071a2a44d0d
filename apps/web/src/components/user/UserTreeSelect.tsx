import { ApartmentOutlined, BankOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { USER_PICK_MAX } from '@srm/contracts/core';
import { Empty, Space, Spin, TreeSelect, Typography } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrgTree } from '../org/orgTree';
import { useAllUsers } from './userPickers';
import { buildUserTree, groupValues, isUserValue, matchesUserSearch, type UserTreeNode } from './userTree';

export interface UserTreeSelectProps {
  /** The chosen users' ids (org nodes are never values). */
  value?: string[];
  onChange?: (userIds: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  'data-testid'?: string;
}

const ICONS = {
  company: <BankOutlined />,
  department: <ApartmentOutlined />,
  none: <TeamOutlined />,
  user: <UserOutlined />,
};

function NodeTitle({ node }: { node: UserTreeNode }) {
  const isUser = node.kind === 'user';
  return (
    <Space size={4} data-testid={isUser ? `user-tree-user-${node.code}` : `user-tree-org-${node.code}`}>
      <Typography.Text type="secondary">{ICONS[node.kind]}</Typography.Text>
      <span>{node.label}</span>
      {!isUser && <Typography.Text type="secondary">({node.userCount})</Typography.Text>}
    </Space>
  );
}

/**
 * The user tree: companies → departments → users (org tree + GET Users/All), checkable. Checking a
 * company or department picks all its users; only users are values. Searches names and accounts
 * (and org names: a matching department shows with all its users).
 */
export function UserTreeSelect({
  value,
  onChange,
  placeholder,
  disabled,
  style,
  'data-testid': testId,
}: UserTreeSelectProps) {
  const { t } = useTranslation('user');
  const org = useOrgTree();
  const users = useAllUsers(!disabled);
  const noDept = t('picker.noDept');
  const tree = useMemo(
    () => buildUserTree(org.data ?? [], users.data ?? [], noDept),
    [org.data, users.data, noDept],
  );
  const groups = useMemo(() => groupValues(tree), [tree]);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const [search, setSearch] = useState('');
  const loading = org.isLoading || users.isLoading;
  // Users/All answers at most USER_PICK_MAX users: say so rather than show a partial tree as whole.
  const truncated = (users.data?.length ?? 0) >= USER_PICK_MAX;

  return (
    <TreeSelect<string[], UserTreeNode>
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      value={(value ?? []).filter(isUserValue)}
      onChange={(next) => onChange?.(next.filter(isUserValue))}
      treeData={tree}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      treeNodeLabelProp="label"
      treeTitleRender={(node) => <NodeTitle node={node} />}
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        autoClearSearchValue: false,
        filterTreeNode: (input, node) => matchesUserSearch(node as unknown as UserTreeNode, input),
      }}
      onOpenChange={(open) => {
        if (!open) setSearch('');
      }}
      // Companies open at first, departments closed; a search opens everything it keeps.
      treeExpandedKeys={search ? undefined : (expanded ?? groups)}
      onTreeExpand={(keys) => {
        if (!search) setExpanded(keys.map(String));
      }}
      loading={loading}
      notFoundContent={
        loading ? (
          <Spin size="small" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.notFound')} />
        )
      }
      popupRender={(menu) =>
        truncated ? (
          <>
            {menu}
            <Typography.Text
              type="warning"
              style={{ display: 'block', padding: '4px 12px' }}
              data-testid="user-tree-truncated"
            >
              {t('picker.truncated', { max: USER_PICK_MAX })}
            </Typography.Text>
          </>
        ) : (
          menu
        )
      }
      maxTagCount="responsive"
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? t('picker.treePlaceholder')}
      listHeight={320}
      style={{ width: '100%', ...style }}
      data-testid={testId}
    />
  );
}
