import { DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { FlowAdminPerm, type FlowDelegate, type FlowDelegateSave, formatDate } from '@srm/contracts/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Radio, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/request';
import { Auth } from '../../../components/Auth';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { ListTable } from '../../../components/ListTable';
import { RowAction } from '../../../components/listActions';
import { FormModal } from '../../../components/listPage';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { UserSelect } from '../../../components/user';
import { useUserStore } from '../../../store/user';
import { toast } from '../../../utils/message';
import { FlowSelect } from '../FlowSelect';
import { entrustApi, entrustKeys } from './api';

type State = 'upcoming' | 'active' | 'ended';
const STATE_COLOR: Record<State, string> = { upcoming: 'blue', active: 'green', ended: 'default' };
const stateOf = (d: FlowDelegate, now: number): State =>
  now < d.startTime ? 'upcoming' : now < d.endTime ? 'active' : 'ended';
const TIME = 'yyyy-MM-dd HH:mm';

interface Values {
  toUserId: string | null;
  scope: 'all' | 'chosen';
  flowIds: string[];
  window: [Dayjs | null, Dayjs | null] | null;
  description: string;
}

/** The new or edited delegation; a refusal of the server (self, chain, overlap) stays in the dialog. */
function EntrustModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: FlowDelegate | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('flowAdmin');
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const scope = Form.useWatch('scope', form);
  const save = useMutation({
    mutationFn: (body: FlowDelegateSave) =>
      editing ? entrustApi.update(editing.id, body) : entrustApi.create(body),
    onSuccess: () => {
      toast.success(t('entrust.saved'));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      setRefusal(error.msg);
      // The server names the field it refuses: the delegate, or the end of the period.
      const fields = error.fields ?? {};
      form.setFields(
        Object.entries(fields).map(([name, message]) => ({
          name: name === 'startTime' || name === 'endTime' ? 'window' : name,
          errors: [message],
        })) as never,
      );
    },
  });
  const initial: Partial<Values> = editing
    ? {
        toUserId: editing.toUserId,
        scope: editing.flowIds ? 'chosen' : 'all',
        flowIds: editing.flowIds ?? [],
        window: [dayjs(editing.startTime), dayjs(editing.endTime)],
        description: editing.description,
      }
    : {
        toUserId: null,
        scope: 'all',
        flowIds: [],
        window: [dayjs().startOf('minute'), dayjs().add(7, 'day').endOf('day').startOf('minute')],
        description: '',
      };
  const finish = (v: Values) => {
    const [start, end] = v.window ?? [null, null];
    // The window's rule has checked both ends and the delegate.
    if (!start || !end || !v.toUserId) return;
    setRefusal(null);
    save.mutate({
      toUserId: v.toUserId,
      flowIds: v.scope === 'chosen' ? v.flowIds : null,
      startTime: start.valueOf(),
      endTime: end.valueOf(),
      description: v.description?.trim() ?? '',
    });
  };
  return (
    <FormModal<Values>
      form={form}
      title={editing ? t('entrust.edit') : t('entrust.add')}
      testId="entrust-form"
      width={560}
      saving={save.isPending}
      initialValues={initial}
      onFinish={finish}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={t('entrust.refused')}
          description={refusal}
          style={{ marginBottom: 16 }}
          data-testid="entrust-refusal"
        />
      )}
      <Form.Item
        name="toUserId"
        label={t('entrust.delegate')}
        rules={[{ required: true, message: t('entrust.delegateRequired') }]}
      >
        <UserSelect
          staffOnly
          knownLabels={editing ? { [editing.toUserId]: editing.toUserName } : undefined}
          data-testid="entrust-delegate"
        />
      </Form.Item>
      <Form.Item name="scope" label={t('entrust.scope')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('entrust.allFlows') },
            { value: 'chosen', label: t('entrust.chosenFlows') },
          ]}
          data-testid="entrust-scope"
        />
      </Form.Item>
      {scope === 'chosen' && (
        <Form.Item
          name="flowIds"
          label={t('entrust.flows')}
          rules={[{ required: true, type: 'array', min: 1, message: t('entrust.flowsRequired') }]}
        >
          <FlowSelect multiple placeholder={t('entrust.flowsPlaceholder')} data-testid="entrust-flows" />
        </Form.Item>
      )}
      <Form.Item
        name="window"
        label={t('entrust.window')}
        rules={[
          {
            validator: (_, v: Values['window']) =>
              v?.[0] && v[1] ? Promise.resolve() : Promise.reject(new Error(t('entrust.windowRequired'))),
          },
        ]}
      >
        <DateRangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={[t('entrust.startTime'), t('entrust.endTime')]}
          style={{ width: '100%' }}
          data-testid="entrust-window"
        />
      </Form.Item>
      <Form.Item name="description" label={t('entrust.description')}>
        <Input.TextArea
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('entrust.descriptionPlaceholder')}
          data-testid="entrust-description"
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Workflow → delegation (`workFlow.entrust`): the caller hands his to-dos of all or chosen flows to
 * another user for a period, edits and ends his delegations, and sees those made to him.
 */
export default function EntrustPage() {
  const { t } = useTranslation('flowAdmin');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const actionsFixed = useActionsFixed();
  const me = useUserStore((s) => s.userInfo?.userId ?? '');
  const [editing, setEditing] = useState<FlowDelegate | 'new' | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const list = useQuery({ queryKey: entrustKeys.all, queryFn: entrustApi.list });
  const refresh = () => queryClient.invalidateQueries({ queryKey: entrustKeys.all });
  const end = useMutation({
    mutationFn: (d: FlowDelegate) => entrustApi.end(d.id),
    onSuccess: (_, d) => {
      toast.success(stateOf(d, Date.now()) === 'active' ? t('entrust.ended') : t('entrust.removed'));
      void refresh();
    },
  });
  const now = Date.now();
  const open = (what: FlowDelegate | 'new') => {
    opener.current = document.activeElement as HTMLElement | null;
    setEditing(what);
  };
  const close = () => {
    setEditing(null);
    // Back where the user was: the add button or the row's edit link.
    setTimeout(() => opener.current?.focus(), 0);
  };
  const confirmEnd = (d: FlowDelegate) => {
    const active = stateOf(d, Date.now()) === 'active';
    modal.confirm({
      title: t('common:tip'),
      content: t(active ? 'entrust.endConfirm' : 'entrust.removeConfirm', { name: d.toUserName }),
      okText: t('common:confirm'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'entrust-end-ok' } as never,
      onOk: () => end.mutateAsync(d).catch(() => undefined),
    });
  };

  const common: ColumnsType<FlowDelegate> = [
    {
      title: t('entrust.scope'),
      key: 'flows',
      width: 220,
      render: (_, d) =>
        d.flowIds ? (
          <Space size={[0, 4]} wrap>
            {d.flowNames.map((name, i) => (
              <Tag key={d.flowIds?.[i] ?? name}>{name}</Tag>
            ))}
          </Space>
        ) : (
          t('entrust.allFlows')
        ),
    },
    {
      title: t('entrust.window'),
      key: 'window',
      width: 290,
      render: (_, d) => `${formatDate(d.startTime, TIME)} ~ ${formatDate(d.endTime, TIME)}`,
    },
    {
      title: t('entrust.state'),
      key: 'state',
      width: 100,
      render: (_, d) => {
        const state = stateOf(d, now);
        return (
          <Tag color={STATE_COLOR[state]} data-testid="entrust-state">
            {t(`entrust.states.${state}`)}
          </Tag>
        );
      },
    },
    {
      title: t('entrust.description'),
      dataIndex: 'description',
      key: 'description',
      width: 200,
      ellipsis: true,
    },
  ];
  const givenColumns: ColumnsType<FlowDelegate> = [
    { title: t('entrust.delegate'), dataIndex: 'toUserName', key: 'toUserName', width: 140 },
    ...common,
    {
      title: t('entrust.actions'),
      key: 'actions',
      fixed: actionsFixed,
      width: 160,
      render: (_, d) => {
        const state = stateOf(d, now);
        return (
          <Space size={0} wrap>
            {state !== 'ended' && (
              <RowAction icon={<EditOutlined />} onClick={() => open(d)} testId="entrust-edit">
                {t('entrust.edit')}
              </RowAction>
            )}
            <RowAction
              icon={state === 'active' ? <StopOutlined /> : <DeleteOutlined />}
              danger
              onClick={() => confirmEnd(d)}
              testId="entrust-end"
            >
              {state === 'active' ? t('entrust.end') : t('entrust.remove')}
            </RowAction>
          </Space>
        );
      },
    },
  ];
  const receivedColumns: ColumnsType<FlowDelegate> = [
    { title: t('entrust.delegator'), dataIndex: 'fromUserName', key: 'fromUserName', width: 140 },
    ...common,
  ];
  const rows = list.data ?? [];
  const table = (testId: string, columns: ColumnsType<FlowDelegate>, data: FlowDelegate[]) => (
    <ListTable<FlowDelegate>
      rowKey="id"
      size="middle"
      data-testid={testId}
      loading={list.isFetching}
      columns={columns}
      dataSource={data}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('entrust.empty')} /> }}
      pagination={{
        pageSize: 20,
        hideOnSinglePage: true,
        showTotal: (total) => t('entrust.total', { total }),
      }}
    />
  );

  return (
    <Card variant="borderless" title={t('entrust.title')} data-testid="entrust-page">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('entrust.hint')}
        </Typography.Paragraph>
        <Auth code={FlowAdminPerm.entrust}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open('new')}
            data-testid="entrust-add"
          >
            {t('entrust.add')}
          </Button>
        </Auth>
        <Tabs
          items={[
            {
              key: 'given',
              label: t('entrust.given'),
              children: table(
                'entrust-given',
                givenColumns,
                rows.filter((d) => d.fromUserId === me),
              ),
            },
            {
              key: 'received',
              label: t('entrust.received'),
              children: table(
                'entrust-received',
                receivedColumns,
                rows.filter((d) => d.toUserId === me),
              ),
            },
          ]}
        />
      </Space>
      {editing && (
        <EntrustModal
          editing={editing === 'new' ? null : editing}
          onClose={close}
          onSaved={() => void refresh()}
        />
      )}
    </Card>
  );
}
