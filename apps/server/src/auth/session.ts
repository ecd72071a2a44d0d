import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AuthInfo, Deps } from '../core/context';
import { AppError } from '../core/errors';
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
  if (request.routeOptions.config?.tokenQuery && (request.method === 'GET' || request.method === 'HEAD')) {
    return clean((request.query as Record<string, unknown> | undefined)?.token);
  }
  return null;
}

/** last_seen_at is written at most this often per session. */
const SEEN_THROTTLE_MS = 60_000;

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
 * Nothing is cached — every lookup is a query issued after its request arrived, so a session ended
 * elsewhere is refused on its very next request.
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

const loaders = new WeakMap<Kysely<Database>, SessionLoader>();

/**
 * The session of a token, or the body code that refuses it (600 missing/idle, 601 unknown, 602 ended
 * elsewhere). Looked up by the unique token hash, never cached (see SessionLoader): the same query
 * brings the user's own columns (for user info) and the cache versions (for cached permissions,
 * menus, user-list and supplier-list totals).
 */
export async function resolveSession(deps: Deps, token: string): Promise<AuthInfo> {
  const { db } = deps;
  let loader = loaders.get(db);
  if (!loader) {
    loader = new SessionLoader(db);
    loaders.set(db, loader);
  }
  const row = await loader.load(hashToken(token));
  if (!row) throw new AppError(601, 'auth.tokenInvalid');
  if (row.ended_reason === 'replaced') throw new AppError(602, 'auth.replaced');
  if (row.ended_reason === 'forced') throw new AppError(602, 'auth.forced');
  if (row.ended_reason === 'expired') throw new AppError(600, 'auth.tokenMissing');
  if (row.ended_reason) throw new AppError(601, 'auth.tokenInvalid');
  if (!row.enabled || row.deleted) throw new AppError(601, 'auth.tokenInvalid');
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
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
  if (now - lastSeen > SEEN_THROTTLE_MS) {
    await db
      .updateTable('sys_session')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
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
    profile: {
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
    },
  };
}
