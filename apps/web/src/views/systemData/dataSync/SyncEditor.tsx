import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATA_SYNC_BATCH,
  DATA_SYNC_MAX_ROWS,
  DATA_SYNC_RETRY,
  DATA_SYNC_RETRY_DELAY,
  DataSyncPerm,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  AutoComplete,
  Button,
  Col,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Switch,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { datasetApi, datasetKeys } from '../../onlineDev/dataSet/api';
import { dataModelApi, dataModelKeys } from '../dataModel/api';
import { modelName } from '../dataModel/model-form';
import { dataSourceApi, dataSourceKeys, refusalMessages } from '../dataSource/api';
import { dataSyncApi, dataSyncKeys } from './api';
import {
  fieldFor,
  formPathOf,
  NEW_SYNC,
  type SyncFormValues,
  splitTableKey,
  tableKey,
  toFormValues,
  toSaveBody,
} from './sync-form';

const DRAWER_SIZE = 'min(960px, 100vw)';

/** The data sync editor (a drawer): a new sync (optionally `preset`), or one opened from the list. */
export function SyncEditor({
  id,
  preset,
  onClose,
  onSaved,
}: {
  id: string | null;
  preset?: Partial<SyncFormValues>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataSync');
  const detail = useQuery({
    queryKey: dataSyncKeys.one(id ?? ''),
    queryFn: () => dataSyncApi.get(id ?? ''),
    enabled: !!id,
    staleTime: 0,
  });
  if (id && !detail.data)
    return (
      <Drawer
        open
        title={t('editor.editing')}
        onClose={onClose}
        size={DRAWER_SIZE}
        data-testid="dsync-editor"
      >
        <Spin spinning={!detail.isError} />
      </Drawer>
    );
  return (
    <EditorForm
      id={id}
      initial={detail.data ? toFormValues(detail.data) : { ...NEW_SYNC, ...preset }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function EditorForm({
  id,
  initial,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: SyncFormValues;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataSync');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const canSave = has(id ? DataSyncPerm.dataSyncEdit : DataSyncPerm.dataSyncAdd);
  const [form] = Form.useForm<SyncFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const msg = (key: string) => validationMessage(key, language);
  const sourceKind = Form.useWatch('sourceKind', form) ?? initial.sourceKind;
  const sourceId = Form.useWatch('sourceId', form) ?? initial.sourceId;
  const tableChoice = Form.useWatch('table', form) ?? initial.table;
  const modelId = Form.useWatch('modelId', form) ?? initial.modelId;
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const mapping = (Form.useWatch('mapping', form) ?? initial.mapping) as SyncFormValues['mapping'];

  const sources = useQuery({
    queryKey: dataSourceKeys.list(''),
    queryFn: () => dataSourceApi.list(''),
    enabled: sourceKind === 'table',
  });
  const datasets = useQuery({
    queryKey: datasetKeys.list(''),
    queryFn: () => datasetApi.list(''),
    enabled: sourceKind === 'dataset',
  });
  const tables = useQuery({
    queryKey: dataSourceKeys.tables(sourceId ?? ''),
    queryFn: () => dataSourceApi.tables(sourceId ?? ''),
    enabled: sourceKind === 'table' && !!sourceId,
    retry: false,
  });
  const models = useQuery({ queryKey: dataModelKeys.list(''), queryFn: () => dataModelApi.list('') });
  const model = useQuery({
    queryKey: dataModelKeys.one(modelId ?? ''),
    queryFn: () => dataModelApi.get(modelId ?? ''),
    enabled: !!modelId,
  });
  const { schema, table } = splitTableKey(tableChoice);
  const columns =
    tables.data?.list.find((x) => x.schema === schema && x.name === table)?.columns.map((c) => c.name) ?? [];
  const fields = (model.data?.definition.fields ?? []).filter((f) => f.kind !== 'lines');
  const mappedColumns = mapping.map((m) => m?.column).filter(Boolean);
  const columnOptions = (list: string[]) => list.map((c) => ({ value: c, label: c }));

  const save = useMutation({
    mutationFn: (values: SyncFormValues) => {
      const body = toSaveBody(values);
      return id ? dataSyncApi.update(id, body) : dataSyncApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      toast.error(error.msg, 3);
      const { rest } = placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, formPathOf);
      setProblems(rest);
    },
  });

  const mapByName = () => {
    const next = columns.flatMap((column) => {
      const field = fieldFor(column, fields);
      return field ? [{ column, field }] : [];
    });
    form.setFieldsValue({ mapping: next });
  };

  const columnInput = (testId: string) =>
    sourceKind === 'table' ? (
      <Select
        showSearch
        options={columnOptions(columns)}
        placeholder={t('editor.column')}
        aria-label={t('editor.column')}
        data-testid={testId}
      />
    ) : (
      <AutoComplete
        options={columnOptions(mappedColumns)}
        placeholder={t('editor.column')}
        aria-label={t('editor.column')}
        data-testid={testId}
      />
    );

  return (
    <Drawer
      open
      title={id ? t('editor.editTitle', { code: initial.code }) : t('editor.addTitle')}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      data-testid="dsync-editor"
      footer={
        <EditorFooter
          prefix="dsync"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      <Form<SyncFormValues>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onFinish={(values) => {
          setProblems([]);
          save.mutate(values);
        }}
        data-testid="dsync-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="code"
              label={t('editor.code')}
              rules={[
                { required: true, message: msg('validation.required') },
                { pattern: /^[a-z][a-z0-9_]{0,29}$/, message: msg('validation.dmIdentifier') },
              ]}
            >
              <Input maxLength={30} data-testid="dsync-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input maxLength={50} data-testid="dsync-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={50} data-testid="dsync-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={50} data-testid="dsync-name-zh-TW" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="sourceKind" label={t('editor.sourceKind')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'table', label: t('sourceKind.table') },
                  { value: 'dataset', label: t('sourceKind.dataset') },
                ]}
                onChange={() => form.setFieldsValue({ sourceId: undefined, table: undefined, mapping: [] })}
                data-testid="dsync-source-kind"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="sourceId"
              label={sourceKind === 'table' ? t('editor.dataSource') : t('editor.dataset')}
              rules={[{ required: true, message: msg('validation.required') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={sources.isLoading || datasets.isLoading}
                options={
                  sourceKind === 'table'
                    ? (sources.data?.list ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))
                    : (datasets.data?.list ?? []).map((d) => ({
                        value: d.id,
                        label: `${modelName(language, d.names)} (${d.code})`,
                      }))
                }
                onChange={() => form.setFieldsValue({ table: undefined })}
                data-testid="dsync-source"
              />
            </Form.Item>
          </Col>
          {sourceKind === 'table' && (
            <Col xs={24} md={8}>
              <Form.Item
                name="table"
                label={t('editor.table')}
                rules={[{ required: true, message: msg('validation.required') }]}
                extra={tables.isError ? refusalMessages(tables.error).join(' ') : undefined}
              >
                <Select
                  showSearch
                  loading={tables.isFetching}
                  options={(tables.data?.list ?? []).map((x) => ({
                    value: tableKey(x.schema, x.name),
                    label: `${x.schema}.${x.name}`,
                  }))}
                  data-testid="dsync-table"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="modelId"
              label={t('editor.model')}
              rules={[{ required: true, message: msg('validation.required') }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={models.isLoading}
                options={(models.data?.list ?? []).map((m) => ({
                  value: m.id,
                  label: `${modelName(language, m.names)} (${m.code})`,
                }))}
                data-testid="dsync-model"
              />
            </Form.Item>
          </Col>
        </Row>
        <fieldset className="dsync-fieldset">
          <legend>{t('editor.mapping')}</legend>
          <Form.List name="mapping">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row) => (
                  <Row gutter={8} key={row.key} wrap={false} align="top">
                    <Col flex="1">
                      <Form.Item
                        name={[row.name, 'column']}
                        rules={[{ required: true, message: msg('validation.required') }]}
                      >
                        {columnInput(`dsync-map-column-${row.name}`)}
                      </Form.Item>
                    </Col>
                    <Col flex="none" className="dsync-arrow" aria-hidden>
                      →
                    </Col>
                    <Col flex="1">
                      <Form.Item
                        name={[row.name, 'field']}
                        rules={[{ required: true, message: msg('validation.required') }]}
                      >
                        <Select
                          showSearch
                          placeholder={t('editor.field')}
                          aria-label={t('editor.field')}
                          options={fields.map((f) => ({
                            value: f.code,
                            label: `${modelName(language, f.names)} (${f.code})`,
                          }))}
                          data-testid={`dsync-map-field-${row.name}`}
                        />
                      </Form.Item>
                    </Col>
                    <Col flex="none">
                      <Button
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={() => remove(row.name)}
                        aria-label={t('editor.removeMapping')}
                        data-testid={`dsync-map-remove-${row.name}`}
                      />
                    </Col>
                  </Row>
                ))}
                <Space wrap>
                  <Button
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => add({ column: '', field: '' })}
                    data-testid="dsync-map-add"
                  >
                    {t('editor.addMapping')}
                  </Button>
                  {sourceKind === 'table' && (
                    <Button
                      onClick={mapByName}
                      disabled={!columns.length || !fields.length}
                      data-testid="dsync-map-auto"
                    >
                      {t('editor.mapByName')}
                    </Button>
                  )}
                </Space>
              </>
            )}
          </Form.List>
        </fieldset>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="keyColumns"
              label={t('editor.keyColumns')}
              extra={t('editor.keyHelp')}
              rules={[{ required: true, message: msg('validation.dataSyncNoKey') }]}
            >
              <Select mode="multiple" options={columnOptions(mappedColumns)} data-testid="dsync-keys" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="mode" label={t('editor.mode')}>
              <Radio.Group
                options={[
                  { value: 'incremental', label: t('mode.incremental') },
                  { value: 'full', label: t('mode.full') },
                ]}
                data-testid="dsync-mode"
              />
            </Form.Item>
          </Col>
        </Row>
        {mode === 'incremental' && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="watermarkColumn"
                label={t('editor.watermarkColumn')}
                extra={t('editor.watermarkHelp')}
                rules={[{ required: true, message: msg('validation.required') }]}
              >
                {sourceKind === 'table' ? (
                  <Select showSearch options={columnOptions(columns)} data-testid="dsync-watermark" />
                ) : (
                  <Input maxLength={63} data-testid="dsync-watermark" />
                )}
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="watermarkType" label={t('editor.watermarkType')}>
                <Radio.Group
                  options={[
                    { value: 'timestamp', label: t('watermarkType.timestamp') },
                    { value: 'number', label: t('watermarkType.number') },
                  ]}
                  data-testid="dsync-watermark-type"
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name="batchSize" label={t('editor.batchSize')}>
              <InputNumber
                min={DATA_SYNC_BATCH.min}
                max={DATA_SYNC_BATCH.max}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="maxRows" label={t('editor.maxRows')}>
              <InputNumber
                min={DATA_SYNC_MAX_ROWS.min}
                max={DATA_SYNC_MAX_ROWS.max}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="retryLimit" label={t('editor.retryLimit')}>
              <InputNumber min={0} max={DATA_SYNC_RETRY.max} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="retryDelaySeconds" label={t('editor.retryDelay')}>
              <InputNumber
                min={DATA_SYNC_RETRY_DELAY.min}
                max={DATA_SYNC_RETRY_DELAY.max}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="cron" label={t('editor.cron')} extra={t('editor.cronHelp')}>
              <Input maxLength={100} placeholder="0 2 * * *" data-testid="dsync-cron" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="timeZone" label={t('editor.timeZone')}>
              <Input maxLength={64} data-testid="dsync-time-zone" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item name="enabled" label={t('editor.enabled')} valuePropName="checked">
              <Switch data-testid="dsync-enabled" />
            </Form.Item>
          </Col>
        </Row>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('editor.problems')}
            description={problems.join(' ')}
            data-testid="dsync-problems"
          />
        )}
      </Form>
    </Drawer>
  );
}
