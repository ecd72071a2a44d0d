import {
  type DataModel,
  type DataModelLoss,
  DataModelPerm,
  DM_IDENTIFIER_MAX,
  DM_NAME_MAX,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Drawer, Form, type FormInstance, Input, Row, Space, Spin, Switch, Tabs } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { dataModelApi, dataModelKeys } from './api';
import { FieldGrid } from './FieldGrid';
import { IndexGrid } from './IndexGrid';
import { LossConfirm } from './LossConfirm';
import {
  codeRules,
  type FieldRow,
  formPathOf,
  type ModelFormValues,
  modelName,
  newField,
  toDefinition,
  toFormValues,
} from './model-form';
import { Versions } from './Versions';

const NEW_MODEL: ModelFormValues = {
  code: '',
  names: { 'zh-CN': '', 'en-US': '', 'zh-TW': '' },
  isTree: false,
  isLines: false,
  fields: [newField()],
  indexes: [],
};

type Tab = 'fields' | 'indexes' | 'versions';

/**
 * The model editor (a drawer): a new model (`preset`: its values to start from, as a table taken in
 * gives them, with `extra` shown above the form), or a model opened from the list (`id`).
 */
export function ModelEditor({
  id,
  preset,
  extra,
  onClose,
  onSaved,
}: {
  id: string | null;
  preset?: ModelFormValues | undefined;
  extra?: React.ReactNode;
  onClose: () => void;
  onSaved: (model: DataModel) => void;
}) {
  const detail = useQuery({
    queryKey: dataModelKeys.one(id ?? ''),
    queryFn: () => dataModelApi.get(id ?? ''),
    enabled: !!id,
  });
  if (id && !detail.data)
    return (
      <EditorDrawer title="" onClose={onClose} footer={null}>
        <Spin spinning={detail.isLoading} />
      </EditorDrawer>
    );
  return (
    <ModelForm
      id={id}
      initial={detail.data ? toFormValues(detail.data.definition) : (preset ?? NEW_MODEL)}
      tableName={detail.data?.tableName ?? ''}
      extra={extra}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function EditorDrawer({
  title,
  onClose,
  footer,
  children,
}: {
  title: React.ReactNode;
  onClose: () => void;
  footer: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      size="min(1280px, 100vw)"
      destroyOnHidden
      footer={footer}
      data-testid="dm-editor"
    >
      {children}
    </Drawer>
  );
}

function ModelForm({
  id,
  initial,
  tableName,
  extra,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: ModelFormValues;
  tableName: string;
  extra?: React.ReactNode;
  onClose: () => void;
  onSaved: (model: DataModel) => void;
}) {
  const { t } = useTranslation('dataModel');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSave = has(id ? DataModelPerm.dataModelEdit : DataModelPerm.dataModelAdd);
  const [form] = Form.useForm<ModelFormValues>();
  const formId = useId();
  const [tab, setTab] = useState<Tab>('fields');
  const [problems, setProblems] = useState<string[]>([]);
  const [losses, setLosses] = useState<DataModelLoss[] | null>(null);
  // The values a loss confirmation sends again, as they were when the 409 came.
  const pending = useRef<ModelFormValues | null>(null);
  const models = useQuery({ queryKey: dataModelKeys.list(''), queryFn: () => dataModelApi.list('') });
  const fieldCount = (Form.useWatch('fields', form) ?? initial.fields).length;
  const indexCount = (Form.useWatch('indexes', form) ?? initial.indexes).length;
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);

  const showErrors = (fields: Record<string, string>) => {
    // The paths come from the server; formPathOf keeps only those the form has a cell for.
    const { first, rest } = placeFieldErrors(form as FormInstance, fields, formPathOf);
    setProblems(rest);
    if (first?.[0] === 'indexes') setTab('indexes');
    else if (first?.[0] === 'fields') setTab('fields');
  };

  const save = useMutation({
    mutationFn: ({ values, confirm }: { values: ModelFormValues; confirm: boolean }) => {
      const definition = toDefinition(values);
      return id ? dataModelApi.update(id, definition, confirm) : dataModelApi.create(definition);
    },
    onSuccess: (model) => {
      setLosses(null);
      toast.success(t('saved'));
      if (id) void queryClient.invalidateQueries({ queryKey: dataModelKeys.one(id) });
      onSaved(model);
      onClose();
    },
    onError: (error, { values }) => {
      setLosses(null);
      if (!(error instanceof ApiError)) return;
      const data = error.data as { losses?: DataModelLoss[] } | null | undefined;
      if (error.code === 409 && data?.losses) {
        pending.current = values;
        setLosses(data.losses);
        return;
      }
      toast.error(error.msg, 3);
      if (error.code === 400) showErrors(error.fields ?? { '': error.msg });
    },
  });

  const submit = (values: ModelFormValues) => {
    setProblems([]);
    save.mutate({ values, confirm: false });
  };

  const msg = (key: string) => validationMessage(key, language);
  const title = id
    ? t('editor.editTitle', { name: modelName(language, initial.names) })
    : t('editor.addTitle');
  const fieldName = (code: string) => {
    const all = [...(form.getFieldValue('fields') as FieldRow[]), ...initial.fields];
    const field = all.find((f) => f.code === code);
    return field ? modelName(language, field.names) : code;
  };

  return (
    <EditorDrawer
      title={title}
      onClose={close}
      footer={
        <EditorFooter
          prefix="dm"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      {extra}
      <Form<ModelFormValues>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name[0];
          if (first === 'indexes') setTab('indexes');
          else if (first === 'fields') setTab('fields');
        }}
        data-testid="dm-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="code"
              label={t('editor.code')}
              rules={codeRules(language, false)}
              extra={id ? `${t('editor.table')}: ${tableName}` : t('editor.codeFixed')}
            >
              <Input maxLength={DM_IDENTIFIER_MAX} disabled={!!id} data-testid="dm-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input maxLength={DM_NAME_MAX} data-testid="dm-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={DM_NAME_MAX} data-testid="dm-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={DM_NAME_MAX} data-testid="dm-name-zh-TW" />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap size="large">
          <Space>
            <Form.Item name="isTree" valuePropName="checked" noStyle>
              <Switch id={`${formId}-tree`} data-testid="dm-is-tree" />
            </Form.Item>
            <label htmlFor={`${formId}-tree`}>{t('editor.isTree')}</label>
          </Space>
          <Space>
            <Form.Item name="isLines" valuePropName="checked" noStyle>
              <Switch id={`${formId}-lines`} data-testid="dm-is-lines" />
            </Form.Item>
            <label htmlFor={`${formId}-lines`}>{t('editor.isLines')}</label>
          </Space>
        </Space>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={t('editor.problems')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
            data-testid="dm-problems"
          />
        )}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'fields',
              label: <span data-testid="dm-tab-fields">{t('editor.tabFields', { count: fieldCount })}</span>,
              forceRender: true,
              children: (
                <FieldGrid
                  form={form}
                  disabled={!canSave}
                  models={models.data?.list ?? []}
                  selfCode={initial.code}
                />
              ),
            },
            {
              key: 'indexes',
              label: (
                <span data-testid="dm-tab-indexes">{t('editor.tabIndexes', { count: indexCount })}</span>
              ),
              forceRender: true,
              children: <IndexGrid form={form} disabled={!canSave} />,
            },
            ...(id
              ? [
                  {
                    key: 'versions',
                    label: <span data-testid="dm-tab-versions">{t('editor.tabVersions')}</span>,
                    children: <Versions id={id} />,
                  },
                ]
              : []),
          ]}
        />
      </Form>
      {losses && (
        <LossConfirm
          losses={losses}
          fieldName={fieldName}
          saving={save.isPending}
          onCancel={() => setLosses(null)}
          onConfirm={() => pending.current && save.mutate({ values: pending.current, confirm: true })}
        />
      )}
    </EditorDrawer>
  );
}
