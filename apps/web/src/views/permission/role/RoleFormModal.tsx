import { formRule, type Role, type ValidationMessageKey, validationMessage } from '@srm/contracts/core';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { type RoleBody, roleApi } from './api';

type RoleValues = RoleBody;

export interface RoleFormModalProps {
  open: boolean;
  /** The role to edit; null creates one. */
  role: Role | null;
  onClose(): void;
  onSaved(): void;
}

/** Create or edit a role; the server's field messages (400) land on their fields. */
export function RoleFormModal({ open, role, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation('role');
  const language = useAppStore((s) => s.language);
  const msg = (key: ValidationMessageKey) => validationMessage(key, language);
  const [form] = Form.useForm<RoleValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? { roleName: role.roleName, enCode: role.enCode, orderNum: role.orderNum, enabled: role.enabled }
        : { roleName: '', enCode: '', orderNum: 0, enabled: true },
    );
  }, [open, role, form]);

  const save = useMutation({
    mutationFn: (values: RoleValues) => (role ? roleApi.update(role.id, values) : roleApi.create(values)),
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof RoleValues,
            errors: [message],
          })),
        );
      }
    },
  });

  return (
    <Modal
      open={open}
      title={role ? t('editTitle') : t('addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'role-form-ok' }}
      destroyOnHidden
      forceRender
      data-testid="role-form"
    >
      <Form<RoleValues> form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item
          name="roleName"
          label={t('roleName')}
          rules={[
            { required: true, whitespace: true, message: t('roleNameRequired') },
            { max: 50, message: validationMessage('validation.tooLong', language, { max: 50 }) },
            formRule('name', msg),
          ]}
        >
          <Input maxLength={50} data-testid="role-form-name" />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('enCode')}
          rules={[
            { required: true, whitespace: true, message: t('enCodeRequired') },
            { max: 50, message: validationMessage('validation.tooLong', language, { max: 50 }) },
            formRule('enCode', msg),
          ]}
        >
          <Input maxLength={50} data-testid="role-form-code" />
        </Form.Item>
        <Form.Item name="orderNum" label={t('orderNum')}>
          <InputNumber
            min={0}
            max={999999}
            precision={0}
            style={{ width: '100%' }}
            data-testid="role-form-order"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} data-testid="role-form-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
