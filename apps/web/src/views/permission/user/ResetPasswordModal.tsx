import { fillTemplate, MsgTemplateCode, type User, validationMessage } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../../components/org';
import { useNewPasswordField } from '../../../components/passwordRule';
import { useAppStore } from '../../../store/settings';
import { useUserStore } from '../../../store/user';
import { toast } from '../../../utils/message';
import { userApi, userKeys } from './api';

interface ResetValues {
  password: string;
  confirm: string;
}

/** Sets a new password for a user (and clears a sign-in lock on the server). */
export function ResetPasswordModal({ user, onClose }: { user: User; onClose(): void }) {
  const { t } = useTranslation('user');
  const language = useAppStore((s) => s.language);
  const [form] = Form.useForm<ResetValues>();
  const newPassword = useNewPasswordField();
  // The server tells the user by the tenant's template (unless it is switched off): say so here.
  const templates = useQuery({
    queryKey: userKeys.msgTemplates(),
    queryFn: userApi.msgTemplates,
    staleTime: 60_000,
  });
  // Nobody is told of resetting their own password (the server sends nothing then).
  const myId = useUserStore((s) => s.userInfo?.id);
  const notice =
    user.id === myId
      ? undefined
      : templates.data?.find((m) => m.enCode === MsgTemplateCode.passwordReset && m.enabled);
  const reset = useMutation({
    mutationFn: (values: ResetValues) => userApi.resetPassword(user.id, values.password),
    onSuccess: () => {
      toast.success(t('passwordReset'));
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={t('resetTitle', { name: user.realName })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reset.isPending}
      okButtonProps={{ 'data-testid': 'user-reset-submit' }}
      destroyOnHidden
      width="min(480px, calc(100vw - 32px))"
      data-testid="user-reset-modal"
    >
      <Form<ResetValues>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={(v) => reset.mutate(v)}
      >
        <Form.Item
          name="password"
          label={t('newPassword')}
          rules={[
            { required: true, message: validationMessage('validation.passwordRequired', language) },
            newPassword.rule,
          ]}
          extra={<span data-testid="user-reset-password-hint">{newPassword.hint}</span>}
        >
          <Input.Password
            maxLength={newPassword.maxLength}
            autoComplete="new-password"
            data-testid="user-reset-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: validationMessage('validation.confirmPasswordPrompt', language) },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password
            maxLength={newPassword.maxLength}
            autoComplete="new-password"
            data-testid="user-reset-confirm"
          />
        </Form.Item>
        {notice && (
          <Alert
            type="info"
            showIcon
            title={t('resetNotice', { name: user.realName, title: fillTemplate(notice.title, {}) })}
            data-testid="user-reset-notice"
          />
        )}
      </Form>
    </Modal>
  );
}
