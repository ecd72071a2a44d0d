import {
  envelope,
  idParamSchema,
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
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk, page } from '../core/envelope';
import { notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import {
  addRoleUsers,
  createRole,
  deleteRole,
  getRole,
  listRoles,
  listRoleUsers,
  removeRoleUsers,
  setRoleEnabled,
  updateRole,
} from './role-service';

const tags = ['roles'];

export const roleRoutes: SignedInRoutes = async (app) => {
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
      const auth = request.auth;
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
      const auth = request.auth;
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
      const auth = request.auth;
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
    async (request) =>
      envelopeOk(await createRole(contextOf(request), request.body), t(request.locale, 'common.saved')),
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
      const { id, ...body } = request.body;
      return envelopeOk(await updateRole(contextOf(request), id, body), t(request.locale, 'common.saved'));
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
      await deleteRole(contextOf(request), request.body.id);
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
    async (request) =>
      envelopeOk(
        await setRoleEnabled(contextOf(request), request.params.id, request.body.enabled),
        t(request.locale, 'role.stateChanged'),
      ),
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
      const auth = request.auth;
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
      await addRoleUsers(contextOf(request), request.body.roleId, request.body.userIds);
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
      await removeRoleUsers(contextOf(request), request.body.roleId, request.body.userIds);
      return envelopeOk(null, t(request.locale, 'role.usersRemoved'));
    },
  );
};
