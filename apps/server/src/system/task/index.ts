import type { FastifyPluginAsync } from 'fastify';
import { reconcileSchedules, runTaskJob, TASK_JOB, type TaskJobData } from './task-service';

export { registerBuiltinJob, runMessage } from './job-registry';
export { taskRoutes } from './task-routes';
export { seedTasks } from './task-service';

/**
 * Scheduled tasks: defines the runner's task job (retries per job of the registry are counted in
 * its runs; the queue retries twice, 30 s then 60 s). With workers on, the
 * schedules are brought in line with the tasks once the runner starts.
 */
export const taskJobPlugin: FastifyPluginAsync = async (app) => {
  const { jobs, db, settings, config } = app.deps;
  jobs.define<TaskJobData>({
    name: TASK_JOB,
    retryLimit: 2,
    retryDelaySeconds: config.jobs?.retryDelaySeconds ?? 30,
    handler: (data, meta) =>
      runTaskJob(
        { handle: app.deps.dbHandle, settings, dataDir: config.dataDir, files: app.deps.files },
        data,
        meta,
      ),
  });
  if (config.jobs?.workers) {
    app.addHook('onReady', async () => {
      await jobs.start();
      await reconcileSchedules(db, jobs);
    });
  }
};
