import { ApiOutlined } from '@ant-design/icons';
import {
  SSO_CALLBACK_PATH,
  SSO_DEFAULT_CLAIMS,
  SSO_KINDS,
  type SsoKind,
  SsoPerm,
  type SsoTestResult,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Collapse,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { OrgTreeSelect } from '../../../components/org';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDrawerFocus } from '../../../components/useDrawerFocus';
import { useAppStore } from '../../../store/settings';
import { useUserStore } from '../../../store/user';
import { toast } from '../../../utils/message';
import { refusalMessages } from '../../systemData/dataSource/api';
import { ssoApi, ssoKeys } from './api';
import {
  CLAIM_KEYS,
  CONNECTION_FIELDS,
  formPathOf,
  NEW_SSO_PROVIDER,
  type SsoFormValues,
  toFormValues,
  toSaveBody,
  toTestBody,
} from './sso-form';

const DRAWER_SIZE = 'min(760px, 100vw)';

/** The identity provider editor (a drawer): a new provider, or one opened from the list (`id`). */
export function SsoEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('sso');
  const detail = useQuery({
    queryKey: ssoKeys.one(id ?? ''),
    queryFn: () => ssoApi.get(id ?? ''),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });
  if (id && !detail.data)
    return (
      <EditorLoading
        title={t('editor.editing')}
        error={detail.isError ? detail.error : null}
        onClose={onClose}
        size={DRAWER_SIZE}
        testId="sso-editor"
      />
    );
  return (
    <EditorForm
      id={id}
      initial={detail.data ? toFormValues(detail.data) : NEW_SSO_PROVIDER}
      title={detail.data ? t('editor.editTitle', { name: detail.data.name }) : t('editor.addTitle')}
      secretSet={detail.data?.secretSet ?? false}
      redirectUri={detail.data?.redirectUri ?? null}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

type TestOutcome = { ok: SsoTestResult } | { error: string[] };

function EditorForm({
  id,
  initial,
  title,
  secretSet,
  redirectUri,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: SsoFormValues;
  title: string;
  secretSet: boolean;
  redirectUri: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('sso');
  const language = useAppStore((s) => s.language);
  const tenantId = useUserStore((s) => s.userInfo?.tenantId);
  const { has } = useAuth();
  const canSave = has(id ? SsoPerm.ssoEdit : SsoPerm.ssoAdd);
  const canTest = has(SsoPerm.ssoAdd) || has(SsoPerm.ssoEdit);
  const [form] = Form.useForm<SsoFormValues>();
  const formId = useId();
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const createUsers = Form.useWatch('createUsers', form) ?? initial.createUsers;
  const [problems, setProblems] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const { body, afterOpenChange } = useDrawerFocus(true, canSave);
  const msg = (key: string) => validationMessage(key, language);
  const required = { required: true, whitespace: true, message: msg('validation.required') };
  const roles = useQuery({
    queryKey: ssoKeys.roles(tenantId ?? ''),
    queryFn: () => ssoApi.roles(tenantId ?? ''),
    enabled: !!tenantId,
    retry: false,
  });

  const save = useMutation({
    mutationFn: (values: SsoFormValues) => {
      const payload = toSaveBody(values);
      return id ? ssoApi.update(id, payload) : ssoApi.create(payload);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      toast.error(error.msg, 3);
      if (error.code === 400)
        setProblems(
          placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, formPathOf).rest,
        );
    },
  });

  const test = useMutation({
    mutationFn: async () => {
      const values = await form.validateFields([...CONNECTION_FIELDS]);
      return ssoApi.test(toTestBody(values, id));
    },
    onMutate: () => setOutcome(null),
    onSuccess: (ok) => setOutcome({ ok }),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      setOutcome({ error: refusalMessages(error) });
      if (error.code === 400) placeFieldErrors(form as FormInstance, error.fields ?? {}, formPathOf);
    },
  });

  // Another kind reads other claims: its defaults, unless the administrator typed his own.
  const onKind = (next: SsoKind) => {
    if (!form.isFieldTouched(['claims', 'email'])) form.setFieldValue('claims', SSO_DEFAULT_CLAIMS[next]);
  };
  const callbackUrl = redirectUri ?? `${window.location.origin}${SSO_CALLBACK_PATH}/…`;

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      data-testid="sso-editor"
      footer={
        <EditorFooter
          prefix="sso"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      <div ref={body} tabIndex={-1}>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('editor.problems')}
            description={problems.join(' ')}
            data-testid="sso-problems"
          />
        )}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('editor.registerTitle')}
          description={
            <div data-testid="sso-redirect">
              <div>{t(kind === 'oidc' ? 'editor.redirectUri' : 'editor.service')}</div>
              {redirectUri ? (
                <Typography.Text code copyable={{ text: redirectUri }} data-testid="sso-redirect-uri">
                  {callbackUrl}
                </Typography.Text>
              ) : (
                <span data-testid="sso-redirect-later">{t('editor.redirectAfterSave')}</span>
              )}
              {kind === 'oidc' && (
                <div style={{ marginTop: 8 }}>
                  {t('editor.postLogout')}{' '}
                  <Typography.Text code copyable>{`${window.location.origin}/login`}</Typography.Text>
                </div>
              )}
            </div>
          }
        />
        <Form<SsoFormValues>
          form={form}
          id={formId}
          name="sso"
          layout="vertical"
          initialValues={initial}
          disabled={!canSave}
          onValuesChange={(changed: Partial<SsoFormValues>) => {
            if (CONNECTION_FIELDS.some((f) => f in changed)) setOutcome(null);
          }}
          onFinish={(values) => {
            setProblems([]);
            save.mutate(values);
          }}
          data-testid="sso-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('editor.name')} extra={t('editor.nameHelp')} rules={[required]}>
                <Input maxLength={50} data-testid="sso-name" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="enabled" label={t('editor.enabled')} valuePropName="checked">
                <Switch data-testid="sso-enabled" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="sortCode" label={t('editor.sortCode')}>
                <InputNumber
                  min={0}
                  max={9999}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="sso-sort"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="kind" label={t('editor.kind')}>
            <Radio.Group
              optionType="button"
              onChange={(e) => onKind(e.target.value as SsoKind)}
              options={SSO_KINDS.map((value) => ({
                value,
                label: <span data-testid={`sso-kind-${value}`}>{t(`kind.${value}`)}</span>,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="issuer"
            label={t(kind === 'oidc' ? 'editor.issuer' : 'editor.casUrl')}
            extra={t(kind === 'oidc' ? 'editor.issuerHelp' : 'editor.casUrlHelp')}
            rules={[required]}
          >
            <Input
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              data-testid="sso-issuer"
            />
          </Form.Item>
          {kind === 'oidc' && (
            <>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="clientId" label={t('editor.clientId')} rules={[required]}>
                    <Input
                      maxLength={200}
                      autoComplete="off"
                      spellCheck={false}
                      data-testid="sso-client-id"
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="clientSecret"
                    label={t('editor.clientSecret')}
                    extra={
                      secretSet ? (
                        <span data-testid="sso-secret-kept">{t('editor.secretKept')}</span>
                      ) : undefined
                    }
                  >
                    <Input.Password
                      maxLength={500}
                      autoComplete="new-password"
                      data-testid="sso-client-secret"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="scopes" label={t('editor.scopes')}>
                <Input maxLength={300} spellCheck={false} data-testid="sso-scopes" />
              </Form.Item>
            </>
          )}
          {canTest && (
            <section aria-label={t('test.title')} style={{ marginBottom: 16 }}>
              <Space wrap style={{ marginBottom: 12 }}>
                <Button
                  icon={<ApiOutlined />}
                  onClick={() => test.mutate()}
                  loading={test.isPending}
                  disabled={false}
                  data-testid="sso-test"
                >
                  {t('test.run')}
                </Button>
              </Space>
              {outcome && 'ok' in outcome && (
                <Alert
                  type="success"
                  showIcon
                  title={t('test.ok', { ms: outcome.ok.ms })}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 16, wordBreak: 'break-all' }}>
                      {Object.entries(outcome.ok.endpoints).map(([name, url]) => (
                        <li key={name}>
                          {name}: <code>{url}</code>
                        </li>
                      ))}
                    </ul>
                  }
                  data-testid="sso-test-ok"
                />
              )}
              {outcome && 'error' in outcome && (
                <Alert
                  type="error"
                  showIcon
                  title={t('test.failed')}
                  description={outcome.error.join(' ')}
                  data-testid="sso-test-error"
                />
              )}
            </section>
          )}
          <Typography.Title level={5}>{t('editor.accounts')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="linkByEmail"
                label={t('editor.linkByEmail')}
                extra={t('editor.linkByEmailHelp')}
                valuePropName="checked"
              >
                <Switch data-testid="sso-link-email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="linkByMobile"
                label={t('editor.linkByMobile')}
                extra={t('editor.linkByMobileHelp')}
                valuePropName="checked"
              >
                <Switch data-testid="sso-link-mobile" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="createUsers"
            label={t('editor.createUsers')}
            extra={t('editor.createUsersHelp')}
            valuePropName="checked"
          >
            <Switch data-testid="sso-create-users" />
          </Form.Item>
          {createUsers && (
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="createDeptId"
                  label={t('editor.createDept')}
                  rules={[{ required: true, message: msg('validation.required') }]}
                >
                  <OrgTreeSelect
                    placeholder={t('editor.createDeptPlaceholder')}
                    data-testid="sso-create-dept"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="createRoleIds" label={t('editor.createRoles')}>
                  <Select
                    mode="multiple"
                    allowClear
                    optionFilterProp="label"
                    loading={roles.isLoading}
                    options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
                    data-testid="sso-create-roles"
                  />
                </Form.Item>
              </Col>
            </Row>
          )}
          <Form.Item
            name="allowedDomains"
            label={t('editor.allowedDomains')}
            extra={t('editor.allowedDomainsHelp')}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ' ', ';']}
              suffixIcon={null}
              data-testid="sso-domains"
            />
          </Form.Item>
          <Form.Item
            name="signOutAtProvider"
            label={t('editor.signOutAtProvider')}
            extra={t('editor.signOutAtProviderHelp')}
            valuePropName="checked"
          >
            <Switch data-testid="sso-sign-out" />
          </Form.Item>
          <Collapse
            size="small"
            items={[
              {
                key: 'claims',
                label: t('editor.claims'),
                forceRender: true,
                children: (
                  <>
                    <p style={{ marginTop: 0 }}>
                      {t(kind === 'oidc' ? 'editor.claimsHelp' : 'editor.attributesHelp')}
                    </p>
                    <Row gutter={16}>
                      {CLAIM_KEYS.map((key) => (
                        <Col xs={24} md={12} key={key}>
                          <Form.Item name={['claims', key]} label={t(`claim.${key}`)}>
                            <Input maxLength={100} spellCheck={false} data-testid={`sso-claim-${key}`} />
                          </Form.Item>
                        </Col>
                      ))}
                    </Row>
                  </>
                ),
              },
            ]}
          />
        </Form>
      </div>
    </Drawer>
  );
}
