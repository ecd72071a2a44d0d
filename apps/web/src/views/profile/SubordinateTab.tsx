import type { Subordinate } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/ListTable';
import { avatarUrl } from '../../utils/avatar';
import { profileApi, profileKeys } from './api';

/** Profile → my subordinates: people of the departments I manage. */
export default function SubordinateTab() {
  const { t } = useTranslation('profile');
  const query = useQuery({
    queryKey: profileKeys.subordinates(),
    queryFn: profileApi.subordinates,
  });
  return (
    <ListTable<Subordinate>
      rowKey="id"
      size="middle"
      data-testid="profile-subordinates"
      loading={query.isFetching}
      dataSource={query.data ?? []}
      locale={{ emptyText: t('subordinate.empty') }}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        {
          title: t('subordinate.name'),
          key: 'name',
          render: (_, row) => (
            <span>
              <Avatar size="small" src={avatarUrl(row.headIcon)} alt="" style={{ marginRight: 8 }}>
                {row.realName.slice(0, 1)}
              </Avatar>
              {row.realName}
            </span>
          ),
        },
        { title: t('subordinate.account'), dataIndex: 'account', key: 'account' },
        { title: t('subordinate.dept'), dataIndex: 'deptName', key: 'deptName' },
        { title: t('subordinate.mobile'), dataIndex: 'mobile', key: 'mobile' },
        {
          title: t('subordinate.state'),
          dataIndex: 'enabled',
          key: 'enabled',
          render: (enabled: boolean) =>
            enabled ? (
              <Tag color="success">{t('subordinate.enabled')}</Tag>
            ) : (
              <Tag>{t('subordinate.disabled')}</Tag>
            ),
        },
      ]}
    />
  );
}
