import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate, type VendorUser } from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../../components/ListTable';
import { RowAction } from '../../../../components/listActions';
import { FormModal, KeywordToolbar, useKeywordSearch } from '../../../../components/listPage';
import { applyServerFieldErrors } from '../../../../components/org/formRules';
import { tablePaging } from '../../../../components/tablePaging';
import { useActionsFixed } from '../../../../components/useActionsFixed';
import { useUserStore } from '../../../../store/user';
import { toast } from '../../../../utils/message';
import { portalApi, vendorKeys } from '../../api';

type NewUser = { realName: string; mobile: string; email: string; password: string };

/** The administrator adds a sub-account: it signs in as mobile@account (the administrator's account). */
function AddUserModal({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation('vendor');
  const account = useUserStore((s) => s.userInfo?.account ?? '');
  const [form] = Form.useForm<NewUser>();
  const mobile = Form.useWatch('mobile', form);
  const add = useMutation({
    mutationFn: portalApi.addUser,
    onSuccess: (u) => {
      toast.success(t('userAdded', { account: u.account }));
      onSaved();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <FormModal<NewUser>
      form={form}
      title={t('addUser')}
      testId="vendor-user-form"
      width="min(520px, 100vw)"
      saving={add.isPending}
      initialValues={{ realName: '', mobile: '', email: '', password: '' }}
      onFinish={(v) => add.mutate(v)}
      onClose={onClose}
    >
      <Form.Item
        name="realName"
        label={t('realName')}
        rules={[{ required: true, whitespace: true, message: t('required') }]}
      >
        <Input maxLength={50} data-testid="vendor-user-name" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('mobile')}
        rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: t('mobileRule') }]}
        extra={t('signInAs', { name: `${mobile || t('mobile')}@${account}` })}
      >
        <Input maxLength={11} data-testid="vendor-user-mobile" />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={[{ type: 'email', message: t('emailRule') }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('required') }]}>
        <Input.Password maxLength={32} autoComplete="new-password" data-testid="vendor-user-password" />
      </Form.Item>
    </FormModal>
  );
}

function ResetPasswordModal({ user, onClose }: { user: VendorUser; onClose(): void }) {
  const { t } = useTranslation('vendor');
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    mutationFn: (password: string) => portalApi.resetPassword(user.id, password),
    onSuccess: () => {
      toast.success(t('passwordReset'));
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <FormModal<{ password: string }>
      form={form}
      title={t('resetPasswordOf', { account: user.account })}
      testId="vendor-user-reset"
      width="min(460px, 100vw)"
      saving={reset.isPending}
      initialValues={{ password: '' }}
      onFinish={(v) => reset.mutate(v.password)}
      onClose={onClose}
    >
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Input.Password maxLength={32} autoComplete="new-password" data-testid="vendor-user-reset-password" />
      </Form.Item>
    </FormModal>
  );
}

/** The supplier's accounts: everyone sees them; its administrator adds, disables and resets sub-accounts. */
export default function VendorUsersPage() {
  const { t } = useTranslation('vendor');
  const queryClient = useQueryClient();
  const actionsFixed = useActionsFixed();
  const me = useUserStore((s) => s.userInfo?.id);
  const search = useKeywordSearch();
  const params = { keyword: search.keyword || undefined, ...search.page };
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<VendorUser | null>(null);
  const list = useQuery({
    queryKey: vendorKeys.myUsers(params),
    queryFn: () => portalApi.users(params),
    placeholderData: keepPreviousData,
  });
  const isAdmin = !!list.data?.list.some((u) => u.isAdmin && u.id === me);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['vendor', 'mine', 'users'] });
  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => portalApi.setEnabled(id, enabled),
    onSuccess: (_, { enabled }) => {
      toast.success(enabled ? t('enabledOk') : t('disabledOk'));
      void refresh();
    },
  });

  const columns: ColumnsType<VendorUser> = [
    {
      title: t('signInName'),
      dataIndex: 'account',
      key: 'account',
      render: (account: string, u) => (
        <Space size={4} data-testid={`vendor-user-${account}`}>
          {account}
          {u.isAdmin && <Tag color="gold">{t('vendorAdmin')}</Tag>}
        </Space>
      ),
    },
    { title: t('realName'), dataIndex: 'realName', key: 'realName' },
    { title: t('mobile'), dataIndex: 'mobile', key: 'mobile' },
    { title: t('email'), dataIndex: 'email', key: 'email' },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      render: (enabled: boolean, u) =>
        isAdmin && !u.isAdmin ? (
          <Switch
            size="small"
            checked={enabled}
            loading={toggle.isPending && toggle.variables?.id === u.id}
            onChange={(checked) => toggle.mutate({ id: u.id, enabled: checked })}
            aria-label={t('enabledOf', { account: u.account })}
            data-testid={`vendor-user-state-${u.account}`}
          />
        ) : (
          <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('enabledYes') : t('enabledNo')}</Tag>
        ),
    },
    {
      title: t('createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      render: (v: number) => formatDate(v),
    },
    ...(isAdmin
      ? [
          {
            title: t('actions'),
            key: 'actions',
            fixed: actionsFixed,
            render: (_: unknown, u: VendorUser) =>
              u.isAdmin ? null : (
                <RowAction
                  icon={<KeyOutlined />}
                  onClick={() => setResetting(u)}
                  testId={`vendor-user-reset-${u.account}`}
                >
                  {t('resetPassword')}
                </RowAction>
              ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" data-testid="vendor-users-page">
      {!isAdmin && list.data && (
        <Alert type="info" showIcon message={t('adminOnly')} style={{ marginBottom: 16 }} />
      )}
      <Space wrap style={{ marginBottom: 0 }}>
        <KeywordToolbar
          prefix="vendor-users"
          search={search}
          placeholder={t('userKeyword')}
          ariaLabel={t('userKeyword')}
          addCode=""
          onAdd={() => undefined}
          addLabel=""
        />
        {isAdmin && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            style={{ marginBottom: 16 }}
            data-testid="vendor-users-add"
          >
            {t('addUser')}
          </Button>
        )}
      </Space>
      <ListTable<VendorUser>
        rowKey="id"
        size="middle"
        data-testid="vendor-users-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(search.page, search.setPage, list.data?.pagination.total, (total) =>
          t('total', { total }),
        )}
      />
      {adding && (
        <AddUserModal
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            void refresh();
          }}
        />
      )}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
    </Card>
  );
}
