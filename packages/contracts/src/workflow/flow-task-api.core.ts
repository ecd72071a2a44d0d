// The zod-free part of flow-task-api.ts: paths, permission codes and list kinds of the task runtime
// (launch, to-do, done, copied-to-me, monitor, entrust) and the business forms in code.
import { VENDOR_ADMISSION_FORM, VENDOR_CHANGE_FORM } from '../vendor/vendor-register.core';
import type { FormSchema } from './flow-model.core';

/** The task calls (spec §7 Workflow). */
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
 * The workFlow menu group's codes (spec §2.3). A page is seeded when its screen is built
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
] as const;
export type FlowFormName = (typeof FLOW_FORM_NAMES)[number];

export const PURCHASE_REQUISITION_FORM: FormSchema = {
  name: 'PurchaseRequisition',
  title: '采购申请',
  titles: { 'en-US': 'Purchase requisition', 'zh-TW': '採購申請' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'deptId',
      type: 'dept',
      label: '申请部门',
      labels: { 'en-US': 'Department', 'zh-TW': '申請部門' },
      required: true,
    },
    {
      name: 'requesterId',
      type: 'user',
      label: '申请人',
      labels: { 'en-US': 'Requester', 'zh-TW': '申請人' },
      required: true,
    },
    {
      name: 'reason',
      type: 'textarea',
      label: '申请事由',
      labels: { 'en-US': 'Reason', 'zh-TW': '申請事由' },
      required: true,
      maxLength: 500,
      span: 24,
    },
    {
      name: 'neededBy',
      type: 'date',
      label: '需求日期',
      labels: { 'en-US': 'Needed by', 'zh-TW': '需求日期' },
      required: true,
    },
    {
      name: 'lines',
      type: 'table',
      label: '采购明细',
      labels: { 'en-US': 'Lines', 'zh-TW': '採購明細' },
      required: true,
      span: 24,
      columns: [
        {
          name: 'item',
          type: 'input',
          label: '物料名称',
          labels: { 'en-US': 'Item', 'zh-TW': '物料名稱' },
          required: true,
          maxLength: 100,
        },
        {
          name: 'spec',
          type: 'input',
          label: '规格型号',
          labels: { 'en-US': 'Spec', 'zh-TW': '規格型號' },
          maxLength: 100,
        },
        {
          name: 'unit',
          type: 'input',
          label: '单位',
          labels: { 'en-US': 'Unit', 'zh-TW': '單位' },
          required: true,
          maxLength: 20,
        },
        {
          name: 'quantity',
          type: 'number',
          label: '数量',
          labels: { 'en-US': 'Quantity', 'zh-TW': '數量' },
          required: true,
          min: 0.01,
          max: 99_999_999,
          precision: 2,
        },
        {
          name: 'price',
          type: 'money',
          label: '预估单价',
          labels: { 'en-US': 'Estimated price', 'zh-TW': '預估單價' },
          required: true,
          min: 0,
          max: 999_999_999,
          precision: 2,
        },
        {
          name: 'amount',
          type: 'money',
          label: '金额',
          labels: { 'en-US': 'Amount', 'zh-TW': '金額' },
          precision: 2,
          computed: 'lines.quantity * lines.price',
        },
      ],
    },
    {
      name: 'total',
      type: 'money',
      label: '合计金额',
      labels: { 'en-US': 'Total', 'zh-TW': '合計金額' },
      precision: 2,
      computed: 'sum(lines.amount)',
    },
    {
      name: 'attachments',
      type: 'upload',
      label: '附件',
      labels: { 'en-US': 'Attachments', 'zh-TW': '附件' },
      span: 24,
    },
  ],
};

export const LEAVE_APPLY_FORM: FormSchema = {
  name: 'LeaveApply',
  title: '请假申请',
  titles: { 'en-US': 'Leave application', 'zh-TW': '請假申請' },
  layout: { columns: 2, labelWidth: 100 },
  fields: [
    {
      name: 'leaveType',
      type: 'select',
      label: '请假类型',
      labels: { 'en-US': 'Leave type', 'zh-TW': '請假類型' },
      required: true,
      dictionary: 'leaveType',
    },
    {
      name: 'startDate',
      type: 'date',
      label: '开始日期',
      labels: { 'en-US': 'From', 'zh-TW': '開始日期' },
      required: true,
    },
    {
      name: 'endDate',
      type: 'date',
      label: '结束日期',
      labels: { 'en-US': 'To', 'zh-TW': '結束日期' },
      required: true,
    },
    {
      name: 'days',
      type: 'number',
      label: '请假天数',
      labels: { 'en-US': 'Days', 'zh-TW': '請假天數' },
      required: true,
      min: 0.5,
      max: 365,
      precision: 1,
      rules: [{ rule: 'duration' }],
    },
    {
      name: 'reason',
      type: 'textarea',
      label: '请假事由',
      labels: { 'en-US': 'Reason', 'zh-TW': '請假事由' },
      required: true,
      maxLength: 500,
      span: 24,
    },
  ],
};

export const FLOW_FORMS: Readonly<Record<FlowFormName, FormSchema>> = {
  PurchaseRequisition: PURCHASE_REQUISITION_FORM,
  LeaveApply: LEAVE_APPLY_FORM,
  VendorAdmission: VENDOR_ADMISSION_FORM,
  VendorChange: VENDOR_CHANGE_FORM,
};
