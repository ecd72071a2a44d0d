import { formatDate, type LoginLog } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/ListTable';
import { profileApi, profileKeys } from './api';

/** Profile → my sign-in log (Current/SystemLog): where and when my account signed in. */
export default function MyLoginLogTab() {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: profileKeys.loginLog(page),
    queryFn: () => profileApi.loginLog(page),
    placeholderData: keepPreviousData,
  });
  return (
    <ListTable<LoginLog>
      rowKey="id"
      size="middle"
      data-testid="profile-login-log"
      loading={query.isFetching}
      dataSource={query.data?.list ?? []}
      columns={[
        {
          title: t('myLog.time'),
          dataIndex: 'createTime',
          key: 'time',
          render: (v: number) => formatDate(v),
        },
        {
          title: t('myLog.result'),
          dataIndex: 'success',
          key: 'success',
          render: (ok: boolean, row) => (
            <Tag color={ok ? 'success' : 'error'} title={row.msg}>
              {ok ? t('myLog.success') : t('myLog.failure')}
            </Tag>
          ),
        },
        { title: t('myLog.ip'), dataIndex: 'ipAddress', key: 'ip' },
        { title: t('myLog.location'), dataIndex: 'ipAddressName', key: 'place' },
        { title: t('myLog.browser'), dataIndex: 'browser', key: 'browser' },
        { title: t('myLog.platform'), dataIndex: 'platform', key: 'platform' },
      ]}
      pagination={{
        current: page.currentPage,
        pageSize: page.pageSize,
        total: query.data?.pagination.total ?? 0,
        showTotal: (total) => t('myLog.total', { count: total }),
        onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
      }}
    />
  );
}
