import {
  companyCreateSchema,
  companyDetailSchema,
  companyMoveSchema,
  companyUpdateSchema,
  type Dept,
  deptNodeSchema,
  deptSchema,
  envelope,
  idParamSchema,
  OrgApi,
  OrgPerm,
  UserPerm,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk } from '../core/envelope';
import { fieldError } from '../core/errors';
import { t } from '../core/i18n';
import { requireAnyPerm, requirePerm } from '../permission/service';
import {
  assertDeletable,
  buildTree,
  conflictWith,
  countAttached,
  deleteNode,
  findNode,
  loadOrg,
  subtreeIds,
} from './org-service';

const tags = ['organisation'];

/** 400 on enCode when another node of the tenant already has the code. */
export function assertCodeFree(request: FastifyRequest, org: Dept[], enCode: string, selfId?: string) {
  if (org.some((d) => d.enCode === enCode && d.id !== selfId))
    throw fieldError({ enCode: t(request.locale, 'org.codeTaken') });
}

/** A company's parent: "0" or another company of the tenant (404 otherwise). */
function assertCompanyParent(org: Dept[], parentId: string) {
  if (parentId !== '0') findNode(org, parentId, 'company');
}

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    OrgApi.companyTree,
    {
      preValidation: requirePerm(OrgPerm.organize),
      schema: {
        tags,
        summary: 'The company tree of the tenant (head office and sub-companies)',
        response: { 200: envelope(z.array(deptNodeSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const org = await loadOrg(db, auth.tenantId);
      return envelopeOk(buildTree(org, '0', (d) => d.deptType === 'company'));
    },
  );

  app.get(
    OrgApi.orgTree,
    {
      preValidation: requireAnyPerm(OrgPerm.organize, OrgPerm.department, OrgPerm.position, UserPerm.user),
      schema: {
        tags,
        summary:
          'Companies and departments as one tree, disabled included (pickers and tree panels of the org and user screens)',
        response: { 200: envelope(z.array(deptNodeSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(buildTree(await loadOrg(db, auth.tenantId), '0'));
    },
  );

  app.get(
    `${OrgApi.company}/:id`,
    {
      preValidation: requirePerm(OrgPerm.organize),
      schema: {
        tags,
        summary: 'Company details with its parent name and what still belongs to it',
        params: idParamSchema,
        response: { 200: envelope(companyDetailSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const org = await loadOrg(db, auth.tenantId);
      const company = findNode(org, request.params.id, 'company');
      const children = org.filter((d) => d.parentId === company.id);
      const { users, positions } = await countAttached(db, auth.tenantId, company.id);
      return envelopeOk({
        ...company,
        parentName: org.find((d) => d.id === company.parentId)?.deptName ?? null,
        subCompanyCount: children.filter((d) => d.deptType === 'company').length,
        deptCount: children.filter((d) => d.deptType === 'department').length,
        userCount: users,
        positionCount: positions,
      });
    },
  );

  app.post(
    OrgApi.company,
    {
      preValidation: requirePerm(OrgPerm.organizeAdd),
      schema: {
        tags,
        summary: 'Creates a company under "0" or another company',
        body: companyCreateSchema,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      const org = await loadOrg(db, auth.tenantId);
      assertCompanyParent(org, body.parentId);
      assertCodeFree(request, org, body.enCode);
      const row = await db
        .insertInto('sys_dept')
        .values({
          tenant_id: auth.tenantId,
          parent_id: body.parentId,
          dept_name: body.deptName,
          dept_type: 'company',
          en_code: body.enCode,
          order_num: body.orderNum,
          enabled: body.enabled,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = await loadOrg(db, auth.tenantId);
      return envelopeOk(findNode(after, String(row.id)), t(request.locale, 'common.saved'));
    },
  );

  app.put(
    `${OrgApi.company}/:id`,
    {
      preValidation: requirePerm(OrgPerm.organizeEdit),
      schema: {
        tags,
        summary: 'Updates a company (name, code, order, enabled)',
        params: idParamSchema,
        body: companyUpdateSchema,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const body = request.body;
      const org = await loadOrg(db, auth.tenantId);
      findNode(org, id, 'company');
      assertCodeFree(request, org, body.enCode, id);
      await db
        .updateTable('sys_dept')
        .set({
          dept_name: body.deptName,
          en_code: body.enCode,
          order_num: body.orderNum,
          enabled: body.enabled,
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      const after = await loadOrg(db, auth.tenantId);
      return envelopeOk(findNode(after, id), t(request.locale, 'common.saved'));
    },
  );

  app.put(
    `${OrgApi.company}/:id/Actions/Move`,
    {
      preValidation: requirePerm(OrgPerm.organizeEdit),
      schema: {
        tags,
        summary: 'Moves a company under another parent (never under itself or below it)',
        params: idParamSchema,
        body: companyMoveSchema,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const { parentId } = request.body;
      const org = await loadOrg(db, auth.tenantId);
      findNode(org, id, 'company');
      assertCompanyParent(org, parentId);
      if (subtreeIds(org, id).has(parentId)) throw conflictWith('org.moveIntoSelf');
      await db
        .updateTable('sys_dept')
        .set({ parent_id: parentId })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      const after = await loadOrg(db, auth.tenantId);
      return envelopeOk(findNode(after, id), t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    `${OrgApi.company}/:id`,
    {
      preValidation: requirePerm(OrgPerm.organizeDelete),
      schema: {
        tags,
        summary:
          'Deletes a company; refused (409) while it has departments, sub-companies, users or positions',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const org = await loadOrg(db, auth.tenantId);
      const node = findNode(org, request.params.id, 'company');
      await assertDeletable(db, auth.tenantId, node, org);
      await deleteNode(db, auth.tenantId, node.id);
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );
};
