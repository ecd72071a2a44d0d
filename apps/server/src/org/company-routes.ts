import {
  companyCreateSchema,
  companyDetailSchema,
  companyMoveSchema,
  companyUpdateSchema,
  deptNodeSchema,
  deptSchema,
  envelope,
  FlowTaskPerm,
  idParamSchema,
  OrgApi,
  OrgPerm,
  UserPerm,
} from '@srm/contracts';
import { z } from 'zod';
import { requireAnyPerm, requirePerm } from '../core/access';
import { envelopeOk } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { createCompany, moveCompany, updateCompany } from './dept-service';
import { assertDeletable, buildTree, countAttached, deleteNode, findNode, loadOrg } from './org-tree';

const tags = ['organisation'];

export const companyRoutes: SignedInRoutes = async (app) => {
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
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      return envelopeOk(buildTree(org, '0', (d) => d.deptType === 'company'));
    },
  );

  app.get(
    OrgApi.orgTree,
    {
      preValidation: requireAnyPerm(
        OrgPerm.organize,
        OrgPerm.department,
        OrgPerm.position,
        UserPerm.user,
        FlowTaskPerm.flowLaunch,
      ),
      schema: {
        tags,
        summary:
          'Companies and departments as one tree, disabled included (pickers and tree panels of the org and user screens, a flow form’s department field)',
        response: { 200: envelope(z.array(deptNodeSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
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
      const auth = request.auth;
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
    async (request) =>
      envelopeOk(await createCompany(contextOf(request), request.body), t(request.locale, 'common.saved')),
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
    async (request) =>
      envelopeOk(
        await updateCompany(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
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
    async (request) =>
      envelopeOk(
        await moveCompany(contextOf(request), request.params.id, request.body.parentId),
        t(request.locale, 'common.saved'),
      ),
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
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      const node = findNode(org, request.params.id, 'company');
      await assertDeletable(db, auth.tenantId, node, org);
      await deleteNode(db, auth.tenantId, node.id);
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );
};
