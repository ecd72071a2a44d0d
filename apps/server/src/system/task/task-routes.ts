import {
  cronPreviewQuerySchema,
  cronPreviewSchema,
  envelope,
  pageOf,
  runNowSchema,
  TASK_JOB_CODES,
  TASK_JOB_PARAMS,
  TaskApi,
  TaskPerm,
  taskBodySchema,
  taskIdParamSchema,
  taskJobSchema,
  taskPageQuerySchema,
  taskRunQuerySchema,
  taskRunSchema,
  taskSchema,
  taskStateSchema,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../../core/access';
import { envelopeOk } from '../../core/envelope';
import type { SignedInRequest, SignedInRoutes } from '../../core/scope';
import { contextOf } from '../../core/service-context';
import { BUILTIN_JOBS } from './job-registry';
import {
  createTask,
  deleteTask,
  getTask,
  listRuns,
  listTasks,
  previewCron,
  runTaskNow,
  setTaskState,
  type TaskContext,
  updateTask,
} from './task-service';

const tags = ['system'];
const ID = `${TaskApi.task}/:id`;

function context(request: SignedInRequest): TaskContext {
  return { ...contextOf(request), jobs: request.server.deps.jobs };
}

/** System → scheduled tasks (page code system.task): tasks, their schedules and run log. */
export const taskRoutes: SignedInRoutes = async (app) => {
  app.get(
    TaskApi.jobs,
    {
      preValidation: requirePerm(TaskPerm.task),
      schema: {
        tags,
        summary: 'The built-in jobs a task may run',
        response: { 200: envelope(z.array(taskJobSchema)) },
      },
    },
    async () =>
      envelopeOk(
        TASK_JOB_CODES.flatMap((code) => {
          const job = BUILTIN_JOBS[code];
          return job
            ? [
                {
                  code,
                  param: TASK_JOB_PARAMS[code],
                  embeddedOnly: job.embeddedOnly,
                  retryLimit: job.retryLimit,
                },
              ]
            : [];
        }),
      ),
  );

  app.get(
    TaskApi.preview,
    {
      preValidation: requirePerm(TaskPerm.task),
      schema: {
        tags,
        summary: 'The next five runs of a cron expression in a time zone',
        querystring: cronPreviewQuerySchema,
        response: { 200: envelope(cronPreviewSchema) },
      },
    },
    async (request) =>
      envelopeOk({ next: previewCron(context(request), request.query.cron, request.query.timeZone) }),
  );

  app.get(
    TaskApi.task,
    {
      preValidation: requirePerm(TaskPerm.task),
      schema: {
        tags,
        summary: 'Scheduled tasks of the tenant',
        querystring: taskPageQuerySchema,
        response: { 200: envelope(pageOf(taskSchema)) },
      },
    },
    async (request) => envelopeOk(await listTasks(context(request), request.query)),
  );

  app.get(
    ID,
    {
      preValidation: requirePerm(TaskPerm.task),
      schema: { tags, params: taskIdParamSchema, response: { 200: envelope(taskSchema) } },
    },
    async (request) => envelopeOk(await getTask(context(request), request.params.id)),
  );

  app.post(
    TaskApi.task,
    {
      preValidation: requirePerm(TaskPerm.taskAdd),
      schema: { tags, body: taskBodySchema, response: { 200: envelope(taskSchema) } },
    },
    async (request) => envelopeOk(await createTask(context(request), request.body)),
  );

  app.put(
    ID,
    {
      preValidation: requirePerm(TaskPerm.taskEdit),
      schema: {
        tags,
        params: taskIdParamSchema,
        body: taskBodySchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (request) => envelopeOk(await updateTask(context(request), request.params.id, request.body)),
  );

  app.delete(
    ID,
    {
      preValidation: requirePerm(TaskPerm.taskDelete),
      schema: { tags, params: taskIdParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteTask(context(request), request.params.id);
      return envelopeOk(null);
    },
  );

  app.put(
    `${ID}/Actions/State`,
    {
      preValidation: requirePerm(TaskPerm.taskRun),
      schema: {
        tags,
        summary: 'Pause (false) or resume (true) a task',
        params: taskIdParamSchema,
        body: taskStateSchema,
        response: { 200: envelope(taskSchema) },
      },
    },
    async (request) =>
      envelopeOk(await setTaskState(context(request), request.params.id, request.body.enabled)),
  );

  app.post(
    `${ID}/Actions/Run`,
    {
      preValidation: requirePerm(TaskPerm.taskRun),
      schema: {
        tags,
        summary: 'Run a task now (paused or not); its run appears in the log',
        params: taskIdParamSchema,
        response: { 200: envelope(runNowSchema) },
      },
    },
    async (request) => envelopeOk({ jobId: await runTaskNow(context(request), request.params.id) }),
  );

  app.get(
    TaskApi.runs,
    {
      preValidation: requirePerm(TaskPerm.task),
      schema: {
        tags,
        summary: 'Run log of the tenant’s tasks, newest first',
        querystring: taskRunQuerySchema,
        response: { 200: envelope(pageOf(taskRunSchema)) },
      },
    },
    async (request) => envelopeOk(await listRuns(context(request), request.query)),
  );
};
