import { HistoryOutlined, ProfileOutlined, StopOutlined, UserSwitchOutlined } from '@ant-design/icons';
import {
  FLOW_STATUS,
  FLOW_TASK_FORM_URL,
  FLOW_URGENCY,
  type FlowStatus,
  type FlowTaskItem,
  formatDate,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { ListSearchForm } from '../../../components/ListSearchForm';
import { RowAction } from '../../../components/listActions';
import { FormModal, PagedTable } from '../../../components/listPage';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { UserSelect } from '../../../components/user';
import { toast } from '../../../utils/message';
import { FlowSelect } from '../FlowSelect';
import { monitorApi, monitorKeys } from './api';
import { HistoryDrawer } from './HistoryDrawer';

/** The statuses the monitor shows (drafts are their launcher's own). */
const STATUSES: FlowStatus[] = [1, 2, 3, 4, 5];
const STATUS_COLOR: Record<number, string> = {
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'default',
  5: 'warning',
};
const URGENCY_COLOR: Record<number, string> = { 1: 'default', 2: 'orange', 3: 'red' };

/** The filter form; the list asks with the range as startTime / endTime (epoch ms). */
interface Filters {
  keyword?: string;
  flowId?: string;
  launcherId?: string | null;
  status?: number;
  urgency?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}
type ListFilters = Omit<Filters, 'range' | 'launcherId'> & {
  launcherId?: string;
  startTime?: number;
  endTime?: number;
};

/** A filter over one of the workflow's codes (status, urgency); test id `monitor-${name}-filter`. */
function CodeFilter({
  name,
  label,
  placeholder,
  options,
}: {
  name: 'status' | 'urgency';
  label: string;
  placeholder: string;
  options: { value: number; label: string }[];
}) {
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        placeholder={placeholder}
        style={{ width: 130 }}
        options={options}
        data-testid={`monitor-${name}-filter`}
      />
    </Form.Item>
  );
}

/** Terminate with a reason (the launcher is told; every open to-do closes). */
function CancelModal({ task, onClose, onDone }: { task: FlowTaskItem; onClose(): void; onDone(): void }) {
  const { t } = useTranslation('flowAdmin');
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useMutation({
    mutationFn: (reason: string) => monitorApi.cancel(task.id, reason),
    onSuccess: () => {
      toast.success(t('monitor.cancelled'));
      onDone();
      onClose();
    },
  });
  return (
    <FormModal<{ reason: string }>
      form={form}
      title={t('monitor.cancelTitle')}
      testId="monitor-cancel-form"
      width={480}
      saving={cancel.isPending}
      initialValues={{ reason: '' }}
      onFinish={(v) => cancel.mutate(v.reason.trim())}
      onClose={onClose}
    >
      <Typography.Paragraph>{t('monitor.cancelOf', { title: task.title })}</Typography.Paragraph>
      <Form.Item
        name="reason"
        label={t('monitor.reason')}
        rules={[{ required: true, whitespace: true, message: t('monitor.reasonRequired') }]}
      >
        <Input.TextArea
          maxLength={2000}
          autoSize={{ minRows: 3, maxRows: 6 }}
          data-testid="monitor-cancel-reason"
        />
      </Form.Item>
    </FormModal>
  );
}

interface AssignValues {
  nodeId: string;
  userIds: string[];
  opinion: string;
}

/** Replaces the handlers of one of the task's current nodes (read from its detail). */
function AssignModal({ task, onClose, onDone }: { task: FlowTaskItem; onClose(): void; onDone(): void }) {
  const { t } = useTranslation('flowAdmin');
  const [form] = Form.useForm<AssignValues>();
  const detail = useQuery({
    queryKey: monitorKeys.detail(task.id),
    queryFn: () => monitorApi.detail(task.id),
  });
  const current = (detail.data?.nodes ?? []).filter((n) => n.state === 'current');
  const nodeId = Form.useWatch('nodeId', form);
  const chosen = current.find((n) => n.nodeId === nodeId);
  const assign = useMutation({
    mutationFn: (v: AssignValues) =>
      monitorApi.assign(task.id, {
        nodeId: v.nodeId,
        userIds: v.userIds,
        handleOpinion: v.opinion?.trim() ?? '',
      }),
    onSuccess: () => {
      toast.success(t('monitor.assigned'));
      onDone();
      onClose();
    },
  });
  return (
    <FormModal<AssignValues>
      form={form}
      title={t('monitor.assignTitle')}
      testId="monitor-assign-form"
      width={520}
      saving={assign.isPending}
      initialValues={{ nodeId: undefined, userIds: [], opinion: '' }}
      onFinish={(v) => assign.mutate(v)}
      onClose={onClose}
    >
      <Typography.Paragraph>{t('monitor.assignOf', { title: task.title })}</Typography.Paragraph>
      {!detail.isLoading && current.length === 0 && (
        <Typography.Paragraph type="warning">{t('monitor.noCurrentNode')}</Typography.Paragraph>
      )}
      <Form.Item
        name="nodeId"
        label={t('monitor.node')}
        rules={[{ required: true, message: t('monitor.nodeRequired') }]}
      >
        <Select
          loading={detail.isLoading}
          options={current.map((n) => ({ value: n.nodeId, label: n.name }))}
          data-testid="monitor-assign-node"
        />
      </Form.Item>
      {chosen && (
        <Typography.Paragraph type="secondary" data-testid="monitor-assign-current">
          {t('monitor.currentHandlers', {
            names: chosen.handlers
              .filter((h) => h.state === 'pending' || h.state === 'waiting')
              .map((h) => h.userName)
              .join('、'),
          })}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="userIds"
        label={t('monitor.handlers')}
        rules={[{ required: true, type: 'array', min: 1, message: t('monitor.handlersRequired') }]}
      >
        <UserSelect multiple staffOnly data-testid="monitor-assign-users" />
      </Form.Item>
      <Form.Item name="opinion" label={t('monitor.opinion')}>
        <Input.TextArea
          maxLength={2000}
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="monitor-assign-opinion"
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Workflow → flow monitor (`workFlow.flowMonitor`, administrators): every task of the tenant with
 * filters; terminate, assign, the history, and the task's detail page.
 */
export default function FlowMonitorPage() {
  const { t } = useTranslation('flowAdmin');
  const queryClient = useQueryClient();
  const actionsFixed = useActionsFixed();
  const [form] = Form.useForm<Filters>();
  const { page, setPage, search, reset, params } = useListParams<ListFilters>();
  const [acting, setActing] = useState<{ task: FlowTaskItem; what: 'cancel' | 'assign' | 'history' } | null>(
    null,
  );
  const opener = useRef<HTMLElement | null>(null);
  const navigate = useNavigate();
  const apply = ({ range, launcherId, ...rest }: Filters) =>
    search({
      ...rest,
      launcherId: launcherId ?? undefined,
      startTime: range?.[0]?.startOf('day').valueOf(),
      endTime: range?.[1]?.endOf('day').valueOf(),
    });
  const list = useQuery({
    queryKey: monitorKeys.list(params),
    queryFn: () => monitorApi.list(params),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: monitorKeys.lists });
    if (acting) void queryClient.invalidateQueries({ queryKey: monitorKeys.detail(acting.task.id) });
  };
  const open = (task: FlowTaskItem, what: 'cancel' | 'assign' | 'history') => {
    opener.current = document.activeElement as HTMLElement | null;
    setActing({ task, what });
  };
  const close = () => {
    setActing(null);
    setTimeout(() => opener.current?.focus(), 0);
  };

  const columns: ColumnsType<FlowTaskItem> = [
    { title: t('monitor.billNo'), dataIndex: 'billNo', key: 'billNo', width: 150 },
    {
      title: t('monitor.taskTitle'),
      dataIndex: 'title',
      key: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <Link to={`/${FLOW_TASK_FORM_URL}/${row.id}`} data-testid="monitor-title">
          {title}
        </Link>
      ),
    },
    { title: t('monitor.flow'), dataIndex: 'flowName', key: 'flowName', width: 140 },
    { title: t('monitor.launcher'), dataIndex: 'launcherName', key: 'launcherName', width: 110 },
    {
      title: t('monitor.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (s: number) => (
        <Tag color={STATUS_COLOR[s]} data-testid="monitor-status">
          {t(`monitor.statuses.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('monitor.urgency'),
      dataIndex: 'urgency',
      key: 'urgency',
      width: 90,
      render: (u: number) => <Tag color={URGENCY_COLOR[u]}>{t(`monitor.urgencies.${u}`)}</Tag>,
    },
    { title: t('monitor.currentNode'), dataIndex: 'nodeName', key: 'nodeName', width: 140 },
    {
      title: t('monitor.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 150,
      render: (v: number) => formatDate(v),
    },
    {
      title: t('monitor.actions'),
      key: 'actions',
      fixed: actionsFixed,
      render: (_, row) => (
        <Space size={0}>
          <RowAction
            icon={<ProfileOutlined />}
            onClick={() => navigate(`/${FLOW_TASK_FORM_URL}/${row.id}`)}
            testId="monitor-detail"
          >
            {t('monitor.detail')}
          </RowAction>
          <RowAction
            icon={<HistoryOutlined />}
            onClick={() => open(row, 'history')}
            testId="monitor-history-open"
          >
            {t('monitor.history')}
          </RowAction>
          {row.status === FLOW_STATUS.inProgress && (
            <>
              <RowAction
                icon={<UserSwitchOutlined />}
                onClick={() => open(row, 'assign')}
                testId="monitor-assign"
              >
                {t('monitor.assign')}
              </RowAction>
              <RowAction
                icon={<StopOutlined />}
                danger
                onClick={() => open(row, 'cancel')}
                testId="monitor-cancel"
              >
                {t('monitor.cancel')}
              </RowAction>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('monitor.title')} data-testid="flow-monitor-page">
      <ListSearchForm<Filters>
        form={form}
        prefix="monitor"
        keywordLabel={t('monitor.keyword')}
        keywordPlaceholder={t('monitor.keywordPlaceholder')}
        onSearch={apply}
        onReset={reset}
      >
        <Form.Item name="flowId" label={t('monitor.flow')}>
          <FlowSelect placeholder={t('monitor.allFlows')} style={{ width: 170 }} data-testid="monitor-flow" />
        </Form.Item>
        <Form.Item name="launcherId" label={t('monitor.launcher')}>
          <UserSelect
            placeholder={t('monitor.anyLauncher')}
            style={{ width: 170 }}
            data-testid="monitor-launcher"
          />
        </Form.Item>
        <CodeFilter
          name="status"
          label={t('monitor.status')}
          placeholder={t('monitor.allStatuses')}
          options={STATUSES.map((s) => ({ value: s, label: t(`monitor.statuses.${s}`) }))}
        />
        <CodeFilter
          name="urgency"
          label={t('monitor.urgency')}
          placeholder={t('monitor.allUrgencies')}
          options={Object.values(FLOW_URGENCY).map((u) => ({ value: u, label: t(`monitor.urgencies.${u}`) }))}
        />
        <Form.Item name="range" label={t('monitor.launchedAt')}>
          <DateRangePicker style={{ maxWidth: '100%' }} data-testid="monitor-range" />
        </Form.Item>
      </ListSearchForm>
      <PagedTable<FlowTaskItem>
        testId="monitor-table"
        query={list}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('monitor.total', { total })}
      />
      {acting?.what === 'history' && <HistoryDrawer task={acting.task} onClose={close} />}
      {acting?.what === 'cancel' && <CancelModal task={acting.task} onClose={close} onDone={refresh} />}
      {acting?.what === 'assign' && <AssignModal task={acting.task} onClose={close} onDone={refresh} />}
    </Card>
  );
}
