import { ExportOutlined } from '@ant-design/icons';
import {
  DATA_SCREEN_REFRESH_MAX,
  DATA_SCREEN_REFRESH_MIN,
  DATA_SCREEN_THEMES,
  DATA_SCREEN_WIDGET_TYPES,
  DATA_SCREEN_WIDGETS_MAX,
  type DataScreen,
  DataScreenPerm,
  type DataScreenPlace,
  type DataScreenTheme,
  type DataScreenWidgetType,
  DM_IDENTIFIER_MAX,
  DM_NAME_MAX,
  type PortalSources,
  validationMessage,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Row,
  Select,
  Spin,
  Typography,
} from 'antd';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../../systemData/dataModel/model-form';
import { cleanNames } from '../dataReport/report-form';
import { dataScreenApi, dataScreenKeys } from './api';
import { DesignCanvas } from './DesignCanvas';
import { openDataScreen, viewerPath } from './open-screen';
import { ScreenWidgetSettings } from './ScreenWidgetSettings';
import {
  clampScreenPlace,
  isScreenDatasetType,
  NEW_SCREEN,
  newScreenWidget,
  type ScreenFormValues,
  type ScreenWidgetFormValues,
  screenFormPathOf,
  THEME_BACKGROUND,
  toScreenDefinition,
  toScreenFormValues,
} from './screen-form';
import { SCREEN_WIDGETS } from './widgets';
import '../dataReport/dataReport.css';
import '../visualPortal/visualPortal.css';
import './dataScreen.css';

const DRAWER_SIZE = 'min(1600px, 100vw)';
const NO_SOURCES: Pick<PortalSources, 'datasets'> = { datasets: [] };

/** The data screen editor (a drawer): a new screen, or one opened from the list (`id`). */
export default function DataScreenEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const detail = useQuery({
    queryKey: dataScreenKeys.one(id ?? ''),
    queryFn: () => dataScreenApi.get(id ?? ''),
    enabled: !!id,
  });
  const sources = useQuery({ queryKey: dataScreenKeys.sources(), queryFn: dataScreenApi.sources });
  if ((id && !detail.data) || sources.isPending)
    return (
      <Drawer open title="" onClose={onClose} size={DRAWER_SIZE} data-testid="dsd-editor">
        <Spin spinning />
      </Drawer>
    );
  return (
    <EditorForm
      id={id}
      saved={detail.data ?? null}
      sources={sources.data ?? NO_SOURCES}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function EditorForm({
  id,
  saved,
  sources,
  onClose,
  onSaved,
}: {
  id: string | null;
  saved: DataScreen | null;
  sources: Pick<PortalSources, 'datasets'>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('dataScreen');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSave = has(id ? DataScreenPerm.screenEdit : DataScreenPerm.screenAdd);
  const initial = useMemo(() => (saved ? toScreenFormValues(saved) : NEW_SCREEN), [saved]);
  const [form] = Form.useForm<ScreenFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(initial.widgets[0]?.id ?? null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const changed = useRef(false);
  const close = useDiscardGuard(() => changed.current || form.isFieldsTouched(), onClose);
  const msg = (key: Parameters<typeof validationMessage>[0], params?: Record<string, number>) =>
    validationMessage(key, language, params);

  const watched = Form.useWatch((all: ScreenFormValues) => all.widgets, { form, preserve: true });
  const theme = Form.useWatch('theme', { form, preserve: true }) ?? initial.theme;
  const background = Form.useWatch('background', { form, preserve: true }) ?? initial.background;
  const widgets: ScreenWidgetFormValues[] = (watched ?? initial.widgets).filter(Boolean);
  const allWidgets = (): ScreenWidgetFormValues[] =>
    (form.getFieldsValue(true) as ScreenFormValues).widgets ?? [];
  const setWidgets = (next: ScreenWidgetFormValues[]) => {
    changed.current = true;
    form.setFieldValue('widgets', next);
  };
  const markInvalid = () => {
    const current = allWidgets();
    const out = new Set<string>();
    for (const e of form.getFieldsError())
      if (e.errors.length && e.name[0] === 'widgets') {
        const w = current[Number(e.name[1])];
        if (w) out.add(w.id);
      }
    setInvalid((before) => (before.size === out.size && [...out].every((w) => before.has(w)) ? before : out));
  };
  const applyPlaces = (places: Map<string, DataScreenPlace>) => {
    let moved = false;
    const next = allWidgets().map((w) => {
      const p = places.get(w.id);
      if (!p || (p.x === w.x && p.y === w.y && p.w === w.w && p.h === w.h)) return w;
      moved = true;
      return { ...w, ...clampScreenPlace(p) };
    });
    if (moved) setWidgets(next);
  };
  const addWidget = (type: DataScreenWidgetType) => {
    const current = allWidgets();
    if (current.length >= DATA_SCREEN_WIDGETS_MAX) return;
    const widget = newScreenWidget(type, current);
    setWidgets([...current, widget]);
    setSelected(widget.id);
  };
  const removeWidget = (widgetId: string) => {
    setWidgets(allWidgets().filter((w) => w.id !== widgetId));
    if (selected === widgetId) setSelected(null);
  };
  const selectFieldOwner = (path: (string | number)[] | null) => {
    if (path?.[0] !== 'widgets') return;
    const owner = allWidgets()[Number(path[1])];
    if (owner) setSelected(owner.id);
  };
  const titleOf = (w: ScreenWidgetFormValues) =>
    modelName(language, cleanNames(w.names)) ||
    modelName(language, cleanNames(w.text)) ||
    t(`widget.${w.type}`);
  const summaryOf = (w: ScreenWidgetFormValues) => {
    const type = t(`widget.${w.type}`);
    if (!isScreenDatasetType(w.type)) return type;
    const dataset = sources.datasets.find((d) => d.id === w.datasetId);
    return `${type} · ${dataset ? modelName(language, dataset.names) : t('editor.noDatasetYet')}`;
  };

  const save = useMutation({
    mutationFn: (all: ScreenFormValues) => {
      const body = {
        code: all.code.trim(),
        names: cleanNames(all.names),
        definition: toScreenDefinition(all),
      };
      return id ? dataScreenApi.update(id, body) : dataScreenApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      if (id) void queryClient.invalidateQueries({ queryKey: dataScreenKeys.one(id) });
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      toast.error(error.msg, 3);
      if (error.code !== 400) return;
      const { first, rest } = placeFieldErrors(
        form as FormInstance,
        error.fields ?? { '': error.msg },
        screenFormPathOf,
      );
      selectFieldOwner(first);
      setProblems(rest);
      markInvalid();
    },
  });

  const title = saved
    ? t('editor.editTitle', { name: modelName(language, saved.names) })
    : t('editor.addTitle');
  const selectedIndex = widgets.findIndex((w) => w.id === selected);
  const required = { required: true, message: msg('validation.required') };

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      data-testid="dsd-editor"
      extra={
        saved ? (
          <Button
            icon={<ExportOutlined />}
            onClick={() => openDataScreen(saved.id, viewerPath(saved.id))}
            data-testid="dsd-preview"
          >
            {t('editor.preview')}
          </Button>
        ) : undefined
      }
      footer={
        <EditorFooter
          prefix="dsd"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      <Form<ScreenFormValues>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onValuesChange={(changedValues: Partial<ScreenFormValues>) => {
          changed.current = true;
          // A new theme brings its background unless one was chosen.
          if (changedValues.theme) {
            const other = DATA_SCREEN_THEMES.find((x) => x !== changedValues.theme) as DataScreenTheme;
            if (form.getFieldValue('background') === THEME_BACKGROUND[other])
              form.setFieldValue('background', THEME_BACKGROUND[changedValues.theme]);
          }
          // A place typed in stays on the canvas.
          changedValues.widgets?.forEach((w, index) => {
            const key = (['x', 'y', 'w', 'h'] as const).find((k) => w && k in w);
            const current = allWidgets()[index];
            if (!key || !current) return;
            const place = clampScreenPlace(current, key);
            if (
              place.x !== current.x ||
              place.y !== current.y ||
              place.w !== current.w ||
              place.h !== current.h
            )
              applyPlaces(new Map([[current.id, place]]));
          });
        }}
        onFieldsChange={markInvalid}
        onFinish={() => {
          setProblems([]);
          save.mutate(form.getFieldsValue(true) as ScreenFormValues);
        }}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name ?? null;
          selectFieldOwner(first);
          if (first) setTimeout(() => form.scrollToField(first, { block: 'center', focus: true }), 0);
        }}
        data-testid="dsd-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="code"
              label={t('editor.code')}
              rules={[required, { pattern: /^[a-z][a-z0-9_]*$/, message: msg('validation.dmIdentifier') }]}
            >
              <Input maxLength={Math.min(DM_IDENTIFIER_MAX, 30)} spellCheck={false} data-testid="dsd-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ ...required, whitespace: true }]}
            >
              <Input maxLength={DM_NAME_MAX} data-testid="dsd-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={DM_NAME_MAX} data-testid="dsd-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={DM_NAME_MAX} data-testid="dsd-name-zh-TW" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="theme" label={t('editor.theme')}>
              <Select
                options={DATA_SCREEN_THEMES.map((x) => ({ value: x, label: t(`theme.${x}`) }))}
                data-testid="dsd-theme"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="background"
              label={t('editor.background')}
              extra={t('editor.backgroundHelp')}
              rules={[required, { pattern: /^#[0-9a-fA-F]{6}$/, message: msg('validation.invalid') }]}
            >
              <Input maxLength={7} spellCheck={false} data-testid="dsd-background" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="refreshSeconds"
              label={t('editor.refresh')}
              extra={t('editor.refreshHelp', { min: DATA_SCREEN_REFRESH_MIN })}
              rules={[
                required,
                {
                  type: 'number',
                  min: DATA_SCREEN_REFRESH_MIN,
                  message: msg('validation.numberMin', { min: DATA_SCREEN_REFRESH_MIN }),
                },
              ]}
            >
              <InputNumber
                min={1}
                max={DATA_SCREEN_REFRESH_MAX}
                precision={0}
                style={{ width: '100%' }}
                data-testid="dsd-refresh"
              />
            </Form.Item>
          </Col>
        </Row>
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
            data-testid="dsd-problems"
          />
        )}
        <div className="dsd-layout">
          <section aria-labelledby={`${formId}-palette`}>
            <Typography.Title level={2} className="rpt-section" id={`${formId}-palette`}>
              {t('editor.palette')}
            </Typography.Title>
            <p className="pd-help">{t('editor.paletteHelp', { max: DATA_SCREEN_WIDGETS_MAX })}</p>
            <div className="dsd-palette-list">
              {DATA_SCREEN_WIDGET_TYPES.map((type) => (
                <Button
                  key={type}
                  icon={SCREEN_WIDGETS[type].icon}
                  disabled={widgets.length >= DATA_SCREEN_WIDGETS_MAX}
                  onClick={() => addWidget(type)}
                  aria-label={t('editor.addWidget', { type: t(`widget.${type}`) })}
                  data-testid={`dsd-add-${type}`}
                >
                  {t(`widget.${type}`)}
                </Button>
              ))}
            </div>
          </section>
          <section aria-labelledby={`${formId}-canvas`}>
            <Typography.Title level={2} className="rpt-section" id={`${formId}-canvas`}>
              {t('editor.design')}
            </Typography.Title>
            <p className="pd-help">{widgets.length ? t('editor.designHelp') : t('editor.noWidgets')}</p>
            <DesignCanvas
              widgets={widgets}
              theme={theme}
              background={/^#[0-9a-fA-F]{6}$/.test(background) ? background : initial.background}
              selected={selected}
              titleOf={titleOf}
              summaryOf={summaryOf}
              invalid={invalid}
              onSelect={setSelected}
              onPlaces={applyPlaces}
            />
            {!saved && <p className="pd-help">{t('editor.previewUnsaved')}</p>}
          </section>
          <section aria-labelledby={`${formId}-settings`}>
            <Typography.Title level={2} className="rpt-section" id={`${formId}-settings`}>
              {t('editor.settings')}
            </Typography.Title>
            {selectedIndex < 0 && <p className="pd-help">{t('editor.noSelection')}</p>}
            {widgets.map((w, index) => (
              <div key={w.id} hidden={index !== selectedIndex}>
                <ScreenWidgetSettings
                  index={index}
                  widget={w}
                  sources={sources}
                  testId={index === selectedIndex ? 'dsd-widget' : `dsd-w${index}`}
                  onRemove={() => removeWidget(w.id)}
                />
              </div>
            ))}
          </section>
        </div>
      </Form>
    </Drawer>
  );
}
