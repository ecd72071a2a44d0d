import type { Position, PostStaffUserListBody, User } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnabledTag } from '../../../components/org';
import { tablePaging } from '../../../components/tablePaging';
import { positionApi, positionKeys } from './api';

const DRAWER_SIZE = 'min(720px, 100vw)';

/**
 * The users holding a position (POST postStaff/userList), read-only: keyword and paging. The server
 * applies the user page's data rule and column permissions (the mobile column only when granted).
 */
export function PositionStaffDrawer({ position, onClose }: { position: Position | null; onClose(): void }) {
  const { t } = useTranslation('org');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const body: PostStaffUserListBody = {
    positionId: position?.id,
    keyword: keyword || undefined,
    ...page,
  };
  const staff = useQuery({
    queryKey: positionKeys.staff(body),
    queryFn: () => positionApi.staff(body),
    enabled: !!position,
    placeholderData: keepPreviousData,
  });
  const list = staff.data?.list ?? [];
  const columns: ColumnsType<User> = [
    { title: t('position.account'), dataIndex: 'account', key: 'account' },
    { title: t('position.realName'), dataIndex: 'realName', key: 'realName' },
    // A column permission: the server leaves mobile out unless it is granted.
    ...(list.some((u) => u.mobile !== undefined)
      ? [{ title: t('position.mobile'), dataIndex: 'mobile', key: 'mobile' }]
      : []),
    {
      title: t('position.userDept'),
      dataIndex: 'deptName',
      key: 'deptName',
      render: (name: string | null) => name ?? '-',
    },
    {
      title: t('field.status'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 80,
      render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
    },
  ];
  return (
    <Drawer
      open={!!position}
      onClose={onClose}
      size={DRAWER_SIZE}
      title={position ? t('position.staffTitle', { name: position.positionName }) : ''}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) return;
        setKeyword('');
        setPage((p) => ({ ...p, currentPage: 1 }));
      }}
      data-testid="position-staff-drawer"
    >
      <Input.Search
        allowClear
        placeholder={t('position.staffKeyword')}
        maxLength={100}
        style={{ maxWidth: 280, marginBottom: 12 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage((p) => ({ ...p, currentPage: 1 }));
        }}
        data-testid="position-staff-search"
      />
      <Table<User>
        rowKey="id"
        size="small"
        loading={staff.isFetching}
        columns={columns}
        dataSource={list}
        scroll={{ x: 'max-content' }}
        pagination={tablePaging(page, setPage, staff.data?.pagination.total, (total) =>
          t('total', { count: total }),
        )}
        data-testid="position-staff-table"
      />
    </Drawer>
  );
}
