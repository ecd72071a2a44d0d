import type {
  DeptPostNode,
  deptPostTreeQuerySchema,
  Position,
  positionCreateSchema,
  positionPageQuerySchema,
  positionUpdateSchema,
} from '@srm/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { page } from '../core/envelope';
import { fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import type { ServiceContext } from '../core/service-context';
import { codeTaken, likePattern } from '../core/sql';
import { declareUnique } from '../core/unique-violation';
import { userWrites } from '../core/user-writes';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { companyDeptTree, findNode, flatten, loadOrg } from './org-tree';

// The unique index behind the check below: a create that loses the race answers as the check does.
declareUnique('sys_position_tenant_id_en_code_key', { field: 'enCode', key: 'org.codeTaken' });

function positionQuery(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('sys_position as p')
    .leftJoin('sys_dept as d', 'd.id', 'p.dept_id')
    .where('p.tenant_id', '=', tenantId);
}

export async function listPositions(
  db: Kysely<Database>,
  tenantId: string,
  filter: { deptIds?: string[]; keyword?: string; id?: string; offset?: number; limit?: number },
): Promise<{ list: Position[]; total: number }> {
  let q = positionQuery(db, tenantId);
  if (filter.id) q = q.where('p.id', '=', filter.id);
  if (filter.deptIds) {
    if (filter.deptIds.length === 0) return { list: [], total: 0 };
    q = q.where('p.dept_id', 'in', filter.deptIds);
  }
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('p.position_name', 'ilike', like), eb('p.en_code', 'ilike', like)]));
  }
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select((eb) => [
        'p.id',
        'p.dept_id',
        'd.dept_name',
        'p.position_name',
        'p.en_code',
        'p.enabled',
        'p.order_num',
        eb
          .selectFrom('user_position as up')
          .innerJoin('sys_user as u', 'u.id', 'up.user_id')
          .select((e) => e.fn.countAll<string>().as('c'))
          .whereRef('up.position_id', '=', 'p.id')
          .where('u.deleted', '=', false)
          .as('user_count'),
      ])
      .orderBy('p.order_num')
      .orderBy('p.id')
      .offset(filter.offset ?? 0)
      .limit(filter.limit ?? 100_000)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      id: String(r.id),
      deptId: r.dept_id == null ? null : String(r.dept_id),
      deptName: r.dept_name ?? null,
      positionName: r.position_name,
      enCode: r.en_code,
      enabled: r.enabled,
      orderNum: r.order_num,
      userCount: Number(r.user_count ?? 0),
    })),
  };
}

export async function getPosition(db: Kysely<Database>, tenantId: string, id: string): Promise<Position> {
  const { list } = await listPositions(db, tenantId, { id });
  const position = list[0];
  if (!position) throw notFound();
  return position;
}

async function assertPositionCodeFree(ctx: ServiceContext, enCode: string, selfId?: string) {
  if (await codeTaken(ctx.db, 'sys_position', ctx.tenantId, enCode, selfId))
    throw fieldError({ enCode: t(ctx.locale, 'org.codeTaken') });
}

/** Positions, paged: of a department, or of a company and its departments (keyword on name and code). */
export async function pagePositions(ctx: ServiceContext, query: z.output<typeof positionPageQuerySchema>) {
  const { companyId, deptId, keyword, currentPage, pageSize } = query;
  let deptIds: string[] | undefined;
  if (deptId || companyId) {
    const org = await loadOrg(ctx.db, ctx.tenantId);
    if (deptId) deptIds = [findNode(org, deptId).id];
    else if (companyId) {
      const company = findNode(org, companyId, 'company');
      deptIds = [company.id, ...flatten(companyDeptTree(org, company.id)).map((d) => d.id)];
    }
  }
  const { list, total } = await listPositions(ctx.db, ctx.tenantId, {
    deptIds,
    keyword,
    offset: (currentPage - 1) * pageSize,
    limit: pageSize,
  });
  return page(list, currentPage, pageSize, total);
}

/** Every enabled position of the tenant. */
export async function enabledPositions(ctx: ServiceContext): Promise<Position[]> {
  const { list } = await listPositions(ctx.db, ctx.tenantId, {});
  return list.filter((p) => p.enabled);
}

/** The tenant's enabled companies and departments with their enabled positions, as a tree. */
export async function deptPostTree(
  ctx: ServiceContext,
  query: z.output<typeof deptPostTreeQuerySchema>,
): Promise<DeptPostNode[]> {
  if (query.tenantId !== ctx.tenantId) throw notFound();
  const org = (await loadOrg(ctx.db, ctx.tenantId)).filter((d) => d.enabled);
  const { list } = await listPositions(ctx.db, ctx.tenantId, {});
  const nodes: DeptPostNode[] = [
    ...org.map((d) => ({
      id: d.id,
      parentId: d.parentId,
      fullName: d.deptName,
      enCode: d.enCode,
      type: d.deptType,
      children: null,
    })),
    ...list
      .filter((p) => p.enabled && p.deptId)
      .map((p) => ({
        id: p.id,
        parentId: p.deptId ?? '0',
        fullName: p.positionName,
        enCode: p.enCode,
        type: 'position' as const,
        children: null,
      })),
  ];
  const byParent = new Map<string, DeptPostNode[]>();
  for (const n of nodes) {
    const siblings = byParent.get(n.parentId) ?? [];
    siblings.push(n);
    byParent.set(n.parentId, siblings);
  }
  const build = (parentId: string, depth: number): DeptPostNode[] =>
    depth > 100
      ? []
      : (byParent.get(parentId) ?? []).map((n) => {
          const children = n.type === 'position' ? [] : build(n.id, depth + 1);
          return { ...n, children: children.length ? children : null };
        });
  return build('0', 0);
}

/** Creates a position in a company or department of the tenant. */
export async function createPosition(
  ctx: ServiceContext,
  body: z.output<typeof positionCreateSchema>,
): Promise<Position> {
  findNode(await loadOrg(ctx.db, ctx.tenantId), body.deptId);
  await assertPositionCodeFree(ctx, body.enCode);
  const row = await ctx.db
    .insertInto('sys_position')
    .values({
      tenant_id: ctx.tenantId,
      dept_id: body.deptId,
      position_name: body.positionName,
      en_code: body.enCode,
      enabled: body.enabled,
      order_num: body.orderNum,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getPosition(ctx.db, ctx.tenantId, String(row.id));
}

export async function updatePosition(
  ctx: ServiceContext,
  id: string,
  body: z.output<typeof positionUpdateSchema>,
): Promise<Position> {
  await getPosition(ctx.db, ctx.tenantId, id);
  findNode(await loadOrg(ctx.db, ctx.tenantId), body.deptId);
  await assertPositionCodeFree(ctx, body.enCode, id);
  await ctx.db
    .updateTable('sys_position')
    .set({
      dept_id: body.deptId,
      position_name: body.positionName,
      en_code: body.enCode,
      enabled: body.enabled,
      order_num: body.orderNum,
    })
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return getPosition(ctx.db, ctx.tenantId, id);
}

/** Enables or disables a position (a disabled position grants nothing to its users). */
export async function setPositionEnabled(
  ctx: ServiceContext,
  id: string,
  enabled: boolean,
): Promise<Position> {
  await getPosition(ctx.db, ctx.tenantId, id);
  await ctx.db
    .updateTable('sys_position')
    .set({ enabled })
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', id)
    .execute();
  return getPosition(ctx.db, ctx.tenantId, id);
}

/** Deletes a position with its user assignments and grants (one transaction). */
export async function deletePosition(ctx: ServiceContext, id: string): Promise<void> {
  const { tenantId } = ctx;
  await getPosition(ctx.db, tenantId, id);
  await transaction(ctx.db, async (tx) => {
    await userWrites().removing(tx, tenantId, { positionId: id });
    await tx.deleteFrom('sys_position').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}
