import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  HistoryOutlined,
  ImportOutlined,
  MoreOutlined,
  PauseCircleOutlined,
  PlusOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  FLOW_DEFINITION_STATE,
  type FlowDefinitionSave,
  type FlowDefinitionSummary,
  FlowEnginePerm,
  type FlowTreeErrorItem,
  formatDate,
  type Locale,
  nameInLocale,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Dropdown, Empty, Form, List, Modal, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import { DictSelect, DictTag } from '../../../components/dict';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { tablePaging } from '../../../components/tablePaging';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { flowEngineApi, flowEngineKeys, treeErrorsOf } from './api';
import { formTitle } from './forms';

const Designer = lazy(() => import('./Designer').then((m) => ({ default: m.Designer })));

type Filters = { keyword?: string; category?: string };
const STATE_KEYS = {
  [FLOW_DEFINITION_STATE.draft]: 'draft',
  [FLOW_DEFINITION_STATE.released]: 'released',
  [FLOW_DEFINITION_STATE.stopped]: 'stopped',
} as const;
const STATE_COLORS = { draft: 'default', released: 'green', stopped: 'orange' } as const;

function VersionsModal({ id, name, onClose }: { id: string; name: string; onClose(): void }) {
  const { t } = useTranslation('workflow');
  const info = useQuery({ queryKey: flowEngineKeys.info(id), queryFn: () => flowEngineApi.info(id) });
  return (
    <Modal open title={t('list.versionsOf', { name })} onCancel={onClose} footer={null} destroyOnHidden>
      <List
        loading={info.isLoading}
        data-testid="flow-versions"
        locale={{ emptyText: <Empty description={t('list.noVersions')} /> }}
        dataSource={info.data?.versions ?? []}
        renderItem={(v, i) => (
          <List.Item>
            <Space>
              <Tag color={i === 0 ? 'green' : 'default'}>{t('list.versionTag', { version: v.version })}</Tag>
              {i === 0 && <span>{t('list.current')}</span>}
            </Space>
            <Space>
              <span>{formatDate(v.createdAt)}</span>
              <Auth code={FlowEnginePerm.export}>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  data-testid={`flow-bpmn-${v.version}`}
                  onClick={async () => {
                    const blob = await flowEngineApi.bpmn(id, v.version);
                    saveBlob(blob, `${info.data?.enCode ?? id}.v${v.version}.bpmn`);
                  }}
                >
                  {t('list.downloadBpmn')}
                </Button>
              </Auth>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}

function ImportModal({ onClose, onImported }: { onClose(): void; onImported(): void }) {
  const { t } = useTranslation('workflow');
  const [problem, setProblem] = useState<string | null>(null);
  const [nodes, setNodes] = useState<FlowTreeErrorItem[]>([]);
  const [doc, setDoc] = useState<{ file: string; data: FlowDefinitionSave } | null>(null);
  const read = async (file: File | undefined) => {
    setProblem(null);
    setNodes([]);
    setDoc(null);
    if (!file) return;
    try {
      const data = JSON.parse(await file.text()) as FlowDefinitionSave;
      if (!data || typeof data !== 'object' || !data.flowTemplateJson || !data.enCode)
        throw new Error('shape');
      setDoc({ file: file.name, data });
    } catch {
      setProblem(t('import.notADocument'));
    }
  };
  const save = useMutation({
    mutationFn: () => flowEngineApi.importData(doc!.data),
    onSuccess: () => {
      toast.success(t('import.done'));
      onImported();
    },
    onError: (error) => {
      setNodes(treeErrorsOf(error));
      setProblem(
        error instanceof ApiError
          ? [error.msg, ...Object.values(error.fields ?? {})].join(' ')
          : String(error),
      );
    },
  });
  return (
    <Modal
      open
      title={t('import.title')}
      onCancel={onClose}
      okText={t('import.ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !doc, loading: save.isPending, 'data-testid': 'flow-import-ok' } as never}
      onOk={() => save.mutate()}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label>
          {t('import.file')}{' '}
          <input
            type="file"
            accept="application/json,.json"
            data-testid="flow-import-file"
            onChange={(e) => void read(e.target.files?.[0])}
          />
        </label>
        {doc && (
          <Alert type="info" title={t('import.ready', { name: doc.data.fullName, code: doc.data.enCode })} />
        )}
        {problem && (
          <Alert
            type="error"
            title={problem}
            description={
              nodes.length ? nodes.map((n) => <div key={`${n.nodeId}${n.code}`}>{n.message}</div>) : undefined
            }
          />
        )}
      </Space>
    </Modal>
  );
}

/** Workflow → flow designer (`workFlow.flowEngine`): the tenant's flows by category, and their designer. */
export default function FlowEnginePage() {
  const { t } = useTranslation('workflow');
  const { modal } = App.useApp();
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const actionsFixed = useActionsFixed();
  const language = useAppStore((s) => s.language) as Locale;
  const flowName = (row: FlowDefinitionSummary) =>
    nameInLocale(language, row.fullName, row.fullNameEn, row.fullNameTw);
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<Filters>();
  const [designing, setDesigning] = useState<{ id: string | null } | null>(null);
  const [versions, setVersions] = useState<FlowDefinitionSummary | null>(null);
  const [importing, setImporting] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const list = useQuery({
    queryKey: flowEngineKeys.list(params),
    queryFn: () => flowEngineApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['workFlow', 'flowEngine'] });

  const act = useMutation({
    mutationFn: async ({
      row,
      action,
    }: {
      row: FlowDefinitionSummary;
      action: 'release' | 'stop' | 'copy' | 'delete';
    }) => {
      if (action === 'release') return flowEngineApi.release(row.id);
      if (action === 'stop') return flowEngineApi.stop(row.id);
      if (action === 'copy') return flowEngineApi.copy(row.id);
      return flowEngineApi.remove(row.id);
    },
    onSuccess: (result, { action }) => {
      if (action === 'release')
        toast.success(t('designer.released', { version: (result as { version: number }).version }));
      else toast.success(t(`list.${action}Done`));
      void refresh();
    },
    onError: (error, { action }) => {
      // Release is silent (the designer shows its node errors); here its message is the toast.
      if (action === 'release' && error instanceof ApiError) {
        const nodes = treeErrorsOf(error);
        toast.error(nodes.length ? `${error.msg}: ${nodes.map((n) => n.message).join('; ')}` : error.msg);
      }
    },
  });
  const confirm = (content: string, testId: string, onOk: () => Promise<unknown>, danger = false) =>
    modal.confirm({
      title: t('common:tip'),
      content,
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger, 'data-testid': testId } as never,
      onOk,
    });
  const exportRow = async (row: FlowDefinitionSummary) => {
    const doc = await flowEngineApi.exportData(row.id);
    saveBlob(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }), `${row.enCode}.json`);
  };
  const openDesigner = (id: string | null) => {
    opener.current = document.activeElement as HTMLElement | null;
    setDesigning({ id });
  };

  const columns: ColumnsType<FlowDefinitionSummary> = [
    {
      title: t('list.name'),
      dataIndex: 'fullName',
      key: 'fullName',
      width: 200,
      render: (_, row) => (
        <Space>
          <span
            aria-hidden
            style={{
              display: 'inline-flex',
              width: 24,
              height: 24,
              borderRadius: 6,
              background: row.iconBackground,
              color: '#fff',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 12,
            }}
          >
            {flowName(row).slice(0, 1)}
          </span>
          <span>{flowName(row)}</span>
        </Space>
      ),
    },
    { title: t('list.code'), dataIndex: 'enCode', key: 'enCode', width: 140, ellipsis: true },
    {
      title: t('basic.category'),
      dataIndex: 'category',
      key: 'category',
      width: 130,
      render: (code: string) => <DictTag typeCode="flowCategory" value={code} />,
    },
    {
      title: t('basic.form'),
      dataIndex: 'formName',
      key: 'formName',
      width: 120,
      render: (n: string) => formTitle(n, language),
    },
    {
      title: t('list.state'),
      dataIndex: 'state',
      key: 'state',
      width: 80,
      render: (s: FlowDefinitionSummary['state']) => (
        <Tag color={STATE_COLORS[STATE_KEYS[s]]} data-testid="flow-state">
          {t(`state.${STATE_KEYS[s]}`)}
        </Tag>
      ),
    },
    {
      title: t('list.version'),
      dataIndex: 'currentVersion',
      key: 'currentVersion',
      width: 70,
      render: (v: number) => (v ? t('list.versionTag', { version: v }) : '—'),
    },
    {
      title: t('list.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 150,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 200,
      render: (_, row) => (
        <Space size={0} wrap>
          <RowAction icon={<EditOutlined />} onClick={() => openDesigner(row.id)} testId="flow-design">
            {t('list.design')}
          </RowAction>
          <Auth code={FlowEnginePerm.release}>
            <RowAction
              icon={<SendOutlined />}
              testId="flow-row-release"
              onClick={() =>
                confirm(t('list.releaseConfirm', { name: flowName(row) }), 'flow-release-ok', () =>
                  act.mutateAsync({ row, action: 'release' }).catch(() => undefined),
                )
              }
            >
              {t('designer.release')}
            </RowAction>
          </Auth>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                row.state === FLOW_DEFINITION_STATE.released && has(FlowEnginePerm.stop)
                  ? {
                      key: 'stop',
                      icon: <PauseCircleOutlined />,
                      label: t('list.stop'),
                      'data-testid': 'flow-stop',
                    }
                  : null,
                {
                  key: 'versions',
                  icon: <HistoryOutlined />,
                  label: t('list.versions'),
                  'data-testid': 'flow-versions-button',
                },
                has(FlowEnginePerm.add)
                  ? { key: 'copy', icon: <CopyOutlined />, label: t('list.copy'), 'data-testid': 'flow-copy' }
                  : null,
                has(FlowEnginePerm.export)
                  ? {
                      key: 'export',
                      icon: <DownloadOutlined />,
                      label: t('list.export'),
                      'data-testid': 'flow-export',
                    }
                  : null,
                has(FlowEnginePerm.delete)
                  ? {
                      key: 'delete',
                      icon: <DeleteOutlined />,
                      danger: true,
                      label: t('list.delete'),
                      'data-testid': 'flow-delete',
                    }
                  : null,
              ].filter((item) => item !== null),
              onClick: ({ key }) => {
                if (key === 'stop')
                  confirm(t('list.stopConfirm', { name: flowName(row) }), 'flow-stop-ok', () =>
                    act.mutateAsync({ row, action: 'stop' }).catch(() => undefined),
                  );
                else if (key === 'versions') setVersions(row);
                else if (key === 'copy') act.mutate({ row, action: 'copy' });
                else if (key === 'export') void exportRow(row);
                else if (key === 'delete')
                  confirm(
                    t('list.deleteConfirm', { name: flowName(row) }),
                    'flow-delete-ok',
                    () => act.mutateAsync({ row, action: 'delete' }).catch(() => undefined),
                    true,
                  );
              },
            }}
          >
            <Button type="link" size="small" icon={<MoreOutlined />} data-testid="flow-more">
              {t('list.more')}
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="flow-engine-page">
      <ListSearchForm<Filters>
        form={form}
        prefix="flow"
        keywordLabel={t('list.keyword')}
        keywordPlaceholder={t('list.keywordPlaceholder')}
        onSearch={search}
        onReset={reset}
        actions={
          <>
            <Auth code={FlowEnginePerm.add}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => openDesigner(null)}
                data-testid="flow-add"
              >
                {t('list.add')}
              </Button>
            </Auth>
            <Auth code={FlowEnginePerm.import}>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="flow-import">
                {t('list.import')}
              </Button>
            </Auth>
          </>
        }
      >
        <Form.Item name="category" label={t('basic.category')}>
          <DictSelect
            typeCode="flowCategory"
            style={{ width: 160 }}
            placeholder={t('list.allCategories')}
            data-testid="flow-filter-category"
          />
        </Form.Item>
      </ListSearchForm>
      <ListTable<FlowDefinitionSummary>
        rowKey="id"
        size="middle"
        data-testid="flow-table"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list ?? []}
        pagination={tablePaging(page, setPage, list.data?.pagination.total, (total) =>
          t('list.total', { count: total }),
        )}
      />
      {designing && (
        <Suspense fallback={null}>
          <Designer
            id={designing.id}
            onClose={() => {
              setDesigning(null);
              void refresh();
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
      {versions && (
        <VersionsModal id={versions.id} name={flowName(versions)} onClose={() => setVersions(null)} />
      )}
      {importing && (
        <ImportModal
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
