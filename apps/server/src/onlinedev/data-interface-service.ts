/**
 * Data interfaces (系统数据 › 数据接口, docs/data-interfaces.md): the tenant's answers at a stable
 * path. Saving checks what each kind names (the tenant's dataset and roles, else 404; a host on the
 * platform's allow-list) and seals an HTTP interface's header values; nothing sealed is answered.
 * Calling reads the definition from the versioned cache (the table's writes bump the tenant's cache
 * version, migration 0084), checks the caller's roles, counts his calls, and answers from the answer
 * cache for `cacheSeconds` when it has one.
 */
import {
  DATA_INTERFACE_HTTP_MAX_BYTES,
  DATA_INTERFACE_HTTP_TIMEOUT_MS,
  DATA_INTERFACES_PER_TENANT,
  type DataInterface,
  type DataInterfaceBinding,
  type DataInterfaceMethod,
  type DataInterfaceOptions,
  type DataInterfaceSave,
  type DataInterfaceSummary,
  type DataInterfaceTestResult,
  type Dataset,
  dataInterfaceQueryParams,
  dataInterfaceSaveSchema,
} from '@srm/contracts';
import { type Selectable, sql } from 'kysely';
import { AppError, fieldError, forbidden, notFound } from '../core/errors';
import { hostAllowed } from '../core/host-allow-list';
import { type MessageKey, t } from '../core/i18n';
import { openSecret, sealSecret } from '../core/secret-box';
import type { ServiceContext } from '../core/service-context';
import { likePattern } from '../core/sql';
import { StoredAnswer } from '../core/stored-answer';
import { declareUnique } from '../core/unique-violation';
import type { Database } from '../db/types';
import {
  type CallerIds,
  datasetValues,
  httpRequestPlan,
  passedParams,
  type Query,
  readsPosition,
  urlHostPort,
  valuesKey,
} from './data-interface-binding';
import { callUpstream, UpstreamError } from './data-interface-http';
import {
  type DocumentedInterface,
  type InterfacesDocument,
  interfacesDocument,
} from './data-interface-openapi';
import { MinuteWindows } from './data-interface-rate';
import { userName } from './data-model-service';
import { getDataset, listDatasetsWithDefinitions, runDataset } from './dataset-service';

declareUnique('dm_data_interface_tenant_id_code_key', { field: 'code', key: 'dataInterface.codeTaken' });

type InterfaceRow = Selectable<Database['dm_data_interface']>;
type Save = ReturnType<typeof dataInterfaceSaveSchema.parse>;

/** An HTTP interface as kept: its header values sealed. */
interface StoredHttp {
  method: DataInterfaceMethod;
  url: string;
  headers: { name: string; sealed: string }[];
  body: string;
  params: string[];
}

/** What `definition` (jsonb) holds beyond the columns: the kind's own part. */
interface StoredDefinition {
  staticJson?: string;
  bindings?: DataInterfaceBinding[];
  http?: StoredHttp;
}

const ID = /^\d{1,18}$/;
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const namesOf = (row: { full_name: string; full_name_en: string; full_name_tw: string }) => ({
  'zh-CN': row.full_name,
  ...(row.full_name_en ? { 'en-US': row.full_name_en } : {}),
  ...(row.full_name_tw ? { 'zh-TW': row.full_name_tw } : {}),
});
const storedOf = (row: InterfaceRow) => (row.definition ?? {}) as StoredDefinition;

function summaryOf(row: InterfaceRow): DataInterfaceSummary {
  return {
    id: String(row.id),
    code: row.code,
    names: namesOf(row),
    kind: row.kind,
    enabled: row.enabled,
    updatedAt: ms(row.updated_at ?? row.created_at),
    updatedByName: row.updated_by_name,
  };
}

function toDataInterface(row: InterfaceRow, roleIds: string[]): DataInterface {
  const stored = storedOf(row);
  const http = row.kind === 'http' ? stored.http : undefined;
  return {
    ...summaryOf(row),
    roleIds,
    rateLimit: row.rate_limit,
    cacheSeconds: row.cache_seconds,
    staticJson: row.kind === 'static' ? (stored.staticJson ?? '') : '',
    datasetId: row.kind === 'dataset' && row.dataset_id !== null ? String(row.dataset_id) : null,
    bindings: row.kind === 'dataset' ? (stored.bindings ?? []) : [],
    // The header values stay on the server: only that one is kept.
    http: http
      ? { ...http, headers: http.headers.map((h) => ({ name: h.name, hasSecret: h.sealed !== '' })) }
      : null,
  };
}

export async function listDataInterfaces(
  ctx: ServiceContext,
  q: { keyword?: string | undefined },
): Promise<DataInterfaceSummary[]> {
  let query = ctx.db.selectFrom('dm_data_interface').selectAll().where('tenant_id', '=', ctx.auth.tenantId);
  if (q.keyword) {
    const like = likePattern(q.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('code', 'ilike', like),
        eb('full_name', 'ilike', like),
        eb('full_name_en', 'ilike', like),
        eb('full_name_tw', 'ilike', like),
      ]),
    );
  }
  return (await query.orderBy('code').execute()).map(summaryOf);
}

async function interfaceRow(ctx: ServiceContext, id: string): Promise<InterfaceRow> {
  if (!ID.test(id)) throw notFound();
  const row = await ctx.db
    .selectFrom('dm_data_interface')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Of `ids`, those that are roles of the tenant. */
async function tenantRoles(ctx: ServiceContext, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await ctx.db
    .selectFrom('sys_role')
    .select('id')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', 'in', [...ids])
    .execute();
  const found = new Set(rows.map((r) => String(r.id)));
  return ids.filter((id) => found.has(id));
}

export async function getDataInterface(ctx: ServiceContext, id: string): Promise<DataInterface> {
  const row = await interfaceRow(ctx, id);
  // A role deleted since is simply no longer listed.
  return toDataInterface(row, await tenantRoles(ctx, row.role_ids));
}

/** The datasets and roles the editor picks from. */
export async function dataInterfaceOptions(ctx: ServiceContext): Promise<DataInterfaceOptions> {
  const datasets = await listDatasetsWithDefinitions(ctx);
  const roles = await ctx.db
    .selectFrom('sys_role')
    .select(['id', 'role_name', 'en_code'])
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('enabled', '=', true)
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  return {
    datasets: datasets.map((d) => ({ id: d.id, code: d.code, names: d.names, params: d.definition.params })),
    roles: roles.map((r) => ({ id: String(r.id), name: r.role_name, code: r.en_code })),
  };
}

/** 400 at `field` unless the URL's `host:port` is on the platform's allow-list. */
function allowedUrl(ctx: ServiceContext, url: string, field?: string): void {
  const { host, port } = urlHostPort(url);
  if (hostAllowed(ctx.deps.config.interfaceHosts, host, port)) return;
  const params = { host, port: String(port) };
  if (field) throw fieldError({ [field]: t(ctx.locale, 'dataInterface.hostNotAllowed', params) });
  throw new AppError(400, 'dataInterface.hostNotAllowed', params);
}

/** The bindings against the dataset's parameters: each names one, and each required one is bound. */
function checkBindings(ctx: ServiceContext, dataset: Dataset, bindings: readonly DataInterfaceBinding[]) {
  const problems: Record<string, string> = {};
  const params = dataset.definition.params;
  bindings.forEach((b, i) => {
    if (!params.some((p) => p.code === b.param))
      problems[`bindings.${i}.param`] = t(ctx.locale, 'dataInterface.unknownParam', { param: b.param });
  });
  const unbound = params.filter(
    (p) => p.required && !p.defaultValue && !bindings.some((b) => b.param === p.code),
  );
  if (unbound.length)
    problems.bindings = t(ctx.locale, 'dataInterface.paramUnbound', {
      param: unbound.map((p) => p.code).join(', '),
    });
  if (Object.keys(problems).length) throw fieldError(problems);
}

/** The header values to keep: a typed one sealed, an empty one the kept value of its name. */
function sealedHeaders(ctx: ServiceContext, input: NonNullable<Save['http']>, kept: StoredHttp | undefined) {
  const problems: Record<string, string> = {};
  const headers = input.headers.map((h, i) => {
    if (h.value) return { name: h.name, sealed: sealSecret(ctx.deps.config, h.value) };
    const before = kept?.headers.find((k) => k.name.toLowerCase() === h.name.toLowerCase());
    if (!before) problems[`http.headers.${i}.value`] = t(ctx.locale, 'validation.required' as MessageKey);
    return { name: h.name, sealed: before?.sealed ?? '' };
  });
  if (Object.keys(problems).length) throw fieldError(problems);
  return headers;
}

/**
 * The row's kind-specific columns from a checked save: the dataset must be the tenant's (404), the
 * roles too (404), the host allowed (400 at `http.url`).
 */
async function columnsOf(ctx: ServiceContext, input: Save, kept: StoredDefinition | undefined) {
  if ((await tenantRoles(ctx, input.roleIds)).length !== new Set(input.roleIds).size) throw notFound();
  const definition: StoredDefinition = {};
  let datasetId: string | null = null;
  if (input.kind === 'static') definition.staticJson = input.staticJson ?? '';
  if (input.kind === 'dataset' && input.datasetId) {
    const dataset = await getDataset(ctx, input.datasetId);
    checkBindings(ctx, dataset, input.bindings);
    datasetId = dataset.id;
    definition.bindings = input.bindings.map((b) => ({
      param: b.param,
      source: b.source,
      value: b.source === 'query' || b.source === 'fixed' ? b.value : '',
    }));
  }
  if (input.kind === 'http' && input.http) {
    allowedUrl(ctx, input.http.url, 'http.url');
    const { method, url, body, params } = input.http;
    definition.http = { method, url, body, params, headers: sealedHeaders(ctx, input.http, kept?.http) };
  }
  return {
    code: input.code,
    full_name: input.names['zh-CN'],
    full_name_en: input.names['en-US'] ?? '',
    full_name_tw: input.names['zh-TW'] ?? '',
    enabled: input.enabled,
    kind: input.kind,
    dataset_id: datasetId,
    definition: JSON.stringify(definition),
    role_ids: [...new Set(input.roleIds)],
    rate_limit: input.rateLimit,
    cache_seconds: input.cacheSeconds,
    updated_by: ctx.auth.userId,
    updated_by_name: await userName(ctx.db, ctx.auth.userId),
    updated_at: ctx.now(),
  };
}

export async function createDataInterface(
  ctx: ServiceContext,
  body: DataInterfaceSave,
): Promise<DataInterface> {
  const input = dataInterfaceSaveSchema.parse(body);
  const values = await columnsOf(ctx, input, undefined);
  const count = await ctx.db
    .selectFrom('dm_data_interface')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .executeTakeFirstOrThrow();
  if (count.n >= DATA_INTERFACES_PER_TENANT)
    throw new AppError(400, 'dataInterface.tooMany', { max: DATA_INTERFACES_PER_TENANT });
  const row = await ctx.db
    .insertInto('dm_data_interface')
    .values({ tenant_id: ctx.auth.tenantId, created_by: ctx.auth.userId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDataInterface(row, row.role_ids);
}

/** Saves an interface; a header left empty keeps its kept value. A new version drops its cached answers. */
export async function updateDataInterface(
  ctx: ServiceContext,
  id: string,
  body: DataInterfaceSave,
): Promise<DataInterface> {
  const before = await interfaceRow(ctx, id);
  const input = dataInterfaceSaveSchema.parse(body);
  const values = await columnsOf(ctx, input, storedOf(before));
  const row = await ctx.db
    .updateTable('dm_data_interface')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return toDataInterface(row, row.role_ids);
}

export async function deleteDataInterface(ctx: ServiceContext, id: string): Promise<void> {
  await interfaceRow(ctx, id);
  await ctx.db
    .deleteFrom('dm_data_interface')
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Calling

/** An interface as the calling path keeps it (cached per tenant cache version). */
interface LiveInterface {
  id: string;
  version: number;
  enabled: boolean;
  kind: InterfaceRow['kind'];
  roleIds: ReadonlySet<string>;
  rateLimit: number;
  cacheSeconds: number;
  datasetId: string | null;
  stored: StoredDefinition;
  /** kind `static`: the envelope, written once. */
  staticAnswer: StoredAnswer | null;
}

/** What a call produced: the data as JSON text, and what the test console shows beside it. */
interface Produced {
  status: number;
  json: string;
  truncated: boolean;
}

const envelopeText = (json: string) => `{"code":0,"msg":"Success","data":${json}}`;
const rateWindows = new MinuteWindows();
const DEFINITION_TTL_MS = 60_000;

function liveOf(row: InterfaceRow): LiveInterface {
  const stored = storedOf(row);
  return {
    id: String(row.id),
    version: row.version,
    enabled: row.enabled,
    kind: row.kind,
    roleIds: new Set(row.role_ids),
    rateLimit: row.rate_limit,
    cacheSeconds: row.cache_seconds,
    datasetId: row.dataset_id === null ? null : String(row.dataset_id),
    stored,
    staticAnswer: row.kind === 'static' ? new StoredAnswer(envelopeText(stored.staticJson ?? 'null')) : null,
  };
}

/** Keys of the versioned cache: an interface's definition, a caller's roles (family `dataInterface`). */
const definitionKey = (ctx: ServiceContext, id: string) => `dataInterface:${ctx.auth.tenantId}:${id}`;
const rolesKey = (ctx: ServiceContext) => `dataInterface:${ctx.auth.tenantId}:roles:${ctx.auth.userId}`;

/**
 * The interface for the calling path, from the versioned cache: the table's writes bump the tenant's
 * cache version (migration 0084), which the session reads, so an edit applies at the next request
 * in every process. Another tenant's or a missing id: 404.
 */
function liveInterface(ctx: ServiceContext, id: string): Promise<LiveInterface> {
  if (!ID.test(id)) throw notFound();
  return ctx.deps.cache.get(
    definitionKey(ctx, id),
    ctx.auth.cacheVersion,
    async () => liveOf(await interfaceRow(ctx, id)),
    DEFINITION_TTL_MS,
  );
}

/** The caller's enabled roles (cached per user under the same version: roles bump it too). */
function callerRoles(ctx: ServiceContext): Promise<string[]> {
  return ctx.deps.cache.get(
    rolesKey(ctx),
    ctx.auth.cacheVersion,
    async () => {
      const rows = await ctx.db
        .selectFrom('user_role as ur')
        .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
        .select('ur.role_id')
        .where('ur.user_id', '=', ctx.auth.userId)
        .where('ur.tenant_id', '=', ctx.auth.tenantId)
        .where('r.enabled', '=', true)
        .execute();
      return rows.map((r) => String(r.role_id));
    },
    DEFINITION_TTL_MS,
  );
}

const holdsRole = (live: LiveInterface, roles: readonly string[]) =>
  roles.some((role) => live.roleIds.has(role));

/** 403 unless the caller is the tenant's administrator or holds one of the interface's roles. */
async function assertMayCall(ctx: ServiceContext, live: LiveInterface): Promise<void> {
  if (ctx.auth.isAdmin) return;
  if (!holdsRole(live, await callerRoles(ctx))) throw forbidden();
}

/** 429 (the seconds to wait in `data.retryAfter`) past the interface's calls a minute for this caller. */
function countCall(ctx: ServiceContext, live: LiveInterface): void {
  const limit = Math.max(1, Math.floor(live.rateLimit * (ctx.deps.config.interfaceRateFactor ?? 1)));
  const wait = rateWindows.take(`${ctx.auth.tenantId}:${live.id}:${ctx.auth.userId}`, limit);
  if (wait > 0)
    throw new AppError(429, 'dataInterface.rateLimited', { limit, seconds: wait }, { retryAfter: wait });
}

/** The caller as the placeholders read him; his first position only when a binding asks. */
async function callerIds(ctx: ServiceContext, bindings: readonly DataInterfaceBinding[]): Promise<CallerIds> {
  let positionId: string | null = null;
  if (readsPosition(bindings)) {
    const first = await ctx.db
      .selectFrom('user_position')
      .select('position_id')
      .where('user_id', '=', ctx.auth.userId)
      .where('tenant_id', '=', ctx.auth.tenantId)
      .orderBy('position_id')
      .executeTakeFirst();
    positionId = first ? String(first.position_id) : null;
  }
  return { userId: ctx.auth.userId, companyId: ctx.auth.companyId, deptId: ctx.auth.deptId, positionId };
}

/** What one call binds: a dataset's parameter values, or the query parameters an HTTP call passes on. */
async function boundValues(ctx: ServiceContext, live: LiveInterface, query: Query) {
  if (live.kind === 'dataset') {
    const bindings = live.stored.bindings ?? [];
    return datasetValues(bindings, query, await callerIds(ctx, bindings));
  }
  if (live.kind === 'http') return passedParams(live.stored.http?.params ?? [], query);
  return {};
}

/**
 * A dataset's refusal of a value at `params.<code>`, told at the query parameter the client gave
 * it by (a bound placeholder or fixed value keeps the parameter's own name).
 */
function inQueryTerms(error: unknown, bindings: readonly DataInterfaceBinding[]): unknown {
  const fields =
    error instanceof AppError ? (error.data as { fields?: Record<string, string> } | null)?.fields : null;
  if (!(error instanceof AppError) || !fields) return error;
  const renamed = Object.entries(fields).map(([path, message]) => {
    const code = path.startsWith('params.') ? path.slice('params.'.length) : null;
    const binding = bindings.find((b) => b.param === code && b.source === 'query');
    return [binding ? binding.value : path, message] as const;
  });
  return new AppError(error.code, error.key, error.params, { fields: Object.fromEntries(renamed) });
}

async function producedByDataset(
  ctx: ServiceContext,
  live: LiveInterface,
  values: Record<string, string | null>,
): Promise<Produced> {
  try {
    const result = await runDataset(ctx, live.datasetId ?? '', values);
    // Never the statement: a client reads rows, not the SQL behind them.
    const { statement: _statement, ...rows } = result;
    return { status: 200, json: JSON.stringify(rows), truncated: result.truncated };
  } catch (error) {
    throw inQueryTerms(error, live.stored.bindings ?? []);
  }
}

/** The kept header values, opened (400 naming the header when this deployment's key cannot). */
function openedHeaders(ctx: ServiceContext, http: StoredHttp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, sealed } of http.headers) {
    try {
      out[name] = openSecret(ctx.deps.config, sealed);
    } catch {
      throw new AppError(400, 'dataInterface.headerUnreadable', { name });
    }
  }
  return out;
}

async function producedByHttp(
  ctx: ServiceContext,
  http: StoredHttp,
  params: Record<string, string>,
): Promise<Produced> {
  // The list may have changed since the interface was saved.
  allowedUrl(ctx, http.url);
  try {
    const answer = await callUpstream(httpRequestPlan(http, params), openedHeaders(ctx, http), {
      timeoutMs: ctx.deps.config.interfaceTimeoutMs ?? DATA_INTERFACE_HTTP_TIMEOUT_MS,
      maxBytes: DATA_INTERFACE_HTTP_MAX_BYTES,
    });
    return { status: answer.status, json: answer.json, truncated: false };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const { host, port } = urlHostPort(http.url);
    throw new AppError(400, `dataInterface.${error.problem}` as MessageKey, {
      host,
      port: String(port),
      ...error.params,
    });
  }
}

function produce(ctx: ServiceContext, live: LiveInterface, values: Record<string, string | null>) {
  if (live.kind === 'dataset') return producedByDataset(ctx, live, values);
  if (live.kind === 'http' && live.stored.http)
    return producedByHttp(ctx, live.stored.http, values as Record<string, string>);
  return Promise.resolve<Produced>({ status: 200, json: live.stored.staticJson ?? 'null', truncated: false });
}

/**
 * The answer cache's key. A dataset runs under the caller's data rules: its answers are his own.
 * Static and HTTP ones are the same for every caller with the same values.
 */
function answerKey(ctx: ServiceContext, live: LiveInterface, values: Record<string, string | null>): string {
  const caller = live.kind === 'dataset' ? ctx.auth.userId : '';
  return `dataInterfaceAnswer:${ctx.auth.tenantId}:${live.id}:${caller}:${valuesKey(values)}`;
}

/** The answer of one call, for `cacheSeconds` from the answer cache when the interface has one. */
async function answerOf(ctx: ServiceContext, live: LiveInterface, query: Query): Promise<StoredAnswer> {
  const values = await boundValues(ctx, live, query);
  const fresh = async () =>
    live.staticAnswer ?? new StoredAnswer(envelopeText((await produce(ctx, live, values)).json));
  if (live.cacheSeconds <= 0) return fresh();
  return ctx.deps.cache.get(
    answerKey(ctx, live, values),
    String(live.version),
    fresh,
    live.cacheSeconds * 1000,
  );
}

/** A call's bound values when no query is needed to know them (the caller's position is one). */
function valuesAtHand(ctx: ServiceContext, live: LiveInterface, query: Query) {
  if (live.kind === 'http') return passedParams(live.stored.http?.params ?? [], query);
  if (live.kind !== 'dataset') return {};
  const bindings = live.stored.bindings ?? [];
  if (readsPosition(bindings)) return null;
  const { userId, companyId, deptId } = ctx.auth;
  return datasetValues(bindings, query, { userId, companyId, deptId, positionId: null });
}

/**
 * `interfaceResponse` without a promise, when all it needs is kept: the definition, the caller's
 * roles and the answer (a static one, or one of the answer cache). Counts the call (429 past the
 * limit). Else undefined, and `interfaceResponse` decides: the hot path of a cached interface costs
 * a few map lookups, not a chain of promises.
 */
export function keptResponse(ctx: ServiceContext, id: string, query: Query): StoredAnswer | undefined {
  if (!ID.test(id)) return undefined;
  const { cache } = ctx.deps;
  const live = cache.peek<LiveInterface>(definitionKey(ctx, id), ctx.auth.cacheVersion);
  if (!live?.enabled) return undefined;
  if (!ctx.auth.isAdmin) {
    const roles = cache.peek<string[]>(rolesKey(ctx), ctx.auth.cacheVersion);
    if (!roles || !holdsRole(live, roles)) return undefined;
  }
  let answer = live.cacheSeconds > 0 ? undefined : (live.staticAnswer ?? undefined);
  if (live.cacheSeconds > 0) {
    const values = valuesAtHand(ctx, live, query);
    if (values) answer = cache.peek<StoredAnswer>(answerKey(ctx, live, values), String(live.version));
  }
  if (answer) countCall(ctx, live);
  return answer;
}

/**
 * GET `…/{id}/Actions/Response`: the interface's answer for the caller. A disabled interface is
 * not there (404); a caller without one of its roles 403; past its calls a minute 429.
 */
export async function interfaceResponse(
  ctx: ServiceContext,
  id: string,
  query: Query,
): Promise<StoredAnswer> {
  const live = await liveInterface(ctx, id);
  if (!live.enabled) throw notFound();
  await assertMayCall(ctx, live);
  countCall(ctx, live);
  return answerOf(ctx, live, query);
}

/**
 * The test console: the saved interface run for the caller with `query`, uncached and uncounted,
 * with the status and time. A service's failure is a 400 saying why, never a 500.
 */
export async function testDataInterface(
  ctx: ServiceContext,
  id: string,
  query: Query,
): Promise<DataInterfaceTestResult> {
  const live = liveOf(await interfaceRow(ctx, id));
  const started = performance.now();
  const produced = await produce(ctx, live, await boundValues(ctx, live, query));
  return {
    status: produced.status,
    ms: Math.round(performance.now() - started),
    body: JSON.parse(produced.json) as unknown,
    truncated: produced.truncated,
  };
}

/** The OpenAPI document of the tenant's enabled interfaces, in the caller's language. */
export async function interfacesOpenApi(ctx: ServiceContext): Promise<InterfacesDocument> {
  const rows = await ctx.db
    .selectFrom('dm_data_interface')
    .selectAll()
    .where('tenant_id', '=', ctx.auth.tenantId)
    .where('enabled', '=', true)
    .orderBy('code')
    .execute();
  const datasets = rows.some((r) => r.kind === 'dataset') ? await listDatasetsWithDefinitions(ctx) : [];
  const paramsOf = new Map(datasets.map((d) => [d.id, d.definition.params]));
  const items: DocumentedInterface[] = rows.map((row) => {
    const item = toDataInterface(row, []);
    return {
      ...item,
      params: dataInterfaceQueryParams(item, paramsOf.get(item.datasetId ?? '') ?? []),
    };
  });
  const tenant = await ctx.db
    .selectFrom('tenant')
    .select('name')
    .where('id', '=', ctx.auth.tenantId)
    .executeTakeFirst();
  const title = t(ctx.locale, 'dataInterface.documentTitle', { tenant: tenant?.name ?? '' });
  return interfacesDocument(items, { title, locale: ctx.locale });
}
