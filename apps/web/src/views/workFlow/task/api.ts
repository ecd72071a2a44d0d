import {
  FLOW_LIST_TYPE,
  type FlowBatchResult,
  type FlowDefinitionSummary,
  FlowEngineApi,
  type FlowFormView,
  type FlowListType,
  type FlowOpinionBody,
  FlowTaskApi,
  type FlowTaskDetail,
  type FlowTaskEdit,
  type FlowTaskItem,
  type FlowTaskSaved,
  type FlowTree,
  type FlowUrgency,
  type Page,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

/** The filters of a task list (FlowBefore/List/{type} body). */
export interface TaskListParams extends QueryParams {
  currentPage: number;
  pageSize: number;
  keyword?: string;
  flowId?: string;
  launcherId?: string;
  startTime?: number;
  endTime?: number;
  urgency?: number;
  status?: number;
}

/** Every query of the task screens sits under this prefix: a push or an action reads them again. */
export const FLOW_TASK_QUERY_KEY = ['workFlow', 'task'] as const;
export const flowTaskKeys = {
  list: (type: FlowListType, params: TaskListParams) =>
    [...FLOW_TASK_QUERY_KEY, 'list', type, params] as const,
  todoCount: () => [...FLOW_TASK_QUERY_KEY, 'todoCount'] as const,
  tree: () => [...FLOW_TASK_QUERY_KEY, 'tree'] as const,
  flows: () => [...FLOW_TASK_QUERY_KEY, 'flows'] as const,
  detail: (id: string) => [...FLOW_TASK_QUERY_KEY, 'detail', id] as const,
  form: (name: string, id: string, flowId = '') =>
    [...FLOW_TASK_QUERY_KEY, 'form', name, id, flowId] as const,
  edit: (id: string) => [...FLOW_TASK_QUERY_KEY, 'edit', id] as const,
};

/** A fresh key per user intent: a retried or double-sent action is answered once (server side). */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export interface TaskSave {
  formData: Record<string, unknown>;
  urgency: FlowUrgency;
  submit: boolean;
}

export const flowTaskApi = {
  list: (type: FlowListType, params: TaskListParams) =>
    http.post<Page<FlowTaskItem>>(`${FlowTaskApi.before}/List/${type}`, params),
  todoCount: async () =>
    (
      await http.post<Page<FlowTaskItem>>(
        `${FlowTaskApi.before}/List/${FLOW_LIST_TYPE.todo}`,
        { pageSize: 1 },
        { silent: true },
      )
    ).pagination.total,
  tree: () => http.get<FlowTree>(FlowTaskApi.flowTreeList),
  /** The released flows, for the lists' flow filter. */
  flows: () => http.get<FlowDefinitionSummary[]>(FlowEngineApi.selector),
  detail: (id: string) =>
    http.get<FlowTaskDetail>(`${FlowTaskApi.before}/${id}`, undefined, { silent: true }),
  /** A new form of a flow (`flowId`) comes with its start node's field rights. */
  form: (name: string, id: string, flowId?: string) =>
    http.get<FlowFormView>(`${FlowTaskApi.form}/${name}/${id}`, flowId ? { flowId } : undefined),
  edit: (id: string) => http.get<FlowTaskEdit>(`${FlowTaskApi.task}/${id}`),
  /** Silent: a refused form shows its field messages on the fields. */
  create: (flowId: string, body: TaskSave) =>
    http.post<FlowTaskSaved>(FlowTaskApi.task, { flowId, ...body }, { silent: true, ...once() }),
  update: (id: string, body: TaskSave) =>
    http.put<FlowTaskSaved>(`${FlowTaskApi.task}/${id}`, body, { silent: true, ...once() }),
  /** Silent: the task page says what went wrong (409 already handled) in its own words. */
  act: (action: 'audit' | 'reject' | 'recall' | 'breakOff', id: string, body: FlowOpinionBody) =>
    http.post<{ status: number }>(`${FlowTaskApi[action]}/${id}`, body, { silent: true, ...once() }),
  transfer: (id: string, toUserId: string, handleOpinion: string) =>
    http.post<{ status: number }>(
      `${FlowTaskApi.transfer}/${id}`,
      { toUserId, handleOpinion },
      { silent: true, ...once() },
    ),
  batchAudit: (ids: string[], handleOpinion: string) =>
    http.post<FlowBatchResult>(FlowTaskApi.batchAudit, { ids, handleOpinion }),
};
