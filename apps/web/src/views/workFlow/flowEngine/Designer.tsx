import {
  EyeOutlined,
  RedoOutlined,
  SaveOutlined,
  SendOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import {
  type FlowDefinitionSave,
  FlowEnginePerm,
  type FlowNode,
  type FlowTreeErrorItem,
  type Locale,
  nameInLocale,
} from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
  Tooltip,
  theme,
} from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { useAuth } from '../../../components/Auth';
import { DictSelect } from '../../../components/dict';
import { formSnapshot, useDiscardGuard } from '../../../components/useDiscardGuard';
import { UserSelect } from '../../../components/user';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { flowEngineApi, flowEngineKeys, treeErrorsOf } from './api';
import { designedFormOptions, useDesignedForms, useFlowFormSchema } from './designForms';
import { type CanvasActions, FlowCanvas } from './FlowCanvas';
import { DESIGNER_FORMS, designerFormOptions, formTitle } from './forms';
import { NodeDrawer } from './NodeDrawer';
import { useOrgOptions } from './options';
import {
  addBranch,
  allIds,
  createNode,
  type History,
  historyOf,
  initialTree,
  insertNode,
  moveBranch,
  moveNode,
  type NodeNames,
  record,
  redo,
  removeBranch,
  removeNode,
  undo,
  updateBranch,
  updateNode,
} from './treeOps';
import './flowEngine.css';

interface BasicValues {
  fullName: string;
  fullNameEn?: string;
  fullNameTw?: string;
  enCode: string;
  category: string;
  formName: string;
  iconBackground: string;
  description?: string;
  sortCode?: number;
  launchAll: boolean;
  openToSuppliers: boolean;
  userIds?: string[];
  roleIds?: string[];
  positionIds?: string[];
}

const COLOURS = ['#1890ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#eb2f96', '#2f54eb'];
const ZOOMS = [0.5, 0.6, 0.75, 0.9, 1, 1.1, 1.25, 1.5];

/** The theme's colours as the canvas's CSS variables (light and dark alike). */
function useCanvasColours(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--fd-canvas': token.colorBgLayout,
    '--fd-card': token.colorBgContainer,
    '--fd-line': token.colorBorder,
    '--fd-text': token.colorText,
    '--fd-text2': token.colorTextSecondary,
    '--fd-primary': token.colorPrimary,
    '--fd-error': token.colorErrorText,
    '--fd-success': token.colorSuccessText,
    // purple-8: purple-7 of the dark palette is 3.5:1 on its cards.
    '--fd-purple': token.purple8 ?? '#391085',
  } as CSSProperties;
}

/** Errors by node or branch id, from a refused release. */
function errorMap(items: FlowTreeErrorItem[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of items) out[e.nodeId] = [...(out[e.nodeId] ?? []), e.message];
  return out;
}

/**
 * The flow designer, full screen: basic settings (name, code, category, form, who may launch) and
 * the process tree with its node drawer, undo/redo, zoom and preview; save and release.
 */
export function Designer({ id: initialId, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation('workflow');
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language) as Locale;
  const mobile = useAppStore((s) => s.device === 'mobile');
  const colours = useCanvasColours();
  const { roles, positions } = useOrgOptions();
  const [basic] = Form.useForm<BasicValues>();
  const [id, setId] = useState(initialId);
  const [tab, setTab] = useState<'basic' | 'process'>(initialId ? 'process' : 'basic');
  const [history, setHistory] = useState<History<FlowNode> | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [errorList, setErrorList] = useState<FlowTreeErrorItem[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(mobile ? 0.75 : 1);
  const [preview, setPreview] = useState(false);
  const formName = Form.useWatch('formName', basic) ?? '';
  const launchAll = Form.useWatch('launchAll', basic) ?? true;
  const fullName = Form.useWatch('fullName', basic);
  const fullNameEn = Form.useWatch('fullNameEn', basic);
  const fullNameTw = Form.useWatch('fullNameTw', basic);

  const names: NodeNames & { start: string; end: string } = useMemo(
    () => ({
      node: (type) => t(`nodeType.${type}`),
      branch: (i) => t('branch.named', { n: i }),
      defaultBranch: t('branch.defaultName'),
      start: t('node.start'),
      end: t('node.end'),
    }),
    [t],
  );

  const info = useQuery({
    queryKey: flowEngineKeys.info(initialId ?? ''),
    queryFn: () => flowEngineApi.info(initialId ?? ''),
    enabled: !!initialId,
  });
  const designs = useDesignedForms();
  const versions = id
    ? (queryClient.getQueryData(flowEngineKeys.info(id)) as typeof info.data)?.versions
    : undefined;

  // Loads the definition (or a new draft) once.
  useEffect(() => {
    if (history) return;
    if (!initialId) {
      basic.setFieldsValue({
        iconBackground: COLOURS[0],
        launchAll: true,
        openToSuppliers: false,
        sortCode: 0,
        formName: DESIGNER_FORMS[0]?.name,
      });
      setHistory(historyOf(initialTree(names)));
    } else if (info.data) {
      const d = info.data;
      basic.setFieldsValue({
        fullName: d.fullName,
        fullNameEn: d.fullNameEn,
        fullNameTw: d.fullNameTw,
        enCode: d.enCode,
        category: d.category,
        formName: d.formName,
        iconBackground: d.iconBackground,
        description: d.description,
        sortCode: d.sortCode,
        launchAll: d.launchers.all,
        openToSuppliers: d.openToSuppliers,
        userIds: d.launchers.userIds ?? [],
        roleIds: d.launchers.roleIds ?? [],
        positionIds: d.launchers.positionIds ?? [],
      });
      setHistory(historyOf(d.flowTemplateJson as FlowNode));
    }
  }, [history, initialId, info.data, basic, names]);

  const tree = history?.present ?? null;
  /** The basic settings and the tree as last loaded or saved: closing with others asks first. */
  const saved = useRef<string | null>(null);
  const snapshotOf = (t: FlowNode | null) => JSON.stringify([formSnapshot(basic, ''), t]);
  // Taken once the tabs have mounted, so that the fields' own initial values are in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the tree first arrives.
  useEffect(() => {
    if (tree && saved.current === null) saved.current = snapshotOf(tree);
  }, [tree]);
  const close = useDiscardGuard(() => saved.current !== null && snapshotOf(tree) !== saved.current, onClose);
  const change = useCallback(
    (fn: (tree: FlowNode) => FlowNode) => setHistory((h) => (h ? record(h, fn(h.present)) : h)),
    [],
  );
  const clearError = (key: string) =>
    setErrors((e) => {
      if (!e[key]) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });

  const focusNode = (key: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-focus-id="${key}"]`)?.focus());
  /** After a removal by keyboard, focus goes to what came before it on the canvas. */
  const focusBefore = (key: string) => {
    const ids = tree ? allIds(tree) : [];
    const before = ids[ids.indexOf(key) - 1];
    if (before && document.activeElement?.closest(`[data-node-id="${key}"]`)) focusNode(before);
  };
  const actions: CanvasActions = {
    select: (key) => {
      setSelectedId(key);
      setFocusId(key);
    },
    insert: (afterId, type) => change((tr) => insertNode(tr, afterId, createNode(type, names))),
    remove: (key) => {
      focusBefore(key);
      change((tr) => removeNode(tr, key));
    },
    moveNode: (key, delta) => {
      change((tr) => moveNode(tr, key, delta));
      focusNode(key);
    },
    addBranch: (groupId) => change((tr) => addBranch(tr, groupId, names)),
    removeBranch: (key) => {
      focusBefore(key);
      change((tr) => removeBranch(tr, key));
    },
    moveBranch: (key, to) => {
      change((tr) => moveBranch(tr, key, to));
      focusNode(key);
    },
  };

  const body = async (): Promise<FlowDefinitionSave> => {
    let v: BasicValues;
    try {
      v = await basic.validateFields();
    } catch (error) {
      setTab('basic');
      throw error;
    }
    return {
      fullName: v.fullName,
      fullNameEn: v.fullNameEn?.trim() ?? '',
      fullNameTw: v.fullNameTw?.trim() ?? '',
      enCode: v.enCode,
      category: v.category,
      formName: v.formName,
      iconBackground: v.iconBackground,
      description: v.description ?? '',
      sortCode: v.sortCode ?? 0,
      launchers: v.launchAll
        ? { all: true }
        : {
            all: false,
            userIds: v.userIds ?? [],
            roleIds: v.roleIds ?? [],
            positionIds: v.positionIds ?? [],
          },
      openToSuppliers: v.openToSuppliers,
      flowTemplateJson: tree as FlowNode,
    };
  };

  const persist = async (): Promise<string> => {
    const doc = await body();
    const snapshot = snapshotOf(doc.flowTemplateJson as FlowNode);
    try {
      if (id) {
        await flowEngineApi.update(id, doc);
        saved.current = snapshot;
        return id;
      }
      const created = await flowEngineApi.create(doc);
      saved.current = snapshot;
      setId(created.id);
      return created.id;
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setTab('basic');
        basic.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name as keyof BasicValues,
            errors: [message],
          })),
        );
      }
      throw error;
    }
  };

  const refresh = (key: string) => {
    void queryClient.invalidateQueries({ queryKey: flowEngineKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: flowEngineKeys.info(key) });
  };

  const save = useMutation({
    mutationFn: persist,
    onSuccess: (key) => {
      toast.success(t('designer.saved'));
      refresh(key);
    },
  });
  const release = useMutation({
    mutationFn: async () => {
      const key = await persist();
      refresh(key);
      try {
        return { key, ...(await flowEngineApi.release(key)) };
      } catch (error) {
        const nodes = treeErrorsOf(error);
        setErrors(errorMap(nodes));
        setErrorList(nodes);
        if (nodes.length) setTab('process');
        toast.error(error instanceof ApiError ? error.msg : String(error));
        throw error;
      }
    },
    onSuccess: ({ key, version }) => {
      setErrors({});
      setErrorList([]);
      toast.success(t('designer.released', { version }));
      refresh(key);
    },
  });
  const busy = save.isPending || release.isPending;

  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"], .ant-select')) return;
    if (!(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      setHistory((h) => (h ? undo(h) : h));
    } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
      e.preventDefault();
      setHistory((h) => (h ? redo(h) : h));
    }
  };

  const selectedName = (key: string) => {
    const el = document.querySelector(`[data-node-id="${key}"] .fd-node-name`);
    return el?.textContent ?? key;
  };
  const form = useFlowFormSchema(
    formName,
    { id: id ?? undefined, savedFormName: info.data?.formName },
    designs,
  );
  const formOptions = designerFormOptions(
    info.data?.formName,
    language,
    designedFormOptions(designs, language),
  );
  const coded = formOptions.filter((o) => !/^Design\d+$/.test(o.value));
  const designed = formOptions.filter((o) => /^Design\d+$/.test(o.value));
  const canEdit = has(id ? FlowEnginePerm.edit : FlowEnginePerm.add);

  const basicTab = (
    <Form<BasicValues>
      form={basic}
      // Named: its ids (flowBasic_category, …) differ from the list's filter fields under the drawer.
      name="flowBasic"
      layout="vertical"
      style={{ maxWidth: 640 }}
      data-testid="flow-basic-form"
    >
      <Form.Item
        name="fullName"
        label={t('basic.fullName')}
        rules={[{ required: true, whitespace: true, max: 50 }]}
      >
        <Input maxLength={50} data-testid="flow-fullName" />
      </Form.Item>
      {(['fullNameEn', 'fullNameTw'] as const).map((name) => (
        <Form.Item
          key={name}
          name={name}
          label={t(`basic.${name}`)}
          extra={name === 'fullNameTw' ? t('basic.fullNameI18nHelp') : undefined}
          rules={[{ max: 50 }]}
        >
          <Input maxLength={50} data-testid={`flow-${name}`} />
        </Form.Item>
      ))}
      <Form.Item
        name="enCode"
        label={t('basic.enCode')}
        extra={t('basic.enCodeHelp')}
        rules={[
          { required: true, max: 50 },
          { pattern: /^[A-Za-z][A-Za-z0-9_.-]*$/, message: t('basic.enCodeRule') },
        ]}
      >
        <Input maxLength={50} data-testid="flow-enCode" />
      </Form.Item>
      <Form.Item name="category" label={t('basic.category')} rules={[{ required: true }]}>
        <DictSelect typeCode="flowCategory" data-testid="flow-category" />
      </Form.Item>
      <Form.Item name="formName" label={t('basic.form')} rules={[{ required: true }]}>
        <Select
          data-testid="flow-formName"
          options={
            (designed.length
              ? [
                  { label: t('basic.codedForms'), options: coded },
                  { label: t('basic.designedForms'), options: designed },
                ]
              : coded) as { label: string; value?: string; options?: { label: string; value: string }[] }[]
          }
        />
      </Form.Item>
      <Form.Item name="iconBackground" label={t('basic.colour')}>
        <Radio.Group>
          {COLOURS.map((c) => (
            <Radio.Button key={c} value={c} aria-label={c} style={{ padding: '0 6px' }}>
              <span
                style={{
                  display: 'inline-block',
                  width: 16,
                  height: 16,
                  borderRadius: 4,
                  background: c,
                  verticalAlign: 'middle',
                }}
              />
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="launchAll" label={t('basic.launchers')}>
        <Radio.Group
          options={[
            { value: true, label: t('basic.launchAll') },
            { value: false, label: t('basic.launchChosen') },
          ]}
        />
      </Form.Item>
      {!launchAll && (
        <>
          <Form.Item name="userIds" label={t('assignee.kinds.users')}>
            <UserSelect multiple />
          </Form.Item>
          <Form.Item name="roleIds" label={t('assignee.kinds.roles')}>
            <Select mode="multiple" options={roles} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="positionIds" label={t('assignee.kinds.positions')}>
            <Select mode="multiple" options={positions} optionFilterProp="label" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="openToSuppliers"
        label={t('basic.openToSuppliers')}
        extra={t('basic.openToSuppliersHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="flow-openToSuppliers" />
      </Form.Item>
      <Form.Item name="sortCode" label={t('basic.sortCode')}>
        <InputNumber min={0} max={999999} />
      </Form.Item>
      <Form.Item name="description" label={t('basic.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </Form>
  );

  const processTab = tree && (
    <div style={colours}>
      <div className="fd-toolbar">
        <Space wrap>
          <Tooltip title={t('designer.undoKey')}>
            <Button
              icon={<UndoOutlined />}
              disabled={!history?.past.length}
              onClick={() => setHistory((h) => (h ? undo(h) : h))}
              data-testid="flow-undo"
            >
              {t('designer.undo')}
            </Button>
          </Tooltip>
          <Tooltip title={t('designer.redoKey')}>
            <Button
              icon={<RedoOutlined />}
              disabled={!history?.future.length}
              onClick={() => setHistory((h) => (h ? redo(h) : h))}
              data-testid="flow-redo"
            >
              {t('designer.redo')}
            </Button>
          </Tooltip>
        </Space>
        <Space wrap>
          <Button
            icon={<ZoomOutOutlined />}
            aria-label={t('designer.zoomOut')}
            disabled={zoom <= ZOOMS[0]!}
            onClick={() => setZoom((z) => ZOOMS[Math.max(0, ZOOMS.indexOf(z) - 1)] ?? z)}
          />
          <span aria-live="polite" data-testid="flow-zoom">
            {Math.round(zoom * 100)}%
          </span>
          <Button
            icon={<ZoomInOutlined />}
            aria-label={t('designer.zoomIn')}
            disabled={zoom >= ZOOMS.at(-1)!}
            onClick={() => setZoom((z) => ZOOMS[Math.min(ZOOMS.length - 1, ZOOMS.indexOf(z) + 1)] ?? z)}
          />
          <Button icon={<EyeOutlined />} onClick={() => setPreview(true)} data-testid="flow-preview">
            {t('designer.preview')}
          </Button>
        </Space>
      </div>
      {errorList.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="flow-release-errors"
          title={t('designer.releaseRefused')}
          description={
            <ul className="fd-errors-list" style={{ margin: 0, paddingInlineStart: 18 }}>
              {errorList.map((e) => (
                <li key={`${e.nodeId}-${e.code}`}>
                  <button type="button" onClick={() => actions.select(e.nodeId)}>
                    {selectedName(e.nodeId)}
                  </button>
                  {`: ${e.message}`}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <p className="fd-sr-only" id="fd-keys">
        {t('designer.keysHelp')}
      </p>
      <FlowCanvas
        tree={tree}
        formName={formName}
        locale={language}
        errors={errors}
        selectedId={selectedId}
        actions={canEdit ? actions : undefined}
        zoom={zoom}
      />
    </div>
  );

  return (
    <Drawer
      open
      size="100%"
      onClose={close}
      destroyOnHidden
      data-testid="flow-designer"
      title={
        <Space wrap size={8}>
          <span>
            {nameInLocale(language, fullName ?? '', fullNameEn, fullNameTw) || t('designer.newTitle')}
          </span>
          {versions?.[0] && <Tag color="green">{t('list.versionTag', { version: versions[0].version })}</Tag>}
        </Space>
      }
      extra={
        canEdit && (
          <Space wrap>
            <Button
              icon={<SaveOutlined />}
              loading={save.isPending}
              disabled={busy || !tree}
              onClick={() => save.mutate()}
              data-testid="flow-save"
            >
              {t('designer.save')}
            </Button>
            {has(FlowEnginePerm.release) && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={release.isPending}
                disabled={busy || !tree}
                onClick={() => release.mutate()}
                data-testid="flow-release"
              >
                {t('designer.release')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <div onKeyDown={onKeyDown}>
        {!tree ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : (
          <Tabs
            activeKey={tab}
            onChange={(k) => setTab(k as 'basic' | 'process')}
            items={[
              { key: 'basic', label: t('designer.tabBasic'), children: basicTab, forceRender: true },
              { key: 'process', label: t('designer.tabProcess'), children: processTab, forceRender: true },
            ]}
          />
        )}
      </div>
      {tree && (
        <NodeDrawer
          tree={tree}
          selectedId={selectedId}
          form={form}
          locale={language}
          mobile={mobile}
          errors={selectedId ? errors[selectedId] : undefined}
          onNodeChange={(key, patch) => {
            clearError(key);
            change((tr) => updateNode(tr, key, patch));
          }}
          onBranchChange={(key, patch) => {
            clearError(key);
            change((tr) => updateBranch(tr, key, patch));
          }}
          onClose={() => setSelectedId(null)}
          afterClose={() => {
            if (focusId) focusNode(focusId);
          }}
        />
      )}
      <Modal
        open={preview}
        title={t('designer.previewTitle', { form: formTitle(formName, language) })}
        onCancel={() => setPreview(false)}
        footer={null}
        width={mobile ? '100%' : 960}
        destroyOnHidden
      >
        {tree && (
          <div style={colours}>
            <FlowCanvas
              tree={tree}
              formName={formName}
              locale={language}
              errors={{}}
              zoom={0.9}
              testId="flow-preview-canvas"
            />
          </div>
        )}
      </Modal>
    </Drawer>
  );
}
