import type { companyCreateSchema, companyUpdateSchema, Dept, deptCreateSchema } from '@srm/contracts';
import type { z } from 'zod';
import { conflictWith, fieldError } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { declareUnique } from '../core/unique-violation';
import { assertTenantUser, findNode, loadOrg, subtreeIds } from './org-tree';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('sys_dept_code', { field: 'enCode', key: 'org.codeTaken' });

type CompanyBody = z.output<typeof companyCreateSchema>;
type CompanyUpdate = z.output<typeof companyUpdateSchema>;
type DeptBody = z.output<typeof deptCreateSchema>;

/** 400 on enCode when another node of the tenant already has the code. */
function assertCodeFree(ctx: ServiceContext, org: Dept[], enCode: string, selfId?: string) {
  if (org.some((d) => d.enCode === enCode && d.id !== selfId))
    throw fieldError({ enCode: t(ctx.locale, 'org.codeTaken') });
}

/** A company's parent: "0" or another company of the tenant (404 otherwise). */
function assertCompanyParent(org: Dept[], parentId: string) {
  if (parentId !== '0') findNode(org, parentId, 'company');
}

/** Creates a company under "0" or another company. */
export async function createCompany(ctx: ServiceContext, body: CompanyBody): Promise<Dept> {
  const org = await loadOrg(ctx.db, ctx.tenantId);
  assertCompanyParent(org, body.parentId);
  assertCodeFree(ctx, org, body.enCode);
  const row = await ctx.db
    .insertInto('sys_dept')
    .values({
      tenant_id: ctx.tenantId,
      parent_id: body.parentId,
      dept_name: body.deptName,
      dept_type: 'company',
      en_code: body.enCode,
      order_num: body.orderNum,
      enabled: body.enabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findNode(await loadOrg(ctx.db, ctx.tenantId), String(row.id));
}

/** Updates a company (name, code, order, enabled). */
export async function updateCompany(ctx: ServiceContext, id: string, body: CompanyUpdate): Promise<Dept> {
  const org = await loadOrg(ctx.db, ctx.tenantId);
  findNode(org, id, 'company');
  assertCodeFree(ctx, org, body.enCode, id);
  await ctx.db
    .updateTable('sys_dept')
    .set({ dept_name: body.deptName, en_code: body.enCode, order_num: body.orderNum, enabled: body.enabled })
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return findNode(await loadOrg(ctx.db, ctx.tenantId), id);
}

/** Moves a company under another parent (never under itself or below it). */
export async function moveCompany(ctx: ServiceContext, id: string, parentId: string): Promise<Dept> {
  const org = await loadOrg(ctx.db, ctx.tenantId);
  findNode(org, id, 'company');
  assertCompanyParent(org, parentId);
  if (subtreeIds(org, id).has(parentId)) throw conflictWith('org.moveIntoSelf');
  await ctx.db
    .updateTable('sys_dept')
    .set({ parent_id: parentId })
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return findNode(await loadOrg(ctx.db, ctx.tenantId), id);
}

function deptColumns(body: DeptBody) {
  return {
    parent_id: body.parentId,
    dept_name: body.deptName,
    en_code: body.enCode,
    order_num: body.orderNum,
    enabled: body.enabled,
    manager_id: body.managerId,
  };
}

/** Creates a department under a company or a department. */
export async function createDept(ctx: ServiceContext, body: DeptBody): Promise<Dept> {
  const org = await loadOrg(ctx.db, ctx.tenantId);
  findNode(org, body.parentId);
  assertCodeFree(ctx, org, body.enCode);
  if (body.managerId) await assertTenantUser(ctx.db, ctx.tenantId, body.managerId);
  const row = await ctx.db
    .insertInto('sys_dept')
    .values({ tenant_id: ctx.tenantId, dept_type: 'department', ...deptColumns(body) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findNode(await loadOrg(ctx.db, ctx.tenantId), String(row.id));
}

/** Updates a department (also its parent: never under itself or below it). */
export async function updateDept(ctx: ServiceContext, id: string, body: DeptBody): Promise<Dept> {
  const org = await loadOrg(ctx.db, ctx.tenantId);
  findNode(org, id, 'department');
  findNode(org, body.parentId);
  if (subtreeIds(org, id).has(body.parentId)) throw conflictWith('org.moveIntoSelf');
  assertCodeFree(ctx, org, body.enCode, id);
  if (body.managerId) await assertTenantUser(ctx.db, ctx.tenantId, body.managerId);
  await ctx.db
    .updateTable('sys_dept')
    .set(deptColumns(body))
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return findNode(await loadOrg(ctx.db, ctx.tenantId), id);
}
