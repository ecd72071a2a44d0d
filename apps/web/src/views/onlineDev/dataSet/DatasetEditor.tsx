import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATASET_AGGREGATES,
  DATASET_DATE_BUCKETS,
  DATASET_FILTER_OPS,
  DATASET_PARAM_TYPES,
  DatasetPerm,
  type DatasetResult,
  type DatasetSourceChoice,
  type DatasetTable,
  DM_IDENTIFIER_MAX,
  DM_NAME_MAX,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  Collapse,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { ListTable } from '../../../components/ListTable';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../../systemData/dataModel/model-form';
import { datasetApi, datasetKeys } from './api';
import { type DatasetFormValues, formPathOf, NEW_DATASET, toDefinition, toFormValues } from './dataset-form';

/** The dataset editor (a drawer): a new dataset, or one opened from the list (`id`). */
export function DatasetEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const detail = useQuery({
    queryKey: datasetKeys.one(id ?? ''),
    queryFn: () => datasetApi.get(id ?? ''),
    enabled: !!id,
  });
  const tables = useQuery({ queryKey: datasetKeys.tables(), queryFn: () => datasetApi.tables() });
  const sources = useQuery({ queryKey: datasetKeys.sources(), queryFn: datasetApi.sources });
  if ((id && !detail.data) || !tables.data || !sources.data)
    return (
      <Drawer open title="" onClose={onClose} size="min(1280px, 100vw)" data-testid="ds-editor">
        <Spin spinning />
      </Drawer>
    );
  return (
    <EditorForm
      id={id}
      initial={detail.data ? toFormValues(detail.data) : NEW_DATASET}
      productTables={tables.data.list}
      sources={sources.data.list}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function EditorForm({
  id,
  initial,
  productTables,
  sources,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: DatasetFormValues;
  productTables: DatasetTable[];
  sources: DatasetSourceChoice[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataSet');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSave = has(id ? DatasetPerm.datasetEdit : DatasetPerm.datasetAdd);
  const canPreview = has(DatasetPerm.datasetAdd) || has(DatasetPerm.datasetEdit);
  const [form] = Form.useForm<DatasetFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<DatasetResult | null>(null);
  const [previewError, setPreviewError] = useState<string[]>([]);
  const [paramValues, setParamValues] = useState<Record<string, string>>({});
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const msg = (key: string) => validationMessage(key, language);

  const sourceId: string = Form.useWatch('sourceId', form) ?? initial.sourceId;
  const sourceTables = useQuery({
    queryKey: datasetKeys.tables(sourceId),
    queryFn: () => datasetApi.tables(sourceId),
    enabled: !!sourceId,
    retry: false,
  });
  const tables = sourceId ? (sourceTables.data?.list ?? []) : productTables;
  const chosenKind = Form.useWatch('kind', form) ?? initial.kind;
  const kind = sourceId ? 'visual' : chosenKind;
  const mainName = Form.useWatch(['visual', 'table'], form) ?? initial.visual.table;
  const joins: string[] = Form.useWatch(['visual', 'joins'], form) ?? initial.visual.joins;
  const columns = Form.useWatch(['visual', 'columns'], form) ?? initial.visual.columns;
  const params = Form.useWatch('params', form) ?? initial.params;
  const filters = Form.useWatch(['visual', 'filters'], form) ?? initial.visual.filters;
  const byName = useMemo(() => new Map(tables.map((x) => [x.name, x])), [tables]);
  const main = mainName ? byName.get(mainName) : undefined;

  const tableOptions = sourceId
    ? [
        {
          label: t('tables.source'),
          options: tables.map((x) => ({ value: x.name, label: x.name })),
        },
      ]
    : [
        {
          label: t('tables.models'),
          options: tables
            .filter((x) => x.source === 'model')
            .map((x) => ({ value: x.name, label: `${modelName(language, x.names)} (${x.name})` })),
        },
        {
          label: t('tables.product'),
          options: tables
            .filter((x) => x.source === 'product')
            .map((x) => ({ value: x.name, label: `${modelName(language, x.names)} (${x.name})` })),
        },
      ];
  const joinOptions = (main?.columns ?? [])
    .filter((c) => c.references && byName.has(c.references))
    .map((c) => ({
      value: c.name,
      label: `${modelName(language, c.names)} → ${modelName(language, byName.get(c.references ?? '')?.names ?? c.names)}`,
    }));
  const columnOptions = [
    ...(main?.columns ?? []).map((c) => ({
      value: c.name,
      label: modelName(language, c.names),
      type: c.type,
    })),
    ...joins.flatMap((via) => {
      const target = byName.get(main?.columns.find((c) => c.name === via)?.references ?? '');
      const viaName = modelName(
        language,
        main?.columns.find((c) => c.name === via)?.names ?? { 'zh-CN': via },
      );
      return (target?.columns ?? []).map((c) => ({
        value: `${via}.${c.name}`,
        label: `${viaName} › ${modelName(language, c.names)}`,
        type: c.type,
      }));
    }),
  ];
  const aliasOptions = (columns ?? [])
    .filter((c) => c?.alias)
    .map((c) => ({ value: c.alias, label: c.alias }));
  const paramOptions = (params ?? [])
    .filter((p) => p?.code)
    .map((p) => ({ value: p.code, label: p.name || p.code }));

  const showErrors = (fields: Record<string, string>) => {
    setProblems(placeFieldErrors(form as FormInstance, fields, formPathOf).rest);
  };

  const save = useMutation({
    mutationFn: (values: DatasetFormValues) => {
      const body = { code: values.code, names: cleanNames(values.names), definition: toDefinition(values) };
      return id ? datasetApi.update(id, body) : datasetApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      if (id) void queryClient.invalidateQueries({ queryKey: datasetKeys.one(id) });
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      toast.error(error.msg, 3);
      if (error.code === 400) showErrors(error.fields ?? { '': error.msg });
    },
  });

  const preview = useMutation({
    mutationFn: () =>
      datasetApi.preview(toDefinition(form.getFieldsValue(true) as DatasetFormValues), paramValues),
    onSuccess: (data) => {
      setPreviewError([]);
      setResult(data);
    },
    onError: (error) => {
      setResult(null);
      if (!(error instanceof ApiError)) return;
      const fields = error.fields ?? {};
      setPreviewError(Object.keys(fields).length ? Object.values(fields) : [error.msg]);
      if (error.code === 400)
        showErrors(Object.fromEntries(Object.entries(fields).filter(([p]) => formPathOf(p))));
    },
  });

  const title = id
    ? t('editor.editTitle', { name: modelName(language, initial.names) })
    : t('editor.addTitle');
  const removeLabel = t('editor.remove');

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size="min(1280px, 100vw)"
      destroyOnHidden
      data-testid="ds-editor"
      footer={
        <EditorFooter
          prefix="ds"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      <Form<DatasetFormValues>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onFinish={(values) => {
          setProblems([]);
          save.mutate(values);
        }}
        data-testid="ds-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="code"
              label={t('editor.code')}
              rules={[
                { required: true, message: msg('validation.required') },
                { pattern: /^[a-z][a-z0-9_]*$/, message: msg('validation.dmIdentifier') },
              ]}
            >
              <Input maxLength={DM_IDENTIFIER_MAX} data-testid="ds-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input maxLength={DM_NAME_MAX} data-testid="ds-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={DM_NAME_MAX} data-testid="ds-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={DM_NAME_MAX} data-testid="ds-name-zh-TW" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="sourceId"
              label={t('editor.reads')}
              extra={sourceId ? t('editor.readsHelp') : undefined}
            >
              <Select
                options={[
                  { value: '', label: t('editor.readsProduct') },
                  ...sources.map((x) => ({ value: x.id, label: `${x.name} (${x.code})` })),
                ]}
                data-testid="ds-source"
                onChange={() => {
                  // Another database's tables: what was chosen from the last one means nothing there.
                  form.setFieldValue('kind', 'visual');
                  form.setFieldValue('visual', { ...NEW_DATASET.visual });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('editor.kind')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'visual', label: <span data-testid="ds-kind-visual">{t('kind.visual')}</span> },
                  {
                    value: 'sql',
                    disabled: !!sourceId,
                    label: <span data-testid="ds-kind-sql">{t('kind.sql')}</span>,
                  },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {sourceId && sourceTables.error instanceof ApiError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('editor.sourceUnreadable')}
            description={Object.values(sourceTables.error.fields ?? {}).join(' ') || sourceTables.error.msg}
            data-testid="ds-source-error"
          />
        )}
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('editor.problems')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
            data-testid="ds-problems"
          />
        )}

        {kind === 'sql' ? (
          <>
            <Form.Item
              name="sql"
              label={t('editor.sql')}
              extra={t('editor.sqlHelp')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input.TextArea
                autoSize={{ minRows: 8, maxRows: 24 }}
                spellCheck={false}
                style={{ fontFamily: 'monospace' }}
                data-testid="ds-sql"
              />
            </Form.Item>
            <Collapse
              size="small"
              style={{ marginBottom: 16 }}
              items={[
                {
                  key: 'tables',
                  label: t('editor.tablesList', { count: tables.length }),
                  children: (
                    <ul className="ds-table-list" data-testid="ds-tables">
                      {tables.map((x) => (
                        <li key={x.name}>
                          <Typography.Text code>{x.name}</Typography.Text> {modelName(language, x.names)}:{' '}
                          {x.columns.map((c) => c.name).join(', ')}
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name={['visual', 'table']}
                  label={t('editor.table')}
                  rules={[{ required: true, message: msg('validation.required') }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    options={tableOptions}
                    data-testid="ds-main-table"
                    onChange={() => form.setFieldValue(['visual', 'joins'], [])}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name={['visual', 'joins']} label={t('editor.joins')} extra={t('editor.joinsHelp')}>
                  <Select mode="multiple" options={joinOptions} data-testid="ds-joins" />
                </Form.Item>
              </Col>
            </Row>
            <Typography.Title level={2} className="ds-section">
              {t('editor.columns')}
            </Typography.Title>
            <Form.List name={['visual', 'columns']}>
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => {
                    const type = columnOptions.find((o) => o.value === columns?.[field.name]?.column)?.type;
                    return (
                      <Row gutter={8} key={field.key} align="top" data-testid={`ds-column-${field.name}`}>
                        <Col xs={24} md={8}>
                          <Form.Item
                            name={[field.name, 'column']}
                            rules={[{ required: true, message: msg('validation.required') }]}
                          >
                            <Select
                              aria-label={t('editor.column')}
                              placeholder={t('editor.column')}
                              showSearch={{ optionFilterProp: 'label' }}
                              options={columnOptions}
                              data-testid={`ds-column-${field.name}-column`}
                              onChange={(value: string) => {
                                const alias = form.getFieldValue(['visual', 'columns', field.name, 'alias']);
                                if (!alias)
                                  form.setFieldValue(
                                    ['visual', 'columns', field.name, 'alias'],
                                    value.replace('.', '_'),
                                  );
                              }}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={5}>
                          <Form.Item
                            name={[field.name, 'alias']}
                            rules={[
                              { required: true, message: msg('validation.required') },
                              { pattern: /^[a-z][a-z0-9_]*$/, message: msg('validation.dmIdentifier') },
                            ]}
                          >
                            <Input
                              aria-label={t('editor.alias')}
                              placeholder={t('editor.alias')}
                              data-testid={`ds-column-${field.name}-alias`}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          <Form.Item name={[field.name, 'aggregate']}>
                            <Select
                              allowClear
                              aria-label={t('editor.aggregate')}
                              placeholder={t('editor.aggregate')}
                              options={DATASET_AGGREGATES.map((a) => ({
                                value: a,
                                label: t(`aggregate.${a}`),
                              }))}
                              data-testid={`ds-column-${field.name}-aggregate`}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          {(type === 'date' || type === 'datetime') && (
                            <Form.Item name={[field.name, 'bucket']}>
                              <Select
                                allowClear
                                aria-label={t('editor.bucket')}
                                placeholder={t('editor.bucket')}
                                options={DATASET_DATE_BUCKETS.map((b) => ({
                                  value: b,
                                  label: t(`bucket.${b}`),
                                }))}
                                data-testid={`ds-column-${field.name}-bucket`}
                              />
                            </Form.Item>
                          )}
                        </Col>
                        <Col xs={12} md={3}>
                          <RemoveRow
                            label={removeLabel}
                            onClick={() => remove(field.name)}
                            testId={`ds-column-${field.name}-remove`}
                          />
                        </Col>
                      </Row>
                    );
                  })}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ column: undefined, alias: '' })}
                    data-testid="ds-add-column"
                  >
                    {t('editor.addColumn')}
                  </Button>
                </>
              )}
            </Form.List>

            <Typography.Title level={2} className="ds-section">
              {t('editor.filters')}
            </Typography.Title>
            <Form.List name={['visual', 'filters']}>
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => {
                    const filter = filters?.[field.name];
                    const noOperand = filter?.op === 'isNull' || filter?.op === 'notNull';
                    return (
                      <Row gutter={8} key={field.key} align="top" data-testid={`ds-filter-${field.name}`}>
                        <Col xs={24} md={7}>
                          <Form.Item
                            name={[field.name, 'column']}
                            rules={[{ required: true, message: msg('validation.required') }]}
                          >
                            <Select
                              aria-label={t('editor.column')}
                              placeholder={t('editor.column')}
                              showSearch={{ optionFilterProp: 'label' }}
                              options={columnOptions}
                              data-testid={`ds-filter-${field.name}-column`}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          <Form.Item name={[field.name, 'op']}>
                            <Select
                              aria-label={t('editor.op')}
                              options={DATASET_FILTER_OPS.map((op) => ({ value: op, label: t(`op.${op}`) }))}
                              data-testid={`ds-filter-${field.name}-op`}
                            />
                          </Form.Item>
                        </Col>
                        {!noOperand && (
                          <>
                            <Col xs={12} md={4}>
                              <Form.Item name={[field.name, 'source']}>
                                <Select
                                  aria-label={t('editor.reads')}
                                  options={[
                                    { value: 'value', label: t('source.value') },
                                    { value: 'param', label: t('source.param') },
                                  ]}
                                  data-testid={`ds-filter-${field.name}-source`}
                                />
                              </Form.Item>
                            </Col>
                            <Col xs={24} md={6}>
                              {filter?.source === 'param' ? (
                                <Form.Item
                                  name={[field.name, 'param']}
                                  rules={[{ required: true, message: msg('validation.required') }]}
                                >
                                  <Select
                                    aria-label={t('source.param')}
                                    options={paramOptions}
                                    data-testid={`ds-filter-${field.name}-param`}
                                  />
                                </Form.Item>
                              ) : (
                                <Form.Item name={[field.name, 'value']}>
                                  <Input
                                    aria-label={t('source.value')}
                                    data-testid={`ds-filter-${field.name}-value`}
                                  />
                                </Form.Item>
                              )}
                            </Col>
                          </>
                        )}
                        <Col xs={12} md={3}>
                          <RemoveRow
                            label={removeLabel}
                            onClick={() => remove(field.name)}
                            testId={`ds-filter-${field.name}-remove`}
                          />
                        </Col>
                      </Row>
                    );
                  })}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ op: 'eq', source: 'value' })}
                    data-testid="ds-add-filter"
                  >
                    {t('editor.addFilter')}
                  </Button>
                </>
              )}
            </Form.List>

            <Typography.Title level={2} className="ds-section">
              {t('editor.sort')}
            </Typography.Title>
            <Form.List name={['visual', 'sort']}>
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Row gutter={8} key={field.key} align="top" data-testid={`ds-sort-${field.name}`}>
                      <Col xs={12} md={8}>
                        <Form.Item
                          name={[field.name, 'alias']}
                          rules={[{ required: true, message: msg('validation.required') }]}
                        >
                          <Select
                            aria-label={t('editor.alias')}
                            options={aliasOptions}
                            data-testid={`ds-sort-${field.name}-alias`}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={8} md={4}>
                        <Form.Item name={[field.name, 'order']}>
                          <Select
                            aria-label={t('editor.order')}
                            options={[
                              { value: 'asc', label: t('order.asc') },
                              { value: 'desc', label: t('order.desc') },
                            ]}
                            data-testid={`ds-sort-${field.name}-order`}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={4} md={3}>
                        <RemoveRow label={removeLabel} onClick={() => remove(field.name)} />
                      </Col>
                    </Row>
                  ))}
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ order: 'asc' })}
                    data-testid="ds-add-sort"
                  >
                    {t('editor.addSort')}
                  </Button>
                </>
              )}
            </Form.List>
          </>
        )}

        <Typography.Title level={2} className="ds-section">
          {t('editor.params')}
        </Typography.Title>
        <Form.List name="params">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row gutter={8} key={field.key} align="top" data-testid={`ds-param-${field.name}`}>
                  <Col xs={12} md={5}>
                    <Form.Item
                      name={[field.name, 'code']}
                      rules={[
                        { required: true, message: msg('validation.required') },
                        { pattern: /^[a-z][a-z0-9_]*$/, message: msg('validation.dmIdentifier') },
                      ]}
                    >
                      <Input
                        aria-label={t('editor.paramCode')}
                        placeholder={t('editor.paramCode')}
                        data-testid={`ds-param-${field.name}-code`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[{ required: true, message: msg('validation.required') }]}
                    >
                      <Input
                        aria-label={t('editor.paramName')}
                        placeholder={t('editor.paramName')}
                        data-testid={`ds-param-${field.name}-name`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'type']}>
                      <Select
                        aria-label={t('editor.paramType')}
                        options={DATASET_PARAM_TYPES.map((x) => ({ value: x, label: t(`paramType.${x}`) }))}
                        data-testid={`ds-param-${field.name}-type`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[field.name, 'defaultValue']}>
                      <Input
                        aria-label={t('editor.paramDefault')}
                        placeholder={t('editor.paramDefault')}
                        data-testid={`ds-param-${field.name}-default`}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[field.name, 'required']} valuePropName="checked">
                      <Checkbox data-testid={`ds-param-${field.name}-required`}>
                        {t('editor.paramRequired')}
                      </Checkbox>
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <RemoveRow label={removeLabel} onClick={() => remove(field.name)} />
                  </Col>
                </Row>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ code: '', name: '', type: 'text', required: false })}
                data-testid="ds-add-param"
              >
                {t('editor.addParam')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>

      {canPreview && (
        <section aria-labelledby={`${formId}-preview`} style={{ marginTop: 24 }} data-testid="ds-preview">
          <Typography.Title level={2} className="ds-section" id={`${formId}-preview`}>
            {t('preview.title')}
          </Typography.Title>
          <Space wrap align="end" style={{ marginBottom: 12 }}>
            {(params ?? [])
              .filter((p) => p?.code)
              .map((p) => (
                <span key={p.code} className="ds-param-value">
                  <label htmlFor={`${formId}-value-${p.code}`}>{p.name || p.code}</label>
                  <Input
                    id={`${formId}-value-${p.code}`}
                    value={paramValues[p.code] ?? ''}
                    onChange={(e) => setParamValues((v) => ({ ...v, [p.code]: e.target.value }))}
                    placeholder={p.defaultValue}
                    data-testid={`ds-preview-param-${p.code}`}
                  />
                </span>
              ))}
            <Button onClick={() => preview.mutate()} loading={preview.isPending} data-testid="ds-preview-run">
              {t('preview.run')}
            </Button>
          </Space>
          {previewError.length > 0 && (
            <Alert
              type="error"
              showIcon
              title={t('preview.failed')}
              description={previewError.join(' ')}
              data-testid="ds-preview-error"
            />
          )}
          {result && (
            <>
              <Typography.Paragraph type="secondary" data-testid="ds-preview-count">
                {result.truncated
                  ? t('preview.truncated', { count: result.rows.length })
                  : t('preview.rows', { count: result.rows.length })}
              </Typography.Paragraph>
              <ListTable<Record<string, unknown>>
                rowKey={(_, i) => String(i)}
                dataSource={result.rows}
                pagination={false}
                columns={result.columns.map((c) => ({
                  title: c.name,
                  dataIndex: c.name,
                  key: c.name,
                  align: c.type === 'number' ? ('right' as const) : undefined,
                  render: (v: unknown) =>
                    v === null || v === undefined
                      ? ''
                      : typeof v === 'object'
                        ? JSON.stringify(v)
                        : String(v),
                }))}
                data-testid="ds-preview-table"
              />
            </>
          )}
        </section>
      )}
    </Drawer>
  );
}

function cleanNames(names: DatasetFormValues['names']) {
  return {
    'zh-CN': names['zh-CN'],
    ...(names['en-US'] ? { 'en-US': names['en-US'] } : {}),
    ...(names['zh-TW'] ? { 'zh-TW': names['zh-TW'] } : {}),
  };
}

/** A row's remove button (an icon, named for the screen reader). */
function RemoveRow({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) {
  return (
    <Button
      icon={<DeleteOutlined />}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
    />
  );
}
