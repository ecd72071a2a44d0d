import { EyeOutlined, HistoryOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  type DataModelDefinition,
  type Design,
  type DesignContent,
  DesignPerm,
  type DesignSave,
  type FormSchema,
  type LinkageRule,
  type ListDesign,
  type Locale,
} from '@srm/contracts/core';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  Spin,
  Steps,
  Tag,
  theme,
} from 'antd';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { DictSelect } from '../../../components/dict';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { FlowForm } from '../../workFlow/form/FlowForm';
import { designApi, designKeys } from './api';
import {
  type CanvasItem,
  firstStep,
  namesIn,
  type PlacedProblems,
  placeProblems,
  toForm,
  toItems,
} from './designOps';
import { FormStep } from './FormStep';
import { ListStep } from './ListStep';
import { VersionsModal } from './VersionsModal';
import './webDesign.css';

interface BasicValues {
  name: string;
  nameEn?: string;
  nameTw?: string;
  category: string;
  modelId: string;
}

const NEW_LIST: ListDesign = { columns: [], query: [], pageSize: 20, buttons: ['add', 'edit', 'delete'] };
const NO_PROBLEMS: PlacedProblems = { basic: {}, items: {}, form: [], linkage: {}, list: {} };

/** The theme's colours as the designer's CSS variables (light and dark alike). */
function useDesignerColours(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--wd-canvas': token.colorBgLayout,
    '--wd-card': token.colorBgContainer,
    '--wd-line': token.colorBorder,
    '--wd-text2': token.colorTextSecondary,
    '--wd-primary': token.colorPrimary,
    '--wd-primary-bg': token.colorPrimaryBg,
    '--wd-error': token.colorErrorText,
  } as CSSProperties;
}

/** The form of the canvas as a schema, titled after the design (the server names it `Design<id>`). */
function schemaOf(items: CanvasItem[], linkage: LinkageRule[], v: Partial<BasicValues>): FormSchema {
  const { fields, sections } = toForm(items);
  return {
    name: 'Design',
    title: v.name?.trim() || 'Design',
    titles: { 'en-US': v.nameEn?.trim() || undefined, 'zh-TW': v.nameTw?.trim() || undefined },
    layout: { columns: 2 },
    fields,
    ...(sections?.length ? { sections } : {}),
    ...(linkage.length ? { linkage } : {}),
  };
}

/**
 * The form and list designer, full screen, in three steps as the seed's product has them: basic
 * settings (names, category, the data model), the form (palette, canvas, properties, linkage) and
 * the list. Save keeps the draft; publish freezes it as the next version.
 */
export function Designer({ id: initialId, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation('onlineDev');
  const { modal } = App.useApp();
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language) as Locale;
  const mobile = useAppStore((s) => s.device === 'mobile');
  const colours = useDesignerColours();
  const [basic] = Form.useForm<BasicValues>();
  const [id, setId] = useState(initialId);
  const [design, setDesign] = useState<Design | null>(null);
  const [step, setStep] = useState(initialId ? 1 : 0);
  const [items, setItems] = useState<CanvasItem[]>([]);
  const [linkage, setLinkage] = useState<LinkageRule[]>([]);
  const [list, setList] = useState<ListDesign>(NEW_LIST);
  const [selected, setSelected] = useState<string | null>(null);
  const [problems, setProblems] = useState<PlacedProblems>(NO_PROBLEMS);
  const [preview, setPreview] = useState<'desktop' | 'phone' | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [loaded, setLoaded] = useState(!initialId);
  const modelId = Form.useWatch('modelId', basic);
  const name = Form.useWatch('name', basic);
  const nameEn = Form.useWatch('nameEn', basic);
  const nameTw = Form.useWatch('nameTw', basic);

  const info = useQuery({
    queryKey: designKeys.info(initialId ?? ''),
    queryFn: () => designApi.info(initialId ?? ''),
    enabled: !!initialId,
  });
  const models = useQuery({ queryKey: designKeys.models(), queryFn: designApi.models });
  const model = useQuery({
    queryKey: designKeys.model(modelId ?? ''),
    queryFn: () => designApi.model(modelId ?? ''),
    enabled: !!modelId,
  });
  const main = model.data?.definition;
  const linesCodes = (main?.fields ?? []).flatMap((f) => (f.kind === 'lines' ? [f.model] : []));
  const linesQueries = useQueries({
    queries: linesCodes.map((code) => {
      const summary = models.data?.list.find((m) => m.code === code);
      return {
        queryKey: designKeys.model(summary?.id ?? code),
        queryFn: () => designApi.model(summary?.id ?? ''),
        enabled: !!summary,
      };
    }),
  });
  const linesModels = useMemo(() => {
    const out: Record<string, DataModelDefinition> = {};
    for (const q of linesQueries) if (q.data) out[q.data.code] = q.data.definition;
    return out;
  }, [linesQueries]);

  // The design (or a new draft) loads once.
  useEffect(() => {
    if (loaded || !info.data) return;
    const d = info.data;
    basic.setFieldsValue({
      name: d.names['zh-CN'],
      nameEn: d.names['en-US'],
      nameTw: d.names['zh-TW'],
      category: d.category,
      modelId: d.modelId,
    });
    setDesign(d);
    setItems(toItems(d.draft.form));
    setLinkage(d.draft.form.linkage ?? []);
    setList(d.draft.list);
    setLoaded(true);
  }, [loaded, info.data, basic]);

  // Another model (a draft never published): what names fields the new model lacks goes.
  useEffect(() => {
    if (!main) return;
    const codes = new Set(main.fields.map((f) => f.code));
    setItems((list) => list.filter((i) => i.kind === 'section' || codes.has(i.field.name)));
    setList((l) => ({
      ...l,
      columns: l.columns.filter((c) => codes.has(c.field)),
      query: l.query.filter((q) => codes.has(q.field)),
      sort: l.sort && codes.has(l.sort.field) ? l.sort : undefined,
      tree: main.isTree && l.tree && codes.has(l.tree.field) ? l.tree : undefined,
    }));
  }, [main]);

  const snapshot = () => JSON.stringify([basic.getFieldsValue(true), items, linkage, list]);
  const saved = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken once, when the design has loaded.
  useEffect(() => {
    if (loaded && saved.current === null) saved.current = snapshot();
  }, [loaded]);
  const close = useDiscardGuard(() => saved.current !== null && snapshot() !== saved.current, onClose);

  const body = (): DesignSave => {
    const v = basic.getFieldsValue(true) as BasicValues;
    return {
      names: {
        'zh-CN': v.name?.trim() ?? '',
        ...(v.nameEn?.trim() ? { 'en-US': v.nameEn.trim() } : {}),
        ...(v.nameTw?.trim() ? { 'zh-TW': v.nameTw.trim() } : {}),
      },
      category: v.category ?? '',
      kind: 'web',
      modelId: v.modelId ?? '',
      draft: { form: schemaOf(items, linkage, v), list },
    };
  };

  const persist = async (): Promise<Design> => {
    try {
      await basic.validateFields();
    } catch (error) {
      setStep(0);
      throw error;
    }
    const doc = body();
    const shot = snapshot();
    try {
      const result = id ? await designApi.update(id, doc) : await designApi.create(doc);
      saved.current = shot;
      setId(result.id);
      setDesign(result);
      setProblems(NO_PROBLEMS);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.code === 400 && error.fields) {
        const placed = placeProblems(error.fields, (doc.draft as DesignContent).form);
        setProblems(placed);
        basic.setFields(
          Object.entries(placed.basic).map(([field, message]) => ({
            name: field as keyof BasicValues,
            errors: [message],
          })),
        );
        const at = firstStep(placed);
        if (at !== null) setStep(at);
        const firstItem = Object.keys(placed.items)[0];
        if (at === 1 && firstItem) setSelected(firstItem);
        toast.error(t('refused'));
      } else toast.error(error instanceof ApiError ? error.msg : String(error));
      throw error;
    }
  };
  const refresh = (key: string) => {
    void queryClient.invalidateQueries({ queryKey: designKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: designKeys.versions(key) });
  };
  const save = useMutation({
    mutationFn: persist,
    onSuccess: (d) => {
      toast.success(t('saved'));
      refresh(d.id);
    },
  });
  const publish = useMutation({
    mutationFn: async () => {
      const d = await persist();
      return designApi.publish(d.id);
    },
    onSuccess: (d) => {
      setDesign(d);
      toast.success(t('published', { version: d.publishedVersion }));
      refresh(d.id);
    },
  });
  const busy = save.isPending || publish.isPending;
  const canEdit = has(id ? DesignPerm.webDesignEdit : DesignPerm.webDesignAdd);
  const readOnly = !canEdit;
  const published = (design?.publishedVersion ?? 0) > 0;

  const confirmPublish = () =>
    modal.confirm({
      title: t('publishConfirmTitle'),
      content: t('publishConfirm', {
        name: namesIn({ 'zh-CN': name ?? '', 'en-US': nameEn, 'zh-TW': nameTw }, language),
      }),
      okText: t('publish'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'wd-publish-ok' } as never,
      onOk: () => publish.mutateAsync().catch(() => undefined),
    });

  const modelOptions = (models.data?.list ?? [])
    .filter((m) => m.fieldCount > 0)
    .map((m) => ({ value: m.id, label: `${namesIn(m.names, language)} (${m.code})` }));

  const basicStep = (
    <Form<BasicValues>
      form={basic}
      name="wdBasic"
      layout="vertical"
      style={{ maxWidth: 640 }}
      disabled={readOnly}
      data-testid="wd-basic"
    >
      <Form.Item name="name" label={t('basic.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
        <Input maxLength={50} data-testid="wd-name" />
      </Form.Item>
      <Form.Item name="nameEn" label={t('basic.nameEn')} rules={[{ max: 50 }]}>
        <Input maxLength={50} data-testid="wd-name-en" />
      </Form.Item>
      <Form.Item name="nameTw" label={t('basic.nameTw')} extra={t('basic.namesHelp')} rules={[{ max: 50 }]}>
        <Input maxLength={50} data-testid="wd-name-tw" />
      </Form.Item>
      <Form.Item name="category" label={t('basic.category')} rules={[{ required: true }]}>
        <DictSelect typeCode="flowCategory" data-testid="wd-category" />
      </Form.Item>
      <Form.Item
        name="modelId"
        label={t('basic.model')}
        extra={published ? t('basic.modelFixed') : t('basic.modelHelp')}
        rules={[{ required: true }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          loading={models.isLoading}
          disabled={readOnly || published}
          options={modelOptions}
          data-testid="wd-model"
        />
      </Form.Item>
      {main && linesCodes.length > 0 && (
        <p className="wd-hint" data-testid="wd-lines-note">
          {t('basic.linesNote', { tables: linesCodes.join(', ') })}
        </p>
      )}
    </Form>
  );

  const needModel = (
    <Alert type="info" showIcon title={t('basic.chooseModelFirst')} data-testid="wd-need-model" />
  );
  const formStep = main ? (
    <FormStep
      model={main}
      linesModels={linesModels}
      items={items}
      onItems={(change) => {
        setItems(change);
      }}
      linkage={linkage}
      onLinkage={setLinkage}
      selected={selected}
      onSelect={setSelected}
      problems={problems}
      locale={language}
      readOnly={readOnly}
    />
  ) : (
    needModel
  );
  const listStep = main ? (
    <ListStep
      model={main}
      list={list}
      onChange={setList}
      problems={problems.list}
      locale={language}
      readOnly={readOnly}
    />
  ) : (
    needModel
  );

  const schema = schemaOf(items, linkage, { name, nameEn, nameTw });
  const previewSchema: FormSchema =
    preview === 'phone'
      ? { ...schema, fields: schema.fields.map((f) => ({ ...f, span: 24 })), layout: { columns: 1 } }
      : schema;
  const stepItems = [
    { title: t('steps.basic'), content: basicStep },
    { title: t('steps.form'), content: formStep },
    { title: t('steps.list'), content: listStep },
  ];

  const actions = (
    <Space wrap>
      <Button
        icon={<EyeOutlined />}
        disabled={!main}
        onClick={() => setPreview('desktop')}
        data-testid="wd-preview"
      >
        {t('preview')}
      </Button>
      {id && (
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setVersionsOpen(true)}
          data-testid="wd-versions-button"
        >
          {t('versions')}
        </Button>
      )}
      {canEdit && (
        <Button
          icon={<SaveOutlined />}
          loading={save.isPending}
          disabled={busy || !loaded}
          onClick={() => save.mutate()}
          data-testid="wd-save"
        >
          {t('save')}
        </Button>
      )}
      {canEdit && has(DesignPerm.webDesignPublish) && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={publish.isPending}
          disabled={busy || !loaded}
          onClick={confirmPublish}
          data-testid="wd-publish"
        >
          {t('publish')}
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      open
      size="100%"
      onClose={close}
      destroyOnHidden
      data-testid="wd-designer"
      title={
        <Space wrap size={8}>
          <span>
            {namesIn({ 'zh-CN': name ?? '', 'en-US': nameEn, 'zh-TW': nameTw }, language) || t('newTitle')}
          </span>
          {published && (
            <Tag color="green" data-testid="wd-version">
              {t('versionTag', { version: design?.publishedVersion })}
            </Tag>
          )}
          {published && design?.changed && (
            <Tag color="orange" data-testid="wd-changed">
              {t('changed')}
            </Tag>
          )}
        </Space>
      }
      // A phone's header has no room beside the title: the buttons open the body there.
      extra={mobile ? null : actions}
    >
      {mobile && <div className="wd-actions">{actions}</div>}
      {!loaded ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <div style={colours} className="wd-root">
          <Steps
            current={step}
            onChange={setStep}
            size="small"
            style={{ marginBottom: 16 }}
            items={stepItems.map((s, i) => ({
              title: s.title,
              status:
                i === 0 && Object.keys(problems.basic).length
                  ? 'error'
                  : i === 1 &&
                      (Object.keys(problems.items).length ||
                        problems.form.length ||
                        Object.keys(problems.linkage).length)
                    ? 'error'
                    : i === 2 && Object.keys(problems.list).length
                      ? 'error'
                      : undefined,
            }))}
            data-testid="wd-steps"
          />
          {stepItems.map((s, i) => (
            <div key={s.title} hidden={step !== i} data-testid={`wd-step-${i}`}>
              {s.content}
            </div>
          ))}
          <Flex justify="space-between" style={{ marginTop: 16 }}>
            <Button disabled={step === 0} onClick={() => setStep(step - 1)} data-testid="wd-prev">
              {t('prev')}
            </Button>
            <Button disabled={step === 2} onClick={() => setStep(step + 1)} data-testid="wd-next">
              {t('next')}
            </Button>
          </Flex>
        </div>
      )}
      <Drawer
        open={preview !== null}
        onClose={() => setPreview(null)}
        size={mobile ? '100%' : 1040}
        title={t('previewTitle')}
        destroyOnHidden
        data-testid="wd-preview-drawer"
        extra={
          <Segmented
            value={preview ?? 'desktop'}
            onChange={(v) => setPreview(v as 'desktop' | 'phone')}
            options={[
              { value: 'desktop', label: t('previewDesktop') },
              { value: 'phone', label: t('previewPhone') },
            ]}
            data-testid="wd-preview-width"
          />
        }
      >
        {preview && (
          <div className={preview === 'phone' ? 'wd-phone' : undefined} data-testid={`wd-preview-${preview}`}>
            <PreviewForm key={preview} schema={previewSchema} />
          </div>
        )}
      </Drawer>
      {versionsOpen && id && (
        <VersionsModal
          id={id}
          name={namesIn({ 'zh-CN': name ?? '', 'en-US': nameEn, 'zh-TW': nameTw }, language)}
          onClose={() => setVersionsOpen(false)}
        />
      )}
    </Drawer>
  );
}

/** The form as the product's one renderer draws it, editable, with the defaults filled in. */
function PreviewForm({ schema }: { schema: FormSchema }) {
  const [form] = Form.useForm();
  const initialValues = Object.fromEntries(
    schema.fields.flatMap((f) => (f.defaultValue === undefined ? [] : [[f.name, f.defaultValue]])),
  );
  return (
    <FlowForm
      schema={schema}
      form={form}
      defaultRight="editable"
      initialValues={initialValues}
      testId="wd-preview-form"
    />
  );
}
