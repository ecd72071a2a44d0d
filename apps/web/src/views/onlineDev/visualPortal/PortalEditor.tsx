import {
  AlignLeftOutlined,
  AppstoreAddOutlined,
  BarChartOutlined,
  BellOutlined,
  CheckSquareOutlined,
  FieldNumberOutlined,
  NotificationOutlined,
  TableOutlined,
} from '@ant-design/icons';
import {
  DM_IDENTIFIER_MAX,
  DM_NAME_MAX,
  PORTAL_WIDGET_TYPES,
  PORTAL_WIDGETS_MAX,
  type Portal,
  PortalPerm,
  type PortalPlace,
  type PortalSources,
  type PortalWidget,
  type PortalWidgetType,
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
  Row,
  Segmented,
  Spin,
  Typography,
} from 'antd';
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { EditorFooter, placeFieldErrors } from '../../../components/editorForm';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../../systemData/dataModel/model-form';
import { cleanNames } from '../dataReport/report-form';
import { portalApi, portalKeys, portalViewKeys } from './api';
import { placesAfterTyping } from './grid-place';
import { PortalBody } from './PortalBody';
import { PortalGrid } from './PortalGrid';
import {
  formPathOf,
  isDatasetType,
  NEW_PORTAL,
  newWidget,
  type PortalFormValues,
  toDefinition,
  toFormValues,
  toWidget,
  type WidgetFormValues,
} from './portal-form';
import { WidgetSettings } from './WidgetSettings';
import '../dataReport/dataReport.css';
import './visualPortal.css';

const DRAWER_SIZE = 'min(1440px, 100vw)';
const NO_SOURCES: PortalSources = { datasets: [], menus: [] };

const ICONS: Record<PortalWidgetType, ReactNode> = {
  todo: <CheckSquareOutlined />,
  unread: <BellOutlined />,
  notices: <NotificationOutlined />,
  chart: <BarChartOutlined />,
  number: <FieldNumberOutlined />,
  table: <TableOutlined />,
  shortcuts: <AppstoreAddOutlined />,
  text: <AlignLeftOutlined />,
};

/** The portal editor (a drawer): a new portal, or one opened from the list (`id`). */
export default function PortalEditor({
  id,
  onClose,
  onSaved,
}: {
  id: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const detail = useQuery({
    queryKey: portalKeys.one(id ?? ''),
    queryFn: () => portalApi.get(id ?? ''),
    enabled: !!id,
  });
  const sources = useQuery({ queryKey: portalKeys.sources(), queryFn: portalApi.sources });
  if ((id && !detail.data) || sources.isPending)
    return (
      <Drawer open title="" onClose={onClose} size={DRAWER_SIZE} data-testid="pd-editor">
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

/** Whether the preview can show a widget's rows: the saved portal has it, over the same dataset and values. */
function readableIn(saved: Portal | null) {
  const savedById = new Map(saved?.definition.widgets.map((w) => [w.id, w]) ?? []);
  return (w: PortalWidget) => {
    const before = savedById.get(w.id);
    if (!before || !('datasetId' in before) || !('datasetId' in w)) return !!before;
    return before.datasetId === w.datasetId && JSON.stringify(before.params) === JSON.stringify(w.params);
  };
}

function EditorForm({
  id,
  saved,
  sources,
  onClose,
  onSaved,
}: {
  id: string | null;
  saved: Portal | null;
  sources: PortalSources;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('visualPortal');
  const language = useAppStore((s) => s.language);
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const canSave = has(id ? PortalPerm.portalEdit : PortalPerm.portalAdd);
  const initial = useMemo(() => (saved ? toFormValues(saved) : NEW_PORTAL), [saved]);
  const [form] = Form.useForm<PortalFormValues>();
  const formId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [mode, setMode] = useState<'design' | 'preview'>('design');
  const [selected, setSelected] = useState<string | null>(initial.widgets[0]?.id ?? null);
  // Layout moves are not typing: they count as changes for the discard question all the same.
  const changed = useRef(false);
  const close = useDiscardGuard(() => changed.current || form.isFieldsTouched(), onClose);
  const msg = (key: Parameters<typeof validationMessage>[0]) => validationMessage(key, language);

  const watched = Form.useWatch((all: PortalFormValues) => all.widgets, { form, preserve: true });
  const widgets: WidgetFormValues[] = (watched ?? initial.widgets).filter(Boolean);
  // The widgets whose settings hold a refusal: marked on the grid.
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const markInvalid = () => {
    const current = allWidgets();
    const out = new Set<string>();
    for (const e of form.getFieldsError())
      if (e.errors.length && e.name[0] === 'widgets') {
        const w = current[Number(e.name[1])];
        if (w) out.add(w.id);
      }
    setInvalid((before) =>
      before.size === out.size && [...out].every((wid) => before.has(wid)) ? before : out,
    );
  };

  const titleOf = (w: WidgetFormValues) => modelName(language, cleanNames(w.names)) || t(`widget.${w.type}`);
  const summaryOf = (w: WidgetFormValues) => {
    const type = t(`widget.${w.type}`);
    if (!isDatasetType(w.type)) return type;
    const dataset = sources.datasets.find((d) => d.id === w.datasetId);
    return dataset
      ? `${type} · ${modelName(language, dataset.names)}`
      : `${type} · ${t('editor.noDatasetYet')}`;
  };

  const setWidgets = (next: WidgetFormValues[]) => {
    changed.current = true;
    form.setFieldValue('widgets', next);
  };
  const allWidgets = (): WidgetFormValues[] => (form.getFieldsValue(true) as PortalFormValues).widgets ?? [];
  const applyPlaces = (places: Map<string, PortalPlace>) => {
    const current = allWidgets();
    let moved = false;
    const next = current.map((w) => {
      const p = places.get(w.id);
      if (!p || (p.x === w.x && p.y === w.y && p.w === w.w && p.h === w.h)) return w;
      moved = true;
      return { ...w, ...p };
    });
    if (moved) setWidgets(next);
  };
  const addWidget = (type: PortalWidgetType) => {
    const current = allWidgets();
    if (current.length >= PORTAL_WIDGETS_MAX) return;
    const widget = newWidget(type, current);
    setWidgets([...current, widget]);
    setSelected(widget.id);
  };
  const removeWidget = (widgetId: string) => {
    setWidgets(allWidgets().filter((w) => w.id !== widgetId));
    if (selected === widgetId) setSelected(null);
  };
  /** Opens the widget holding the field at `path` (a refusal there), so that it can be shown. */
  const selectFieldOwner = (path: (string | number)[] | null) => {
    if (path?.[0] !== 'widgets') return;
    const owner = allWidgets()[Number(path[1])];
    if (owner) {
      setSelected(owner.id);
      setMode('design');
    }
  };

  const save = useMutation({
    mutationFn: (all: PortalFormValues) => {
      const body = { code: all.code.trim(), names: cleanNames(all.names), definition: toDefinition(all) };
      return id ? portalApi.update(id, body) : portalApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      if (id) {
        void queryClient.invalidateQueries({ queryKey: portalKeys.one(id) });
        void queryClient.invalidateQueries({ queryKey: portalViewKeys.all });
      }
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
        formPathOf,
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
  const previewDefinition = useMemo(() => ({ widgets: widgets.map(toWidget) }), [widgets]);
  const readable = useMemo(() => readableIn(saved), [saved]);

  return (
    <Drawer
      open
      title={title}
      onClose={close}
      size={DRAWER_SIZE}
      destroyOnHidden
      data-testid="pd-editor"
      footer={
        <EditorFooter
          prefix="pd"
          formId={formId}
          canSave={canSave}
          saving={save.isPending}
          onCancel={close}
          cancelLabel={t('editor.cancel')}
          saveLabel={t('editor.save')}
        />
      }
    >
      <Form<PortalFormValues>
        form={form}
        id={formId}
        layout="vertical"
        initialValues={initial}
        disabled={!canSave}
        onValuesChange={(changedValues: Partial<PortalFormValues>) => {
          changed.current = true;
          // A place typed in: the widget goes there and the others make room (PortalGrid).
          changedValues.widgets?.forEach((w, index) => {
            const key = (['x', 'y', 'w', 'h'] as const).find((k) => w && k in w);
            if (key) applyPlaces(placesAfterTyping(allWidgets(), index, key));
          });
        }}
        onFieldsChange={markInvalid}
        onFinish={() => {
          setProblems([]);
          save.mutate(form.getFieldsValue(true) as PortalFormValues);
        }}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.name ?? null;
          selectFieldOwner(first);
          if (first) setTimeout(() => form.scrollToField(first, { block: 'center', focus: true }), 0);
        }}
        data-testid="pd-form"
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
              <Input maxLength={Math.min(DM_IDENTIFIER_MAX, 30)} spellCheck={false} data-testid="pd-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['names', 'zh-CN']}
              label={t('editor.nameZh')}
              rules={[{ required: true, whitespace: true, message: msg('validation.required') }]}
            >
              <Input maxLength={DM_NAME_MAX} data-testid="pd-name-zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'en-US']} label={t('editor.nameEn')}>
              <Input maxLength={DM_NAME_MAX} data-testid="pd-name-en-US" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name={['names', 'zh-TW']} label={t('editor.nameTw')}>
              <Input maxLength={DM_NAME_MAX} data-testid="pd-name-zh-TW" />
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
            data-testid="pd-problems"
          />
        )}
        <Segmented
          value={mode}
          onChange={(next) => setMode(next as 'design' | 'preview')}
          options={[
            { value: 'design', label: t('editor.design') },
            { value: 'preview', label: t('editor.preview') },
          ]}
          style={{ marginBottom: 16 }}
          data-testid="pd-mode"
        />
        {/* Hidden, not gone, in the preview: every widget's settings stay in the form. */}
        <div className="pd-layout" hidden={mode !== 'design'}>
          <section className="pd-palette" aria-labelledby={`${formId}-palette`}>
            <Typography.Title level={2} className="rpt-section" id={`${formId}-palette`}>
              {t('editor.palette')}
            </Typography.Title>
            <p className="pd-help">{t('editor.paletteHelp', { max: PORTAL_WIDGETS_MAX })}</p>
            <div className="pd-palette-list">
              {PORTAL_WIDGET_TYPES.map((type) => (
                <Button
                  key={type}
                  icon={ICONS[type]}
                  disabled={widgets.length >= PORTAL_WIDGETS_MAX}
                  onClick={() => addWidget(type)}
                  aria-label={t('editor.addWidget', { type: t(`widget.${type}`) })}
                  data-testid={`pd-add-${type}`}
                >
                  {t(`widget.${type}`)}
                </Button>
              ))}
            </div>
          </section>
          <section className="pd-canvas" aria-labelledby={`${formId}-grid`}>
            <Typography.Title level={2} className="rpt-section" id={`${formId}-grid`}>
              {t('editor.grid')}
            </Typography.Title>
            <p className="pd-help">{t('editor.gridHelp')}</p>
            {widgets.length === 0 ? (
              <p className="pd-empty" data-testid="pd-grid-empty">
                {t('editor.noWidgets')}
              </p>
            ) : (
              <PortalGrid
                widgets={widgets}
                selected={selected}
                titleOf={titleOf}
                summaryOf={summaryOf}
                invalid={invalid}
                onSelect={setSelected}
                onPlaces={applyPlaces}
              />
            )}
          </section>
          <section className="pd-settings" aria-labelledby={`${formId}-settings`}>
            <Typography.Title level={2} className="rpt-section" id={`${formId}-settings`}>
              {t('editor.settings')}
            </Typography.Title>
            {selectedIndex < 0 && <p className="pd-help">{t('editor.noSelection')}</p>}
            {widgets.map((w, index) => (
              <div key={w.id} hidden={index !== selectedIndex}>
                <WidgetSettings
                  index={index}
                  widget={w}
                  sources={sources}
                  testId={index === selectedIndex ? 'pd-widget' : `pd-w${index}`}
                  onRemove={() => removeWidget(w.id)}
                />
              </div>
            ))}
          </section>
        </div>
        {mode === 'preview' && (
          <div className="pd-preview" data-testid="pd-preview">
            <p className="pd-help">{saved ? t('editor.previewHelp') : t('editor.previewUnsaved')}</p>
            <PortalBody
              portalId={saved?.id ?? null}
              definition={previewDefinition}
              readable={readable}
              testId="pd-preview-body"
            />
          </div>
        )}
      </Form>
    </Drawer>
  );
}
