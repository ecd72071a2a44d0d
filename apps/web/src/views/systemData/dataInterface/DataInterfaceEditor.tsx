import {
  DATA_INTERFACE_CACHE_SECONDS,
  DATA_INTERFACE_KINDS,
  DATA_INTERFACE_RATE_LIMIT,
  type DataInterfaceOptions,
  DataInterfacePerm,
  DM_IDENTIFIER_MAX,
  DM_NAME_MAX,
  dataInterfaceResponsePath,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Col,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Spin,
  Switch,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useDrawerFocus } from '../../../components/useDrawerFocus';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../dataModel/model-form';
import { dataInterfaceApi, dataInterfaceKeys } from './api';
import {
  type DataInterfaceFormValues,
  formPathOf,
  NEW_DATA_INTERFACE,
  toFormValues,
  toSaveBody,
} from './data-interface-form';
import { DatasetSection, HttpSection, StaticSection } from './KindSections';

const DRAWER_SIZE = 'min(820px, 100vw)';

/** The data interface editor (a drawer): a new interface, or one opened from the list (`id`). */
export function DataInterfaceEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataInterface');
  const detail = useQuery({
    queryKey: dataInterfaceKeys.one(id ?? ''),
    queryFn: () => dataInterfaceApi.get(id ?? ''),
    enabled: !!id,
    // Opened afresh: another user may have changed it since the list was read.
    staleTime: 0,
    gcTime: 0,
  });
  const options = useQuery({ queryKey: dataInterfaceKeys.options(), queryFn: dataInterfaceApi.options });
  const failed = detail.error ?? options.error;
  if ((id && !detail.data) || !options.data)
    return (
      <Drawer open title={t('editor.editing')} onClose={onClose} size={DRAWER_SIZE} data-testid="di-editor">
        {failed ? (
          <Alert type="error" showIcon title={failed instanceof ApiError ? failed.msg : String(failed)} />
        ) : (
          <Spin spinning />
        )}
      </Drawer>
    );
  return (
    <EditorForm
      id={id}
      initial={detail.data ? toFormValues(detail.data, options.data) : NEW_DATA_INTERFACE}
      options={options.data}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function EditorForm({
  id,
  initial,
  options,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: DataInterfaceFormValues;
  options: DataInterfaceOptions;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataInterface');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSave = has(id ? DataInterfacePerm.dataInterfaceEdit : DataInterfacePerm.dataInterfaceAdd);
  const [form] = Form.useForm<DataInterfaceFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const { body, afterOpenChange } = useDrawerFocus(true, canSave);
  const msg = (key: string, params?: Record<string, number>) => validationMessage(key, language, params);
  const kind = Form.useWatch('kind', form) ?? initial.kind;

  const save = useMutation({
    mutationFn: (values: DataInterfaceFormValues) => {
      const payload = toSaveBody(values);
      return id ? dataInterfaceApi.update(id, payload) : dataInterfaceApi.create(payload);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      if (id) void queryClient.invalidateQueries({ queryKey: dataInterfaceKeys.one(id) });
      onSaved();
      onClose();
    },
    onError: (error, values) => {
      if (!(error instanceof ApiError)) return;
      toast.error(error.msg, 3);
      if (error.code === 400)
        setProblems(
          placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, formPathOf(values)).rest,
        );
    },
  });

  const number = (bounds: { min: number; max: number }) => [
    { required: true, message: msg('validation.required') },
    { type: 'number' as const, min: bounds.min, message: msg('validation.numberMin', { min: bounds.min }) },
    { type: 'number' as const, max: bounds.max, message: msg('validation.numberMax', { max: bounds.max }) },
  ];

  return (
    <Drawer
      open
      title={id ? t('editor.editTitle', { name: modelName(language, initial.names) }) : t('editor.addTitle')}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      afterOpenChange={afterOpenChange}
      data-testid="di-editor"
      footer={
        <EditorFooter
          prefix="di"
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
            data-testid="di-problems"
          />
        )}
        <Form<DataInterfaceFormValues>
          form={form}
          id={formId}
          name="di"
          layout="vertical"
          initialValues={initial}
          disabled={!canSave}
          onFinish={() => {
            setProblems([]);
            // Every value kept, not only those with a field: a binding's parameter has none.
            save.mutate(form.getFieldsValue(true) as DataInterfaceFormValues);
          }}
          onFinishFailed={({ errorFields }) => {
            const first = errorFields[0]?.name;
            if (first) form.scrollToField(first, { block: 'center', focus: true });
          }}
          data-testid="di-form"
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
                <Input
                  maxLength={DM_IDENTIFIER_MAX}
                  autoComplete="off"
                  spellCheck={false}
                  data-testid="di-code"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['names', 'zh-CN']}
                label={t('editor.nameZh')}
                rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
              >
                <Input maxLength={DM_NAME_MAX} data-testid="di-name-zh-CN" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
                <Input maxLength={DM_NAME_MAX} data-testid="di-name-en-US" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
                <Input maxLength={DM_NAME_MAX} data-testid="di-name-zh-TW" />
              </Form.Item>
            </Col>
          </Row>
          {id && (
            <Form.Item label={t('editor.path')}>
              <Typography.Text code copyable data-testid="di-path">
                {dataInterfaceResponsePath(id)}
              </Typography.Text>
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="kind" label={t('editor.kind')}>
                <Radio.Group
                  optionType="button"
                  options={DATA_INTERFACE_KINDS.map((k) => ({
                    value: k,
                    label: <span data-testid={`di-kind-${k}`}>{t(`kind.${k}`)}</span>,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="enabled" label={t('editor.enabled')} valuePropName="checked">
                <Switch data-testid="di-enabled" />
              </Form.Item>
            </Col>
            {(
              [
                ['rateLimit', 'editor.rateLimit', DATA_INTERFACE_RATE_LIMIT, 'di-rate'],
                ['cacheSeconds', 'editor.cacheSeconds', DATA_INTERFACE_CACHE_SECONDS, 'di-cache'],
              ] as const
            ).map(([name, label, bounds, testId]) => (
              <Col xs={12} md={12} key={name}>
                <Form.Item name={name} label={t(label)} rules={number(bounds)}>
                  <InputNumber
                    precision={0}
                    controls={false}
                    style={{ width: '100%' }}
                    data-testid={testId}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Typography.Paragraph type="secondary" className="di-help">
            {t('editor.cacheHelp')}
          </Typography.Paragraph>
          <Form.Item name="roleIds" label={t('editor.roles')} extra={t('editor.rolesHelp')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={options.roles.map((r) => ({ value: r.id, label: r.name }))}
              data-testid="di-roles"
            />
          </Form.Item>
          {kind === 'static' && <StaticSection />}
          {kind === 'dataset' && <DatasetSection form={form} datasets={options.datasets} />}
          {kind === 'http' && <HttpSection form={form} />}
        </Form>
      </div>
    </Drawer>
  );
}
