import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api/envelope';
import { FIELD_RIGHTS, FLOW_STATUSES, type FlowStatus, type FlowUrgency } from './flow-model.core';

export * from './flow-forms.core';
export * from './flow-task-api.core';

const urgencySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]) as z.ZodType<FlowUrgency>;
const statusSchema = z.coerce
  .number()
  .int()
  .refine((v) => (FLOW_STATUSES as readonly number[]).includes(v)) as unknown as z.ZodType<FlowStatus>;
const opinion = z.string().max(2000).default('');
const formData = z.record(z.string().max(100), z.unknown());
/** Approvers the launcher names for the nodes that let him choose, by node id. */
const choices = z.record(z.string().max(64), z.array(idSchema).max(50)).optional();

/** POST /api/workflow/Engine/FlowTask: a new task, saved as a draft or submitted at once. */
export const flowTaskCreateSchema = z.object({
  flowId: idSchema,
  formData,
  urgency: urgencySchema.default(1),
  /** false: save as a draft (status 0); true: submit (status 1). */
  submit: z.boolean().default(true),
  choices,
});
export type FlowTaskCreate = z.input<typeof flowTaskCreateSchema>;

/** PUT /api/workflow/Engine/FlowTask/{id}: edit a draft, or edit and resubmit after a reject or a withdrawal. */
export const flowTaskUpdateSchema = flowTaskCreateSchema.omit({ flowId: true });
export type FlowTaskUpdate = z.input<typeof flowTaskUpdateSchema>;

/** POST /api/workflow/Form/{Name} and PUT …/{id}: the form's own fields, with the flow and the submit flag. */
export const flowFormSaveSchema = flowTaskCreateSchema;
export const flowFormUpdateSchema = flowTaskUpdateSchema;
/** The form's registered name (an unknown one answers 404). */
export const flowFormParamSchema = z.object({ name: z.string().min(1).max(50) });
export const flowFormIdParamSchema = flowFormParamSchema.extend({ id: idSchema });
/** `/api/flow/FlowTask/{flowId}/{taskId}`: a task named by its flow definition and its own id. */
export const flowTaskOfFlowParamSchema = z.object({ flowId: idSchema, taskId: idSchema });

export const flowTaskSavedSchema = z.object({ id: z.string(), billNo: z.string(), status: z.number().int() });
export type FlowTaskSaved = z.infer<typeof flowTaskSavedSchema>;

/** `List/{type}`: 1–4 or the list's name (todo, done, circulate, launched); checked by the service. */
export const flowListParamSchema = z.object({ type: z.string().min(1).max(20) });

/** The filters of every task list (body of FlowBefore/List/{type}, query of getMonitorList). */
export const flowListQuerySchema = pageQuerySchema.extend({
  flowId: idSchema.optional(),
  launcherId: idSchema.optional(),
  /** Launched (created) from / to, epoch ms. */
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
  urgency: z.coerce.number().int().min(1).max(3).optional(),
  status: statusSchema.optional(),
});
export type FlowListQuery = z.input<typeof flowListQuerySchema>;

/** One line of a task list. */
export const flowTaskItemSchema = z.object({
  /** The task. */
  id: z.string(),
  /** The to-do item (to-do and done lists): what audit, reject, transfer and recall take. */
  operatorId: z.string().nullable(),
  billNo: z.string(),
  title: z.string(),
  flowId: z.string(),
  flowName: z.string(),
  formName: z.string(),
  launcherId: z.string(),
  launcherName: z.string(),
  urgency: z.number().int(),
  status: z.number().int(),
  /** The node of the item, or the task's current nodes. */
  nodeName: z.string(),
  createdAt: z.number(),
  handledAt: z.number().nullable(),
  /** The delegator whose item a delegate sees, shown as "(X的委托)". */
  delegatorName: z.string().nullable(),
});
export type FlowTaskItem = z.infer<typeof flowTaskItemSchema>;

export const flowOpinionBodySchema = z.object({
  handleOpinion: opinion,
  /** A handwritten signature as a data URL (PNG). */
  signImg: z
    .string()
    .max(500_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)
    .optional(),
  /** Users to copy the task to with this approval. */
  copyIds: z.array(idSchema).max(100).optional(),
  /** On audit: the fields the node makes editable, changed by the approver. */
  formData: formData.optional(),
});
/**
 * Reject and terminate: the reason is required (the launcher, or whoever reads the history, is
 * told why), blanks alone are none.
 */
export const flowReasonBodySchema = z.object({ handleOpinion: z.string().trim().min(1).max(2000) });
export const flowTransferBodySchema = z.object({ toUserId: idSchema, handleOpinion: opinion });
export const flowAssignBodySchema = z.object({
  nodeId: z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/),
  userIds: z.array(idSchema).min(1).max(50),
  handleOpinion: opinion,
});
export const flowBatchAuditBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(100),
  handleOpinion: opinion,
});
export const flowBatchResultSchema = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), code: z.number().int(), msg: z.string() })),
});
export const flowActionResultSchema = z.object({ status: z.number().int() });

export const flowNodeViewSchema = z.object({
  nodeId: z.string(),
  name: z.string(),
  type: z.string(),
  /** done, current, pending (not reached yet), rejected, skipped (a branch not taken). */
  state: z.enum(['done', 'current', 'pending', 'rejected', 'skipped']),
  handlers: z.array(
    z.object({
      operatorId: z.string(),
      userId: z.string(),
      userName: z.string(),
      state: z.string(),
      handledAt: z.number().nullable(),
    }),
  ),
});
export const flowHistoryViewSchema = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  onBehalfOfName: z.string().nullable(),
  nodeId: z.string().nullable(),
  nodeName: z.string(),
  opinion: z.string(),
  signImg: z.string().nullable(),
  targetNodeName: z.string().nullable(),
  userNames: z.array(z.string()),
  createdAt: z.number(),
});

/** FlowBefore/{id}: the task, its form under the caller's field rights, the chart and the history. */
export type FlowHistoryView = z.infer<typeof flowHistoryViewSchema>;
export type FlowNodeView = z.infer<typeof flowNodeViewSchema>;

export const flowTaskDetailSchema = z.object({
  task: flowTaskItemSchema.omit({ operatorId: true, handledAt: true, delegatorName: true }),
  form: z.unknown(),
  formData: z.record(z.string(), z.unknown()),
  /** Names of the users and departments the form's user and dept fields (and columns) hold: `user:{id}`, `dept:{id}`. */
  formLabels: z.record(z.string(), z.string()),
  fieldRights: z.record(z.string(), z.string()),
  nodes: z.array(flowNodeViewSchema),
  history: z.array(flowHistoryViewSchema),
  /** The caller's open to-do on this task, if any, with where a reject would go. */
  myItem: z
    .object({ operatorId: z.string(), nodeId: z.string(), nodeName: z.string(), rejectTo: z.string() })
    .nullable(),
  /** The caller's approval he may still take back (recall), if any. */
  recallable: z.string().nullable(),
  canBreakOff: z.boolean(),
  canEdit: z.boolean(),
});
export type FlowTaskDetail = z.infer<typeof flowTaskDetailSchema>;

/** getFlowTreeList: launchable flows grouped by category. */
export const flowTreeSchema = z.array(
  z.object({
    category: z.string(),
    categoryName: z.string(),
    flows: z.array(
      z.object({
        id: z.string(),
        enCode: z.string(),
        fullName: z.string(),
        icon: z.string(),
        iconBackground: z.string(),
        formName: z.string(),
      }),
    ),
  }),
);
export type FlowTree = z.infer<typeof flowTreeSchema>;

/** GET /api/workflow/Form/{Name}/{id}: the schema, and the task's data (id 0: defaults). */
export const flowFormViewSchema = z.object({
  id: z.string(),
  form: z.unknown(),
  data: z.record(z.string(), z.unknown()),
  /** A new form of a flow (`flowId`): what its start node lets the launcher see and edit. */
  fieldRights: z.record(z.string(), z.enum(FIELD_RIGHTS)).optional(),
  /** A new form of a flow: the approver nodes whose approvers the launcher names (`choices`). */
  chooseNodes: z.array(z.object({ nodeId: z.string(), name: z.string() })).optional(),
  /** A new form: names of the users and departments its data starts with (`user:{id}`, `dept:{id}`). */
  labels: z.record(z.string(), z.string()).optional(),
  /**
   * A new form: the fields that start with the caller (`defaultCurrent`) which he may not change,
   * having nobody else he may name there (the server refuses anyone else too).
   */
  fixedFields: z.array(z.string()).optional(),
});
export const flowFormViewQuerySchema = z.object({ flowId: idSchema.optional() });
export type FlowFormView = z.infer<typeof flowFormViewSchema>;

/** GET /api/workflow/Engine/FlowTask/{id}: what the launcher edits. */
export const flowTaskEditSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  billNo: z.string(),
  formName: z.string(),
  status: z.number().int(),
  urgency: z.number().int(),
  formData: z.record(z.string(), z.unknown()),
});
export type FlowTaskEdit = z.infer<typeof flowTaskEditSchema>;
export type FlowBatchResult = z.infer<typeof flowBatchResultSchema>;
export type FlowOpinionBody = z.input<typeof flowOpinionBodySchema>;

/** Entrust: the caller hands his to-dos of all or chosen flows to another user in a window. */
export const flowDelegateSaveSchema = z
  .object({
    toUserId: idSchema,
    flowIds: z.array(idSchema).max(100).nullable().default(null),
    startTime: z.number().int().min(0),
    endTime: z.number().int().min(0),
    description: z.string().max(500).default(''),
  })
  .refine((v) => v.endTime > v.startTime, { path: ['endTime'], message: 'validation.invalid' });
export const flowDelegateSchema = z.object({
  id: z.string(),
  fromUserId: z.string(),
  fromUserName: z.string(),
  toUserId: z.string(),
  toUserName: z.string(),
  flowIds: z.array(z.string()).nullable(),
  /** The chosen flows' names, in the order of `flowIds`. */
  flowNames: z.array(z.string()),
  startTime: z.number(),
  endTime: z.number(),
  description: z.string(),
});
export type FlowDelegate = z.infer<typeof flowDelegateSchema>;
export type FlowDelegateSave = z.input<typeof flowDelegateSaveSchema>;

/**
 * A task attachment as an upload field holds it (and as the upload answers it): the server keeps
 * only the id from a submitted form and fills the rest from its record.
 */
export const flowFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** The download address (`/api/file/Download/flowTask/{id}`). */
  url: z.string(),
});
export type FlowFile = z.infer<typeof flowFileSchema>;
