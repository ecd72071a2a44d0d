import { InboxOutlined } from '@ant-design/icons';
import {
  MAP_BYTES_MAX,
  type MapCheck,
  type MapDetail,
  MapPerm,
  mapRegions,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Col,
  Descriptions,
  Drawer,
  Form,
  type FormInstance,
  Input,
  Row,
  Select,
  Spin,
  Upload,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../dataModel/model-form';
import { type MapRegions, type MapSaveBody, mapApi, mapChartName, useMapRegions } from './api';
import { MapPreview } from './MapPreview';

const DRAWER_SIZE = 'min(880px, 100vw)';

interface MapFormValues {
  code: string;
  names: { 'zh-CN': string; 'en-US'?: string; 'zh-TW'?: string };
  nameProperty?: string;
  codeProperty?: string;
}

/** The map editor (a drawer): a new upload, a map of the tenant's to rename or replace, or the product's to look at. */
export function MapEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('map');
  const detail = useQuery({
    queryKey: ['maps', 'one', id ?? ''],
    queryFn: () => mapApi.get(id ?? ''),
    enabled: !!id,
  });
  if (id && !detail.data)
    return (
      <Drawer
        open
        title={t('editor.editTitle', { name: '' })}
        onClose={onClose}
        size={DRAWER_SIZE}
        data-testid="map-editor"
      >
        {detail.isError ? <Alert type="error" showIcon title={t('editor.unreadable')} /> : <Spin spinning />}
      </Drawer>
    );
  return <EditorForm detail={detail.data ?? null} onClose={onClose} onSaved={onSaved} />;
}

function EditorForm({
  detail,
  onClose,
  onSaved,
}: {
  detail: MapDetail | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('map');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const [form] = Form.useForm<MapFormValues>();
  const formId = useId();
  const builtIn = detail?.builtIn ?? false;
  const canSave = !builtIn && has(detail ? MapPerm.mapEdit : MapPerm.mapAdd);
  const [file, setFile] = useState<{ name: string; text: string; check: MapCheck } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const close = useDiscardGuard(() => form.isFieldsTouched() || !!file, onClose);
  const msg = (key: string) => validationMessage(key, language);
  const saved = useMapRegions(detail?.id);
  const nameProperty = Form.useWatch('nameProperty', form);
  const codeProperty = Form.useWatch('codeProperty', form);

  // The file as it would be kept, drawn before it is saved (the same check as the server's).
  const draft = useQuery({
    queryKey: ['maps', 'draft', file?.name, file?.text.length, nameProperty, codeProperty],
    enabled: !!file && !!nameProperty,
    queryFn: async (): Promise<MapRegions | { problem: string }> => {
      const regions = mapRegions(file?.text ?? '', nameProperty ?? '', codeProperty ?? '');
      if ('key' in regions) return { problem: t(`problem.${regions.key.slice(4)}`, regions.params ?? {}) };
      const chart = await import('../../../components/chart/mapChart');
      chart.registerRegions(mapChartName('draft'), regions);
      return { name: mapChartName('draft'), regions: regions.features.map((f) => f.properties) };
    },
  });

  const read = async (chosen: File) => {
    setFileError(null);
    if (chosen.size > MAP_BYTES_MAX) {
      setFileError(msg('validation.mapTooLarge'));
      return;
    }
    const text = await chosen.text();
    try {
      const check = await mapApi.check(text);
      setFile({ name: chosen.name, text, check });
      const first = check.properties.find((p) => /name|名/i.test(p)) ?? check.properties[0];
      form.setFieldsValue({
        nameProperty: first,
        codeProperty: check.properties.find((p) => /code|id$|adcode/i.test(p)),
      });
    } catch (error) {
      setFile(null);
      if (error instanceof ApiError) setFileError(Object.values(error.fields ?? {}).join(' ') || error.msg);
    }
  };

  const save = useMutation({
    mutationFn: (values: MapFormValues) => {
      const body: MapSaveBody = {
        code: values.code,
        names: values.names,
        nameProperty: values.nameProperty ?? detail?.nameProperty ?? '',
        codeProperty: values.codeProperty ?? '',
        ...(file ? { geoJson: file.text } : {}),
      };
      return detail ? mapApi.update(detail.id, body) : mapApi.create(body);
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
          placeFieldErrors(form as FormInstance, error.fields ?? { '': error.msg }, (path) =>
            ['code', 'nameProperty', 'codeProperty'].includes(path)
              ? [path]
              : path.startsWith('names.')
                ? ['names', path.slice(6)]
                : null,
          ).rest,
        );
    },
  });

  const propertyOptions = (file?.check.properties ?? []).map((p) => ({
    value: p,
    label: `${p}: ${(file?.check.samples[p] ?? []).slice(0, 3).join('、')}`,
  }));
  const title = detail
    ? t('editor.editTitle', { name: modelName(language, detail.names) })
    : t('editor.addTitle');
  const regionsLabel = t('editor.regions');
  const shown = draft.data && 'name' in draft.data ? draft.data : file ? null : (saved.data ?? null);

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      data-testid="map-editor"
      footer={
        canSave ? (
          <EditorFooter
            prefix="map"
            formId={formId}
            canSave={canSave}
            saving={save.isPending}
            onCancel={close}
            cancelLabel={t('editor.cancel')}
            saveLabel={t('editor.save')}
          />
        ) : undefined
      }
    >
      <Form<MapFormValues>
        form={form}
        id={formId}
        layout="vertical"
        disabled={!canSave}
        initialValues={
          detail
            ? {
                code: detail.code,
                names: { ...detail.names },
                nameProperty: detail.nameProperty,
                codeProperty: detail.codeProperty,
              }
            : { code: '', names: { 'zh-CN': '' } }
        }
        onFinish={(values) => {
          setProblems([]);
          save.mutate(values);
        }}
        data-testid="map-form"
      >
        {builtIn && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('editor.builtIn')} />}
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
              <Input maxLength={30} data-testid="map-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input maxLength={50} data-testid="map-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={50} data-testid="map-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={50} data-testid="map-name-zh-TW" />
            </Form.Item>
          </Col>
        </Row>
        {canSave && (
          <Form.Item
            label={detail ? t('editor.replaceFile') : t('editor.file')}
            required={!detail}
            extra={t('editor.fileHelp')}
          >
            <Upload.Dragger
              accept=".json,.geojson,application/json,application/geo+json"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void read(chosen);
                return false;
              }}
              data-testid="map-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p data-testid="map-file-chosen">
                {file
                  ? t('editor.fileChosen', { name: file.name, count: file.check.features })
                  : t('editor.fileDrop')}
              </p>
            </Upload.Dragger>
          </Form.Item>
        )}
        {fileError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={fileError}
            data-testid="map-file-error"
          />
        )}
        {file && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="nameProperty"
                label={t('editor.nameProperty')}
                extra={t('editor.namePropertyHelp')}
                rules={[{ required: true, message: msg('validation.required') }]}
              >
                <Select options={propertyOptions} data-testid="map-name-property" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="codeProperty"
                label={t('editor.codeProperty')}
                extra={t('editor.codePropertyHelp')}
              >
                <Select allowClear options={propertyOptions} data-testid="map-code-property" />
              </Form.Item>
            </Col>
          </Row>
        )}
        {draft.data && 'problem' in draft.data && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={draft.data.problem}
            data-testid="map-draft-problem"
          />
        )}
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={problems.join(' ')}
            data-testid="map-problems"
          />
        )}
        {!file && detail && (
          <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('editor.nameProperty')}>{detail.nameProperty}</Descriptions.Item>
            <Descriptions.Item label={t('editor.regions')}>
              {t('editor.regionCount', { count: detail.regions.length })}
            </Descriptions.Item>
          </Descriptions>
        )}
        {shown && (
          <MapPreview map={shown} label={t('editor.previewLabel', { count: shown.regions.length })} />
        )}
        {!file && detail && (
          <div>
            {/* The canvas says nothing to a screen reader: the regions are listed as text too, and the
                list takes the focus so that a keyboard scrolls the drawer of a map nobody may edit. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
            <section tabIndex={0} aria-label={regionsLabel} data-testid="map-regions">
              {detail.regions.map((r) => (r.code === r.name ? r.name : `${r.name} (${r.code})`)).join('、')}
            </section>
          </div>
        )}
      </Form>
    </Drawer>
  );
}
