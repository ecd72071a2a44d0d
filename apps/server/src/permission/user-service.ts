import { type User, type UserInfo, UserPerm, validationMessage } from '@srm/contracts';
import {
  type ExpressionBuilder,
  type Kysely,
  type QueryCreator,
  type RawBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { hasPerm } from '../core/access';
import type { VersionedCache } from '../core/cache';
import { AppError, fieldError, forbidden, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { verifyPassword } from '../core/password';
import type { ServiceContext } from '../core/service-context';
import { loadSysConfig } from '../core/settings';
import { likePattern } from '../core/sql';
import { StoredAnswer } from '../core/stored-answer';
import { declareUnique } from '../core/unique-violation';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { checkNewPassword } from '../system/sys-config/password-policy';
import { dataScopeFilter, USER_SCOPE } from './data-scope';
import { setUserPassword } from './owned-writes';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('sys_user_account', { field: 'account', key: 'user.accountTaken' });

type Db = Kysely<Database> | Transaction<Database>;
/** Where a query starts: the database, a transaction, or a `with` that stands in for a table. */
type Source = Db | QueryCreator<Database>;

const ms = (d: Date | string | null): number | null => (d == null ? null : new Date(d).getTime());

/** The user columns of the list, joined with the department name; live users of the tenant only. */
export function userQuery(db: Db, tenantId: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false);
}

/** Row filter of the user list: the data rule's scope (null: none) and the screen's filters. */
export interface UserFilter {
  keyword?: string;
  deptIds?: string[];
  enabled?: boolean;
  /** Only holders of this role / position (ids already checked against the tenant). */
  roleId?: string;
  positionId?: string;
  scope?: RawBuilder<SqlBool> | null;
  /** false: the keyword does not match mobile numbers (no mobile column permission). */
  searchMobile?: boolean;
}

/**
 * The live users of the tenant that the filter keeps (`sys_user as u` alone: no filter reads the
 * department row, and without the join the planner walks the narrow (tenant_id, id desc) index for
 * ids and counts).
 */
export function filteredUsers(db: Source, tenantId: string, filter: UserFilter) {
  let q = db.selectFrom('sys_user as u').where('u.tenant_id', '=', tenantId).where('u.deleted', '=', false);
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    // One expression, so the trigram index of migration 0006 answers it (and the statistics of
    // 0010 tell the planner how many rows match).
    q = q.where(sql<string>`u.account || ' ' || u.real_name || ' ' || u.mobile`, 'ilike', like);
    // A caller who may not see the mobile column cannot search by it either (that would reveal the
    // numbers): account and name, a prefix of the indexed expression, must match by themselves.
    if (filter.searchMobile === false)
      q = q.where(sql<string>`u.account || ' ' || u.real_name`, 'ilike', like);
  }
  if (filter.deptIds) q = q.where('u.dept_id', 'in', filter.deptIds.length ? filter.deptIds : ['0']);
  if (filter.enabled !== undefined) q = q.where('u.enabled', '=', filter.enabled);
  const { roleId, positionId } = filter;
  if (roleId) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_role as ur')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where('ur.role_id', '=', roleId),
      ),
    );
  }
  if (positionId) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_position as up')
          .select('up.user_id')
          .whereRef('up.user_id', '=', 'u.id')
          .where('up.position_id', '=', positionId),
      ),
    );
  }
  if (filter.scope) q = q.where(filter.scope);
  return q;
}

/** The user page's data rule for this request (null: no limit). */
export function userScope(ctx: ServiceContext) {
  return dataScopeFilter(ctx, UserPerm.user, USER_SCOPE);
}

/** Column permissions of the user page: mobile and email are left out unless granted. */
export interface UserColumns {
  mobile: boolean;
  email: boolean;
}

export async function userColumnsOf(ctx: ServiceContext): Promise<UserColumns> {
  const [mobile, email] = await Promise.all([
    hasPerm(ctx, UserPerm.userMobileColumn),
    hasPerm(ctx, UserPerm.userEmailColumn),
  ]);
  return { mobile, email };
}

/** The user without the columns the caller may not see (the keys are absent, not empty). */
export function withColumns<T extends User>(user: T, columns: UserColumns): T {
  const copy = { ...user };
  if (!columns.mobile) delete copy.mobile;
  if (!columns.email) delete copy.email;
  return copy;
}

/** How many of these users lie outside the data scope (0 without a scope). */
async function countOutsideScope(
  db: Db,
  tenantId: string,
  ids: readonly string[],
  scope: RawBuilder<SqlBool> | null,
) {
  if (!scope || ids.length === 0) return 0;
  const inside = await filteredUsers(db, tenantId, { scope })
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('u.id', 'in', [...ids])
    .executeTakeFirstOrThrow();
  return new Set(ids).size - Number(inside.n);
}

/** 404 unless the user is inside the caller's data scope (tenant already checked by the caller). */
export async function assertInScope(db: Db, tenantId: string, id: string, scope: RawBuilder<SqlBool> | null) {
  if ((await countOutsideScope(db, tenantId, [id], scope)) > 0) throw notFound();
}

/**
 * After a write, inside its transaction: the written users must still be inside the caller's data
 * scope (a user limited to a department cannot create or move users elsewhere). 403 rolls it back.
 */
export async function assertWrittenInScope(
  tx: Db,
  tenantId: string,
  ids: readonly string[],
  scope: RawBuilder<SqlBool> | null,
) {
  if ((await countOutsideScope(tx, tenantId, ids, scope)) > 0) throw forbidden();
}

/** Where the user list keeps its exact totals between requests (see `listUsers`). */
export interface UserCountCache {
  cache: VersionedCache;
  /** The tenant's cache version read with the session (roles, grants, departments…). */
  version: string;
  /** The tenant's user_version read with the session (the users' list columns). */
  userVersion: string;
}

/** Totals are kept this long at most; the versions alone decide whether one is current. */
const COUNT_TTL_MS = 5 * 60_000;
/** A kept total follows at most this many user versions by their changes; further behind, it counts again. */
const MAX_DELTA_VERSIONS = 1_000;

/** The request's user-count cache: the app's versioned cache, tagged with the session's versions. */
export function userCountCache(ctx: ServiceContext): UserCountCache {
  const auth = ctx.auth;
  return { cache: ctx.deps.cache, version: auth.cacheVersion, userVersion: auth.userVersion };
}

/**
 * The exact total of one count statement, kept under one cache version (roles, grants, departments
 * and data rules unchanged): known as of the tenant's user version `at`, and brought to a newer
 * version by the changes logged between (migration 0032) instead of a new `count(*)`. One load at a
 * time: requests that need no newer version than the one being loaded wait for it.
 */
class KeptTotal {
  private known: { at: bigint; n: number } | null = null;
  private loading: Promise<unknown> | null = null;

  async at(
    version: bigint,
    recount: () => Promise<{ at: bigint; n: number }>,
    delta: (from: bigint, to: bigint) => Promise<number>,
  ): Promise<number> {
    for (;;) {
      if (this.known && this.known.at >= version) return this.known.n;
      if (this.loading) {
        await this.loading.catch(() => undefined);
        continue;
      }
      const from = this.known;
      const load = (async () => {
        this.known =
          from && version - from.at <= MAX_DELTA_VERSIONS
            ? { at: version, n: from.n + (await delta(from.at, version)) }
            : await recount();
      })();
      this.loading = load;
      try {
        await load;
      } finally {
        this.loading = null;
      }
    }
  }
}

/** The columns of a user in the list and in the detail (over `userQuery`). */
const USER_LIST_COLUMNS = [
  'u.id',
  'u.account',
  'u.real_name',
  'u.mobile',
  'u.email',
  'u.dept_id',
  'd.dept_name',
  'u.enabled',
  'u.is_admin',
  'u.last_login_time',
  'u.created_at',
] as const;

function toUser(r: {
  id: string | number;
  account: string;
  real_name: string;
  mobile: string;
  email: string;
  dept_id: string | number | null;
  dept_name: string | null;
  enabled: boolean;
  is_admin: boolean;
  last_login_time: Date | string | null;
  created_at: Date | string;
}): User {
  return {
    id: String(r.id),
    account: r.account,
    realName: r.real_name,
    mobile: r.mobile,
    email: r.email,
    deptId: r.dept_id == null ? null : String(r.dept_id),
    deptName: r.dept_name ?? null,
    enabled: r.enabled,
    isAdmin: r.is_admin,
    lastLoginTime: ms(r.last_login_time),
    createdAt: ms(r.created_at) ?? 0,
  };
}

/**
 * A page of the user list and the exact number of users the filter keeps.
 *
 * The total is `count(*)` of the matching rows, which at 100,000 users costs far more than the page
 * (docs/PERFORMANCE.md). With `countCache` it is kept per count statement (its SQL and parameters:
 * tenant, filters, data scope, mobile search) under the tenant's cache version (roles, positions,
 * grants, data rules, departments: any change counts again), as of a user version: the count reads
 * the version in its own statement, and a request that read a newer one adds the signed rows of
 * the users written since that the same filter keeps (`sys_user_change`, migration 0032). So an
 * edit costs the next request a look at the edited rows, not a count of every user, in every process.
 *
 * The page reads the ids first and then only those rows with their department, instead of
 * fetching and joining every skipped row (page 500: 8 → 2 ms on PostgreSQL).
 */
export async function listUsers(
  db: Kysely<Database>,
  tenantId: string,
  options: UserFilter & { currentPage: number; pageSize: number; countCache?: UserCountCache },
): Promise<{ list: User[]; total: number }> {
  const q = filteredUsers(db, tenantId, options);
  const countQuery = q.select((eb) => eb.fn.countAll<string>().as('n'));
  const { countCache } = options;
  let total: Promise<number>;
  if (countCache) {
    const compiled = countQuery.compile();
    const key = `userCount:${tenantId}:${compiled.sql}:${JSON.stringify(compiled.parameters)}`;
    const recount = async () => {
      const row = await countQuery
        .select(
          sql<string>`(select coalesce(max(v.user_version), 0) from sys_tenant_cache_version v
            where v.tenant_id = ${tenantId})`.as('at'),
        )
        .executeTakeFirstOrThrow();
      return { at: BigInt(row.at), n: Number(row.n) };
    };
    const delta = async (from: bigint, to: bigint) => {
      // The logged rows stand in for sys_user in the same filter (same columns, plus their sign).
      const changes = db.with('sys_user', (qc) =>
        qc
          .selectFrom('sys_user_change')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('seq', '>', String(from))
          .where('seq', '<=', String(to)),
      ) as unknown as QueryCreator<Database>;
      const row = await filteredUsers(changes, tenantId, options)
        .select(sql<string>`coalesce(sum(u.sign), 0)`.as('d'))
        .executeTakeFirstOrThrow();
      return Number(row.d);
    };
    total = countCache.cache
      .get(key, countCache.version, async () => new KeptTotal(), COUNT_TTL_MS)
      .then((kept) => kept.at(BigInt(countCache.userVersion), recount, delta));
  } else {
    total = countQuery.executeTakeFirstOrThrow().then((row) => Number(row.n));
  }
  const pageIds = q
    .select('u.id')
    .orderBy('u.id', 'desc')
    .limit(options.pageSize)
    .offset((options.currentPage - 1) * options.pageSize);
  const [n, rows] = await Promise.all([
    total,
    userQuery(db, tenantId)
      .where('u.id', 'in', pageIds)
      .select(USER_LIST_COLUMNS)
      .orderBy('u.id', 'desc')
      .execute(),
  ]);
  const list = rows.map(toUser);
  return { list, total: n };
}

/** Stored pages live until a version moves; this only bounds the memory of idle ones. */
const PAGE_TTL_MS = 60_000;

/**
 * A page of the user list as stored bytes, shared by every caller with the same filter, data
 * scope, page and visible columns under the tenant's cache version and user page version (any
 * change of a column the list shows or filters on, migration 0032): browsing and refreshing the
 * list costs a cache lookup until a user, role, grant or department changes.
 */
export async function userPageAnswer(
  ctx: ServiceContext,
  options: UserFilter & { currentPage: number; pageSize: number },
  columns: UserColumns,
  serialize: (page: { list: User[]; total: number }) => ConstructorParameters<typeof StoredAnswer>[0],
): Promise<StoredAnswer> {
  const { auth, db } = ctx;
  const scope = options.scope?.compile(db);
  const key = JSON.stringify([
    options.keyword ?? null,
    options.deptIds ?? null,
    options.enabled ?? null,
    options.roleId ?? null,
    options.positionId ?? null,
    options.searchMobile ?? null,
    options.currentPage,
    options.pageSize,
    columns.mobile,
    columns.email,
    scope ? [scope.sql, scope.parameters] : null,
  ]);
  return ctx.deps.cache.get(
    `userPage:${auth.tenantId}:${key}`,
    `${auth.cacheVersion}.${auth.userPageVersion}`,
    async () => {
      const { list, total } = await listUsers(db, auth.tenantId, {
        ...options,
        countCache: userCountCache(ctx),
      });
      return new StoredAnswer(serialize({ list: list.map((u) => withColumns(u, columns)), total }));
    },
    PAGE_TTL_MS,
  );
}

/** A live user of the tenant with its role and position ids; 404 otherwise (another tenant's id too). */
export async function loadUserInfo(db: Db, tenantId: string, id: string): Promise<UserInfo> {
  // One statement: the user's roles and positions come as lists of ids beside the row.
  const r = await userQuery(db, tenantId)
    .select(USER_LIST_COLUMNS)
    .select((eb) => relationIdLists(eb, tenantId))
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound();
  return { ...toUser(r), roleIds: idList(r.role_ids), positionIds: idList(r.position_ids) };
}

/** The role and position ids of the user `u`, each as a comma list (null when none). */
function relationIdLists(
  eb: ExpressionBuilder<Database & { u: Database['sys_user'] }, 'u'>,
  tenantId: string,
) {
  return [
    eb
      .selectFrom('user_role as ur')
      .select(sql<string | null>`string_agg(ur.role_id::text, ',' order by ur.role_id)`.as('ids'))
      .whereRef('ur.user_id', '=', 'u.id')
      .where('ur.tenant_id', '=', tenantId)
      .as('role_ids'),
    eb
      .selectFrom('user_position as up')
      .select(sql<string | null>`string_agg(up.position_id::text, ',' order by up.position_id)`.as('ids'))
      .whereRef('up.user_id', '=', 'u.id')
      .where('up.tenant_id', '=', tenantId)
      .as('position_ids'),
  ] as const;
}

/** The ids of a `string_agg` (null when there is none). */
const idList = (ids: string | null) => (ids ? ids.split(',') : []);

/**
 * Accounts are unique among live users across the platform (sign-in has no tenant; the unique index
 * sys_user_account enforces it), so a taken account answers 400 with a field message.
 */
export async function assertAccountFree(db: Db, ctx: ServiceContext, account: string): Promise<void> {
  const row = await db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', account)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (row) throw fieldError({ account: t(ctx.locale, 'user.accountTaken') });
}

const unique = (ids: string[]) => [...new Set(ids)];

/** The department, roles and positions must all be of the tenant (404 otherwise). */
export async function assertRefs(
  db: Db,
  tenantId: string,
  refs: { deptId: string | null; roleIds: string[]; positionIds: string[] },
): Promise<void> {
  if (refs.deptId) {
    const dept = await db
      .selectFrom('sys_dept')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', refs.deptId)
      .executeTakeFirst();
    if (!dept) throw notFound();
  }
  const roleIds = unique(refs.roleIds);
  if (roleIds.length) {
    const found = await db
      .selectFrom('sys_role')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', roleIds)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== roleIds.length) throw notFound();
  }
  const positionIds = unique(refs.positionIds);
  if (positionIds.length) {
    const found = await db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', positionIds)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== positionIds.length) throw notFound();
  }
}

/**
 * Sets the user's roles and positions to these: only the rows that differ are deleted or inserted.
 * Every statement on these tables bumps the tenant's cache version (migration 0013), which drops
 * every permission set, menu and kept user-list total of the tenant; saving a user with the same
 * roles and positions (a renaming) must not.
 */
export async function setRelations(
  tx: Transaction<Database>,
  tenantId: string,
  userId: string,
  refs: { roleIds: string[]; positionIds: string[] },
): Promise<void> {
  const held = await tx
    .selectFrom('sys_user as u')
    .select((eb) => relationIdLists(eb, tenantId))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  const role = difference(idList(held?.role_ids ?? null), refs.roleIds);
  const position = difference(idList(held?.position_ids ?? null), refs.positionIds);
  if (role.gone.length)
    await tx
      .deleteFrom('user_role')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('role_id', 'in', role.gone)
      .execute();
  if (position.gone.length)
    await tx
      .deleteFrom('user_position')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('position_id', 'in', position.gone)
      .execute();
  if (role.added.length)
    await tx
      .insertInto('user_role')
      .values(role.added.map((roleId) => ({ tenant_id: tenantId, user_id: userId, role_id: roleId })))
      .execute();
  if (position.added.length)
    await tx
      .insertInto('user_position')
      .values(
        position.added.map((positionId) => ({
          tenant_id: tenantId,
          user_id: userId,
          position_id: positionId,
        })),
      )
      .execute();
}

/** What goes from `held` and what comes to it, for it to become `wanted` (duplicates once). */
function difference(held: string[], wanted: string[]): { gone: string[]; added: string[] } {
  const has = new Set(held);
  const want = new Set(wanted);
  return { gone: [...has].filter((id) => !want.has(id)), added: [...want].filter((id) => !has.has(id)) };
}

/** The tenant's purchasing enterprise (ent_type 1): the enterprise of users created here. */
export async function tenantEntId(db: Db, tenantId: string, fallback: string): Promise<string> {
  const row = await db
    .selectFrom('ent')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('ent_type', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return row ? String(row.id) : fallback;
}

/** Users that may not be deleted or disabled here: yourself and the tenant administrator. */
export function assertChangeable(
  selfId: string,
  user: UserInfo,
  selfKey: 'user.deleteSelf' | 'user.disableSelf',
): void {
  if (user.id === selfId) throw new AppError(409, selfKey);
  if (user.isAdmin) throw new AppError(409, 'user.adminProtected');
}

/**
 * The signed-in user's own password change (Current/Actions/ModifyPassword and its alias, docs/rules.md#api):
 * the old password must match, and the new one differ from it.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  ctx: ServiceContext,
  body: { oldPassword: string; password: string },
): Promise<void> {
  const auth = ctx.auth;
  const user = await db
    .selectFrom('sys_user')
    .select('password_hash')
    .where('id', '=', auth.userId)
    .where('tenant_id', '=', auth.tenantId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, body.oldPassword))) {
    throw new AppError(400, 'auth.oldPasswordWrong', undefined, {
      fields: { oldPassword: t(ctx.locale, 'auth.oldPasswordWrong') },
    });
  }
  // A "change" to the same password changes nothing: refused whatever the reuse setting (the
  // profile form says the same before sending).
  if (body.password === body.oldPassword) {
    throw fieldError({ password: validationMessage('validation.passwordSameAsOld', ctx.locale) });
  }
  const { password: rule } = await loadSysConfig(db, auth.tenantId);
  const hash = await checkNewPassword(db, {
    tenantId: auth.tenantId,
    userId: auth.userId,
    password: body.password,
    rule,
    locale: ctx.locale,
  });
  await transaction(db, (tx) => setUserPassword(tx, auth.tenantId, auth.userId, hash));
}
