import {
  PASSWORD_CLASSES,
  passwordRuleText,
  SYS_CONFIG_BOUNDS,
  SYS_CONFIG_GROUPS,
  SYS_CONFIG_PLACES,
  type SysConfigGroup,
  SysConfigPerm,
  type SysConfigValues,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Spin, Switch, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../components/Auth';
import { applyServerFieldErrors } from '../../../components/org';
import { useCacheStore } from '../../../store/cache';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { sysConfigApi, sysConfigKeys } from './api';

type NumberKey = keyof typeof SYS_CONFIG_BOUNDS;

/** System → settings: one tab per group, each saved on its own and applied at once. */
export default function SysConfigPage() {
  const { t } = useTranslation('sysConfig');
  const { has } = useAuth();
  const canEdit = has(SysConfigPerm.sysConfigEdit);
  const query = useQuery({
    queryKey: sysConfigKeys.all,
    queryFn: sysConfigApi.all,
  });
  return (
    <Card variant="borderless" title={t('config.title')} data-testid="sys-config-page">
      {!canEdit && <Alert type="info" showIcon title={t('config.readOnly')} style={{ marginBottom: 16 }} />}
      {query.data ? (
        <Tabs
          items={SYS_CONFIG_GROUPS.map((group) => ({
            key: group,
            label: <span data-testid={`sys-config-tab-${group}`}>{t(`config.groups.${group}`)}</span>,
            children: <GroupForm group={group} values={query.data} canEdit={canEdit} />,
          }))}
        />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

function GroupForm({
  group,
  values,
  canEdit,
}: {
  group: SysConfigGroup;
  values: SysConfigValues;
  canEdit: boolean;
}) {
  const { t } = useTranslation('sysConfig');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (body: unknown) => sysConfigApi.saveGroup(group, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(sysConfigKeys.all, saved);
      toast.success(t('saved'));
      // The start-up copy (about dialog, password hints) follows at once.
      const items = await sysConfigApi.startupItems().catch(() => null);
      if (items) useCacheStore.setState({ sysConfig: items });
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const number = (key: NumberKey) => (
    <Form.Item
      key={key}
      name={key}
      label={t(`config.${key}`)}
      // Said, not silently clamped: an input's min/max would turn 0 into 5 on blur and save that.
      rules={[
        { required: true, message: validationMessage('validation.required', language) },
        {
          type: 'number',
          min: SYS_CONFIG_BOUNDS[key][0],
          message: validationMessage('validation.numberMin', language, { min: SYS_CONFIG_BOUNDS[key][0] }),
        },
        {
          type: 'number',
          max: SYS_CONFIG_BOUNDS[key][1],
          message: validationMessage('validation.numberMax', language, { max: SYS_CONFIG_BOUNDS[key][1] }),
        },
      ]}
    >
      <InputNumber
        precision={SYS_CONFIG_PLACES[key] ?? 0}
        style={{ width: 200, maxWidth: '100%' }}
        data-testid={`sys-config-${key}`}
      />
    </Form.Item>
  );
  const text = (key: string, max: number, extra?: ReactNode) => (
    <Form.Item key={key} name={key} label={t(`config.${key}`)} extra={extra}>
      <Input maxLength={max} data-testid={`sys-config-${key}`} />
    </Form.Item>
  );
  const watchedPassword = Form.useWatch([], form) as SysConfigValues['password'] | undefined;
  const fields: Record<SysConfigGroup, ReactNode> = {
    brand: [
      text('sysName', 50),
      text('sysNameEn', 50),
      text('sysNameTw', 50),
      text('logoUrl', 500, t('config.logoUrlHint')),
      text('loginTitle', 100),
      text('loginSubtitle', 200),
      text('copyright', 200),
    ],
    security: [
      number('lockoutAttempts'),
      number('lockoutMinutes'),
      number('tokenTimeout'),
      <Form.Item
        key="singleLogin"
        name="singleLogin"
        label={t('config.singleLogin')}
        valuePropName="checked"
        extra={t('config.singleLoginHint')}
      >
        <Switch data-testid="sys-config-singleLogin" />
      </Form.Item>,
    ],
    password: [
      number('passwordMinLength'),
      number('passwordMaxLength'),
      <Form.Item key="passwordClasses" name="passwordClasses" label={t('config.passwordClasses')}>
        <Checkbox.Group
          options={PASSWORD_CLASSES.map((c) => ({ value: c, label: t(`config.classes.${c}`) }))}
          data-testid="sys-config-passwordClasses"
        />
      </Form.Item>,
      number('passwordExpiryDays'),
      number('passwordHistory'),
      watchedPassword?.passwordMinLength !== undefined && (
        <Alert
          key="preview"
          type="info"
          title={t('config.rulePreview', {
            rule: passwordRuleText({ ...values.password, ...watchedPassword }, language),
          })}
          style={{ marginBottom: 16 }}
          data-testid="sys-config-password-preview"
        />
      ),
    ],
    upload: [number('uploadMaxMb')],
    preview: [text('previewUrl', 500)],
    about: [text('sysVersion', 50), text('helpUrl', 500)],
    procurement: [
      <Alert key="hint" type="info" showIcon title={t('config.matchHint')} style={{ marginBottom: 16 }} />,
      number('matchQuantityPercent'),
      number('matchPricePercent'),
    ],
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={values[group]}
      disabled={!canEdit}
      onFinish={(v) => save.mutate(v)}
      style={{ maxWidth: 560 }}
      data-testid={`sys-config-form-${group}`}
    >
      {group === 'security' && (
        <Alert type="warning" showIcon title={t('config.secretsNote')} style={{ marginBottom: 16 }} />
      )}
      {fields[group]}
      {canEdit && (
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid={`sys-config-save-${group}`}
        >
          {t('save')}
        </Button>
      )}
    </Form>
  );
}
