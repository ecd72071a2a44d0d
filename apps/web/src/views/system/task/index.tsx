import { PlayCircleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DEFAULT_TASK_TIME_ZONE,
  formatDate,
  nameInLocale,
  TASK_JOB_PARAMS,
  TASK_RESULTS,
  type Task,
  type TaskJobCode,
  TaskPerm,
  type TaskResult,
  type TaskRun,
} from '@srm/contracts/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type QueryParams } from '../../../api/request';
import { Auth, useAuth } from '../../../components/Auth';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { EditDeleteActions, RowAction, useActionColumn } from '../../../components/listActions';
import { FormModal, PagedTable } from '../../../components/listPage';
import { OtherNameFields } from '../../../components/OtherNameFields';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { type TaskBody, taskApi, taskKeys } from './api';

const TIME = 'yyyy-MM-dd HH:mm:ss';

/** A task's name in the reader's language. */
function useTaskName(): (task: Pick<Task, 'name' | 'nameEn' | 'nameTw'>) => string {
  const language = useAppStore((s) => s.language);
  return (task) => nameInLocale(language, task.name, task.nameEn, task.nameTw);
}
/** How often the screen reads again while a run is under way (or asked for and not yet seen). */
const POLL_MS = 1000;
/** How long after Run now the screen waits for the run to show before it stops asking. */
const RUN_WAIT_MS = 30_000;

/**
 * The browser's time zone: every time of this screen is shown in it (the run log's date filter
 * picks days in it too), said once above the list. The next run also shows in the task's own zone
 * when that differs, labelled, since that is how its cron expression reads.
 */
const BROWSER_ZONE = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
})();
/** A job code as a locale key (a dot would nest it). */
const jobKey = (code: TaskJobCode) => code.replace('.', '_');
const RESULT_COLOR: Record<TaskResult, string> = {
  running: 'processing',
  success: 'success',
  failure: 'error',
};

export function ResultTag({ result }: { result: TaskResult | null }) {
  const { t } = useTranslation('task');
  if (!result) return <>-</>;
  return <Tag color={RESULT_COLOR[result]}>{t(`result.${result}`)}</Tag>;
}

/** System → scheduled tasks: the tenant's tasks on top, the run log below. */
export default function TaskPage() {
  const { t } = useTranslation('task');
  const taskName = useTaskName();
  const queryClient = useQueryClient();
  const { has } = useAuth();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const params: QueryParams = { ...page };
  // Tasks started here with Run now, by id, with when: the screen reads again until each one's run
  // has shown and ended (a queued run starts within a moment), or RUN_WAIT_MS has passed.
  const [started, setStarted] = useState<Record<string, Started>>({});
  const query = useQuery({
    queryKey: taskKeys.list(params),
    queryFn: () => taskApi.list(params),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (listIsLive(q.state.data?.list ?? [], started) ? POLL_MS : false),
  });
  const live = listIsLive(query.data?.list ?? [], started);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: taskKeys.all });
  const run = useMutation({
    mutationFn: (task: Task) => taskApi.run(task.id),
    onSuccess: (_, task) => {
      toast.success(t('queued'));
      setStarted((s) => ({ ...s, [task.id]: { at: Date.now(), lastRunAt: task.lastRunAt } }));
      refresh();
    },
  });
  // Once nothing is under way any more, the log reads once again for the runs' final state.
  const wasLive = useRef(false);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.invalidateQueries({ queryKey: ['task', 'runs'] });
    wasLive.current = live;
  }, [live, queryClient]);
  const setState = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => taskApi.setState(id, enabled),
    onSuccess: (task) => {
      toast.success(task.enabled ? t('resumed') : t('paused'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: taskApi.remove,
    onSuccess: () => {
      toast.success(t('deleted'));
      refresh();
    },
  });

  const actionColumn = useActionColumn<Task>(t('actions'), 220, (row) => (
    <>
      <Auth code={TaskPerm.taskRun}>
        <RowAction icon={<PlayCircleOutlined />} onClick={() => run.mutate(row)} testId="task-run">
          {t('runNow')}
        </RowAction>
      </Auth>
      <EditDeleteActions
        prefix="task"
        editCode={TaskPerm.taskEdit}
        onEdit={() => setEditing(row)}
        editLabel={t('edit')}
        deleteCode={TaskPerm.taskDelete}
        deleteTitle={t('deleteConfirm', { name: taskName(row) })}
        onDelete={() => remove.mutateAsync(row.id).catch(() => undefined)}
        deleteLabel={t('delete')}
      />
    </>
  ));
  const columns: ColumnsType<Task> = [
    { title: t('name'), dataIndex: 'name', key: 'name', render: (_: string, row) => taskName(row) },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (enabled: boolean, row) =>
        has(TaskPerm.taskRun) ? (
          <Switch
            checked={enabled}
            loading={setState.isPending && setState.variables?.id === row.id}
            onChange={(checked) => setState.mutate({ id: row.id, enabled: checked })}
            aria-label={t('enabledOf', { name: taskName(row) })}
            data-testid="task-state"
          />
        ) : (
          <Tag>{enabled ? t('on') : t('off')}</Tag>
        ),
    },
    {
      title: t('job'),
      dataIndex: 'jobCode',
      key: 'jobCode',
      render: (code: TaskJobCode) => t(`jobs.${jobKey(code)}`),
    },
    { title: t('cron'), dataIndex: 'cron', key: 'cron', render: (cron: string) => <code>{cron}</code> },
    { title: t('timeZone'), dataIndex: 'timeZone', key: 'timeZone' },
    {
      title: t('nextRun'),
      dataIndex: 'nextRunAt',
      key: 'nextRunAt',
      // In the screen's zone; also in the task's own, as its cron expression reads, when that differs.
      render: (at: number | null, row) =>
        at ? (
          <Space direction="vertical" size={0}>
            <span data-testid="task-next-run">{formatDate(at, TIME)}</span>
            {row.timeZone !== BROWSER_ZONE && (
              <Typography.Text type="secondary" data-testid="task-next-zone">
                {t('inZone', { time: formatDate(at, 'MM-dd HH:mm', row.timeZone), zone: row.timeZone })}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t('lastResult'),
      key: 'last',
      render: (_: unknown, row) => (
        <Space size={4}>
          <ResultTag result={row.lastResult} />
          {row.lastRunAt ? formatDate(row.lastRunAt, TIME) : ''}
        </Space>
      ),
    },
    actionColumn,
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={t('tasks')}
        extra={
          <Typography.Text type="secondary" data-testid="task-zone-note">
            {t('zoneNote', { zone: BROWSER_ZONE })}
          </Typography.Text>
        }
        data-testid="task-page"
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Auth code={TaskPerm.taskAdd}>
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="task-add">
              {t('add')}
            </Button>
          </Auth>
          <Button icon={<ReloadOutlined />} onClick={refresh} data-testid="task-refresh">
            {t('refresh')}
          </Button>
        </Space>
        <PagedTable<Task>
          testId="task-table"
          query={query}
          columns={columns}
          page={page}
          setPage={setPage}
          showTotal={(total) => t('total', { count: total })}
        />
      </Card>
      <RunLog tasks={query.data?.list ?? []} live={live} />
      {editing && (
        <TaskFormModal
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Space>
  );
}

/** A task started with Run now: when (the browser's clock) and its last run then (the server's). */
interface Started {
  at: number;
  lastRunAt: number | null;
}

/**
 * True while the list should be read again: a task shows a running run, or was started here with
 * Run now and its last run is still the one before (for at most RUN_WAIT_MS).
 */
function listIsLive(tasks: Task[], started: Record<string, Started>): boolean {
  const now = Date.now();
  return tasks.some((task) => {
    if (task.lastResult === 'running') return true;
    const s = started[task.id];
    return s !== undefined && now - s.at < RUN_WAIT_MS && task.lastRunAt === s.lastRunAt;
  });
}

/** The run log; `live` (a run under way or awaited above) or a running run of its own keeps it reading. */
function RunLog({ tasks, live }: { tasks: Task[]; live: boolean }) {
  const { t } = useTranslation('task');
  const taskName = useTaskName();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [taskId, setTaskId] = useState<string | undefined>();
  const [result, setResult] = useState<TaskResult | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const params: QueryParams = {
    ...page,
    taskId,
    result,
    startTime: range?.[0]?.startOf('day').valueOf(),
    endTime: range?.[1]?.endOf('day').valueOf(),
  };
  const query = useQuery({
    queryKey: taskKeys.runs(params),
    queryFn: () => taskApi.runs(params),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      live || (q.state.data?.list ?? []).some((r) => r.result === 'running') ? POLL_MS : false,
  });
  const first = { currentPage: 1, pageSize: page.pageSize };
  const columns: ColumnsType<TaskRun> = [
    {
      title: t('name'),
      dataIndex: 'taskName',
      key: 'taskName',
      // A run keeps the name its task had; while the task still bears it, in the reader's language.
      render: (name: string, row) => {
        const task = tasks.find((x) => x.id === row.taskId && x.name === name);
        return task ? taskName(task) : name;
      },
    },
    { title: t('trigger'), dataIndex: 'trigger', key: 'trigger', render: (v: string) => t(`triggers.${v}`) },
    { title: t('attempt'), dataIndex: 'attempt', key: 'attempt', width: 70 },
    {
      title: t('start'),
      dataIndex: 'startedAt',
      key: 'startedAt',
      render: (at: number) => formatDate(at, TIME),
    },
    {
      title: t('end'),
      dataIndex: 'endedAt',
      key: 'endedAt',
      render: (at: number | null) => (at ? formatDate(at, TIME) : '-'),
    },
    {
      title: t('duration'),
      dataIndex: 'durationMs',
      key: 'durationMs',
      render: (ms: number | null) => (ms === null ? '-' : t('ms', { ms })),
    },
    {
      title: t('resultColumn'),
      dataIndex: 'result',
      key: 'result',
      render: (r: TaskResult) => <ResultTag result={r} />,
    },
    {
      title: t('detail'),
      key: 'detail',
      ellipsis: true,
      render: (_: unknown, row) =>
        row.error ? (
          <Typography.Text type="danger">{row.error}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{row.message}</Typography.Text>
        ),
    },
  ];
  return (
    <Card variant="borderless" title={t('runLog')} data-testid="task-runs">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('allTasks')}
          aria-label={t('filterTask')}
          style={{ width: 200 }}
          value={taskId}
          onChange={(v) => {
            setTaskId(v);
            setPage(first);
          }}
          options={tasks.map((x) => ({ value: x.id, label: taskName(x) }))}
          data-testid="task-runs-task"
        />
        <Select
          allowClear
          placeholder={t('allResults')}
          aria-label={t('filterResult')}
          style={{ width: 140 }}
          value={result}
          onChange={(v) => {
            setResult(v);
            setPage(first);
          }}
          options={TASK_RESULTS.map((r) => ({ value: r, label: t(`result.${r}`) }))}
          data-testid="task-runs-result"
        />
        <DateRangePicker
          aria-label={t('filterRange')}
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(first);
          }}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void query.refetch()}
          data-testid="task-runs-refresh"
        >
          {t('refresh')}
        </Button>
      </Space>
      <PagedTable<TaskRun>
        testId="task-runs-table"
        query={query}
        columns={columns}
        page={page}
        setPage={setPage}
        showTotal={(total) => t('runTotal', { count: total })}
      />
    </Card>
  );
}

const TIME_ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [DEFAULT_TASK_TIME_ZONE, 'UTC'];
  }
})();

/** The next five runs of what the form holds, from the server (the runner's own cron evaluation). */
function CronPreviewList({ cron, timeZone }: { cron: string; timeZone: string }) {
  const { t } = useTranslation('task');
  const deferred = useDeferredValue(`${cron}\u0000${timeZone}`);
  const [c, z] = deferred.split('\u0000') as [string, string];
  const ready = c.trim().split(/\s+/).length === 5 && !!z;
  const query = useQuery({
    queryKey: taskKeys.preview(c.trim(), z),
    queryFn: () => taskApi.preview(c.trim(), z),
    enabled: ready,
    retry: false,
  });
  if (!ready) return <Typography.Text type="secondary">{t('previewHint')}</Typography.Text>;
  if (query.error)
    return (
      <Typography.Text type="danger" data-testid="task-preview-error">
        {query.error instanceof ApiError
          ? (query.error.fields?.cron ?? query.error.message)
          : t('previewFailed')}
      </Typography.Text>
    );
  return (
    <ol data-testid="task-preview" style={{ margin: 0, paddingInlineStart: 20 }}>
      {(query.data?.next ?? []).map((at) => (
        <li key={at}>{formatDate(at, TIME, z)}</li>
      ))}
    </ol>
  );
}

function TaskFormModal({
  task,
  onClose,
  onSaved,
}: {
  task: Task | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('task');
  const [form] = Form.useForm<TaskBody>();
  const jobs = useQuery({ queryKey: taskKeys.jobs, queryFn: taskApi.jobs });
  const jobCode = Form.useWatch('jobCode', form) as TaskJobCode | undefined;
  const cron = (Form.useWatch('cron', form) as string | undefined) ?? '';
  const timeZone = (Form.useWatch('timeZone', form) as string | undefined) ?? '';
  const param = jobCode ? TASK_JOB_PARAMS[jobCode] : null;
  const save = useMutation({
    mutationFn: (values: TaskBody) => {
      const spec = TASK_JOB_PARAMS[values.jobCode];
      const body: TaskBody = {
        ...values,
        name: values.name.trim(),
        nameEn: values.nameEn?.trim() ?? '',
        nameTw: values.nameTw?.trim() ?? '',
        cron: values.cron.trim(),
        params: spec ? { [spec.name]: values.params?.[spec.name] } : {},
      };
      return task ? taskApi.update(task.id, body) : taskApi.create(body);
    },
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields)
        form.setFields(
          Object.entries(error.fields).map(([name, message]) => ({
            name: name.split('.') as never,
            errors: [message],
          })),
        );
    },
  });
  const initialValues: Partial<TaskBody> = task
    ? { ...task, params: task.params }
    : {
        name: '',
        nameEn: '',
        nameTw: '',
        jobCode: 'log.purge',
        params: { days: 30 },
        cron: '0 2 * * *',
        timeZone: DEFAULT_TASK_TIME_ZONE,
        enabled: true,
      };
  return (
    <FormModal<TaskBody>
      form={form}
      title={task ? t('editTitle') : t('addTitle')}
      testId="task-form"
      width={600}
      saving={save.isPending}
      initialValues={initialValues}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('required') }]}
      >
        <Input maxLength={50} data-testid="task-form-name" />
      </Form.Item>
      <OtherNameFields
        names={['nameEn', 'nameTw']}
        labels={[t('nameEn'), t('nameTw')]}
        max={50}
        testId="task-form"
      />
      <Form.Item name="jobCode" label={t('job')} rules={[{ required: true, message: t('required') }]}>
        <Select
          data-testid="task-form-job"
          options={(jobs.data ?? []).map((j) => ({ value: j.code, label: t(`jobs.${jobKey(j.code)}`) }))}
        />
      </Form.Item>
      {param && (
        <Form.Item
          name={['params', param.name]}
          label={t(`params.${param.name}`)}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber min={param.min} max={param.max} precision={0} data-testid="task-form-param" />
        </Form.Item>
      )}
      <Form.Item
        name="cron"
        label={t('cron')}
        extra={t('cronHelp')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Input maxLength={100} data-testid="task-form-cron" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item name="timeZone" label={t('timeZone')} rules={[{ required: true, message: t('required') }]}>
        <Select
          showSearch
          options={TIME_ZONES.map((z) => ({ value: z, label: z }))}
          data-testid="task-form-tz"
        />
      </Form.Item>
      <Form.Item label={t('preview')}>
        <CronPreviewList cron={cron} timeZone={timeZone} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch data-testid="task-form-enabled" />
      </Form.Item>
    </FormModal>
  );
}
