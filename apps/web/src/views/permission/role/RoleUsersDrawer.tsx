import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { type Role, RolePerm, type RoleUser } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Modal, Popconfirm, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { UserSelect, UserTreeSelect } from '../../../components/user';
import { toast } from '../../../utils/message';
import { roleApi, roleKeys } from './api';

const DRAWER_SIZE = 'min(760px, 100vw)';

export interface RoleUsersDrawerProps {
  role: Role | null;
  onClose(): void;
}

/** The users holding a role: paged with a keyword, add through a user picker, remove one by one. */
export function RoleUsersDrawer({ role, onClose }: RoleUsersDrawerProps) {
  const { t } = useTranslation('role');
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const [picking, setPicking] = useState(false);
  const roleId = role?.id ?? '';

  const params = { roleId, keyword: keyword || undefined, ...page };
  const users = useQuery({
    queryKey: roleKeys.users(params),
    queryFn: () => roleApi.users(params),
    enabled: !!role,
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });

  const remove = useMutation({
    mutationFn: (userId: string) => roleApi.removeUsers(roleId, [userId]),
    onSuccess: () => {
      toast.success(t('saved'));
      void refresh();
    },
  });

  const columns: ColumnsType<RoleUser> = [
    { title: t('account'), dataIndex: 'account', key: 'account', width: 140 },
    { title: t('realName'), dataIndex: 'realName', key: 'realName', width: 120 },
    { title: t('deptName'), dataIndex: 'deptName', key: 'deptName', width: 140, render: (v) => v ?? '-' },
    {
      title: t('userState'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? t('on') : t('off')}</Tag>,
    },
  ];
  if (has(RolePerm.roleEdit)) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      width: 90,
      render: (_, user) => (
        <Popconfirm
          title={t('removeConfirm', { name: user.realName || user.account })}
          onConfirm={() => remove.mutateAsync(user.id).catch(() => undefined)}
          okButtonProps={{ 'data-testid': 'role-user-remove-ok' }}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid={`role-user-remove-${user.account}`}
          >
            {t('remove')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Drawer
      open={!!role}
      onClose={onClose}
      size={DRAWER_SIZE}
      title={role ? t('usersTitle', { name: role.roleName }) : ''}
      destroyOnHidden
      data-testid="role-users-drawer"
    >
      <Flex wrap gap={8} justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('userKeywordPlaceholder')}
          maxLength={100}
          style={{ maxWidth: 280 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          data-testid="role-users-search"
        />
        <Auth code={RolePerm.roleEdit}>
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setPicking(true)}
            data-testid="role-users-add"
          >
            {t('addUsers')}
          </Button>
        </Auth>
      </Flex>
      <Table<RoleUser>
        rowKey="id"
        size="small"
        loading={users.isFetching}
        columns={columns}
        dataSource={users.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="role-users-table"
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: users.data?.pagination.total ?? 0,
          showTotal: (total) => t('total', { count: total }),
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
      <UserPicker
        open={picking}
        roleId={roleId}
        onClose={() => setPicking(false)}
        onAdded={() => {
          setPicking(false);
          void refresh();
        }}
      />
    </Drawer>
  );
}

interface UserPickerProps {
  open: boolean;
  roleId: string;
  onClose(): void;
  onAdded(): void;
}

/**
 * Chooses users of the tenant and gives them the role: searched by name or account, or checked in
 * the user tree (a whole company or department at once). Both tabs edit the same choice.
 */
function UserPicker({ open, roleId, onClose, onAdded }: UserPickerProps) {
  const { t } = useTranslation('role');
  const [form] = Form.useForm<{ userIds: string[] }>();
  const [tab, setTab] = useState('search');
  const chosen = Form.useWatch('userIds', form) ?? [];
  const add = useMutation({
    mutationFn: (userIds: string[]) => roleApi.addUsers(roleId, userIds),
    onSuccess: () => {
      toast.success(t('saved'));
      form.resetFields();
      setTab('search');
      onAdded();
    },
  });
  const rules = [{ required: true, message: t('pickRequired') }];

  return (
    <Modal
      open={open}
      title={t('pickUsers')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'role-pick-ok' }}
      destroyOnHidden
      forceRender
      data-testid="role-pick"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ userIds: [] }}
        onFinish={(values) => add.mutate(values.userIds)}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'search',
              label: <span data-testid="role-pick-tab-search">{t('pickBySearch')}</span>,
              children: (
                <Form.Item name="userIds" rules={rules}>
                  <UserSelect multiple placeholder={t('pickPlaceholder')} data-testid="role-pick-select" />
                </Form.Item>
              ),
            },
            {
              key: 'dept',
              label: <span data-testid="role-pick-tab-dept">{t('pickByDept')}</span>,
              children: (
                <Form.Item name="userIds" rules={rules} extra={t('pickByDeptHint')}>
                  <UserTreeSelect data-testid="role-pick-tree" />
                </Form.Item>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary" data-testid="role-pick-count">
          {t('pickCount', { count: chosen.length })}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
