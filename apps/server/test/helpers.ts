import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { type DbHandle, openDb } from '../src/db/index';
import { seedTenant } from '../src/db/seed';
import type { Database } from '../src/db/types';

export interface ApiResult<T = unknown> {
  status: number;
  headers: Record<string, unknown>;
  body: { code: number; msg: string; data: T };
  raw: string;
}

type Headers = Record<string, string>;

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  handle: DbHandle;
  dataDir: string;
  /** Signs in and returns the token (throws when refused). */
  login(account: string, password: string, headers?: Headers): Promise<string>;
  request<T = unknown>(options: InjectOptions): Promise<ApiResult<T>>;
  get<T = unknown>(url: string, token?: string | null, headers?: Headers): Promise<ApiResult<T>>;
  post<T = unknown>(
    url: string,
    body?: unknown,
    token?: string | null,
    headers?: Headers,
  ): Promise<ApiResult<T>>;
  put<T = unknown>(
    url: string,
    body?: unknown,
    token?: string | null,
    headers?: Headers,
  ): Promise<ApiResult<T>>;
  /** Seeds another tenant (accounts prefixed, e.g. t2admin / admin123). */
  seedOtherTenant(prefix?: string): ReturnType<typeof seedTenant>;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** PostgreSQL runs: a new database copied from the migrated, seeded template; its URL and drop. */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `srm_test_${inject('pgRunId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
      break;
    } catch (error) {
      // "source database is being accessed by other users" while another file copies it.
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function freshDb(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  if (inject('testDb') === 'pg') {
    const { url, drop } = await freshPgDatabase();
    const handle = await openDb({ databaseUrl: url, poolSize: 5 });
    return { handle, drop };
  }
  const dump = await readFile(inject('pgliteDump'));
  const handle = await openDb({ loadDataDir: new Blob([dump]) });
  return { handle, drop: async () => {} };
}

/** The tenant of a user, by account (accounts are unique across tenants in the seeds). */
export async function tenantIdOf(db: Kysely<Database>, account: string): Promise<string> {
  const row = await db
    .selectFrom('sys_user')
    .select('tenant_id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return String(row.tenant_id);
}

/** The tenant's companies and departments by code: `{ head: '12', purchase: '15', … }`. */
export async function deptIdsByCode(db: Kysely<Database>, tenantId: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('sys_dept')
    .select(['id', 'en_code'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.en_code, String(r.id)]));
}

/** The id of a tenant's row by its code (roles, positions, a page's buttons, columns, data rules). */
export async function idByCode(
  db: Kysely<Database>,
  table: 'sys_role' | 'sys_position' | 'sys_menu_button' | 'sys_menu_column' | 'sys_menu_data_rule',
  tenantId: string,
  code: string,
): Promise<string> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', code)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export function authHeaders(token?: string | null): Headers {
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { handle, drop } = await freshDb();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'srm-test-'));
  const app = await buildApp({
    dataDir,
    logLevel: 'silent',
    seedDemo: false,
    benchRoutes: true,
    logger: false,
    validateResponses: true,
    loginRateLimit: 1000,
    trustProxy: false,
    ...overrides,
    db: handle,
  });
  await app.ready();

  const request = async <T>(options: InjectOptions): Promise<ApiResult<T>> => {
    const res = await app.inject(options);
    let body: ApiResult<T>['body'];
    try {
      body = JSON.parse(res.body);
    } catch {
      body = { code: Number.NaN, msg: res.body, data: null as T };
    }
    return { status: res.statusCode, headers: res.headers, body, raw: res.body };
  };
  const get = <T>(url: string, token?: string | null, headers: Headers = {}) =>
    request<T>({ method: 'GET', url, headers: { ...authHeaders(token), ...headers } });
  const post = <T>(url: string, body?: unknown, token?: string | null, headers: Headers = {}) =>
    request<T>({
      method: 'POST',
      url,
      headers: { ...authHeaders(token), ...headers },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  const put = <T>(url: string, body?: unknown, token?: string | null, headers: Headers = {}) =>
    request<T>({
      method: 'PUT',
      url,
      headers: { ...authHeaders(token), ...headers },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  const login = async (account: string, password: string, headers: Headers = {}) => {
    const res = await post<{ token: string }>(
      '/api/sys/login',
      { userName: account, passWord: password },
      null,
      headers,
    );
    if (res.body.code !== 0) throw new Error(`login ${account} refused: ${res.body.code} ${res.body.msg}`);
    return res.body.data.token;
  };
  return {
    app,
    db: handle.db,
    handle,
    dataDir,
    login,
    request,
    get,
    post,
    put,
    seedOtherTenant: (prefix = 't2') =>
      seedTenant(handle.db, {
        code: prefix,
        name: `租户 ${prefix}`,
        entName: `${prefix} 集团`,
        vendorEntName: `${prefix} 供应商`,
        accountPrefix: prefix,
        mobilePrefix: '139000000',
      }),
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
