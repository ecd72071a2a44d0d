// The zod-free part of flow-task-api.ts: paths, permission codes and list kinds of the task runtime
// (launch, to-do, done, copied-to-me, monitor, entrust) and the business forms in code.

/** The task calls (docs/rules.md#workflow). */
export const FlowTaskApi = {
  /** POST `${before}/List/{type}` (type: FLOW_LIST_TYPE); GET `${before}/{id}` (task id). */
  before: '/api/flow/FlowEngine/FlowBefore',
  /** POST `${audit}/{id}`, reject, transfer: `id` is the to-do item (operatorId). */
  audit: '/api/flow/FlowEngine/FlowBefore/Audit',
  reject: '/api/flow/FlowEngine/FlowBefore/Reject',
  transfer: '/api/flow/FlowEngine/FlowBefore/Transfer',
  /** POST `${breakOff}/{id}`: the launcher withdraws his in-progress task (task id). */
  breakOff: '/api/flow/FlowEngine/FlowBefore/breakOff',
  /** POST: approve several to-do items, each in its own transaction. */
  batchAudit: '/api/flow/FlowEngine/FlowBefore/BatchAudit',
  /** GET: the released flows the caller may launch, by category. */
  flowTreeList: '/api/flow/FlowEngine/FlowBefore/getFlowTreeList',
  /** GET: every task of the tenant (flowMonitor). */
  monitorList: '/api/flow/FlowEngine/FlowBefore/getMonitorList',
  /** POST `${recall}/{id}`: the caller's own approval (operatorId) taken back. */
  recall: '/api/workflow/Engine/FlowBefore/Recall',
  /** POST `${cancel}/{id}` (task id): terminate from the monitor. */
  cancel: '/api/workflow/Engine/FlowBefore/Cancel',
  /** POST `${assign}/{id}` (task id): replace a node's handlers from the monitor. */
  assign: '/api/workflow/Engine/FlowBefore/Assign',
  /** GET `${ofFlow}/{flowId}/{taskId}`: a task's detail, found by its flow and its id. */
  ofFlow: '/api/flow/FlowTask',
  /** POST (new task), PUT `${task}/{id}` (edit a draft, resubmit after a reject), GET `${task}/{id}`. */
  task: '/api/workflow/Engine/FlowTask',
  /** POST (multipart `file`): an attachment of a task's form, named by its id in the form's upload fields. */
  upload: '/api/workflow/Engine/FlowTask/Upload',
  /** GET `${form}/{Name}/{id}` (id 0: an empty form), POST `${form}/{Name}`, PUT `${form}/{Name}/{id}`. */
  form: '/api/workflow/Form',
  /** Entrust: GET list, POST create, PUT `${entrust}/{id}` edit, DELETE `${entrust}/{id}` end. */
  entrust: '/api/workflow/Engine/FlowDelegate',
} as const;

/** `FlowBefore/List/{type}`: 1 to-do, 2 done, 3 copied to me, 4 launched by me. */
export const FLOW_LIST_TYPE = { todo: 1, done: 2, circulate: 3, launched: 4 } as const;
export type FlowListType = (typeof FLOW_LIST_TYPE)[keyof typeof FLOW_LIST_TYPE];

/** The list a `List/{type}` path names ('1'…'4' or todo, done, circulate, launched), or null. */
export function flowListTypeOf(type: string): FlowListType | null {
  const byName = (FLOW_LIST_TYPE as Record<string, FlowListType>)[type];
  if (byName !== undefined && Object.hasOwn(FLOW_LIST_TYPE, type)) return byName;
  const n = Number(type);
  return (Object.values(FLOW_LIST_TYPE) as number[]).includes(n) && /^\d$/.test(type)
    ? (n as FlowListType)
    : null;
}

/**
 * The workFlow menu group's codes (docs/rules.md#menus). A page is seeded when its screen is built
 * (`FlowTaskPerm` below; `FlowEnginePerm` for the designer). The calls a person makes on his own
 * items (launch, his to-dos, done items, copies) stay open to every signed-in user and
 * are scoped by the service (an item that is not yours: 403), page or no page: the flow, not the
 * menu, names the approvers (a role, a manager, a form's user field), and whoever it names must be
 * able to open the message's link and act. The pages grant what their screens need besides
 * (the user and department pickers) and put the screens in the menu. His entrusts need `entrust`
 * (every staff role holds it); the monitor's calls need `flowMonitor` (the administrators').
 */
export const FLOW_TASK_CODES = {
  flowLaunch: 'workFlow.flowLaunch',
  flowTodo: 'workFlow.flowTodo',
  flowDone: 'workFlow.flowDone',
  flowCirculate: 'workFlow.flowCirculate',
  entrust: 'workFlow.entrust',
  flowMonitor: 'workFlow.flowMonitor',
} as const;

/** The staff's task pages, seeded in the workFlow menu group (their calls: see FLOW_TASK_CODES). */
export const FlowTaskPerm = {
  flowLaunch: FLOW_TASK_CODES.flowLaunch,
  flowTodo: FLOW_TASK_CODES.flowTodo,
  flowDone: FLOW_TASK_CODES.flowDone,
  flowCirculate: FLOW_TASK_CODES.flowCirculate,
} as const;

/**
 * The workFlow pages seeded so far besides the designer (FlowEnginePerm): a person's entrusts and
 * the administrators' monitor. Each code guards its calls on the server.
 */
export const FlowAdminPerm = {
  entrust: FLOW_TASK_CODES.entrust,
  flowMonitor: FLOW_TASK_CODES.flowMonitor,
} as const;

/**
 * Task attachments: the attachment type of the file domain's download route
 * (`/api/file/Download/flowTask/{id}`, served only to those who may see the task), the kinds
 * accepted (by content: PDF, images, Word, Excel and PowerPoint files) and the most one form holds.
 * Their size is capped by the upload settings (system → settings, 5 MB by default).
 */
export const FLOW_FILE_TYPE = 'flowTask';
export const FLOW_FILE_ACCEPT = [
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.docx',
  '.xlsx',
  '.pptx',
].join(',');
export const FLOW_FILE_MAX_COUNT = 20;

/** The message link of a task (opened through /pageLink with the task id). */
export const FLOW_TASK_FORM_URL = 'workFlow/flowBefore';

/** The business forms in code, by name (the online form designer of a later issue adds more). */
export const FLOW_FORM_NAMES = [
  'PurchaseRequisition',
  'LeaveApply',
  'VendorAdmission',
  'VendorChange',
  'PurchaseOrder',
  'RfqAward',
  'InvoiceMismatch',
] as const;
export type FlowFormName = (typeof FLOW_FORM_NAMES)[number];
