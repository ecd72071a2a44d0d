/**
 * Data sources (系统数据 › 数据连接, docs/data-sources.md): a tenant's connections to databases
 * outside the product. Only a `host:port` on the platform's allow-list (config.dataSourceHosts) is
 * saved or reached; the password is sealed at rest (core/secret-box.ts) and never answered; what
 * a source's server says when it refuses is told in the caller's language at the field it concerns.
 */
import {
  DATA_SOURCE_CONNECT_TIMEOUT_MS,
  DATA_SOURCES_PER_TENANT,
  type DataSource,
  type DataSourceKind,
  type DataSourceSave,
  type DataSourceTable,
  type DataSourceTest,
  type DataSourceTestResult,
} from '@srm/contracts';
import { type Selectable, sql } from 'kysely';
import { AppError, fieldError, notFound } from '../core/errors';
import { hostAllowed } from '../core/host-allow-list';
import { t } from '../core/i18n';
import { openSecret, sealSecret } from '../core/secret-box';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import type { Database } from '../db/types';
import { userName } from './data-model-service';
import { type SourceClient, type SourceConnection, SourceError, withSource } from './data-source-drivers';

declareUnique('dm_data_source_tenant_id_code_key', { field: 'code', key: 'dataSource.codeTaken' });

type SourceRow = Selectable<Database['dm_data_source']>;
const ID = /^\d{1,18}$/;
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);

function toDataSource(row: SourceRow): DataSource {
  return {
    id: String(row.id),
    code: row.code,
    name: row.full_name,
    kind: row.kind === 'mysql' ? 'mysql' : 'postgres',
    host: row.host,
    port: row.port,
    database: row.database_name,
    username: row.username,
    passwordSet: row.password_sealed !== '',
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  };
}

/** 400 at `host` unless `host:port` is on the platform's allow-list. */
function assertAllowed(ctx: ServiceContext, host: string, port: number): void {
  if (!hostAllowed(ctx.deps.config.dataSourceHosts, host, port))
    throw fieldError({ host: t(ctx.locale, 'dataSource.hostNotAllowed', { host, port: String(port) }) });
}

export async function listDataSources(ctx: ServiceContext, q: { keyword?: string | undefined }) {
  let query = ctx.deps.db.selectFrom('dm_data_source').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) => eb.or([eb('code', 'ilike', like), eb('full_name', 'ilike', like)]));
  }
  return (await query.orderBy('code').execute()).map(toDataSource);
}

async function sourceRow(ctx: ServiceContext, id: string): Promise<SourceRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.deps.db
    .selectFrom('dm_data_source')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function getDataSource(ctx: ServiceContext, id: string): Promise<DataSource> {
  return toDataSource(await sourceRow(ctx, id));
}

function columnsOf(input: DataSourceSave) {
  return {
    code: input.code,
    full_name: input.name,
    kind: input.kind,
    host: input.host.trim(),
    port: input.port,
    database_name: input.database,
    username: input.username,
  };
}

export async function createDataSource(ctx: ServiceContext, input: DataSourceSave): Promise<DataSource> {
  assertAllowed(ctx, input.host, input.port);
  const count = await ctx.deps.db
    .selectFrom('dm_data_source')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= DATA_SOURCES_PER_TENANT)
    throw new AppError(400, 'dataSource.tooMany', { max: DATA_SOURCES_PER_TENANT });
  const row = await ctx.deps.db
    .insertInto('dm_data_source')
    .values({
      tenant_id: ctx.auth.tenantId,
      ...columnsOf(input),
      password_sealed: input.password ? sealSecret(ctx.deps.config, input.password) : '',
      created_by: ctx.auth.userId,
      updated_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDataSource(row);
}

/** Saves a data source; an empty password keeps the one kept. */
export async function updateDataSource(
  ctx: ServiceContext,
  id: string,
  input: DataSourceSave,
): Promise<DataSource> {
  await sourceRow(ctx, id);
  assertAllowed(ctx, input.host, input.port);
  const row = await ctx.deps.db
    .updateTable('dm_data_source')
    .set({
      ...columnsOf(input),
      ...(input.password ? { password_sealed: sealSecret(ctx.deps.config, input.password) } : {}),
      updated_by: ctx.auth.userId,
      updated_by_name: await userName(ctx.deps.db, ctx.auth.userId),
      updated_at: ctx.now(),
    })
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toDataSource(row);
}

/** Deletes a data source; refused (409, naming them) while datasets read it. */
export async function deleteDataSource(ctx: ServiceContext, id: string): Promise<void> {
  await sourceRow(ctx, id);
  const readers = await ctx.deps.db
    .selectFrom('dm_dataset')
    .select(['code', 'full_name'])
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where(sql<string>`definition->>'sourceId'`, '=', id)
    .orderBy('code')
    .execute();
  if (readers.length)
    throw new AppError(409, 'dataSource.inUse', {
      users: readers.map((r) => `${r.full_name} (${r.code})`).join(', '),
    });
  await ctx.deps.db
    .deleteFrom('dm_data_source')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

/** The kept password of a row, opened (400 at `password` when this deployment's key cannot). */
function keptPassword(ctx: ServiceContext, row: SourceRow): string {
  if (!row.password_sealed) return '';
  try {
    return openSecret(ctx.deps.config, row.password_sealed);
  } catch {
    throw fieldError({ password: t(ctx.locale, 'dataSource.passwordUnreadable') });
  }
}

/** Runs `work` on the connection, a refusal of its server as a 400 at the field it concerns. */
async function onSource<T>(
  ctx: ServiceContext,
  connection: SourceConnection,
  work: Parameters<typeof withSource<T>>[2],
): Promise<T> {
  assertAllowed(ctx, connection.host, connection.port);
  try {
    return await withSource(connection, DATA_SOURCE_CONNECT_TIMEOUT_MS, work);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    const message = t(ctx.locale, `dataSource.${error.key}`, {
      host: connection.host,
      port: String(connection.port),
      database: connection.database,
      detail: error.detail,
    });
    if (error.field) throw fieldError({ [error.field]: message }, 'dataSource.connectFailed');
    throw new AppError(400, 'dataSource.failed', { detail: error.detail });
  }
}

/** Connects as typed (the kept password of `id` when none is typed) and asks the server's version. */
export async function testDataSource(
  ctx: ServiceContext,
  input: DataSourceTest,
): Promise<DataSourceTestResult> {
  let password = input.password ?? '';
  if (!password && input.id) password = keptPassword(ctx, await sourceRow(ctx, input.id));
  const started = performance.now();
  const version = await onSource(
    ctx,
    {
      kind: input.kind as DataSourceKind,
      host: input.host.trim(),
      port: input.port,
      database: input.database,
      username: input.username,
      password,
    },
    (client) => client.version(),
  );
  return { version, ms: Math.round(performance.now() - started) };
}

/**
 * Runs `work` on the tenant's saved source `id` (404 for another tenant's), with its kept
 * password, under the allow-list and the timeouts: what datasets over a source and data sync use.
 */
export async function withSavedSource<T>(
  ctx: ServiceContext,
  id: string,
  work: (client: SourceClient, kind: DataSourceKind) => Promise<T>,
): Promise<T> {
  const row = await sourceRow(ctx, id);
  const kind: DataSourceKind = row.kind === 'mysql' ? 'mysql' : 'postgres';
  // The work's own refusals (a dataset's problems) leave as they are, not as the source's error.
  let own: AppError | undefined;
  try {
    return await onSource(
      ctx,
      {
        kind,
        host: row.host,
        port: row.port,
        database: row.database_name,
        username: row.username,
        password: keptPassword(ctx, row),
      },
      async (client) => {
        try {
          return await work(client, kind);
        } catch (error) {
          if (error instanceof AppError) own = error;
          throw error;
        }
      },
    );
  } catch (error) {
    throw own ?? error;
  }
}

/**
 * The tenant's saved source `id` as a connection with its kept password (404 for another tenant's,
 * 400 at `host` off the allow-list), for the server's own reads that report a refusal themselves:
 * data sync keeps it in its run log in every language (data-sync-service.ts). Never answered.
 */
export async function savedSourceConnection(ctx: ServiceContext, id: string): Promise<SourceConnection> {
  const row = await sourceRow(ctx, id);
  assertAllowed(ctx, row.host, row.port);
  return {
    kind: row.kind === 'mysql' ? 'mysql' : 'postgres',
    host: row.host,
    port: row.port,
    database: row.database_name,
    username: row.username,
    password: keptPassword(ctx, row),
  };
}

/** The saved source's tables with their columns. */
export async function dataSourceTables(ctx: ServiceContext, id: string): Promise<DataSourceTable[]> {
  return withSavedSource(ctx, id, (client) => client.tables());
}
