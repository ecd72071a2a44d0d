import { ApiOutlined } from '@ant-design/icons';
import {
  DATA_SOURCE_KINDS,
  type DataSourceKind,
  DataSourcePerm,
  type DataSourceTestResult,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Space,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, EditorLoading, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDrawerFocus } from '../../../components/useDrawerFocus';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { dataSourceApi, dataSourceKeys, refusalMessages } from './api';
import {
  CONNECTION_FIELDS,
  type DataSourceFormValues,
  formPathOf,
  NEW_DATA_SOURCE,
  portForKind,
  toFormValues,
  toSaveBody,
  toTestBody,
} from './data-source-form';

const DRAWER_SIZE = 'min(720px, 100vw)';

/** The data source editor (a drawer): a new source, or one opened from the list (`id`). */
export function DataSourceEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataSource');
  const detail = useQuery({
    queryKey: dataSourceKeys.one(id ?? ''),
    queryFn: () => dataSourceApi.get(id ?? ''),
    enabled: !!id,
    // Opened afresh: another user may have changed it (or set its password) since the list was read.
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
        testId="dsrc-editor"
      />
    );
  return (
    <EditorForm
      id={id}
      initial={detail.data ? toFormValues(detail.data) : NEW_DATA_SOURCE}
      title={detail.data ? t('editor.editTitle', { name: detail.data.name }) : t('editor.addTitle')}
      passwordSet={detail.data?.passwordSet ?? false}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

type TestOutcome = { ok: DataSourceTestResult } | { error: string[] };

function EditorForm({
  id,
  initial,
  title,
  passwordSet,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: DataSourceFormValues;
  title: string;
  passwordSet: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataSource');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const canSave = has(id ? DataSourcePerm.dataSourceEdit : DataSourcePerm.dataSourceAdd);
  const canTest = has(DataSourcePerm.dataSourceAdd) || has(DataSourcePerm.dataSourceEdit);
  const [form] = Form.useForm<DataSourceFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const { body, afterOpenChange } = useDrawerFocus(true, canSave);
  const msg = (key: string) => validationMessage(key, language);
  const required = { required: true, whitespace: true, message: msg('validation.required') };

  const save = useMutation({
    mutationFn: (values: DataSourceFormValues) => {
      const payload = toSaveBody(values);
      return id ? dataSourceApi.update(id, payload) : dataSourceApi.create(payload);
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
      // The form's own rules first: a test of a connection with no host is no question to ask.
      const values = await form.validateFields([...CONNECTION_FIELDS]);
      return dataSourceApi.test(toTestBody(values, id));
    },
    onMutate: () => setOutcome(null),
    onSuccess: (ok) => setOutcome({ ok }),
    onError: (error) => {
      // A field the form's rules refused already says so at the field.
      if (!(error instanceof ApiError)) return;
      setOutcome({ error: refusalMessages(error) });
      if (error.code === 400) placeFieldErrors(form as FormInstance, error.fields ?? {}, formPathOf);
    },
  });

  const onKind = (kind: DataSourceKind) => {
    form.setFieldValue('port', portForKind(kind, form.getFieldValue('port')));
  };

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      data-testid="dsrc-editor"
      footer={
        <EditorFooter
          prefix="dsrc"
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
            data-testid="dsrc-problems"
          />
        )}
        <Form<DataSourceFormValues>
          form={form}
          id={formId}
          // The fields' ids (dsrc_host…), apart from any other form's on the page.
          name="dsrc"
          layout="vertical"
          initialValues={initial}
          disabled={!canSave}
          onValuesChange={(changed: Partial<DataSourceFormValues>) => {
            // A result stands for the connection it tested, not for one typed since.
            if (CONNECTION_FIELDS.some((f) => f in changed)) setOutcome(null);
          }}
          onFinish={(values) => {
            setProblems([]);
            save.mutate(values);
          }}
          data-testid="dsrc-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="code"
                label={t('editor.code')}
                extra={t('editor.codeHelp')}
                rules={[
                  { required: true, message: msg('validation.required') },
                  { pattern: /^[a-z][a-z0-9_]*$/, message: msg('validation.dmIdentifier') },
                ]}
              >
                <Input maxLength={30} autoComplete="off" spellCheck={false} data-testid="dsrc-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('editor.name')} rules={[required]}>
                <Input maxLength={50} data-testid="dsrc-name" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="kind" label={t('editor.kind')}>
            <Radio.Group
              optionType="button"
              onChange={(e) => onKind(e.target.value as DataSourceKind)}
              options={DATA_SOURCE_KINDS.map((kind) => ({
                value: kind,
                label: <span data-testid={`dsrc-kind-${kind}`}>{t(`kind.${kind}`)}</span>,
              }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <Form.Item name="host" label={t('editor.host')} extra={t('editor.hostHelp')} rules={[required]}>
                <Input maxLength={253} autoComplete="off" spellCheck={false} data-testid="dsrc-host" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="port"
                label={t('editor.port')}
                rules={[{ required: true, message: msg('validation.required') }]}
              >
                <InputNumber
                  min={1}
                  max={65_535}
                  precision={0}
                  controls={false}
                  style={{ width: '100%' }}
                  data-testid="dsrc-port"
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="database" label={t('editor.database')} rules={[required]}>
                <Input maxLength={63} autoComplete="off" spellCheck={false} data-testid="dsrc-database" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="username" label={t('editor.username')} rules={[required]}>
                {/* Not the signed-in user's name, which a browser would offer here. */}
                <Input maxLength={63} autoComplete="off" spellCheck={false} data-testid="dsrc-username" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="password"
            label={t('editor.password')}
            extra={
              passwordSet ? (
                <span data-testid="dsrc-password-kept">{t('editor.passwordKept')}</span>
              ) : undefined
            }
          >
            <Input.Password maxLength={200} autoComplete="new-password" data-testid="dsrc-password" />
          </Form.Item>
        </Form>

        {canTest && (
          <section aria-label={t('test.title')}>
            <Space wrap style={{ marginBottom: 12 }}>
              <Button
                icon={<ApiOutlined />}
                onClick={() => test.mutate()}
                loading={test.isPending}
                data-testid="dsrc-test"
              >
                {t('test.run')}
              </Button>
            </Space>
            {outcome && 'ok' in outcome && (
              <Alert
                type="success"
                showIcon
                title={t('test.ok', { ms: outcome.ok.ms })}
                description={<span style={{ wordBreak: 'break-word' }}>{outcome.ok.version}</span>}
                data-testid="dsrc-test-ok"
              />
            )}
            {outcome && 'error' in outcome && (
              <Alert
                type="error"
                showIcon
                title={t('test.failed')}
                description={outcome.error.join(' ')}
                data-testid="dsrc-test-error"
              />
            )}
          </section>
        )}
      </div>
    </Drawer>
  );
}
