import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import {
  isEmail,
  isImageType,
  isPersonalMobile,
  type ValidationMessageKey,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Col, Form, Input, Row, Space, Tabs, Typography, Upload } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';
import { useNewPasswordField } from '../../components/passwordRule';
import { useUploadMaxMb } from '../../components/uploadLimit';
import { useAppStore } from '../../store/settings';
import { useUserStore } from '../../store/user';
import { avatarUrl } from '../../utils/avatar';
import { toast } from '../../utils/message';
import { profileApi, profileKeys } from './api';
import MyAuthorizeTab from './MyAuthorizeTab';
import MyLoginLogTab from './MyLoginLogTab';
import SubordinateTab from './SubordinateTab';

interface InfoValues {
  account: string;
  realName: string;
  mobile: string;
  email: string;
}
interface PasswordValues {
  oldPassword: string;
  password: string;
  checkPassword: string;
}

function useMessage() {
  const language = useAppStore((s) => s.language);
  return (key: ValidationMessageKey, params?: Record<string, string | number>) =>
    validationMessage(key, language, params);
}

/** Puts the server's field messages (body code 400) on the form. */
function applyFieldErrors(form: FormInstance, error: unknown) {
  if (error instanceof ApiError && error.fields) {
    form.setFields(Object.entries(error.fields).map(([name, message]) => ({ name, errors: [message] })));
  }
}

function InfoForm() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const [form] = Form.useForm<InfoValues>();
  const refresh = useUserStore((s) => s.refreshUserInfo);
  const info = useQuery({
    queryKey: profileKeys.baseInfo(),
    queryFn: profileApi.baseInfo,
  });
  // The page cache (<Activity>) re-runs effects when a tab is shown again: never overwrite what
  // the user has typed with the server's copy.
  useEffect(() => {
    if (info.data && !form.isFieldsTouched()) {
      form.setFieldsValue({
        account: info.data.account,
        realName: info.data.realName,
        mobile: info.data.mobile,
        email: info.data.email,
      });
    }
  }, [info.data, form]);
  const save = useMutation({
    mutationFn: (values: InfoValues) =>
      profileApi.saveBaseInfo({
        realName: values.realName.trim(),
        mobile: values.mobile.trim(),
        email: (values.email ?? '').trim(),
      }),
    onSuccess: () => {
      toast.success(t('saved'));
      void info.refetch();
      void refresh().catch(() => undefined);
    },
    onError: (error) => applyFieldErrors(form, error),
  });

  const mobileRules: Rule[] = [
    { required: true, whitespace: true, message: msg('validation.mobileRequired') },
    {
      validator: (_, value: string) =>
        !value || isPersonalMobile(value.trim())
          ? Promise.resolve()
          : Promise.reject(new Error(msg('validation.mobile'))),
    },
  ];
  return (
    <Form<InfoValues>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={(values) => save.mutate(values)}
      disabled={info.isLoading}
      style={{ maxWidth: 480 }}
      data-testid="profile-info-form"
    >
      <Form.Item name="account" label={t('account')}>
        <Input disabled data-testid="profile-account" />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('realName')}
        rules={[{ required: true, whitespace: true, message: msg('validation.nameRequired') }]}
      >
        <Input placeholder={t('realNamePrompt')} maxLength={50} data-testid="profile-realName" />
      </Form.Item>
      <Form.Item name="mobile" label={t('mobile')} rules={mobileRules}>
        <Input placeholder={msg('validation.mobilePrompt')} maxLength={11} data-testid="profile-mobile" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('email')}
        rules={[
          {
            validator: (_, value: string) =>
              !value || isEmail(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(msg('validation.email'))),
          },
        ]}
      >
        <Input placeholder={t('emailPrompt')} maxLength={100} data-testid="profile-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {t('save')}
      </Button>
    </Form>
  );
}

function PasswordForm() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const newPassword = useNewPasswordField();
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (values: PasswordValues) => profileApi.changePassword(values.oldPassword, values.password),
    onSuccess: () => {
      toast.success(t('passwordChanged'));
      form.resetFields();
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={(values) => change.mutate(values)}
      style={{ maxWidth: 480 }}
      data-testid="profile-password-form"
    >
      <Form.Item
        name="oldPassword"
        label={t('oldPassword')}
        rules={[{ required: true, message: msg('validation.passwordRequired') }]}
      >
        <Input.Password
          placeholder={t('oldPasswordPrompt')}
          autoComplete="current-password"
          data-testid="profile-old-password"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('newPassword')}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: msg('validation.passwordRequired') },
          newPassword.rule,
          // The server's rule too: a new password equal to the current one changes nothing.
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value !== getFieldValue('oldPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(msg('validation.passwordSameAsOld'))),
          }),
        ]}
        extra={<span data-testid="profile-password-hint">{newPassword.hint}</span>}
      >
        <Input.Password
          maxLength={newPassword.maxLength}
          placeholder={msg('validation.passwordPrompt')}
          autoComplete="new-password"
          data-testid="profile-new-password"
        />
      </Form.Item>
      <Form.Item
        name="checkPassword"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: msg('validation.confirmPasswordPrompt') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(msg('validation.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password
          placeholder={msg('validation.confirmPasswordPrompt')}
          autoComplete="new-password"
          data-testid="profile-confirm-password"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={change.isPending}
        data-testid="profile-password-submit"
      >
        {t('changePassword')}
      </Button>
    </Form>
  );
}

function AvatarCard() {
  const { t } = useTranslation('profile');
  const msg = useMessage();
  const uploadMaxMb = useUploadMaxMb();
  const user = useUserStore((s) => s.userInfo);
  const refresh = useUserStore((s) => s.refreshUserInfo);
  const setUserInfo = useUserStore((s) => s.setUserInfo);
  const upload = useMutation({
    mutationFn: profileApi.setAvatar,
    onSuccess: (result) => {
      setUserInfo({ headIcon: result.name });
      toast.success(t('avatarUpdated'));
      void refresh().catch(() => undefined);
    },
  });
  return (
    <Card variant="borderless" style={{ textAlign: 'center', height: '100%' }}>
      <Space direction="vertical" align="center" size={12}>
        <Avatar
          size={104}
          src={avatarUrl(user?.headIcon)}
          alt=""
          icon={<UserOutlined />}
          data-testid="profile-avatar"
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {user?.realName || user?.account}
        </Typography.Title>
        <Typography.Text type="secondary">
          {[user?.ent?.entName, user?.deptName].filter(Boolean).join(' · ')}
        </Typography.Text>
        <Upload
          accept="image/*"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            if (!isImageType(file.type)) {
              toast.error(msg('validation.imageType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > uploadMaxMb * 1024 * 1024) {
              toast.error(msg('validation.uploadTooLarge', { maxMb: uploadMaxMb }));
              return Upload.LIST_IGNORE;
            }
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="profile-avatar-upload">
            {t('changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('avatarHint')}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/** Personal information (docs/rules.md#validation): details, password and avatar. */
export default function Profile() {
  const { t } = useTranslation('profile');
  return (
    <Row gutter={[16, 16]} data-testid="profile-page">
      <Col xs={24} md={8} lg={6}>
        <AvatarCard />
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card variant="borderless">
          <Tabs
            items={[
              { key: 'info', label: t('tab.info'), children: <InfoForm /> },
              { key: 'password', label: t('tab.password'), children: <PasswordForm /> },
              {
                key: 'subordinate',
                label: <span data-testid="profile-tab-subordinate">{t('tab.subordinate')}</span>,
                children: <SubordinateTab />,
              },
              {
                key: 'authorize',
                label: <span data-testid="profile-tab-authorize">{t('tab.authorize')}</span>,
                children: <MyAuthorizeTab />,
              },
              {
                key: 'loginLog',
                label: <span data-testid="profile-tab-login-log">{t('tab.loginLog')}</span>,
                children: <MyLoginLogTab />,
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
