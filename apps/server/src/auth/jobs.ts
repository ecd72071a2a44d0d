import { purgeActivityLogs } from '../core/activity-log';
import { registerBuiltinJob, runMessage } from '../system/task/index';
import { endSessions } from './end-sessions';

const DAY_MS = 86_400_000;

/*
 * The built-in jobs over the sessions and the sign-in log, written only in this folder
 * (test/unit/table-owners.test.ts): registered with the task registry of system/task when this
 * module loads (auth/index.ts imports it), since system/ comes before auth/ and may not import it.
 */

registerBuiltinJob({
  code: 'log.purge',
  embeddedOnly: false,
  retryLimit: 2,
  async run(ctx, params) {
    const days = params.days ?? 30;
    const before = new Date(ctx.now.getTime() - days * DAY_MS);
    const activity = await purgeActivityLogs(ctx.db, ctx.tenantId, before);
    const logins = await ctx.db
      .deleteFrom('sys_login_log')
      .where('tenant_id', '=', ctx.tenantId)
      .where('created_at', '<', before)
      .executeTakeFirst();
    return runMessage('task.run.logsPurged', {
      days,
      requests: String(activity.requests),
      errors: String(activity.errors),
      logins: String(logins.numDeletedRows),
    });
  },
});

registerBuiltinJob({
  code: 'session.endIdle',
  embeddedOnly: false,
  retryLimit: 2,
  async run(ctx) {
    const { tokenTimeoutMinutes } = await ctx.settings.security(ctx.tenantId);
    const before = new Date(ctx.now.getTime() - tokenTimeoutMinutes * 60_000);
    const ended = await endSessions(
      ctx.db,
      ctx.tenantId,
      { idleSince: before },
      { reason: 'expired', at: ctx.now },
    );
    return runMessage('task.run.sessionsEnded', { count: String(ended.length) });
  },
});
