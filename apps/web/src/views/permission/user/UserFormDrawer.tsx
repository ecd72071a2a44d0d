import { formRule, type User, type ValidationMessageKey, validationMessage } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Select, Space, Spin, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, OrgTreeSelect } from '../../../components/org';
import { useNewPasswordField } from '../../../components/passwordRule';
import { useAppStore } from '../../../store/settings';
import { useUserStore } from '../../../store/user';
import { toast } from '../../../utils/message';
import { userApi, userKeys } from './api';

interface UserValues {
  account: string;
  realName: string;
  mobile: string;
  email: string;
  password: string;
  deptId?: string;
  roleIds: string[];
  positionIds: string[];
  enabled: boolean;
}

/** The rules of docs/rules.md#validation from the contracts, in the user's language (the server checks them again). */
function useUserFormRules(): Record<'account' | 'realName' | 'mobile' | 'email' | 'password', Rule[]> {
  const language = useAppStore((s) => s.language);
  const newPassword = useNewPasswordField();
  return useMemo(() => {
    const msg = (key: ValidationMessageKey, params?: Record<string, number>) =>
      validationMessage(key, language, params);
    const required: Rule = { required: true, whitespace: true, message: msg('validation.required') };
    const max = (n: number): Rule => ({ max: n, message: msg('validation.tooLong', { max: n }) });
    return {
      account: [required, max(50), formRule('account', (k) => msg(k))],
      realName: [required, max(50), formRule('name', (k) => msg(k))],
      mobile: [{ ...required, message: msg('validation.mobileRequired') }, formRule('mobile', (k) => msg(k))],
      email: [max(100), formRule('email', (k) => msg(k))],
      password: [{ ...required, message: msg('validation.passwordRequired') }, newPassword.rule],
    };
  }, [language, newPassword.rule]);
}

export interface UserFormDrawerProps {
  /** The user to edit; null creates one. */
  user: User | null;
  /** The department selected in the tree: the default of a new user. */
  defaultDeptId?: string;
  onClose(): void;
  onSaved(): void;
}

/** Create or edit a user in a drawer; fields are checked on blur, server field messages land on them. */
export function UserFormDrawer({ user, defaultDeptId, onClose, onSaved }: UserFormDrawerProps) {
  const { t } = useTranslation('user');
  const rules = useUserFormRules();
  const { hint: passwordHint, maxLength: passwordMaxLength } = useNewPasswordField();
  const tenantId = useUserStore((s) => s.userInfo?.tenantId);
  const [form] = Form.useForm<UserValues>();

  const info = useQuery({
    queryKey: userKeys.info(user?.id),
    queryFn: () => userApi.info(user?.id ?? ''),
    enabled: !!user,
    gcTime: 0,
  });
  // Option lists: a manager without the role or position screen simply gets no options.
  const roles = useQuery({
    queryKey: userKeys.roleOptions(tenantId),
    queryFn: () => userApi.roleOptions(tenantId ?? ''),
    enabled: !!tenantId,
    retry: false,
  });
  const positions = useQuery({
    queryKey: userKeys.positionOptions(),
    queryFn: userApi.positionOptions,
    retry: false,
  });

  useEffect(() => {
    if (user && info.data) {
      form.setFieldsValue({
        realName: info.data.realName,
        mobile: info.data.mobile ?? '',
        email: info.data.email ?? '',
        deptId: info.data.deptId ?? undefined,
        roleIds: info.data.roleIds,
        positionIds: info.data.positionIds,
        enabled: info.data.enabled,
      });
    }
  }, [user, info.data, form]);

  const save = useMutation({
    mutationFn: (values: UserValues) => {
      const body = {
        realName: values.realName.trim(),
        mobile: values.mobile.trim(),
        email: (values.email ?? '').trim(),
        deptId: values.deptId ?? null,
        roleIds: values.roleIds ?? [],
        positionIds: values.positionIds ?? [],
        enabled: values.enabled,
      };
      return user
        ? userApi.update(user.id, body)
        : userApi.create({
            ...body,
            account: values.account.trim(),
            password: values.password,
          });
    },
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });

  return (
    <Drawer
      open
      title={user ? t('editTitle', { name: user.realName }) : t('addTitle')}
      onClose={onClose}
      size="min(560px, 100vw)"
      destroyOnHidden
      data-testid="user-form"
      extra={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="user-form-submit"
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={!!user && info.isLoading}>
        <Form<UserValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{
            account: '',
            realName: '',
            mobile: '',
            email: '',
            password: '',
            deptId: defaultDeptId,
            roleIds: [],
            positionIds: [],
            enabled: true,
          }}
          onFinish={(values) => save.mutate(values)}
        >
          {!user && (
            <Form.Item name="account" label={t('account')} rules={rules.account}>
              <Input maxLength={50} autoComplete="off" data-testid="user-form-account" />
            </Form.Item>
          )}
          <Form.Item name="realName" label={t('realName')} rules={rules.realName}>
            <Input maxLength={50} data-testid="user-form-name" />
          </Form.Item>
          <Form.Item name="mobile" label={t('mobile')} rules={rules.mobile}>
            <Input maxLength={11} inputMode="tel" data-testid="user-form-mobile" />
          </Form.Item>
          <Form.Item name="email" label={t('email')} rules={rules.email}>
            <Input maxLength={100} inputMode="email" data-testid="user-form-email" />
          </Form.Item>
          {!user && (
            <Form.Item
              name="password"
              label={t('password')}
              rules={rules.password}
              extra={<span data-testid="user-form-password-hint">{passwordHint}</span>}
            >
              <Input.Password
                maxLength={passwordMaxLength}
                autoComplete="new-password"
                data-testid="user-form-password"
              />
            </Form.Item>
          )}
          <Form.Item name="deptId" label={t('dept')}>
            <OrgTreeSelect placeholder={t('deptPlaceholder')} data-testid="user-form-dept" />
          </Form.Item>
          <Form.Item name="roleIds" label={t('roles')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder={t('rolesPlaceholder')}
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
              data-testid="user-form-roles"
            />
          </Form.Item>
          <Form.Item name="positionIds" label={t('positions')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder={t('positionsPlaceholder')}
              loading={positions.isLoading}
              options={(positions.data ?? []).map((p) => ({
                value: p.id,
                label: p.deptName ? `${p.positionName}（${p.deptName}）` : p.positionName,
              }))}
              data-testid="user-form-positions"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('state')} valuePropName="checked">
            <Switch
              checkedChildren={t('stateEnabled')}
              unCheckedChildren={t('stateDisabled')}
              disabled={user?.isAdmin}
              data-testid="user-form-enabled"
            />
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
