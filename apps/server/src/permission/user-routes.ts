import {
  AuthorizePerm,
  envelope,
  exportLinkQuerySchema,
  FlowAdminPerm,
  FlowTaskPerm,
  idParamSchema,
  imUserSchema,
  imUserSelectorBodySchema,
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
  UserPerm,
  userCreateSchema,
  userImportResultSchema,
  userInfoSchema,
  userLockSchema,
  userLocksBodySchema,
  userPageQuerySchema,
  userPickQuerySchema,
  userPickSchema,
  userResetPasswordSchema,
  userSchema,
  userStateSchema,
  userUpdateSchema,
} from '@srm/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import type { AuthInfo } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { AppError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { receiveUpload, uploadRoutes } from '../core/multipart';
import type { SignedInRequest, SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { likePattern } from '../core/sql';
import { sendStored } from '../core/stored-answer';
import { hidesAccountOf, isSupplierUser, liveStaffOf, userReachOf } from '../core/user-reach';
import { sendExport } from '../file/index';
import { passwordRuleCheck } from '../system/sys-config/password-policy';
import { assertCallerHoldsObjects } from './authorize-service';
import {
  createUser,
  deleteUser,
  listFilter,
  resetUserPassword,
  setUserEnabled,
  staffUsersPage,
  unlockUser,
  updateUser,
  userSignInLocks,
} from './user-admin-service';
import {
  exportUsers,
  importErrorReport,
  importTemplate,
  insertImportUsers,
  readImportSheet,
  validateImportRows,
} from './user-excel';
import {
  assertInScope,
  changeOwnPassword,
  listUsers,
  loadUserInfo,
  tenantEntId,
  userColumnsOf,
  userPageAnswer,
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

export const userRoutes: SignedInRoutes = async (app) => {
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
        // A stored answer carries its own compressed forms (sendStored).
        compress: false,
        schema: {
          tags,
          summary,
          querystring: userPageQuerySchema,
          response: { 200: envelope(pageOf(userSchema)) },
        },
      },
      async (request, reply) => {
        const { currentPage, pageSize } = request.query;
        const ctx = contextOf(request);
        const [filter, scope, columns] = await Promise.all([
          listFilter(ctx, request.query),
          userScope(ctx),
          userColumnsOf(ctx),
        ]);
        const answer = await userPageAnswer(
          ctx,
          { ...filter, scope, searchMobile: columns.mobile, currentPage, pageSize },
          columns,
          ({ list, total }) => reply.serialize(envelopeOk(page(list, currentPage, pageSize, total))),
        );
        return sendStored(request, reply, answer);
      },
    );
  }

  /**
   * The pages whose screens pick users (department manager, role members, grants, users, the
   * task pages' forms and transfers, the delegate of an entrust, a monitored task's new handlers).
   */
  const USER_PICKER_PAGES = [
    UserPerm.user,
    OrgPerm.department,
    OrgPerm.position,
    RolePerm.role,
    AuthorizePerm.authorize,
    ...Object.values(FlowTaskPerm),
    ...Object.values(FlowAdminPerm),
  ];
  /** Enabled users of the tenant that `auth` may see (core/user-reach.ts: not another supplier's). */
  const reachableUsers = (auth: AuthInfo) => {
    const q = userQuery(db, auth.tenantId).where('u.enabled', '=', true);
    const reach = userReachOf(auth, 'u');
    return reach ? q.where(reach) : q;
  };

  const pickers = [
    {
      url: UserApi.selector,
      summary:
        'Enabled users of the tenant for pickers (keyword on account and name; staffOnly=true: no supplier’s users); needs one of the pages that pick users',
    },
    {
      url: UserApi.all,
      summary:
        'Every enabled user of the tenant, for pickers (staffOnly=true: no supplier’s users); needs one of the pages that pick users',
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
        const auth = request.auth;
        let q = reachableUsers(auth);
        // The workflow's pickers: only those a person may hand work to (the rule its server checks).
        if (request.query.staffOnly === 'true') q = q.where(liveStaffOf('u'));
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

  /** Chat contacts (docs/rules.md#chat): the enabled users of the tenant that the user may reach. */
  const imUsers = async (
    auth: AuthInfo,
    options: { keyword?: string; exceptId?: string; currentPage: number; pageSize: number },
  ) => {
    let q = reachableUsers(auth);
    if (options.exceptId) q = q.where('u.id', '<>', options.exceptId);
    if (options.keyword) {
      const like = likePattern(options.keyword);
      // A supplier's user knows the staff by name only: no search on their accounts.
      q = isSupplierUser(auth)
        ? q.where((eb) =>
            eb.or([
              eb('u.real_name', 'ilike', like),
              eb.and([eb('u.ent_id', '=', auth.entId), eb('u.account', 'ilike', like)]),
            ]),
          )
        : q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like)]));
    }
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .select(['u.id', 'u.real_name', 'u.account', 'u.ent_id', 'u.head_icon', 'd.dept_name'])
        .orderBy('u.real_name')
        .orderBy('u.id')
        .limit(options.pageSize)
        .offset((options.currentPage - 1) * options.pageSize)
        .execute(),
    ]);
    const list = rows.map((r) => ({
      id: String(r.id),
      realName: r.real_name,
      account: hidesAccountOf(auth, { entId: String(r.ent_id) }) ? '' : r.account,
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
        summary:
          "Chat contacts: enabled users of the tenant the caller reaches, paged (keyword on account and name; a supplier's user: its own enterprise's users and the staff it works with, by name only)",
        querystring: pageQuerySchema,
        response: { 200: envelope(pageOf(imUserSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { keyword, currentPage, pageSize } = request.query;
      return envelopeOk(await imUsers(auth, { keyword, currentPage, pageSize }));
    },
  );

  app.post(
    `${UserApi.imUserSelector}/:id`,
    {
      config: { readOnly: true },
      schema: {
        tags,
        summary: 'Chat contacts other than the user {id} (a user of the tenant), first 500 by name',
        params: idParamSchema,
        body: imUserSelectorBodySchema,
        response: { 200: envelope(pageOf(imUserSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      await loadUserInfo(db, auth.tenantId, request.params.id);
      const reach = userReachOf(auth, 'u');
      if (reach) {
        const reachable = await userQuery(db, auth.tenantId)
          .where('u.id', '=', request.params.id)
          .where(reach);
        if (!(await reachable.select('u.id').executeTakeFirst())) throw notFound();
      }
      return envelopeOk(
        await imUsers(auth, {
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
      config: { readOnly: true },
      preValidation: requireAnyPerm(UserPerm.user, OrgPerm.position),
      schema: {
        tags,
        summary:
          'Users of a position and/or a department with its sub-departments, paged; limited by the user page data rule',
        body: postStaffUserListBodySchema,
        response: { 200: envelope(pageOf(userSchema)) },
      },
    },
    async (request) => envelopeOk(await staffUsersPage(contextOf(request), request.body)),
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

  await uploadRoutes(app, (uploads) =>
    uploads.post(
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
        const auth = request.auth;
        const L = request.locale;
        const noFile = () =>
          new AppError(400, 'userExcel.noFile', undefined, { fields: { file: t(L, 'userExcel.noFile') } });
        const maxMb = USER_IMPORT_MAX_BYTES / 1024 / 1024;
        const tooLarge = () => new AppError(400, 'userExcel.tooLarge', { maxMb });
        // A workbook is read whole by its parser: received within its limit, then read from the disk.
        const rows = await receiveUpload(request, USER_IMPORT_MAX_BYTES, { noFile, tooLarge }, async (file) =>
          readImportSheet(await file.read()),
        );
        const { good, errors, badRows } = await validateImportRows(db, auth.tenantId, L, rows);
        if (good.length) {
          const roleIds = [...new Set(good.flatMap((u) => u.roleIds))];
          await assertCallerHoldsObjects(db, auth, { roleIds, positionIds: [] });
          const entId = await tenantEntId(db, auth.tenantId, auth.entId);
          await insertImportUsers(
            db,
            auth.tenantId,
            entId,
            auth.userId,
            good,
            await userScope(contextOf(request)),
          );
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
    ),
  );

  app.get(
    UserApi.export,
    {
      preValidation: requirePerm(UserPerm.userExport),
      schema: {
        tags,
        summary: `The filtered user list as .xlsx (same filters and data rule as the list; mobile and email only with their column permissions; permission ${UserPerm.userExport})`,
        querystring: userPageQuerySchema
          .omit({ currentPage: true, pageSize: true })
          .extend(exportLinkQuerySchema.shape),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const [filter, scope, columns] = await Promise.all([
        listFilter(contextOf(request), request.query),
        userScope(contextOf(request)),
        userColumnsOf(contextOf(request)),
      ]);
      const { list } = await listUsers(db, auth.tenantId, {
        ...filter,
        scope,
        searchMobile: columns.mobile,
        currentPage: 1,
        pageSize: EXPORT_MAX_ROWS,
      });
      const content = await exportUsers(request.locale, list, columns);
      // ?link=true: a one-time link instead of the file (file/temp-download.ts).
      return sendExport(
        request,
        reply,
        {
          body: content,
          fileName: `${t(request.locale, 'userExcel.fileName')}.xlsx`,
          asciiName: 'users.xlsx',
          contentType: XLSX_TYPE,
        },
        request.query.link === 'true',
      );
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
        const auth = request.auth;
        const { id } = request.params;
        const info = await loadUserInfo(db, auth.tenantId, id);
        const [scope, columns] = await Promise.all([
          userScope(contextOf(request)),
          userColumnsOf(contextOf(request)),
        ]);
        await assertInScope(db, auth.tenantId, id, scope);
        return envelopeOk(withColumns(info, columns));
      },
    );
  }

  app.post(
    UserApi.users,
    {
      preValidation: [requirePerm(UserPerm.userAdd), passwordRuleCheck(app.deps.settings)],
      schema: {
        tags,
        summary: 'Creates a user with its roles and positions (one transaction)',
        body: userCreateSchema,
        response: { 200: envelope(userInfoSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createUser(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  /** PUT /Users/{id} and its alias POST /api/sys/user/update (id in the body). */
  const updateUserRoute = async (
    request: SignedInRequest,
    id: string,
    body: z.output<typeof userUpdateSchema>,
  ) => envelopeOk(await updateUser(contextOf(request), id, body), t(request.locale, 'common.saved'));

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
    (request) => updateUserRoute(request, request.params.id, request.body),
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
      return updateUserRoute(request, id, body);
    },
  );

  app.post(
    UserApi.sysUpdatePassword,
    {
      preValidation: passwordRuleCheck(app.deps.settings),
      schema: {
        tags,
        summary: "The signed-in user's password change (alias of Current/Actions/ModifyPassword, spec §7)",
        body: modifyPasswordBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await changeOwnPassword(db, contextOf(request), request.body);
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
      await deleteUser(contextOf(request), request.params.id);
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );

  app.post(
    `${UserApi.users}/:id/Actions/ResetPassword`,
    {
      preValidation: [requirePerm(UserPerm.userResetPassword), passwordRuleCheck(app.deps.settings)],
      schema: {
        tags,
        summary: 'Sets a new password (and clears a sign-in lock)',
        params: idParamSchema,
        body: userResetPasswordSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await resetUserPassword(contextOf(request), request.params.id, request.body.password);
      return envelopeOk(null, t(request.locale, 'user.passwordReset'));
    },
  );

  app.post(
    UserApi.locks,
    {
      config: { readOnly: true },
      preValidation: requirePerm(UserPerm.userUnlock),
      schema: {
        tags,
        summary: 'Which of these users are locked out of signing in now (the list shows them, with unlock)',
        body: userLocksBodySchema,
        response: { 200: envelope(z.array(userLockSchema)) },
      },
    },
    async (request) => envelopeOk(await userSignInLocks(contextOf(request), request.body.ids)),
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
      await unlockUser(contextOf(request), request.params.id);
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
      await setUserEnabled(contextOf(request), request.params.id, request.body.enabled);
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );
};
