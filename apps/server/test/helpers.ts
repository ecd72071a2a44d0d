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
import type { Database } from '../src/db/types';
import { seedTenant } from '../src/setup/seed';

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

/** A user's id by account (accounts are unique across tenants in the seeds). */
export async function userIdOf(db: Kysely<Database>, account: string): Promise<string> {
  const row = await db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** The ids the user and organisation tests start from: the demo tenant, its admin and buyer, its
 * companies and departments and its positions by code. */
export async function demoTenantIds(db: Kysely<Database>): Promise<{
  tenantId: string;
  adminId: string;
  buyerId: string;
  depts: Record<string, string>;
  positions: Record<string, string>;
}> {
  const tenantId = await tenantIdOf(db, 'admin');
  const rows = await db
    .selectFrom('sys_position')
    .select(['id', 'en_code'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return {
    tenantId,
    adminId: await userIdOf(db, 'admin'),
    buyerId: await userIdOf(db, 'buyer'),
    depts: await deptIdsByCode(db, tenantId),
    positions: Object.fromEntries(rows.map((r) => [r.en_code, String(r.id)])),
  };
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

/** Grants one button of a page (by its code) to a seeded role (by its code), in the role's tenant. */
export async function grantButtonToRole(
  db: Kysely<Database>,
  roleCode: string,
  buttonCode: string,
): Promise<void> {
  const role = await db
    .selectFrom('sys_role')
    .select(['id', 'tenant_id'])
    .where('en_code', '=', roleCode)
    .executeTakeFirstOrThrow();
  const buttonId = await idByCode(db, 'sys_menu_button', String(role.tenant_id), buttonCode);
  await db
    .insertInto('sys_grant')
    .values({
      tenant_id: role.tenant_id,
      item_type: 'button',
      item_id: buttonId,
      object_type: 'role',
      object_id: role.id,
    })
    .execute();
}

/**
 * Grants menu items (by menu code) or buttons, columns or data rules (by their code) of `tenantId`
 * to one user; each code must exist there.
 */
export async function grantToUser(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  itemType: 'menu' | 'button' | 'column' | 'data',
  codes: string[],
): Promise<void> {
  const table = {
    menu: 'sys_menu',
    button: 'sys_menu_button',
    column: 'sys_menu_column',
    data: 'sys_menu_data_rule',
  } as const;
  const rows =
    itemType === 'menu'
      ? await db
          .selectFrom('sys_menu')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('menu_perms', 'in', codes)
          .execute()
      : await db
          .selectFrom(table[itemType])
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('en_code', 'in', codes)
          .execute();
  if (rows.length !== codes.length) throw new Error(`not every code of ${codes.join(', ')} is in the tenant`);
  await db
    .insertInto('sys_grant')
    .values(
      rows.map((r) => ({
        tenant_id: tenantId,
        item_type: itemType,
        item_id: r.id,
        object_type: 'user' as const,
        object_id: userId,
      })),
    )
    .execute();
}

/**
 * An operation of the OpenAPI document, with its JSON body's properties and their JSON-schema types,
 * and the names of its query parameters.
 */
export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  props: Record<string, string>;
  query: string[];
}

/** The operations of the app's OpenAPI document whose path starts with `prefix`. */
export function openApiRoutes(app: FastifyInstance, prefix: string): ApiRoute[] {
  type Body = { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
  type Param = { in: string; name: string };
  const spec = app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: Body; parameters?: Param[] }>>;
  };
  return Object.entries(spec.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase() as ApiRoute['method'],
        path,
        props: Object.fromEntries(
          Object.entries(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}).map(
            ([k, v]) => [k, v.type ?? 'any'],
          ),
        ),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    );
}

/** A multipart body with one file field `file`, as an upload form sends it. */
export function multipartFile(
  filename: string,
  content: Buffer,
  contentType = 'application/octet-stream',
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = '----srmtestupload';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads one file as the signed-in user of `token` (multipart field `file`). */
export function uploadFile<T = { name: string; url: string }>(
  t: TestApp,
  url: string,
  token: string,
  file: { name: string; content: Buffer; type?: string },
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  const body = multipartFile(file.name, file.content, file.type);
  return t.request<T>({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, ...body.headers, ...headers },
  });
}

/** A supplier of the tenant, by its name. */
export async function supplierIdOf(db: Kysely<Database>, tenantId: string, name: string): Promise<string> {
  const row = await db
    .selectFrom('vendor_supplier')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('supplier_name', '=', name)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export function authHeaders(token?: string | null): Headers {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The configuration of a second server in a test: quiet, no demo data, a sign-in limit no test reaches. */
export const TEST_APP_CONFIG = {
  logLevel: 'silent',
  seedDemo: false,
  benchRoutes: false,
  logger: false,
  loginRateLimit: 1000,
  trustProxy: false,
} as const satisfies Partial<AppConfig>;

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { handle, drop } = await freshDb();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'srm-test-'));
  const app = await buildApp({
    dataDir,
    logLevel: 'silent',
    seedDemo: false,
    benchRoutes: true,
    countStatements: true,
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
