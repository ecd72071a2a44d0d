import {
  type Dept,
  deptCreateSchema,
  deptKeyQuerySchema,
  deptKeySchema,
  deptListQuerySchema,
  deptNodeSchema,
  deptPageQuerySchema,
  deptSchema,
  deptSubAllQuerySchema,
  deptTreeQuerySchema,
  deptUpdateSchema,
  envelope,
  idParamSchema,
  OrgApi,
  OrgPerm,
  pageOf,
} from '@srm/contracts';
import { z } from 'zod';
import { requirePerm } from '../core/access';
import { envelopeOk, page } from '../core/envelope';
import { t } from '../core/i18n';
import type { SignedInRoutes } from '../core/scope';
import { contextOf } from '../core/service-context';
import { createDept, updateDept } from './dept-service';
import {
  assertDeletable,
  companyDeptTree,
  deleteNode,
  findNode,
  flatten,
  fullName,
  loadOrg,
  subtreeIds,
} from './org-tree';

const tags = ['organisation'];

const matches = (d: Dept, keyword: string | undefined) =>
  !keyword ||
  d.deptName.toLowerCase().includes(keyword.toLowerCase()) ||
  d.enCode.toLowerCase().includes(keyword.toLowerCase());

/** The departments of a company (flat), or every department of the tenant. */
function departmentsOf(org: Dept[], companyId: string | undefined): Dept[] {
  if (!companyId) return org.filter((d) => d.deptType === 'department');
  findNode(org, companyId, 'company');
  return flatten(companyDeptTree(org, companyId)).map(({ children: _, ...d }) => d);
}

export const deptRoutes: SignedInRoutes = async (app) => {
  const { db } = app.deps;

  app.get(
    OrgApi.deptTree,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'The department tree of a company (its sub-companies excluded)',
        querystring: deptTreeQuerySchema,
        response: { 200: envelope(z.array(deptNodeSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      findNode(org, request.query.companyId, 'company');
      return envelopeOk(companyDeptTree(org, request.query.companyId));
    },
  );

  app.get(
    OrgApi.dept,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'Departments, paged (keyword on name and code; optionally of one company)',
        querystring: deptPageQuerySchema,
        response: { 200: envelope(pageOf(deptSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { companyId, keyword, currentPage, pageSize } = request.query;
      const org = await loadOrg(db, auth.tenantId);
      const all = departmentsOf(org, companyId).filter((d) => matches(d, keyword));
      const list = all.slice((currentPage - 1) * pageSize, currentPage * pageSize);
      return envelopeOk(page(list, currentPage, pageSize, all.length));
    },
  );

  app.get(
    OrgApi.deptListAll,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'Every enabled company and department of the tenant (flat)',
        querystring: deptListQuerySchema,
        response: { 200: envelope(z.array(deptSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { companyId, keyword } = request.query;
      const org = await loadOrg(db, auth.tenantId);
      const scope = companyId ? subtreeIds(org, findNode(org, companyId, 'company').id) : null;
      return envelopeOk(org.filter((d) => d.enabled && (!scope || scope.has(d.id)) && matches(d, keyword)));
    },
  );

  app.get(
    OrgApi.deptListDept,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'Enabled departments only (of one company, or of the tenant)',
        querystring: deptListQuerySchema,
        response: { 200: envelope(z.array(deptSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { companyId, keyword } = request.query;
      const org = await loadOrg(db, auth.tenantId);
      return envelopeOk(departmentsOf(org, companyId).filter((d) => d.enabled && matches(d, keyword)));
    },
  );

  app.get(
    OrgApi.deptSubAll,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'A department (or company) and every node below it (flat)',
        querystring: deptSubAllQuerySchema,
        response: { 200: envelope(z.array(deptSchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      const ids = subtreeIds(org, findNode(org, request.query.deptId).id);
      return envelopeOk(org.filter((d) => ids.has(d.id)));
    },
  );

  app.get(
    OrgApi.deptKeyList,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'Enabled companies and departments with their full path, for pickers',
        querystring: deptKeyQuerySchema,
        response: { 200: envelope(z.array(deptKeySchema)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      return envelopeOk(
        org
          .filter((d) => d.enabled)
          .map((d) => ({
            id: d.id,
            deptName: d.deptName,
            enCode: d.enCode,
            deptType: d.deptType,
            fullName: fullName(org, d),
          }))
          .filter((d) => !request.query.keyword || d.fullName.includes(request.query.keyword)),
      );
    },
  );

  app.get(
    `${OrgApi.dept}/:id`,
    {
      preValidation: requirePerm(OrgPerm.department),
      schema: {
        tags,
        summary: 'Department details',
        params: idParamSchema,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      return envelopeOk(findNode(org, request.params.id, 'department'));
    },
  );

  app.post(
    OrgApi.dept,
    {
      preValidation: requirePerm(OrgPerm.departmentAdd),
      schema: {
        tags,
        summary: 'Creates a department under a company or a department',
        body: deptCreateSchema,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) =>
      envelopeOk(await createDept(contextOf(request), request.body), t(request.locale, 'common.saved')),
  );

  app.put(
    `${OrgApi.dept}/:id`,
    {
      preValidation: requirePerm(OrgPerm.departmentEdit),
      schema: {
        tags,
        summary: 'Updates a department (also its parent: never under itself or below it)',
        params: idParamSchema,
        body: deptUpdateSchema,
        response: { 200: envelope(deptSchema) },
      },
    },
    async (request) =>
      envelopeOk(
        await updateDept(contextOf(request), request.params.id, request.body),
        t(request.locale, 'common.saved'),
      ),
  );

  app.delete(
    `${OrgApi.dept}/:id`,
    {
      preValidation: requirePerm(OrgPerm.departmentDelete),
      schema: {
        tags,
        summary: 'Deletes a department; refused (409) while it has sub-departments, users or positions',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const org = await loadOrg(db, auth.tenantId);
      const node = findNode(org, request.params.id, 'department');
      await assertDeletable(db, auth.tenantId, node, org);
      await deleteNode(db, auth.tenantId, node.id);
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );
};
