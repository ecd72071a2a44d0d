import { createHash, randomBytes } from 'node:crypto';
import { SYS_CONFIG_BOUNDS } from '@srm/contracts/core';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AuthInfo, Deps } from '../core/context';
import { AppError } from '../core/errors';
import { routeConfigOf } from '../core/fastify-internals';
import type { DataChanges } from '../db/data-changes';
import { prepared } from '../db/prepared';
import type { Database } from '../db/types';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Authorization: Bearer x, Authorization: x, a `token` header, or `?token=` on routes that allow it. */
export function extractToken(request: FastifyRequest): string | null {
  const clean = (value: unknown): string | null => {
    if (typeof value !== 'string') return null;
    const v = value.trim();
    return v && v !== 'null' && v !== 'undefined' ? v : null;
  };
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(.*)$/i.exec(header.trim());
    const v = clean(m ? m[1] : header);
    if (v) return v;
  }
  const tokenHeader = clean(request.headers.token);
  if (tokenHeader) return tokenHeader;
  if (routeConfigOf(request)?.tokenQuery && (request.method === 'GET' || request.method === 'HEAD')) {
    return clean((request.query as Record<string, unknown> | undefined)?.token);
  }
  return null;
}

/** last_seen_at is written at most this often per session. */
const SEEN_THROTTLE_MS = 60_000;
// A session last seen within the throttle cannot have passed its idle timeout (`keptSession`).
if (SYS_CONFIG_BOUNDS.tokenTimeout[0] * 60_000 <= SEEN_THROTTLE_MS)
  throw new Error('the shortest idle timeout must be longer than the last-seen throttle');

/**
 * The session of a token hash (or of several), with its user and the tenant's cache counters (no
 * row yet: the tenant never wrote, 0) and the row versions (`xmin`) of the user and enterprise rows
 * that tag the cached user info; compiled once. A lookup of one token is a unique-key lookup whose
 * named statement keeps one generic plan; `= any($1)` makes PostgreSQL plan every run again, which
 * costs several times the lookup, so it is only used for many tokens at once.
 */
const sessionQuery = (db: Kysely<Database>, where: RawBuilder<boolean>) =>
  db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .leftJoin('ent as e', 'e.id', 'u.ent_id')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .leftJoin('sys_tenant_cache_version as cv', 'cv.tenant_id', 's.tenant_id')
    .select([
      'cv.version as cache_version',
      'cv.user_version',
      'cv.user_page_version',
      'cv.config_version',
      'cv.supplier_version',
      sql<string>`u.xmin::text || '.' || coalesce(e.xmin::text, '')`.as('row_version'),
      'u.mobile',
      'u.email',
      'u.head_icon',
      'u.prev_login_time',
      'u.prev_login_ip',
      'u.prev_login_ip_name',
      'e.id as ent_row_id',
      'e.ent_name',
      'e.ent_type',
      'd.dept_name',
      's.token_hash',
      's.id as session_id',
      's.tenant_id',
      's.user_id',
      's.company_id',
      's.last_seen_at',
      's.ended_reason',
      'u.ent_id',
      'u.dept_id',
      'u.account',
      'u.real_name',
      'u.is_admin',
      'u.language',
      'u.theme',
      'u.enabled',
      'u.deleted',
    ])
    .where(where);
const selectSession = prepared((db, p: { tokenHash: string }) =>
  sessionQuery(db, sql<boolean>`s.token_hash = ${p.tokenHash}`),
);
const selectSessions = prepared((db, p: { tokenHashes: string[] }) =>
  sessionQuery(db, sql<boolean>`s.token_hash = any(${p.tokenHashes})`),
);

type SessionRow = Awaited<ReturnType<typeof selectSessions>>[number];

/** Largest number of tokens looked up by one query. */
const BATCH_MAX = 64;
/** Up to this many different tokens in one turn are looked up one by one (see `sessionQuery`). */
const ONE_BY_ONE_MAX = 4;

/**
 * Session lookups of requests that arrive in the same event-loop turn share one query per token
 * (several requests of one token, e.g. a page's parallel calls), or one query for many tokens.
 * Every lookup is a query issued after its request arrived (SessionCache keeps what it found).
 */
class SessionLoader {
  private pending = new Map<
    string,
    { resolve: (row: SessionRow | undefined) => void; reject: (e: unknown) => void }[]
  >();
  private scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  load(tokenHash: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(tokenHash, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    const hashes = [...batch.keys()];
    const settle = (chunk: string[], rows: Promise<SessionRow[]>) =>
      rows.then(
        (found) => {
          const byHash = new Map(found.map((r) => [r.token_hash, r]));
          for (const hash of chunk) for (const w of batch.get(hash) ?? []) w.resolve(byHash.get(hash));
        },
        (error: unknown) => {
          for (const hash of chunk) for (const w of batch.get(hash) ?? []) w.reject(error);
        },
      );
    if (hashes.length <= ONE_BY_ONE_MAX) {
      for (const tokenHash of hashes) settle([tokenHash], selectSession(this.db, { tokenHash }));
      return;
    }
    for (let i = 0; i < hashes.length; i += BATCH_MAX) {
      const chunk = hashes.slice(i, i + BATCH_MAX);
      settle(chunk, selectSessions(this.db, { tokenHashes: chunk }));
    }
  }
}

/** A kept session row is asked again after this long, whatever happened meanwhile. */
const KEPT_MS = 60_000;
/** Most sessions kept per database; the oldest go first. */
const KEPT_MAX = 20_000;

/** A kept session row, and what it answered the last time it was resolved. */
interface KeptSession {
  row: SessionRow;
  generation: number;
  at: number;
  /** The session it resolved to, and when the session was last seen then (`keptSession`). */
  auth?: AuthInfo;
  seenAt?: number;
}

/**
 * Session rows kept by token, each with the data generation read before its query
 * (db/data-changes.ts): a row is used only while no write in this process and no change notice of
 * another writer came since, so ending a session, disabling a user or any change of the tenant's
 * cache versions is seen on the next request here, and in other processes once PostgreSQL's notice
 * arrives. Keyed by the token itself: a hit spends no hash.
 */
class SessionCache {
  private rows = new Map<string, KeptSession>();

  constructor(private readonly changes: DataChanges) {}

  get(token: string, now: number): KeptSession | undefined {
    const kept = this.rows.get(token);
    if (!kept) return undefined;
    if (kept.generation !== this.changes.generation() || now - kept.at > KEPT_MS) {
      this.rows.delete(token);
      return undefined;
    }
    return kept;
  }

  set(token: string, row: SessionRow, generation: number, now: number): KeptSession | undefined {
    if (!this.changes.trusted() || generation !== this.changes.generation()) return undefined;
    // Set again, a token goes to the end of the order: the oldest kept go first when full.
    this.rows.delete(token);
    if (this.rows.size >= KEPT_MAX) {
      const oldest = this.rows.keys().next();
      if (!oldest.done) this.rows.delete(oldest.value);
    }
    const kept: KeptSession = { row, generation, at: now };
    this.rows.set(token, kept);
    return kept;
  }

  delete(token: string): void {
    this.rows.delete(token);
  }
}

const loaders = new WeakMap<Kysely<Database>, { loader: SessionLoader; cache: SessionCache }>();

function cachesOf(deps: Deps): { loader: SessionLoader; cache: SessionCache } {
  let entry = loaders.get(deps.db);
  if (!entry) {
    entry = { loader: new SessionLoader(deps.db), cache: new SessionCache(deps.dbHandle.changes) };
    loaders.set(deps.db, entry);
  }
  return entry;
}

/** The row of a token: kept (SessionCache) or asked (SessionLoader, batched per event-loop turn). */
async function sessionRow(
  deps: Deps,
  token: string,
  fresh: boolean,
): Promise<{ row: SessionRow | undefined; kept: KeptSession | undefined; wasKept: boolean }> {
  const { loader, cache } = cachesOf(deps);
  const now = Date.now();
  if (!fresh) {
    const kept = cache.get(token, now);
    if (kept) return { row: kept.row, kept, wasKept: true };
  } else cache.delete(token);
  const generation = deps.dbHandle.changes.generation();
  const row = await loader.load(hashToken(token));
  const kept = row ? cache.set(token, row, generation, now) : undefined;
  return { row, kept, wasKept: false };
}

/**
 * The session of a token without a promise, when its kept row was resolved before and nothing is
 * due: no write since (the row is kept), last seen within the throttle, so neither a last-seen
 * stamp nor the idle timeout (at least 5 minutes) can apply. Most requests end here; the others go
 * through `resolveSession`. The answer is shared by the token's requests and frozen.
 */
export function keptSession(deps: Deps, token: string): AuthInfo | undefined {
  const entry = loaders.get(deps.db);
  if (!entry) return undefined;
  const now = Date.now();
  const kept = entry.cache.get(token, now);
  if (!kept?.auth || kept.seenAt === undefined || now - kept.seenAt > SEEN_THROTTLE_MS) return undefined;
  return kept.auth;
}

/**
 * The session of a token, or the body code that refuses it (600 missing/idle, 601 unknown, 602 ended
 * elsewhere). Looked up by the unique token hash and kept while nothing it was read from changed
 * (SessionCache): the same query brings the user's own columns (for user info) and the cache
 * versions (for cached permissions, menus, user-list and supplier-list totals). An idle timeout
 * or a due last-seen stamp is judged on a row read anew, never on a kept one.
 */
export async function resolveSession(deps: Deps, token: string, fresh = false): Promise<AuthInfo> {
  const { db } = deps;
  const { row, kept, wasKept } = await sessionRow(deps, token, fresh);
  if (!row) throw new AppError(601, 'auth.tokenInvalid');
  if (row.ended_reason === 'replaced') throw new AppError(602, 'auth.replaced');
  if (row.ended_reason === 'forced') throw new AppError(602, 'auth.forced');
  // The platform operator suspended the tenant (platform/tenant-service.ts).
  if (row.ended_reason === 'suspended') throw new AppError(602, 'auth.tenantSuspended');
  if (row.ended_reason === 'expired') throw new AppError(600, 'auth.tokenMissing');
  if (row.ended_reason) throw new AppError(601, 'auth.tokenInvalid');
  if (!row.enabled || row.deleted) throw new AppError(601, 'auth.tokenInvalid');
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now - lastSeen > SEEN_THROTTLE_MS && wasKept) return resolveSession(deps, token, true);
  const { tokenTimeoutMinutes } = await deps.settings.security(row.tenant_id, row.config_version ?? '0');
  if (now - lastSeen > tokenTimeoutMinutes * 60_000) {
    await db
      .updateTable('sys_session')
      .set({ ended_reason: 'expired', ended_at: new Date(now) })
      .where('id', '=', row.session_id)
      .where('ended_reason', 'is', null)
      .execute();
    throw new AppError(600, 'auth.tokenMissing');
  }
  let seenAt = lastSeen;
  if (now - lastSeen > SEEN_THROTTLE_MS) {
    const seen = new Date(now);
    seenAt = now;
    // The kept row takes the new stamp at once (the statement does not move the data generation),
    // so the session's other requests meanwhile do not stamp it again.
    row.last_seen_at = seen;
    await db
      .updateTable('sys_session')
      .set({ last_seen_at: seen })
      .where('id', '=', row.session_id)
      .execute();
  }
  const auth: AuthInfo = Object.freeze({
    sessionId: row.session_id,
    userId: row.user_id,
    tenantId: row.tenant_id,
    entId: row.ent_id,
    deptId: row.dept_id,
    companyId: row.company_id,
    account: row.account,
    realName: row.real_name,
    isAdmin: row.is_admin,
    language: row.language,
    theme: row.theme,
    cacheVersion: row.cache_version ?? '0',
    userVersion: row.user_version ?? '0',
    userPageVersion: row.user_page_version ?? '0',
    configVersion: row.config_version ?? '0',
    supplierVersion: row.supplier_version ?? '0',
    rowVersion: row.row_version,
    profile: Object.freeze({
      mobile: row.mobile,
      email: row.email,
      headIcon: row.head_icon,
      prevLoginTime: row.prev_login_time,
      prevLoginIp: row.prev_login_ip,
      prevLoginIpName: row.prev_login_ip_name,
      entId: row.ent_row_id,
      entName: row.ent_name,
      entType: row.ent_type,
      deptName: row.dept_name,
    }),
  });
  // The kept entry of the row just judged (none when the cache is off); a newer read of the token
  // replaces the entry itself, so this one is then out of the cache.
  if (kept) {
    kept.auth = auth;
    kept.seenAt = seenAt;
  }
  return auth;
}
