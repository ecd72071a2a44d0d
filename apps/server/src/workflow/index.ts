import type { FastifyInstance } from 'fastify';
import { signedIn } from '../core/scope';
import { flowBpmnRoutes } from './bpmn-routes';
import { flowDefinitionRoutes } from './definition-routes';
import './file-access';
import { sendOutbox, sendOutboxes } from './outbox';
import { flowTaskRoutes } from './task-routes';
import { runTimer } from './task-service';
import { FLOW_OUTBOX_JOB, FLOW_TIMER_JOB, type OutboxJobData, type TimerJobData } from './task-store';

export { seedWorkflowDemo } from './demo-seed';

/**
 * Workflow: flow definitions (drafts, numbered frozen versions) over the pure engine in `engine/`,
 * and the task runtime (launch, lists, detail, actions). Its jobs on the shared runner: the outbox
 * (messages and pushes after an action commits) and the timers (timer nodes, reminders, timeouts).
 */
export async function workflowDomain(app: FastifyInstance): Promise<void> {
  const { jobs } = app.deps;
  jobs.define<OutboxJobData>({
    name: FLOW_OUTBOX_JOB,
    retryLimit: 5,
    retryDelaySeconds: app.deps.config.jobs?.retryDelaySeconds ?? 10,
    handler: async (data) => {
      await sendOutbox(app.deps, data.outboxId);
    },
    // A worker's batch in one transaction: the sending keeps pace with a burst of approvals.
    batchHandler: async (jobs) => {
      await sendOutboxes(
        app.deps,
        jobs.map((job) => job.data.outboxId),
      );
    },
  });
  jobs.define<TimerJobData>({
    name: FLOW_TIMER_JOB,
    retryLimit: 3,
    retryDelaySeconds: app.deps.config.jobs?.retryDelaySeconds ?? 30,
    handler: async (data) => {
      await runTimer(app.deps, data);
    },
  });
  await app.register(signedIn(flowDefinitionRoutes, flowBpmnRoutes, flowTaskRoutes));
}
