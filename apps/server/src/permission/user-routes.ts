import {
  AuthorizePerm,
  envelope,
  idParamSchema,
  imUserSchema,
  imUserSelectorBodySchema,
  MsgTemplateCode,
  modifyPasswordBodySchema,
  OrgPerm,
  pageOf,
  pageQuerySchema,
  postStaffUserListBodySchema,
  RolePerm,
  sysUserUpdateSchema,
  USER_IMPORT_DEFAULT_PASSWORD,
  USER_IMPORT_MAX_BYTES,
  USER_PICK_MAX,
  UserApi,
  type UserPageQuery,
  UserPerm,
  userCreateSchema,
  userImportResultSchema,
  userInfoSchema,
  userPageQuerySchema,
  userPickQuerySchema,
  userPickSchema,
  userResetPasswordSchema,
  userSchema,
  userStateSchema,
  userUpdateSchema,
} from '@srm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { AppError } from '../core/errors';
import { t } from '../core/i18n';
import { readUploadedFile } from '../core/multipart';
import { hashPassword } from '../core/password';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { notifyByTemplate } from '../message/msg-template';
import { findNode, likePattern, orgOf, subtreeIds } from '../org/org-service';
import { assertCallerHoldsObjects } from './authorize-service';
import { requireAnyPerm, requirePerm } from './service';
import {
  exportUsers,
  importErrorReport,
  importTemplate,
  insertImportUsers,
  readImportSheet,
  validateImportRows,
} from './user-excel';
import {
  assertAccountFree,
  assertChangeable,
  assertInScope,
  assertRefs,
  assertWrittenInScope,
  changeOwnPassword,
  endSessions,
  filteredUsers,
  listUsers,
  loadUserInfo,
  setRelations,
  tenantEntId,
  type UserFilter,
  userColumnsOf,
  userCountCache,
  userQuery,
  userScope,
  withColumns,
} from './user-service';

const tags = ['users'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The export answers at most this many rows (the list's filters narrow it). */
const EXPORT_MAX_ROWS = 50_000;

function sendXlsx(reply: FastifyReply, asciiName: string, fileName: string, content: Buffer) {
  return reply
    .type(XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}.xlsx"; filename*=UTF-8''${encodeURIComponent(`${fileName}.xlsx`)}`,
    )
    .send(content);
}

/** List filters of the screen (deptId takes the subtree; another tenant's department is 404). */
async function deptFilter(request: FastifyRequest, deptId: string | undefined) {
  if (!deptId) return undefined;
  const org = await orgOf(request);
  return [...subtreeIds(org, findNode(org, deptId).id)];
}

const enabledFilter = (enabled: 'true' | 'false' | undefined) =>
  enabled === undefined ? undefined : enabled === 'true';

/** 404 unless the role or position is one of the tenant's (a filter never reveals another tenant). */
async function assertTenantRow(
  request: FastifyRequest,
  table: 'sys_role' | 'sys_position',
  id: string | undefined,
) {
  if (!id) return;
  const auth = requireAuth(request.auth);
  const row = await request.server.deps.db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'error.notFound');
}

/** The user screen's filters (list and export), each checked against the tenant. */
async function listFilter(
  request: FastifyRequest,
  query: Pick<UserPageQuery, 'keyword' | 'deptId' | 'enabled' | 'roleId' | 'positionId'>,
): Promise<UserFilter> {
  const [deptIds] = await Promise.all([
    deptFilter(request, query.deptId),
    assertTenantRow(request, 'sys_role', query.roleId),
    assertTenantRow(request, 'sys_position', query.positionId),
  ]);
  return {
    keyword: query.keyword,
    deptIds,
    enabled: enabledFilter(query.enabled),
    roleId: query.roleId,
    positionId: query.positionId,
  };
}

/** Lifts a user's sign-in locks: every client address's failures, and the older per-user lock. */
async function clearSignInLocks(tx: Transaction<Database>, tenantId: string, userId: string) {
  await tx.deleteFrom('sys_login_failure').where('user_id', '=', userId).execute();
  await tx
    .updateTable('sys_user')
    .set({ failed_attempts: 0, locked_until: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /** The paged list of the user screen: data rule, filters and column permissions applied. */
  for (const { url, summary } of [
    {
      url: UserApi.users,
      summary:
        'Users, paged (keyword on account, name and mobile; deptId takes its sub-departments too; enabled filter); limited by the page data rule',
    },
    { url: UserApi.sysList, summary: 'Alias of GET /api/permission/Users (spec §7)' },
  ]) {
    app.get(
      url,
      {
        preValidation: requirePerm(UserPerm.user),
        schema: {
          tags,
          summary,
          querystring: userPageQuerySchema,
          response: { 200: envelope(pageOf(userSchema)) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { currentPage, pageSize } = request.query;
        const [filter, scope, columns] = await Promise.all([
          listFilter(request, request.query),
          userScope(request),
          userColumnsOf(request),
        ]);
        const { list, total } = await listUsers(db, auth.tenantId, {
          ...filter,
          scope,
          searchMobile: columns.mobile,
          currentPage,
          pageSize,
          countCache: userCountCache(request),
        });
        return envelopeOk(
          page(
            list.map((u) => withColumns(u, columns)),
            currentPage,
            pageSize,
            total,
          ),
        );
      },
    );
  }

  /** The pages whose screens pick users (department manager, role members, grants, users). */
  const USER_PICKER_PAGES = [
    UserPerm.user,
    OrgPerm.department,
    OrgPerm.position,
    RolePerm.role,
    AuthorizePerm.authorize,
  ];
  const pickers = [
    {
      url: UserApi.selector,
      summary:
        'Enabled users of the tenant for pickers (keyword on account and name); needs one of the pages that pick users',
    },
    {
      url: UserApi.all,
      summary: 'Every enabled user of the tenant, for pickers; needs one of the pages that pick users',
    },
  ];
  for (const { url, summary } of pickers) {
    app.get(
      url,
      {
        preValidation: requireAnyPerm(...USER_PICKER_PAGES),
        schema: {
          tags,
          summary,
          querystring: userPickQuerySchema,
          response: { 200: envelope(z.array(userPickSchema)) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        let q = userQuery(db, auth.tenantId).where('u.enabled', '=', true);
        const keyword = request.query.keyword;
        if (keyword) {
          const like = likePattern(keyword);
          q = q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like)]));
        }
        const rows = await q
          .select(['u.id', 'u.real_name', 'u.account', 'u.dept_id', 'd.dept_name'])
          .orderBy('u.real_name')
          .orderBy('u.id')
          .limit(USER_PICK_MAX)
          .execute();
        return envelopeOk(
          rows.map((r) => ({
            id: String(r.id),
            realName: r.real_name,
            account: r.account,
            deptId: r.dept_id === null ? null : String(r.dept_id),
            deptName: r.dept_name ?? null,
          })),
        );
      },
    );
  }

  /** Chat contacts (spec §3 chat contact): any signed-in user sees the enabled users of the tenant. */
  const imUsers = async (
    tenantId: string,
    options: { keyword?: string; exceptId?: string; currentPage: number; pageSize: number },
  ) => {
    let q = userQuery(db, tenantId).where('u.enabled', '=', true);
    if (options.exceptId) q = q.where('u.id', '<>', options.exceptId);
    if (options.keyword) {
      const like = likePattern(options.keyword);
      q = q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like)]));
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['u.id', 'u.real_name', 'u.account', 'u.head_icon', 'd.dept_name'])
        .orderBy('u.real_name')
        .orderBy('u.id')
        .limit(options.pageSize)
        .offset((options.currentPage - 1) * options.pageSize)
        .execute(),
    ]);
    const list = rows.map((r) => ({
      id: String(r.id),
      realName: r.real_name,
      account: r.account,
      headIcon: r.head_icon,
      department: r.dept_name ?? '',
    }));
    return page(list, options.currentPage, options.pageSize, Number(count.n));
  };

  app.get(
    UserApi.imUser,
    {
      schema: {
        tags,
        summary: 'Chat contacts: enabled users of the tenant, paged (keyword on account and name)',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(imUserSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { keyword, currentPage, pageSize } = request.query;
      return envelopeOk(await imUsers(auth.tenantId, { keyword, currentPage, pageSize }));
    },
  );

  app.post(
    `${UserApi.imUserSelector}/:id`,
    {
      schema: {
        tags,
        summary: 'Chat contacts other than the user {id} (a user of the tenant), first 500 by name',
        params: idParamSchema,
        body: imUserSelectorBodySchema,
        response: { 200: envelope(pageOf(imUserSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      await loadUserInfo(db, auth.tenantId, request.params.id);
      return envelopeOk(
        await imUsers(auth.tenantId, {
          keyword: request.body.keyword,
          exceptId: request.params.id,
          currentPage: 1,
          pageSize: 500,
        }),
      );
    },
  );

  app.post(
    UserApi.postStaffUserList,
    {
      preValidation: requireAnyPerm(UserPerm.user, OrgPerm.position),
      schema: {
        tags,
        summary:
          'Users of a position and/or a department with its sub-departments, paged; limited by the user page data rule',
        body: postStaffUserListBodySchema,
        response: { 200: envelope(pageOf(userSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { positionId, deptId, keyword, currentPage, pageSize } = request.body;
      await assertTenantRow(request, 'sys_position', positionId);
      const [deptIds, scope, columns] = await Promise.all([
        deptFilter(request, deptId),
        userScope(request),
        userColumnsOf(request),
      ]);
      let q = filteredUsers(db, auth.tenantId, { keyword, deptIds, scope, searchMobile: columns.mobile });
      if (positionId)
        q = q.where('u.id', 'in', (eb) =>
          eb
            .selectFrom('user_position')
            .select('user_id')
            .where('tenant_id', '=', auth.tenantId)
            .where('position_id', '=', positionId),
        );
      const [count, ids] = await Promise.all([
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        q
          .select('u.id')
          .orderBy('u.id', 'desc')
          .limit(pageSize)
          .offset((currentPage - 1) * pageSize)
          .execute(),
      ]);
      const list = await Promise.all(ids.map((r) => loadUserInfo(db, auth.tenantId, String(r.id))));
      const users = list.map(({ roleIds: _r, positionIds: _p, ...u }) => withColumns(u, columns));
      return envelopeOk(page(users, currentPage, pageSize, Number(count.n)));
    },
  );

  app.get(
    UserApi.importTemplate,
    {
      preValidation: requirePerm(UserPerm.userImport),
      schema: {
        tags,
        summary: `Import template (.xlsx) in the caller's language: a hint, the headers, an example row (permission ${UserPerm.userImport})`,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        'user-import-template',
        t(request.locale, 'userExcel.templateFileName'),
        await importTemplate(request.locale),
      ),
  );

  app.post(
    UserApi.import,
    {
      preValidation: requirePerm(UserPerm.userImport),
      schema: {
        tags,
        summary: `Imports users from .xlsx (multipart field file): every row is checked; the good rows go in together in one transaction (default password ${USER_IMPORT_DEFAULT_PASSWORD} when the password cell is empty), the bad rows are reported per row and column with an error report (.xlsx, base64)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(userImportResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const L = request.locale;
      const noFile = () =>
        new AppError(400, 'userExcel.noFile', undefined, { fields: { file: t(L, 'userExcel.noFile') } });
      const maxMb = USER_IMPORT_MAX_BYTES / 1024 / 1024;
      const { content } = await readUploadedFile(request, USER_IMPORT_MAX_BYTES, {
        noFile,
        tooLarge: () => new AppError(400, 'userExcel.tooLarge', { maxMb }),
      });
      const rows = await readImportSheet(content);
      const { good, errors, badRows } = await validateImportRows(db, auth.tenantId, L, rows);
      if (good.length) {
        const roleIds = [...new Set(good.flatMap((u) => u.roleIds))];
        await assertCallerHoldsObjects(db, auth, { roleIds, positionIds: [] });
        const entId = await tenantEntId(db, auth.tenantId, auth.entId);
        await insertImportUsers(db, auth.tenantId, entId, auth.userId, good, await userScope(request));
      }
      const errorReport = badRows.length
        ? (await importErrorReport(L, badRows, errors)).toString('base64')
        : null;
      const result = {
        total: rows.length,
        imported: good.length,
        failed: badRows.length,
        errors,
        errorReport,
      };
      return envelopeOk(
        result,
        t(L, 'userExcel.imported', { imported: good.length, failed: badRows.length }),
      );
    },
  );

  app.get(
    UserApi.export,
    {
      preValidation: requirePerm(UserPerm.userExport),
      schema: {
        tags,
        summary: `The filtered user list as .xlsx (same filters and data rule as the list; mobile and email only with their column permissions; permission ${UserPerm.userExport})`,
        querystring: userPageQuerySchema.omit({ currentPage: true, pageSize: true }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request.auth);
      const [filter, scope, columns] = await Promise.all([
        listFilter(request, request.query),
        userScope(request),
        userColumnsOf(request),
      ]);
      const { list } = await listUsers(db, auth.tenantId, {
        ...filter,
        scope,
        searchMobile: columns.mobile,
        currentPage: 1,
        pageSize: EXPORT_MAX_ROWS,
      });
      const content = await exportUsers(request.locale, list, columns);
      return sendXlsx(reply, 'users', t(request.locale, 'userExcel.fileName'), content);
    },
  );

  for (const { url, summary } of [
    { url: `${UserApi.users}/:id`, summary: 'User details with role and position ids' },
    { url: `${UserApi.sysInfo}/:id`, summary: 'Alias of GET /api/permission/Users/{id} (spec §7)' },
  ]) {
    app.get(
      url,
      {
        preValidation: requirePerm(UserPerm.user),
        schema: { tags, summary, params: idParamSchema, response: { 200: envelope(userInfoSchema) } },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const { id } = request.params;
        const info = await loadUserInfo(db, auth.tenantId, id);
        const [scope, columns] = await Promise.all([userScope(request), userColumnsOf(request)]);
        await assertInScope(db, auth.tenantId, id, scope);
        return envelopeOk(withColumns(info, columns));
      },
    );
  }

  app.post(
    UserApi.users,
    {
      preValidation: requirePerm(UserPerm.userAdd),
      schema: {
        tags,
        summary: 'Creates a user with its roles and positions (one transaction)',
        body: userCreateSchema,
        response: { 200: envelope(userInfoSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      await assertAccountFree(db, request, body.account);
      await assertRefs(db, auth.tenantId, body);
      await assertCallerHoldsObjects(db, auth, body);
      const scope = await userScope(request);
      const passwordHash = await hashPassword(body.password);
      const entId = await tenantEntId(db, auth.tenantId, auth.entId);
      const info = await transaction(db, async (tx) => {
        const row = await tx
          .insertInto('sys_user')
          .values({
            tenant_id: auth.tenantId,
            ent_id: entId,
            dept_id: body.deptId,
            account: body.account,
            mobile: body.mobile,
            real_name: body.realName,
            email: body.email,
            password_hash: passwordHash,
            head_icon: '',
            is_admin: false,
            enabled: body.enabled,
            theme: '',
            language: '',
            locked_until: null,
            prev_login_time: null,
            prev_login_ip: '',
            prev_login_ip_name: '',
            last_login_time: null,
            last_login_ip: '',
            last_login_ip_name: '',
            created_by: auth.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = String(row.id);
        await setRelations(tx, auth.tenantId, id, body);
        await assertWrittenInScope(tx, auth.tenantId, [id], scope);
        return loadUserInfo(tx, auth.tenantId, id);
      });
      return envelopeOk(withColumns(info, await userColumnsOf(request)), t(request.locale, 'common.saved'));
    },
  );

  /** PUT /Users/{id} and its spec §7 alias POST /api/sys/user/update (id in the body). */
  const updateUser = async (request: FastifyRequest, id: string, body: z.output<typeof userUpdateSchema>) => {
    const auth = requireAuth(request.auth);
    const before = await loadUserInfo(db, auth.tenantId, id);
    const scope = await userScope(request);
    await assertInScope(db, auth.tenantId, id, scope);
    const enabled = body.enabled ?? before.enabled;
    if (!enabled && before.enabled) assertChangeable(auth.userId, before, 'user.disableSelf');
    // Left out: unchanged.
    const refs = {
      deptId: body.deptId === undefined ? before.deptId : body.deptId,
      roleIds: body.roleIds ?? before.roleIds,
      positionIds: body.positionIds ?? before.positionIds,
    };
    await assertRefs(db, auth.tenantId, refs);
    const had = { role: new Set(before.roleIds), position: new Set(before.positionIds) };
    await assertCallerHoldsObjects(db, auth, {
      roleIds: refs.roleIds.filter((r) => !had.role.has(r)),
      positionIds: refs.positionIds.filter((p) => !had.position.has(p)),
    });
    let ended: string[] = [];
    const info = await transaction(db, async (tx) => {
      await tx
        .updateTable('sys_user')
        .set({
          real_name: body.realName,
          mobile: body.mobile,
          email: body.email,
          dept_id: refs.deptId,
          enabled,
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      await setRelations(tx, auth.tenantId, id, refs);
      await assertWrittenInScope(tx, auth.tenantId, [id], scope);
      if (!enabled) ended = await endSessions(tx, auth.tenantId, id);
      return loadUserInfo(tx, auth.tenantId, id);
    });
    await app.deps.realtime.endSessions(ended, 'auth.disabled');
    return envelopeOk(withColumns(info, await userColumnsOf(request)), t(request.locale, 'common.saved'));
  };

  app.put(
    `${UserApi.users}/:id`,
    {
      preValidation: requirePerm(UserPerm.userEdit),
      schema: {
        tags,
        summary: 'Updates a user with its roles and positions (one transaction); disabling ends its sessions',
        params: idParamSchema,
        body: userUpdateSchema,
        response: { 200: envelope(userInfoSchema) },
      },
    },
    (request) => updateUser(request, request.params.id, request.body),
  );

  app.post(
    UserApi.sysUpdate,
    {
      preValidation: requirePerm(UserPerm.userEdit),
      schema: {
        tags,
        summary: 'Alias of PUT /api/permission/Users/{id} with the id in the body (spec §7)',
        body: sysUserUpdateSchema,
        response: { 200: envelope(userInfoSchema) },
      },
    },
    (request) => {
      const { id, ...body } = request.body;
      return updateUser(request, id, body);
    },
  );

  app.post(
    UserApi.sysUpdatePassword,
    {
      schema: {
        tags,
        summary: "The signed-in user's password change (alias of Current/Actions/ModifyPassword, spec §7)",
        body: modifyPasswordBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await changeOwnPassword(db, request, request.body);
      return envelopeOk(null, t(request.locale, 'auth.passwordChanged'));
    },
  );

  app.delete(
    `${UserApi.users}/:id`,
    {
      preValidation: requirePerm(UserPerm.userDelete),
      schema: {
        tags,
        summary:
          'Deletes a user (soft): ends its sessions, removes its roles, positions, grants and WeChat binding (one transaction); refused for yourself and the tenant administrator',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const user = await loadUserInfo(db, auth.tenantId, id);
      await assertInScope(db, auth.tenantId, id, await userScope(request));
      assertChangeable(auth.userId, user, 'user.deleteSelf');
      let ended: string[] = [];
      await transaction(db, async (tx) => {
        await tx
          .updateTable('sys_user')
          .set({ deleted: true, enabled: false })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        ended = await endSessions(tx, auth.tenantId, id);
        await setRelations(tx, auth.tenantId, id, { roleIds: [], positionIds: [] });
        await tx
          .deleteFrom('sys_grant')
          .where('tenant_id', '=', auth.tenantId)
          .where('object_type', '=', 'user')
          .where('object_id', '=', id)
          .execute();
        // Its WeChat official-account binding goes too (the openid may bind someone else later).
        await tx
          .deleteFrom('sys_wx_user')
          .where('tenant_id', '=', auth.tenantId)
          .where('user_id', '=', id)
          .execute();
        await tx
          .updateTable('sys_dept')
          .set({ manager_id: null })
          .where('tenant_id', '=', auth.tenantId)
          .where('manager_id', '=', id)
          .execute();
      });
      await app.deps.realtime.endSessions(ended, 'auth.disabled');
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );

  app.post(
    `${UserApi.users}/:id/Actions/ResetPassword`,
    {
      preValidation: requirePerm(UserPerm.userResetPassword),
      schema: {
        tags,
        summary: 'Sets a new password (and clears a sign-in lock)',
        params: idParamSchema,
        body: userResetPasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      await loadUserInfo(db, auth.tenantId, id);
      await assertInScope(db, auth.tenantId, id, await userScope(request));
      const passwordHash = await hashPassword(request.body.password);
      await transaction(db, async (tx) => {
        await tx
          .updateTable('sys_user')
          .set({ password_hash: passwordHash })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        await clearSignInLocks(tx, auth.tenantId, id);
      });
      // The user learns of it (template user.passwordReset), unless they reset their own.
      if (id !== auth.userId) {
        await notifyByTemplate(
          app.deps,
          {
            tenantId: auth.tenantId,
            code: MsgTemplateCode.passwordReset,
            userIds: [id],
            vars: { operator: auth.realName },
            creatorId: auth.userId,
            creatorName: auth.realName,
          },
          request.log,
        );
      }
      return envelopeOk(null, t(request.locale, 'user.passwordReset'));
    },
  );

  app.put(
    `${UserApi.users}/:id/Actions/Unlock`,
    {
      preValidation: requirePerm(UserPerm.userUnlock),
      schema: {
        tags,
        summary: 'Lifts the user’s sign-in locks (every client address)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      await loadUserInfo(db, auth.tenantId, id);
      await assertInScope(db, auth.tenantId, id, await userScope(request));
      await transaction(db, (tx) => clearSignInLocks(tx, auth.tenantId, id));
      return envelopeOk(null, t(request.locale, 'user.unlocked'));
    },
  );

  app.put(
    `${UserApi.users}/:id/Actions/State`,
    {
      preValidation: requirePerm(UserPerm.userState),
      schema: {
        tags,
        summary: 'Enables or disables a user; disabling ends its sessions (next request: 602)',
        params: idParamSchema,
        body: userStateSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const { enabled } = request.body;
      const user = await loadUserInfo(db, auth.tenantId, id);
      await assertInScope(db, auth.tenantId, id, await userScope(request));
      if (!enabled) assertChangeable(auth.userId, user, 'user.disableSelf');
      let ended: string[] = [];
      await transaction(db, async (tx) => {
        await tx
          .updateTable('sys_user')
          .set({ enabled })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        if (!enabled) ended = await endSessions(tx, auth.tenantId, id);
      });
      await app.deps.realtime.endSessions(ended, 'auth.disabled');
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );
};
