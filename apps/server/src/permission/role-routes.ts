import {
  envelope,
  idParamSchema,
  MsgTemplateCode,
  pageOf,
  RoleApi,
  RolePerm,
  roleCreateSchema,
  roleIdBodySchema,
  roleOptionSchema,
  rolePageQuerySchema,
  roleSchema,
  roleSelectParamSchema,
  roleStateSchema,
  roleUpdateSchema,
  roleUserQuerySchema,
  roleUserSchema,
  roleUsersBodySchema,
  UserPerm,
} from '@srm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { notFound } from '../core/errors';
import { t } from '../core/i18n';
import { transaction } from '../db/transaction';
import { notifyByTemplate } from '../message/msg-template';
import { assertCallerHoldsObjects } from './authorize-service';
import { assertRoleCodeFree, assertUsersOfTenant, getRole, listRoles, listRoleUsers } from './role-service';
import { requireAnyPerm, requirePerm } from './service';

const tags = ['roles'];

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    RoleApi.list,
    {
      preValidation: requirePerm(RolePerm.role),
      schema: {
        tags,
        summary: 'Roles of the tenant, paged (keyword on name and code; enabled filter)',
        querystring: rolePageQuerySchema,
        response: { 200: envelope(pageOf(roleSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { keyword, enabled, currentPage, pageSize } = request.query;
      const { list, total } = await listRoles(db, auth.tenantId, {
        keyword,
        enabled: enabled === undefined ? undefined : enabled === 'true',
        offset: (currentPage - 1) * pageSize,
        limit: pageSize,
      });
      return envelopeOk(page(list, currentPage, pageSize, total));
    },
  );

  app.get(
    `${RoleApi.select}/:tenantId`,
    {
      // The user screen's role picker needs it too.
      preValidation: requireAnyPerm(RolePerm.role, UserPerm.userAdd, UserPerm.userEdit),
      schema: {
        tags,
        summary: 'Enabled roles of the tenant for selectors (another tenant: 404)',
        params: roleSelectParamSchema,
        response: { 200: envelope(z.array(roleOptionSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (request.params.tenantId !== auth.tenantId) throw notFound();
      const { list } = await listRoles(db, auth.tenantId, { enabled: true });
      return envelopeOk(list.map((r) => ({ id: r.id, roleName: r.roleName, enCode: r.enCode })));
    },
  );

  app.get(
    `${RoleApi.info}/:id`,
    {
      preValidation: requirePerm(RolePerm.role),
      schema: {
        tags,
        summary: 'Role details',
        params: idParamSchema,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(await getRole(db, auth.tenantId, request.params.id));
    },
  );

  app.post(
    RoleApi.save,
    {
      preValidation: requirePerm(RolePerm.roleAdd),
      schema: {
        tags,
        summary: 'Creates a role (code unique within the tenant)',
        body: roleCreateSchema,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      await assertRoleCodeFree(request, db, auth.tenantId, body.enCode);
      const row = await db
        .insertInto('sys_role')
        .values({
          tenant_id: auth.tenantId,
          role_name: body.roleName,
          en_code: body.enCode,
          enabled: body.enabled,
          order_num: body.orderNum,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return envelopeOk(await getRole(db, auth.tenantId, String(row.id)), t(request.locale, 'common.saved'));
    },
  );

  app.post(
    RoleApi.update,
    {
      preValidation: requirePerm(RolePerm.roleEdit),
      schema: {
        tags,
        summary: 'Updates a role',
        body: roleUpdateSchema,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id, ...body } = request.body;
      await getRole(db, auth.tenantId, id);
      await assertRoleCodeFree(request, db, auth.tenantId, body.enCode, id);
      await db
        .updateTable('sys_role')
        .set({
          role_name: body.roleName,
          en_code: body.enCode,
          enabled: body.enabled,
          order_num: body.orderNum,
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      return envelopeOk(await getRole(db, auth.tenantId, id), t(request.locale, 'common.saved'));
    },
  );

  app.post(
    RoleApi.delete,
    {
      preValidation: requirePerm(RolePerm.roleDelete),
      schema: {
        tags,
        summary: 'Deletes a role with its user relations and grants (one transaction)',
        body: roleIdBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.body;
      await getRole(db, auth.tenantId, id);
      await transaction(db, async (tx) => {
        await tx
          .deleteFrom('user_role')
          .where('tenant_id', '=', auth.tenantId)
          .where('role_id', '=', id)
          .execute();
        await tx
          .deleteFrom('sys_grant')
          .where('tenant_id', '=', auth.tenantId)
          .where('object_type', '=', 'role')
          .where('object_id', '=', id)
          .execute();
        await tx.deleteFrom('sys_role').where('tenant_id', '=', auth.tenantId).where('id', '=', id).execute();
      });
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );

  app.put(
    `${RoleApi.role}/:id/Actions/State`,
    {
      preValidation: requirePerm(RolePerm.roleEdit),
      schema: {
        tags,
        summary: 'Enables or disables a role (a disabled role grants nothing)',
        params: idParamSchema,
        body: roleStateSchema,
        response: { 200: envelope(roleSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      await getRole(db, auth.tenantId, id);
      await db
        .updateTable('sys_role')
        .set({ enabled: request.body.enabled })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      return envelopeOk(await getRole(db, auth.tenantId, id), t(request.locale, 'role.stateChanged'));
    },
  );

  app.get(
    RoleApi.userList,
    {
      preValidation: requirePerm(RolePerm.role),
      schema: {
        tags,
        summary: 'Users of a role, paged (keyword on account and name)',
        querystring: roleUserQuerySchema,
        response: { 200: envelope(pageOf(roleUserSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { roleId, keyword, currentPage, pageSize } = request.query;
      await getRole(db, auth.tenantId, roleId);
      const { list, total } = await listRoleUsers(db, auth.tenantId, roleId, {
        keyword,
        offset: (currentPage - 1) * pageSize,
        limit: pageSize,
      });
      return envelopeOk(page(list, currentPage, pageSize, total));
    },
  );

  app.post(
    RoleApi.addUsers,
    {
      preValidation: requirePerm(RolePerm.roleEdit),
      schema: {
        tags,
        summary: 'Gives a role to users of the tenant (one transaction; an unknown user: 404)',
        body: roleUsersBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { roleId, userIds } = request.body;
      const role = await getRole(db, auth.tenantId, roleId);
      const ids = await assertUsersOfTenant(db, auth.tenantId, userIds);
      await assertCallerHoldsObjects(db, auth, { roleIds: [roleId], positionIds: [] });
      const added = await transaction(db, async (tx) =>
        tx
          .insertInto('user_role')
          .values(ids.map((userId) => ({ tenant_id: auth.tenantId, user_id: userId, role_id: roleId })))
          .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
          .returning('user_id')
          .execute(),
      );
      // Only those who did not hold it yet are told (template role.granted).
      await notifyByTemplate(
        app.deps,
        {
          tenantId: auth.tenantId,
          code: MsgTemplateCode.roleGranted,
          userIds: added.map((r) => String(r.user_id)),
          vars: { operator: auth.realName, roleName: role.roleName },
          creatorId: auth.userId,
          creatorName: auth.realName,
        },
        request.log,
      );
      return envelopeOk(null, t(request.locale, 'role.usersAdded'));
    },
  );

  app.post(
    RoleApi.removeUsers,
    {
      preValidation: requirePerm(RolePerm.roleEdit),
      schema: {
        tags,
        summary: 'Takes a role from users of the tenant (one transaction; an unknown user: 404)',
        body: roleUsersBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { roleId, userIds } = request.body;
      await getRole(db, auth.tenantId, roleId);
      const ids = await assertUsersOfTenant(db, auth.tenantId, userIds);
      await transaction(db, async (tx) => {
        await tx
          .deleteFrom('user_role')
          .where('tenant_id', '=', auth.tenantId)
          .where('role_id', '=', roleId)
          .where('user_id', 'in', ids)
          .execute();
      });
      return envelopeOk(null, t(request.locale, 'role.usersRemoved'));
    },
  );
};
