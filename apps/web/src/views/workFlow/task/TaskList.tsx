import { FLOW_LIST_TYPE, type FlowListType, type FlowTaskItem, formatDate } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Form, Space, Tag, Typography } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RowAction } from '../../../components/listActions';
import { PagedTable } from '../../../components/listPage';
import { useActionsFixed } from '../../../components/useActionsFixed';
import { useListParams } from '../../../components/useListParams';
import { flowTaskApi, flowTaskKeys, type TaskListParams } from './api';
import { taskPath } from './paths';
import { StatusTag, UrgencyTag } from './status';
import { filterParams, TaskFilters, type TaskFilterValues } from './TaskFilters';

/** The task's title, linking to its page; a delegated to-do says whose it is. */
function TitleCell({ item }: { item: FlowTaskItem }) {
  return (
    <Space size={4} wrap>
      {/* Held to 320 px: a title carrying a long company name ends in "…" (whole in its tooltip). */}
      <Link
        to={taskPath(item.id)}
        data-testid="flow-task-link"
        title={item.title}
        className="srm-ellipsis"
        style={{ maxWidth: 320 }}
      >
        {item.title}
      </Link>
      {item.delegatorName && <Tag color="purple">{item.delegatorName}</Tag>}
    </Space>
  );
}

export interface TaskListProps {
  type: FlowListType;
  /** Test ids of the filters and the table. */
  prefix: string;
  /** Buttons beside search and reset (batch approve …). */
  actions?: (selected: FlowTaskItem[], clear: () => void) => ReactNode;
  /** Rows may be selected (the to-do list's batch approve). */
  selectable?: boolean;
  /** The action column (withdraw …); by default a link to the task page named `viewLabel`. */
  rowActions?: (item: FlowTaskItem) => ReactNode;
  /** The default action's text key (view, handle). */
  viewLabel?: 'view' | 'handle';
}

/**
 * One list of tasks (FlowBefore/List/{type}): to-do, done, copied to me, launched by me — the same
 * filters and columns, each list showing the time that matters to it (handled or launched).
 * A push (a to-do arrives or is taken, a step of my task) reads it again (`useFlowTaskLive`).
 */
export function TaskList({
  type,
  prefix,
  actions,
  selectable = false,
  rowActions,
  viewLabel = 'view',
}: TaskListProps) {
  const { t } = useTranslation('flowTask');
  const [form] = Form.useForm<TaskFilterValues>();
  const list = useListParams<TaskListParams>();
  const params = { ...list.params } as TaskListParams;
  const query = useQuery({
    queryKey: flowTaskKeys.list(type, params),
    queryFn: () => flowTaskApi.list(type, params),
    placeholderData: keepPreviousData,
  });
  const fixed = useActionsFixed();
  const navigate = useNavigate();
  const actionsOf =
    rowActions ??
    ((item: FlowTaskItem) => (
      <RowAction onClick={() => navigate(taskPath(item.id))} testId={`flow-row-${viewLabel}`}>
        {t(`action.${viewLabel}`)}
      </RowAction>
    ));
  const [selected, setSelected] = useState<string[]>([]);
  const rows = query.data?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.operatorId ?? r.id));

  const columns: ColumnsType<FlowTaskItem> = [
    { key: 'title', title: t('col.title'), render: (_, item) => <TitleCell item={item} /> },
    { key: 'billNo', title: t('col.billNo'), dataIndex: 'billNo' },
    { key: 'flow', title: t('col.flow'), dataIndex: 'flowName' },
    ...(type === FLOW_LIST_TYPE.launched
      ? []
      : [{ key: 'launcher', title: t('col.launcher'), dataIndex: 'launcherName' }]),
    { key: 'node', title: t('col.node'), render: (_, item) => item.nodeName || '-' },
    { key: 'urgency', title: t('col.urgency'), render: (_, item) => <UrgencyTag urgency={item.urgency} /> },
    ...(type === FLOW_LIST_TYPE.todo
      ? []
      : [
          {
            key: 'status',
            title: t('col.status'),
            render: (_: unknown, item: FlowTaskItem) => <StatusTag status={item.status} />,
          },
        ]),
    {
      key: 'createdAt',
      title: t('col.launchedAt'),
      render: (_, item) => formatDate(item.createdAt),
    },
    ...(type === FLOW_LIST_TYPE.done
      ? [
          {
            key: 'handledAt',
            title: t('col.handledAt'),
            render: (_: unknown, item: FlowTaskItem) => formatDate(item.handledAt),
          },
        ]
      : []),
    {
      key: 'actions',
      title: t('col.actions'),
      fixed: fixed ? ('right' as const) : undefined,
      render: (_: unknown, item: FlowTaskItem) => actionsOf(item),
    },
  ];
  const rowSelection: TableProps<FlowTaskItem>['rowSelection'] | undefined = selectable
    ? {
        selectedRowKeys: selected,
        onChange: (keys) => setSelected(keys.map(String)),
        getCheckboxProps: (item) => ({ 'aria-label': t('list.select', { title: item.title }) }) as never,
      }
    : undefined;

  return (
    <Card variant="borderless">
      <TaskFilters
        type={type}
        prefix={prefix}
        form={form}
        onSearch={(values) => list.search(filterParams(values))}
        onReset={list.reset}
        actions={actions?.(chosen, () => setSelected([]))}
      />
      <Typography.Text className="srm-visually-hidden" role="status">
        {query.data ? t('list.count', { count: query.data.pagination.total }) : ''}
      </Typography.Text>
      <PagedTable<FlowTaskItem>
        testId={`${prefix}-table`}
        query={query}
        columns={columns}
        page={list.page}
        setPage={list.setPage}
        showTotal={(total) => t('list.total', { total })}
        rowKey={(item) => item.operatorId ?? item.id}
        rowSelection={rowSelection}
      />
    </Card>
  );
}
