import {
  envelope,
  FLOW_TASK_CODES,
  FlowTaskApi,
  flowActionResultSchema,
  flowAssignBodySchema,
  flowBatchAuditBodySchema,
  flowBatchResultSchema,
  flowDelegateSaveSchema,
  flowDelegateSchema,
  flowFileSchema,
  flowFormIdParamSchema,
  flowFormParamSchema,
  flowFormSaveSchema,
  flowFormUpdateSchema,
  flowFormViewQuerySchema,
  flowFormViewSchema,
  flowIdParamSchema,
  flowListParamSchema,
  flowListQuerySchema,
  flowListTypeOf,
  flowOpinionBodySchema,
  flowReasonBodySchema,
  flowTaskCreateSchema,
  flowTaskDetailSchema,
  flowTaskEditSchema,
  flowTaskItemSchema,
  flowTaskOfFlowParamSchema,
  flowTaskSavedSchema,
  flowTaskUpdateSchema,
  flowTransferBodySchema,
  flowTreeSchema,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk, page } from '../core/envelope';
import { AppError, fieldError } from '../core/errors';
import { t } from '../core/i18n';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { endDelegation, listDelegations, saveDelegation } from './entrust-service';
import { saveFlowFile } from './file-service';
import { flowTaskOfFlow, flowTree, formView, listTasks, taskDetail, taskForEdit } from './task-query';
import {
  actOnItem,
  actOnTask,
  batchAudit,
  createTask,
  type ItemAction,
  launchForm,
  type TaskAction,
  updateTask,
} from './task-service';

const tags = ['workflow'];
const none = envelope(z.null());
const result = envelope(flowActionResultSchema);
/** A retried request with the same key gets the first answer and changes nothing. */
const idemHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/)
    .optional(),
});

/** The schema of an action on a to-do or a task: its id, an optional Idempotency-Key, a body. */
const actionSchema = <B extends z.ZodType>(summary: string, body: B) => ({
  tags,
  summary,
  params: flowIdParamSchema,
  headers: idemHeaders,
  body,
  response: { 200: result },
});

/** What an action route passes on: the caller, the id in the path and the Idempotency-Key. */
type ActionRequest = Parameters<typeof contextOf>[0] & {
  params: { id: string };
  headers: { 'idempotency-key'?: string | undefined };
};
const onItem = async (request: ActionRequest, action: ItemAction) =>
  envelopeOk(
    await actOnItem(contextOf(request), request.params.id, action, request.headers['idempotency-key']),
  );
const onTask = async (request: ActionRequest, action: TaskAction) =>
  envelopeOk(
    await actOnTask(contextOf(request), request.params.id, action, request.headers['idempotency-key']),
  );

/**
 * The task runtime (docs/rules.md#workflow): launching through the forms and FlowTask, the lists, the
 * detail and the actions. A person's own items need no code (the service scopes them to the caller:
 * another's to-do answers 403); the monitor's calls need `workFlow.flowMonitor`.
 */
export const flowTaskRoutes: SignedInRoutes = async (app) => {
  app.post(
    `${FlowTaskApi.before}/List/:type`,
    {
      config: { readOnly: true },
      schema: {
        tags,
        summary: 'Task lists: 1 to-do (with delegated items), 2 done, 3 copied to me, 4 launched by me',
        params: flowListParamSchema,
        body: flowListQuerySchema,
        response: { 200: envelope(pageOf(flowTaskItemSchema)) },
      },
    },
    async (request) => {
      const type = flowListTypeOf(request.params.type);
      if (type === null) throw fieldError({ type: t(request.locale, 'validation.invalid') });
      const { list, total } = await listTasks(contextOf(request), type, request.body);
      return envelopeOk(page(list, request.body.currentPage, request.body.pageSize, total));
    },
  );

  app.get(
    FlowTaskApi.monitorList,
    {
      preValidation: requirePerm(FLOW_TASK_CODES.flowMonitor),
      schema: {
        tags,
        summary: 'Every task of the tenant, with filters (monitor)',
        querystring: flowListQuerySchema,
        response: { 200: envelope(pageOf(flowTaskItemSchema)) },
      },
    },
    async (request) => {
      const { list, total } = await listTasks(contextOf(request), 'monitor', request.query);
      return envelopeOk(page(list, request.query.currentPage, request.query.pageSize, total));
    },
  );

  app.get(
    FlowTaskApi.flowTreeList,
    {
      schema: {
        tags,
        summary: 'The released flows the caller may launch, by category',
        response: { 200: envelope(flowTreeSchema) },
      },
    },
    async (request) => envelopeOk(await flowTree(contextOf(request))),
  );

  await uploadRoutes(app, (uploads) =>
    uploads.post(
      FlowTaskApi.upload,
      {
        schema: {
          tags,
          summary:
            'A task attachment (multipart field `file`; PDF, image, Word, Excel or PowerPoint by content, at most the configured upload size): the uploader’s alone until a task he saves names its id, then served by GET /api/file/Download/flowTask/{id} to those who may see the task',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(flowFileSchema) },
        },
      },
      async (request) => {
        const auth = request.auth;
        const { upload } = await app.deps.settings.all(auth.tenantId, auth.configVersion);
        const errors = {
          noFile: () => new AppError(400, 'file.noFile'),
          tooLarge: () => new AppError(400, 'file.attachmentTooLarge', { maxMb: upload.uploadMaxMb }),
        };
        return envelopeOk(
          await receiveUpload(request, upload.uploadMaxMb * 1024 * 1024, errors, (file) =>
            saveFlowFile(contextOf(request), file),
          ),
        );
      },
    ),
  );

  app.get(
    `${FlowTaskApi.before}/:id`,
    {
      schema: {
        tags,
        summary: 'A task: its form under the caller’s field rights, the nodes with who acted, the history',
        params: flowIdParamSchema,
        response: { 200: envelope(flowTaskDetailSchema) },
      },
    },
    async (request) => envelopeOk(await taskDetail(contextOf(request), request.params.id)),
  );

  app.get(
    `${FlowTaskApi.ofFlow}/:flowId/:taskId`,
    {
      schema: {
        tags,
        summary:
          'A task of a flow, named by the flow definition and the task (as FlowBefore/{id}; a task of another flow: 404)',
        params: flowTaskOfFlowParamSchema,
        response: { 200: envelope(flowTaskDetailSchema) },
      },
    },
    async (request) =>
      envelopeOk(await flowTaskOfFlow(contextOf(request), request.params.flowId, request.params.taskId)),
  );

  app.post(
    `${FlowTaskApi.audit}/:id`,
    {
      schema: actionSchema(
        'Approve a to-do (opinion, optional copy-to and signature)',
        flowOpinionBodySchema,
      ),
    },
    async (request) => {
      const { handleOpinion, signImg, copyIds, formData } = request.body;
      return onItem(request, { type: 'audit', opinion: handleOpinion, signImg, copyIds, formData });
    },
  );

  app.post(
    `${FlowTaskApi.reject}/:id`,
    {
      schema: actionSchema(
        'Reject a to-do back to its node’s reject target (the reason required)',
        flowReasonBodySchema,
      ),
    },
    async (request) => onItem(request, { type: 'reject', opinion: request.body.handleOpinion }),
  );

  app.post(
    `${FlowTaskApi.transfer}/:id`,
    {
      schema: actionSchema('Hand a to-do to another user', flowTransferBodySchema),
    },
    async (request) =>
      onItem(request, {
        type: 'transfer',
        opinion: request.body.handleOpinion,
        toUserId: request.body.toUserId,
      }),
  );

  app.post(
    `${FlowTaskApi.recall}/:id`,
    {
      schema: actionSchema(
        'Take back one’s own approval while the next node has not acted',
        flowOpinionBodySchema,
      ),
    },
    async (request) => onItem(request, { type: 'recall', opinion: request.body.handleOpinion }),
  );

  app.post(
    `${FlowTaskApi.breakOff}/:id`,
    {
      schema: actionSchema('The launcher withdraws his in-progress task', flowOpinionBodySchema),
    },
    async (request) => onTask(request, { type: 'breakOff', opinion: request.body.handleOpinion }),
  );

  app.post(
    FlowTaskApi.batchAudit,
    {
      schema: {
        tags,
        summary: 'Approve several to-dos, each on its own (the answer lists those that failed and why)',
        body: flowBatchAuditBodySchema,
        response: { 200: envelope(flowBatchResultSchema) },
      },
    },
    async (request) =>
      envelopeOk(await batchAudit(contextOf(request), request.body.ids, request.body.handleOpinion)),
  );

  app.post(
    `${FlowTaskApi.cancel}/:id`,
    {
      preValidation: requirePerm(FLOW_TASK_CODES.flowMonitor),
      schema: actionSchema('Terminate a task (monitor; the reason required)', flowReasonBodySchema),
    },
    async (request) => onTask(request, { type: 'cancel', opinion: request.body.handleOpinion }),
  );

  app.post(
    `${FlowTaskApi.assign}/:id`,
    {
      preValidation: requirePerm(FLOW_TASK_CODES.flowMonitor),
      schema: actionSchema('Replace the handlers of a task’s current node (monitor)', flowAssignBodySchema),
    },
    async (request) =>
      onTask(request, {
        type: 'assign',
        opinion: request.body.handleOpinion,
        nodeId: request.body.nodeId,
        userIds: request.body.userIds,
      }),
  );

  // Launching: FlowTask by flow id, or the business form by name (the form must be the flow's).

  app.post(
    FlowTaskApi.task,
    {
      schema: {
        tags,
        summary: 'Launch a task of a released flow: save a draft, or submit with an urgency',
        headers: idemHeaders,
        body: flowTaskCreateSchema,
        response: { 200: envelope(flowTaskSavedSchema) },
      },
    },
    async (request) => {
      const { flowId, ...input } = request.body;
      return envelopeOk(
        await createTask(contextOf(request), flowId, input, request.headers['idempotency-key']),
      );
    },
  );

  app.get(
    `${FlowTaskApi.task}/:id`,
    {
      schema: {
        tags,
        summary: 'The launcher’s own task, to edit',
        params: flowIdParamSchema,
        response: { 200: envelope(flowTaskEditSchema) },
      },
    },
    async (request) => envelopeOk(await taskForEdit(contextOf(request), request.params.id)),
  );

  app.put(
    `${FlowTaskApi.task}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a draft, or edit and resubmit after a reject or a withdrawal',
        params: flowIdParamSchema,
        headers: idemHeaders,
        body: flowTaskUpdateSchema,
        response: { 200: envelope(flowTaskSavedSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateTask(
          contextOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        ),
      ),
  );

  app.get(
    `${FlowTaskApi.form}/:name/:id`,
    {
      schema: {
        tags,
        summary:
          'A business form’s schema and a task’s data (id 0: a new form; with `flowId`, that flow’s start-node field rights and the nodes whose approvers the launcher names)',
        params: flowFormIdParamSchema,
        querystring: flowFormViewQuerySchema,
        response: { 200: envelope(flowFormViewSchema) },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const view = await formView(ctx, request.params.name, request.params.id);
      const { flowId } = request.query;
      if (flowId === undefined || request.params.id !== '0') return envelopeOk(view);
      return envelopeOk({ ...view, ...(await launchForm(ctx, flowId, request.params.name)) });
    },
  );

  app.post(
    `${FlowTaskApi.form}/:name`,
    {
      schema: {
        tags,
        summary: 'Launch a task with a business form (draft or submit)',
        params: flowFormParamSchema,
        headers: idemHeaders,
        body: flowFormSaveSchema,
        response: { 200: envelope(flowTaskSavedSchema) },
      },
    },
    async (request) => {
      const { flowId, ...input } = request.body;
      return envelopeOk(
        await createTask(
          contextOf(request),
          flowId,
          input,
          request.headers['idempotency-key'],
          request.params.name,
        ),
      );
    },
  );

  app.put(
    `${FlowTaskApi.form}/:name/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a business form’s task (draft, or resubmit after a reject)',
        params: flowFormIdParamSchema,
        headers: idemHeaders,
        body: flowFormUpdateSchema,
        response: { 200: envelope(flowTaskSavedSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateTask(
          contextOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
          request.params.name,
        ),
      ),
  );

  // Entrust: the caller's own delegations (the entrust page's code).
  const entrust = requirePerm(FLOW_TASK_CODES.entrust);

  app.get(
    FlowTaskApi.entrust,
    {
      preValidation: entrust,
      schema: {
        tags,
        summary: 'The caller’s delegations, given and received',
        response: { 200: envelope(z.array(flowDelegateSchema)) },
      },
    },
    async (request) => envelopeOk(await listDelegations(contextOf(request))),
  );

  app.post(
    FlowTaskApi.entrust,
    {
      preValidation: entrust,
      schema: {
        tags,
        summary: 'Delegate one’s to-dos of all or chosen flows to another user for a time window',
        body: flowDelegateSaveSchema,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => envelopeOk({ id: await saveDelegation(contextOf(request), request.body) }),
  );

  app.put(
    `${FlowTaskApi.entrust}/:id`,
    {
      preValidation: entrust,
      schema: {
        tags,
        summary: 'Change one of the caller’s delegations (delegate, flows, window, note)',
        params: flowIdParamSchema,
        body: flowDelegateSaveSchema,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) =>
      envelopeOk({ id: await saveDelegation(contextOf(request), request.body, request.params.id) }),
  );

  app.delete(
    `${FlowTaskApi.entrust}/:id`,
    {
      preValidation: entrust,
      schema: {
        tags,
        summary: 'End one of the caller’s delegations (one under way ends now; another is removed)',
        params: flowIdParamSchema,
        response: { 200: none },
      },
    },
    async (request) => {
      await endDelegation(contextOf(request), request.params.id);
      return envelopeOk(null);
    },
  );
};
