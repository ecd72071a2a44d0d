import type { Locale, TenantMonitor } from '@srm/contracts';
import { sql } from 'kysely';
import type { ServiceContext } from '../../core/service-context';
import { listTenantBackups } from '../backup/tenant-backup';
import { tenantFilter, tenantSchema } from '../backup/tenant-tables';
import { toRun } from '../task/task-service';

const DAY_MS = 86_400_000;
const RECENT_RUNS = 5;
const LARGEST_TABLES = 8;

export type TenantMonitorContext = Pick<ServiceContext, 'db' | 'tenantId' | 'deps'> & { locale: Locale };

/**
 * What a tenant administrator's monitor shows: his tenant's sessions, scheduled jobs and storage
 * (its rows, by the backup's tenant tables; its files; its backups). Nothing of the host or of
 * another tenant: the machine, the processes, the database and Redis are the platform operator's.
 */
export async function tenantMonitor(ctx: TenantMonitorContext, now = Date.now()): Promise<TenantMonitor> {
  const { db, tenantId } = ctx;
  const { tokenTimeoutMinutes } = await ctx.deps.settings.security(tenantId);
  const seenSince = new Date(now - tokenTimeoutMinutes * 60_000);
  const daySince = new Date(now - DAY_MS);
  const schema = await tenantSchema(db);
  const [sessions, logins, tasks, runs, recent, tables, files, backups] = await Promise.all([
    db
      .selectFrom('sys_session')
      .select([
        sql<number>`count(*)::int`.as('active'),
        sql<number>`count(distinct user_id)::int`.as('users'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('ended_reason', 'is', null)
      .where('last_seen_at', '>=', seenSince)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_login_log')
      .select([
        sql<number>`count(*)::int`.as('all'),
        sql<number>`(count(*) filter (where not success))::int`.as('failed'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', daySince)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_task')
      .select([
        sql<number>`count(*)::int`.as('all'),
        sql<number>`(count(*) filter (where enabled))::int`.as('enabled'),
      ])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_task_run')
      .select([
        sql<number>`(count(*) filter (where result = 'running'))::int`.as('running'),
        sql<number>`(count(*) filter (where result = 'failure'))::int`.as('failed'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('started_at', '>=', daySince)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sys_task_run')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_RUNS)
      .execute(),
    sql<{ name: string; rows: number; bytes: string }>`${sql.join(
      [...schema.tables.map((t) => t.name), ...schema.kept].map(
        (name) => sql`select ${name}::text as name, count(*)::int as rows,
          coalesce(sum(pg_column_size(t.*)), 0)::text as bytes
          from ${sql.table(name)} as t where ${tenantFilter(schema, name, 't', tenantId)}`,
      ),
      sql` union all `,
    )}`.execute(db),
    ctx.deps.files.list(tenantId),
    listTenantBackups({ db, files: ctx.deps.files, tenantId }),
  ]);
  const tableRows = tables.rows.map((r) => ({ name: r.name, rows: Number(r.rows), bytes: Number(r.bytes) }));
  return {
    time: now,
    sessions: {
      active: sessions.active,
      users: sessions.users,
      signIns24h: logins.all,
      failedSignIns24h: logins.failed,
    },
    jobs: {
      tasks: tasks.all,
      enabled: tasks.enabled,
      running: runs.running,
      failures24h: runs.failed,
      recent: recent.map((r) => toRun(ctx.locale, r)),
    },
    storage: {
      rows: tableRows.reduce((n, t) => n + t.rows, 0),
      rowBytes: tableRows.reduce((n, t) => n + t.bytes, 0),
      files: files.length,
      fileBytes: files.reduce((n, f) => n + f.size, 0),
      backups: backups.length,
      backupBytes: backups.reduce((n, b) => n + b.size, 0),
      tables: tableRows
        .filter((t) => t.rows > 0)
        .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name))
        .slice(0, LARGEST_TABLES),
    },
  };
}
