import type { PortalSummary } from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Select, Spin } from 'antd';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_FIELD } from '../../../a11y/firstField';
import { ApiError } from '../../../api/request';
import { useAppStore } from '../../../store/settings';
import { useUserStore } from '../../../store/user';
import { toast } from '../../../utils/message';
import { userApi, userKeys } from '../../permission/user/api';
import { modelName } from '../../systemData/dataModel/model-form';
import { portalApi, portalKeys } from './api';

/**
 * The roles whose home page the portal is (GET/PUT `${portal}/{id}/Homes`). A role has one home
 * page: choosing one here takes it from the portal it had. The roles are the tenant's enabled ones,
 * as the user screen's role picker lists them.
 */
export function HomesModal({
  portal,
  onClose,
  onSaved,
}: {
  portal: PortalSummary;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('visualPortal');
  const language = useAppStore((s) => s.language);
  const tenantId = useUserStore((s) => s.userInfo?.tenantId);
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const formId = useId();
  const body = useRef<HTMLDivElement>(null);
  const homes = useQuery({
    queryKey: portalKeys.homes(portal.id),
    queryFn: () => portalApi.homes(portal.id),
    gcTime: 0,
  });
  const roles = useQuery({
    queryKey: userKeys.roleOptions(tenantId),
    queryFn: () => userApi.roleOptions(tenantId ?? ''),
    enabled: !!tenantId,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (roleIds: string[]) => portalApi.setHomes(portal.id, roleIds),
    onSuccess: () => {
      toast.success(t('homes.done'));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const field = Object.entries(error.fields ?? {}).find(([path]) => path.startsWith('roleIds'));
      if (field) form.setFields([{ name: 'roleIds', errors: [field[1]] }]);
      else toast.error(error.msg, 3);
    },
  });
  // The roles it is the home of already, named even when the picker does not list them (disabled).
  const listed = (roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }));
  const options = [
    ...listed,
    ...portal.homeRoles
      .filter((r) => !listed.some((o) => o.value === r.id))
      .map((r) => ({ value: r.id, label: r.name })),
  ];
  const focusFirstField = (open: boolean) => {
    const root = body.current;
    if (!open || !root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  };
  return (
    <Modal
      open
      title={t('homes.title', { name: modelName(language, portal.names) })}
      onCancel={onClose}
      okText={t('homes.ok')}
      cancelText={t('editor.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={
        { htmlType: 'submit', form: formId, disabled: !homes.data, 'data-testid': 'pd-homes-ok' } as never
      }
      cancelButtonProps={{ 'data-testid': 'pd-homes-cancel' } as never}
      afterOpenChange={focusFirstField}
      destroyOnHidden
      width={520}
    >
      <div ref={body}>
        {homes.data ? (
          <Form<{ roleIds: string[] }>
            form={form}
            id={formId}
            layout="vertical"
            initialValues={{ roleIds: homes.data.roleIds }}
            onFinish={(values) => save.mutate(values.roleIds ?? [])}
            data-testid="pd-homes-form"
          >
            {roles.isError && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('homes.noRoles')} />
            )}
            <Form.Item name="roleIds" label={t('homes.roles')} extra={t('homes.rolesHelp')}>
              <Select
                mode="multiple"
                loading={roles.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={options}
                data-testid="pd-homes-roles"
              />
            </Form.Item>
          </Form>
        ) : (
          <Spin spinning />
        )}
      </div>
    </Modal>
  );
}
