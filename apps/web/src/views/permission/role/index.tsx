import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { AuthorizePerm, type Role, RolePerm } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Form, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Auth, useAuth } from '../../../components/Auth';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { DeleteAction, RowAction } from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { toast } from '../../../utils/message';
import { AuthorizePanel } from '../authorize/AuthorizePanel';
import { roleApi, roleKeys } from './api';
import { RoleFormModal } from './RoleFormModal';
import { RoleUsersDrawer } from './RoleUsersDrawer';

const DRAWER_SIZE = 'min(860px, 100vw)';

/** Permission → roles: paged list with keyword, create/edit/delete, state switch, users and grants. */
export default function RolePage() {
  const { t } = useTranslation('role');
  const { t: ta } = useTranslation('authorize');
  const { has } = useAuth();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ keyword?: string }>();
  const { page, setPage, search, reset, params } = useListParams<{ keyword?: string }>();
  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [usersOf, setUsersOf] = useState<Role | null>(null);
  const [authorizing, setAuthorizing] = useState<Role | null>(null);
  const [grantsDirty, setGrantsDirty] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => setGrantsDirty(dirty), []);

  const query = useQuery({
    queryKey: roleKeys.list(params),
    queryFn: () => roleApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });

  const setState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => roleApi.setState(id, enabled),
    onSuccess: () => {
      toast.success(t('saved'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: roleApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      void refresh();
    },
  });

  const closeAuthorize = () => {
    if (!grantsDirty) {
      setAuthorizing(null);
      return;
    }
    modal.confirm({
      title: ta('dirtyTitle'),
      content: ta('dirtyContent'),
      okText: ta('discard'),
      cancelText: ta('stay'),
      okButtonProps: { danger: true, 'data-testid': 'authorize-discard' },
      onOk: () => {
        setGrantsDirty(false);
        setAuthorizing(null);
      },
    });
  };

  const canEdit = has(RolePerm.roleEdit);
  // A pinned action column would cover the whole row on a phone.
  const actionsFixed = useActionsFixed();
  const columns = useMemo<ColumnsType<Role>>(
    () => [
      { title: t('roleName'), dataIndex: 'roleName', key: 'roleName', width: 160, ellipsis: true },
      { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', width: 140, ellipsis: true },
      { title: t('userCount'), dataIndex: 'userCount', key: 'userCount', width: 90 },
      {
        title: t('enabled'),
        dataIndex: 'enabled',
        key: 'enabled',
        width: 100,
        render: (enabled: boolean, role) => (
          <Switch
            size="small"
            checked={enabled}
            disabled={!canEdit}
            loading={setState.isPending && setState.variables?.id === role.id}
            checkedChildren={t('on')}
            unCheckedChildren={t('off')}
            onChange={(value) => setState.mutate({ id: role.id, enabled: value })}
            data-testid={`role-state-${role.enCode}`}
          />
        ),
      },
      { title: t('orderNum'), dataIndex: 'orderNum', key: 'orderNum', width: 80 },
      {
        title: t('actions'),
        key: 'actions',
        fixed: actionsFixed,
        render: (_, role) => (
          <Space size={0} wrap>
            <Auth code={RolePerm.roleEdit}>
              <RowAction
                icon={<EditOutlined />}
                onClick={() => setEditing({ role })}
                testId={`role-edit-${role.enCode}`}
              >
                {t('edit')}
              </RowAction>
            </Auth>
            <RowAction
              icon={<TeamOutlined />}
              onClick={() => setUsersOf(role)}
              testId={`role-users-${role.enCode}`}
            >
              {t('users')}
            </RowAction>
            <Auth code={AuthorizePerm.authorize}>
              <RowAction
                icon={<KeyOutlined />}
                onClick={() => setAuthorizing(role)}
                testId={`role-authorize-${role.enCode}`}
              >
                {t('authorize')}
              </RowAction>
            </Auth>
            <DeleteAction
              code={RolePerm.roleDelete}
              title={t('deleteConfirm', { name: role.roleName })}
              onConfirm={() => remove.mutateAsync(role.id).catch(() => undefined)}
              icon={<DeleteOutlined />}
              testId={`role-delete-${role.enCode}`}
              confirmTestId="role-delete-ok"
              label={t('delete')}
            />
          </Space>
        ),
      },
    ],
    [t, canEdit, actionsFixed, setState, remove],
  );

  return (
    <Card variant="borderless" data-testid="role-page">
      <ListSearchForm<{ keyword?: string }>
        form={form}
        prefix="role"
        keywordLabel={t('keyword')}
        keywordPlaceholder={t('keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          <Auth code={RolePerm.roleAdd}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing({ role: null })} data-testid="role-add">
              {t('add')}
            </Button>
          </Auth>
        }
      />
      <ListTable<Role>
        rowKey="id"
        size="middle"
        data-testid="role-table"
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.list ?? []}
        pagination={tablePaging(page, setPage, query.data?.pagination.total, (total) =>
          t('total', { count: total }),
        )}
      />
      <RoleFormModal
        open={!!editing}
        role={editing?.role ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} />
      <Drawer
        open={!!authorizing}
        onClose={closeAuthorize}
        size={DRAWER_SIZE}
        title={authorizing ? t('authorizeTitle', { name: authorizing.roleName }) : ''}
        destroyOnHidden
        data-testid="role-authorize-drawer"
      >
        {authorizing && (
          <AuthorizePanel
            key={authorizing.id}
            objectType="role"
            objectId={authorizing.id}
            onDirtyChange={onDirtyChange}
          />
        )}
      </Drawer>
    </Card>
  );
}
