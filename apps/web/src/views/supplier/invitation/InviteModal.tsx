import {
  formRule,
  INVITATION_DEFAULT_DAYS,
  INVITATION_MAX_DAYS,
  type InvitationBody,
  type InvitationCreated,
  type ValidationMessageKey,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../../components/org';
import { useAppStore } from '../../../store/settings';
import { CopyButton } from '../CopyButton';
import { admissionApi, admissionKeys } from './api';

/**
 * Invites a supplier: company, contact, mobile or email, days valid. The answer's one-time link
 * (only a hash of its token is kept) is shown once, with a copy button.
 */
export function InviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('vendorRegister');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InvitationBody>();
  const [created, setCreated] = useState<InvitationCreated>();
  const msg = (key: ValidationMessageKey, params?: Record<string, number>) =>
    validationMessage(key, language, params);
  const required = { required: true, whitespace: true, message: msg('validation.required') };

  const invite = useMutation({
    mutationFn: admissionApi.invite,
    onSuccess: (answer) => {
      setCreated(answer);
      void queryClient.invalidateQueries({ queryKey: admissionKeys.invitations() });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });

  const close = () => {
    setCreated(undefined);
    form.resetFields();
    onClose();
  };
  const link = created ? `${window.location.origin}${created.link}` : '';

  return (
    <Modal
      open={open}
      title={t('staff.inviteTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="invite-done">
            {t('staff.done')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('staff.cancel')}</Button>
            <Button
              type="primary"
              loading={invite.isPending}
              onClick={() => form.submit()}
              data-testid="invite-submit"
            >
              {t('staff.invite')}
            </Button>
          </>
        )
      }
      data-testid="invite-modal"
    >
      {created ? (
        <div data-testid="invite-created">
          <Alert type="success" showIcon message={t('staff.linkOnce')} style={{ marginBottom: 12 }} />
          <p style={{ wordBreak: 'break-all' }} data-testid="invite-link">
            {link}
          </p>
          <CopyButton text={link} testId="invite-copy" />
        </div>
      ) : (
        <Form<InvitationBody>
          form={form}
          name="invite"
          layout="vertical"
          initialValues={{ days: INVITATION_DEFAULT_DAYS }}
          onFinish={(values) =>
            invite.mutate({
              ...values,
              mobile: values.mobile?.trim() ?? '',
              email: values.email?.trim() ?? '',
            })
          }
        >
          <Form.Item name="companyName" label={t('supplierName')} rules={[required, { max: 200 }]}>
            <Input maxLength={200} data-testid="invite-company" />
          </Form.Item>
          <Form.Item
            name="contactName"
            label={t('contactName')}
            rules={[required, formRule('name', (k) => msg(k))]}
          >
            <Input maxLength={50} data-testid="invite-contact" />
          </Form.Item>
          <Form.Item
            name="mobile"
            label={t('mobile')}
            dependencies={['email']}
            rules={[
              formRule('mobile', (k) => msg(k)),
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  value?.trim() || String(getFieldValue('email') ?? '').trim()
                    ? Promise.resolve()
                    : Promise.reject(new Error(msg('validation.mobileOrEmail'))),
              }),
            ]}
          >
            <Input maxLength={11} inputMode="tel" data-testid="invite-mobile" />
          </Form.Item>
          <Form.Item name="email" label={t('email')} rules={[formRule('email', (k) => msg(k))]}>
            <Input maxLength={100} type="email" data-testid="invite-email" />
          </Form.Item>
          <Form.Item
            name="days"
            label={t('staff.days')}
            rules={[{ required: true, message: msg('validation.required') }]}
          >
            <InputNumber min={1} max={INVITATION_MAX_DAYS} precision={0} data-testid="invite-days" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
