import {
  type DatasetResultColumn,
  DM_IDENTIFIER_MAX,
  DM_NAME_MAX,
  type ReportDataset,
  ReportPerm,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Col, Drawer, Form, type FormInstance, Input, Row, Select, Spin } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../../systemData/dataModel/model-form';
import { reportApi, reportKeys } from './api';
import { ChartsSection } from './ChartsSection';
import type { FieldOption } from './EditorParts';
import { PivotSection } from './PivotSection';
import { PreviewSection } from './PreviewSection';
import type { ReportLayout } from './ReportBody';
import {
  cleanNames,
  formPathOf,
  NEW_REPORT,
  type ReportFormValues,
  toDefinition,
  toFormValues,
  toSaveDefinition,
} from './report-form';
import { TableSection } from './TableSection';

const DRAWER_SIZE = 'min(1280px, 100vw)';

/** The report editor (a drawer): a new report, or one opened from the list (`id`). */
export function ReportEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const detail = useQuery({
    queryKey: reportKeys.one(id ?? ''),
    queryFn: () => reportApi.get(id ?? ''),
    enabled: !!id,
  });
  const datasets = useQuery({ queryKey: reportKeys.datasets(), queryFn: reportApi.datasets });
  if ((id && !detail.data) || !datasets.data)
    return (
      <Drawer open title="" onClose={onClose} size={DRAWER_SIZE} data-testid="rpt-editor">
        <Spin spinning />
      </Drawer>
    );
  return (
    <EditorForm
      id={id}
      initial={detail.data ? toFormValues(detail.data) : NEW_REPORT}
      datasets={datasets.data.list}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** What the preview draws: the form's layout, a pivot only once its fields are chosen. */
function previewLayout(values: ReportFormValues | undefined): ReportLayout {
  const { datasetId: _datasetId, ...layout } = toDefinition(values ?? NEW_REPORT);
  const pivot = layout.pivot;
  return { ...layout, pivot: pivot?.rows.length && pivot.column && pivot.value ? pivot : null };
}

const unique = (list: string[]) => [...new Set(list.filter(Boolean))];

function EditorForm({
  id,
  initial,
  datasets,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: ReportFormValues;
  datasets: ReportDataset[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataReport');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSave = has(id ? ReportPerm.reportEdit : ReportPerm.reportAdd);
  const canPreview = has(ReportPerm.reportAdd) || has(ReportPerm.reportEdit);
  const [form] = Form.useForm<ReportFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  // The columns the last preview answered: the pickers' choices when the dataset does not say.
  const [ranColumns, setRanColumns] = useState<DatasetResultColumn[] | null>(null);
  const close = useDiscardGuard(() => form.isFieldsTouched(), onClose);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);

  const values = Form.useWatch((all: ReportFormValues) => all, { form, preserve: true });
  const datasetId = values?.datasetId ?? initial.datasetId;
  const dataset = datasets.find((d) => d.id === datasetId);
  const layout = useMemo(() => previewLayout(values ?? initial), [values, initial]);

  const types = new Map((ranColumns ?? []).map((c) => [c.name, c.type]));
  const knownNames = dataset?.columns ?? ranColumns?.map((c) => c.name) ?? null;
  const known = knownNames?.map((name) => ({ name, type: types.get(name) })) ?? null;
  const tableFields = unique(
    (values?.table?.columns ?? initial.table.columns).map((c) => c?.field?.trim() ?? ''),
  );
  const headings = new Map(
    (values?.table?.columns ?? [])
      .filter((c) => c?.field)
      .map((c) => [c.field, modelName(language, cleanNames(c.names))]),
  );
  const option = (name: string): FieldOption => {
    const heading = headings.get(name);
    return { value: name, label: heading && heading !== name ? `${heading} (${name})` : name };
  };
  const datasetOptions = (knownNames ?? []).map(option);
  const anyFieldOptions = unique([...(knownNames ?? []), ...tableFields]).map(option);
  const groupOptions = tableFields.map(option);

  const showErrors = (fields: Record<string, string>) => {
    setProblems(placeFieldErrors(form as FormInstance, fields, formPathOf).rest);
  };

  const save = useMutation({
    mutationFn: (all: ReportFormValues) => {
      const body = { code: all.code, names: cleanNames(all.names), definition: toSaveDefinition(all) };
      return id ? reportApi.update(id, body) : reportApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      if (id) void queryClient.invalidateQueries({ queryKey: reportKeys.one(id) });
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      toast.error(error.msg, 3);
      if (error.code === 400) showErrors(error.fields ?? { '': error.msg });
    },
  });

  const title = id
    ? t('editor.editTitle', { name: modelName(language, initial.names) })
    : t('editor.addTitle');

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      data-testid="rpt-editor"
      footer={
        <EditorFooter
          prefix="rpt"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      <Form<ReportFormValues>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onFinish={(all) => {
          // Said here rather than by the server's bare "required" at a path the form has no field for.
          if (!all.table?.columns?.length) {
            setProblems([t('editor.noColumns')]);
            return;
          }
          setProblems([]);
          save.mutate(all);
        }}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name;
          if (first) form.scrollToField(first, { block: 'center', focus: true });
        }}
        data-testid="rpt-form"
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
              <Input maxLength={DM_IDENTIFIER_MAX} spellCheck={false} data-testid="rpt-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input maxLength={DM_NAME_MAX} data-testid="rpt-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={DM_NAME_MAX} data-testid="rpt-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={DM_NAME_MAX} data-testid="rpt-name-zh-TW" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="datasetId"
          label={t('editor.dataset')}
          extra={
            dataset && dataset.columns === null && !ranColumns
              ? t('editor.columnsUnknown')
              : t('editor.datasetHelp')
          }
          rules={[{ required: true, message: msg('validation.required') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={datasets.map((d) => ({
              value: d.id,
              label: `${modelName(language, d.names)} (${d.code})`,
            }))}
            notFoundContent={t('editor.noDataset')}
            onChange={() => setRanColumns(null)}
            style={{ maxWidth: 480 }}
            data-testid="rpt-dataset"
          />
        </Form.Item>
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
            data-testid="rpt-problems"
          />
        )}
        <TableSection fieldOptions={datasetOptions} known={known} groupOptions={groupOptions} />
        <PivotSection fieldOptions={anyFieldOptions} />
        <ChartsSection fieldOptions={anyFieldOptions} />
      </Form>
      {canPreview && dataset && (
        <PreviewSection key={dataset.id} dataset={dataset} layout={layout} onColumns={setRanColumns} />
      )}
    </Drawer>
  );
}
