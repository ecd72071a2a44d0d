import { GRANT_ITEM_TYPES, type GrantItemType, type GrantNode } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tabs, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { profileApi, profileKeys } from './api';

function toTreeData(nodes: GrantNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: node.enCode ? `${node.title} (${node.enCode})` : node.title,
    children: node.children ? toTreeData(node.children) : undefined,
  }));
}

/** Profile → my permissions (Current/Authorize): what I hold, per tab, read only. */
export default function MyAuthorizeTab() {
  const { t } = useTranslation('profile');
  const query = useQuery({
    queryKey: profileKeys.authorize(),
    queryFn: profileApi.authorize,
  });
  if (query.isPending) return <Spin />;
  const trees = query.data;
  return (
    <Tabs
      size="small"
      data-testid="profile-authorize"
      items={GRANT_ITEM_TYPES.map((type: GrantItemType) => ({
        key: type,
        label: t(`myAuthorize.${type}`),
        children:
          trees && trees[type].length > 0 ? (
            <Tree treeData={toTreeData(trees[type])} defaultExpandAll selectable={false} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myAuthorize.empty')} />
          ),
      }))}
    />
  );
}
