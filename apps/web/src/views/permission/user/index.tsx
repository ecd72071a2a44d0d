import { DownloadOutlined, KeyOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate, type User, type UserLock, UserPerm } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QueryParams, saveBlob } from '../../../api/request';
import { Auth, filterColumns, useAuth } from '../../../components/Auth';
import { ComboxSelect } from '../../../components/ComboxSelect';
import { ListTable } from '../../../components/ListTable';
import { DeleteAction, ResetButton, RowAction, SearchButton } from '../../../components/listActions';
import { OrgTreePanel, TreeListLayout } from '../../../components/org';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { toast } from '../../../utils/message';
import { userApi, userKeys } from './api';
import { ImportUsersModal } from './ImportUsersModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormDrawer } from './UserFormDrawer';

type StateFilter = 'all' | 'true' | 'false';
type UserColumn = ColumnsType<User>[number] & { auth?: string };

/** Permission → users: the org tree on the left, the users of the selection on the right. */
export default function UserPage() {
  const actionsFixed = useActionsFixed();
  const { t } = useTranslation('user');
  const { has, hasColumn } = useAuth();
  const queryClient = useQueryClient();
  const [dept, setDept] = useState<{ id: string; name: string } | null>(null);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [roleId, setRoleId] = useState<string | undefined>();
  const [positionId, setPositionId] = useState<string | undefined>();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ user: User | null } | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const filter: QueryParams = {
    keyword: keyword || undefined,
    deptId: dept?.id,
    enabled: state === 'all' ? undefined : state,
    roleId,
    positionId,
  };
  const params: QueryParams = { ...filter, ...page };
  const query = useQuery({
    queryKey: userKeys.list(params),
    queryFn: () => userApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });
  // Locks run out with time, not with a write, so the page's stored answer cannot hold them: asked
  // beside it for the rows shown, and again each minute.
  const canUnlock = has(UserPerm.userUnlock);
  const pageIds = query.data?.list.map((u) => u.id) ?? [];
  const locks = useQuery({
    queryKey: userKeys.locks(pageIds),
    queryFn: () => userApi.locks(pageIds),
    enabled: canUnlock && pageIds.length > 0,
    refetchInterval: 60_000,
  });
  const lockOf = new Map((locks.data ?? []).map((lock) => [lock.id, lock]));

  const remove = useMutation({
    mutationFn: userApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => userApi.setState(id, enabled),
    onSuccess: (_, { enabled }) => {
      toast.success(enabled ? t('enabledOk') : t('disabledOk'));
      refresh();
    },
  });

  const unlock = useMutation({
    mutationFn: userApi.unlock,
    onSuccess: (_, id) => {
      toast.success(t('unlockOk'));
      // The mark and the unlock button go at once; focus moves to the row's first action, which
      // stays, instead of falling to the page with the removed button.
      queryClient.setQueryData<UserLock[]>(userKeys.locks(pageIds), (old) => old?.filter((l) => l.id !== id));
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`tr[data-row-key="${id}"] td:last-child button`)?.focus(),
      );
    },
  });

  const search = () => {
    setKeyword(typed.trim());
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const reset = () => {
    setTyped('');
    setKeyword('');
    setState('all');
    setRoleId(undefined);
    setPositionId(undefined);
    setPage((p) => ({ ...p, currentPage: 1 }));
  };
  const exportList = async () => {
    setExporting(true);
    try {
      saveBlob(await userApi.exportList(filter), t('exportFile'));
    } catch {
      // The request layer has shown the message.
    } finally {
      setExporting(false);
    }
  };

  const columns: UserColumn[] = [
    {
      title: t('account'),
      dataIndex: 'account',
      key: 'account',
      fixed: 'left',
      render: (account: string, row) => (
        <span data-testid={`user-row-${account}`}>
          {account}
          {row.isAdmin && (
            <Tag color="gold" style={{ marginInlineStart: 6 }}>
              {t('admin')}
            </Tag>
          )}
          {lockOf.has(row.id) && (
            <Tag color="error" style={{ marginInlineStart: 6 }} data-testid={`user-locked-${account}`}>
              {t('locked')}
            </Tag>
          )}
        </span>
      ),
    },
    { title: t('realName'), dataIndex: 'realName', key: 'realName' },
    { title: t('mobile'), dataIndex: 'mobile', key: 'mobile', auth: UserPerm.userMobileColumn },
    { title: t('email'), dataIndex: 'email', key: 'email', auth: UserPerm.userEmailColumn },
    {
      title: t('dept'),
      dataIndex: 'deptName',
      key: 'deptName',
      render: (name: string | null) => name ?? '-',
    },
    {
      title: t('state'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (enabled: boolean, row) =>
        has(UserPerm.userState) && !row.isAdmin ? (
          <Switch
            size="small"
            checked={enabled}
            loading={toggle.isPending && toggle.variables?.id === row.id}
            onChange={(checked) => toggle.mutate({ id: row.id, enabled: checked })}
            aria-label={t('state')}
            data-testid={`user-state-${row.account}`}
          />
        ) : (
          <Tag color={enabled ? 'success' : 'default'}>
            {enabled ? t('stateEnabled') : t('stateDisabled')}
          </Tag>
        ),
    },
    {
      title: t('lastLoginTime'),
      dataIndex: 'lastLoginTime',
      key: 'lastLoginTime',
      render: (ms: number | null) => (ms ? formatDate(ms) : '-'),
    },
    {
      title: t('createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (ms: number) => formatDate(ms),
    },
    {
      title: t('actions'),
      key: 'actions',
      fixed: actionsFixed,
      hidden: ![UserPerm.userEdit, UserPerm.userResetPassword, UserPerm.userUnlock, UserPerm.userDelete].some(
        has,
      ),
      render: (_, row) => (
        <Space size={0}>
          <Auth code={UserPerm.userEdit}>
            <RowAction onClick={() => setEditing({ user: row })} testId={`user-edit-${row.account}`}>
              {t('edit')}
            </RowAction>
          </Auth>
          <Auth code={UserPerm.userResetPassword}>
            <RowAction
              icon={<KeyOutlined />}
              onClick={() => setResetting(row)}
              testId={`user-reset-${row.account}`}
            >
              {t('resetPassword')}
            </RowAction>
          </Auth>
          {lockOf.has(row.id) && (
            <Popconfirm
              title={t('unlockConfirm', { name: row.realName })}
              description={t('lockedUntil', {
                time: formatDate(lockOf.get(row.id)?.lockedUntil ?? 0),
                count: lockOf.get(row.id)?.addresses ?? 0,
              })}
              onConfirm={() => unlock.mutateAsync(row.id).catch(() => undefined)}
              okButtonProps={{ 'data-testid': 'user-unlock-confirm' }}
            >
              <Button type="link" size="small" data-testid={`user-unlock-${row.account}`}>
                {t('unlock')}
              </Button>
            </Popconfirm>
          )}
          {!row.isAdmin && (
            <DeleteAction
              code={UserPerm.userDelete}
              title={t('deleteConfirm', { name: row.realName })}
              onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
              testId={`user-delete-${row.account}`}
              confirmTestId="user-delete-confirm"
              label={t('delete')}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <TreeListLayout
      tree={
        <OrgTreePanel
          selectedId={dept?.id}
          onSelect={(node) => {
            setDept(node ? { id: node.id, name: node.deptName } : null);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          data-testid="user-org"
        />
      }
    >
      <Card
        variant="borderless"
        title={dept?.name ?? t('allUsers')}
        data-testid="user-page"
        styles={{ header: { minHeight: 48 } }}
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={search}
            placeholder={t('keywordPlaceholder')}
            aria-label={t('keywordPlaceholder')}
            maxLength={100}
            style={{ width: 220, maxWidth: '100%' }}
            data-testid="user-keyword"
          />
          <Select<StateFilter>
            value={state}
            onChange={(value) => {
              setState(value);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            options={[
              { value: 'all', label: t('stateAll') },
              { value: 'true', label: t('stateEnabled') },
              { value: 'false', label: t('stateDisabled') },
            ]}
            style={{ width: 130 }}
            aria-label={t('state')}
            data-testid="user-state-filter"
          />
          <ComboxSelect
            type="role"
            value={roleId}
            onChange={(value) => {
              setRoleId(value);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            placeholder={t('roleFilter')}
            style={{ width: 150 }}
            data-testid="user-role-filter"
          />
          <ComboxSelect
            type="position"
            value={positionId}
            onChange={(value) => {
              setPositionId(value);
              setPage((p) => ({ ...p, currentPage: 1 }));
            }}
            placeholder={t('positionFilter')}
            style={{ width: 150 }}
            data-testid="user-position-filter"
          />
          <SearchButton prefix="user" onClick={search} />
          <ResetButton prefix="user" onClick={reset} />
          <Auth code={UserPerm.userAdd}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing({ user: null })} data-testid="user-add">
              {t('add')}
            </Button>
          </Auth>
          <Auth code={UserPerm.userImport}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
              {t('import')}
            </Button>
          </Auth>
          <Auth code={UserPerm.userExport}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportList()}
              data-testid="user-export"
            >
              {t('export')}
            </Button>
          </Auth>
        </Space>
        <ListTable<User>
          rowKey="id"
          data-testid="user-table"
          loading={query.isFetching}
          columns={filterColumns(columns, hasColumn)}
          dataSource={query.data?.list ?? []}
          pagination={tablePaging(page, setPage, query.data?.pagination.total, (total) =>
            t('total', { count: total }),
          )}
        />
      </Card>
      {editing && (
        <UserFormDrawer
          user={editing.user}
          defaultDeptId={dept?.id}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
      {importing && <ImportUsersModal onClose={() => setImporting(false)} onImported={refresh} />}
    </TreeListLayout>
  );
}
