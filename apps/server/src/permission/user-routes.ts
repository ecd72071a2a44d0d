import {
  envelope,
  idParamSchema,
  pageOf,
  UserApi,
  UserPerm,
  userCreateSchema,
  userInfoSchema,
  userPageQuerySchema,
  userPickQuerySchema,
  userPickSchema,
  userResetPasswordSchema,
  userSchema,
  userStateSchema,
  userUpdateSchema,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { t } from '../core/i18n';
import { hashPassword } from '../core/password';
import { findNode, likePattern, loadOrg, subtreeIds } from '../org/org-service';
import { requirePerm } from './service';
import {
  assertAccountFree,
  assertChangeable,
  assertRefs,
  endSessions,
  listUsers,
  loadUserInfo,
  setRelations,
  tenantEntId,
  userQuery,
} from './user-service';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    UserApi.users,
    {
      preValidation: requirePerm(UserPerm.user),
      schema: {
        tags,
        summary: 'Users, paged (keyword on account, name and mobile; deptId takes its sub-departments too)',
        querystring: userPageQuerySchema,
        response: { 200: envelope(pageOf(userSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { keyword, deptId, currentPage, pageSize } = request.query;
      let deptIds: string[] | undefined;
      if (deptId) {
        const org = await loadOrg(db, auth.tenantId);
        deptIds = [...subtreeIds(org, findNode(org, deptId).id)];
      }
      const { list, total } = await listUsers(db, auth.tenantId, { keyword, deptIds, currentPage, pageSize });
      return envelopeOk(page(list, currentPage, pageSize, total));
    },
  );

  const pickers = [
    {
      url: UserApi.selector,
      summary: 'Enabled users of the tenant for pickers (keyword on account and name)',
    },
    { url: UserApi.all, summary: 'Every enabled user of the tenant, for pickers' },
  ];
  for (const { url, summary } of pickers) {
    app.get(
      url,
      {
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
          .select(['u.id', 'u.real_name', 'u.account', 'd.dept_name'])
          .orderBy('u.real_name')
          .orderBy('u.id')
          .limit(5000)
          .execute();
        return envelopeOk(
          rows.map((r) => ({
            id: String(r.id),
            realName: r.real_name,
            account: r.account,
            deptName: r.dept_name ?? null,
          })),
        );
      },
    );
  }

  app.get(
    `${UserApi.users}/:id`,
    {
      preValidation: requirePerm(UserPerm.user),
      schema: {
        tags,
        summary: 'User details with role and position ids',
        params: idParamSchema,
        response: { 200: envelope(userInfoSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(await loadUserInfo(db, auth.tenantId, request.params.id));
    },
  );

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
      const passwordHash = await hashPassword(body.password);
      const entId = await tenantEntId(db, auth.tenantId, auth.entId);
      const info = await db.transaction().execute(async (tx) => {
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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = String(row.id);
        await setRelations(tx, auth.tenantId, id, body);
        return loadUserInfo(tx, auth.tenantId, id);
      });
      return envelopeOk(info, t(request.locale, 'common.saved'));
    },
  );

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
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const body = request.body;
      const before = await loadUserInfo(db, auth.tenantId, id);
      const enabled = body.enabled ?? before.enabled;
      if (!enabled && before.enabled) assertChangeable(auth.userId, before, 'user.disableSelf');
      await assertRefs(db, auth.tenantId, body);
      const info = await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sys_user')
          .set({
            real_name: body.realName,
            mobile: body.mobile,
            email: body.email,
            dept_id: body.deptId,
            enabled,
          })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        await setRelations(tx, auth.tenantId, id, body);
        if (!enabled) await endSessions(tx, auth.tenantId, id);
        return loadUserInfo(tx, auth.tenantId, id);
      });
      return envelopeOk(info, t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    `${UserApi.users}/:id`,
    {
      preValidation: requirePerm(UserPerm.userDelete),
      schema: {
        tags,
        summary:
          'Deletes a user (soft): ends its sessions, removes its roles, positions and grants (one transaction); refused for yourself and the tenant administrator',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const user = await loadUserInfo(db, auth.tenantId, id);
      assertChangeable(auth.userId, user, 'user.deleteSelf');
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sys_user')
          .set({ deleted: true, enabled: false })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        await endSessions(tx, auth.tenantId, id);
        await setRelations(tx, auth.tenantId, id, { roleIds: [], positionIds: [] });
        await tx
          .deleteFrom('sys_grant')
          .where('tenant_id', '=', auth.tenantId)
          .where('object_type', '=', 'user')
          .where('object_id', '=', id)
          .execute();
        await tx
          .updateTable('sys_dept')
          .set({ manager_id: null })
          .where('tenant_id', '=', auth.tenantId)
          .where('manager_id', '=', id)
          .execute();
      });
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
      const passwordHash = await hashPassword(request.body.password);
      await db
        .updateTable('sys_user')
        .set({ password_hash: passwordHash, failed_attempts: 0, locked_until: null })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      return envelopeOk(null, t(request.locale, 'user.passwordReset'));
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
      if (!enabled) assertChangeable(auth.userId, user, 'user.disableSelf');
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('sys_user')
          .set({ enabled })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
        if (!enabled) await endSessions(tx, auth.tenantId, id);
      });
      return envelopeOk(null, t(request.locale, 'common.saved'));
    },
  );
};
