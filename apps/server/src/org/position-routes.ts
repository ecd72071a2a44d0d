import {
  type DeptPostNode,
  deptPostNodeSchema,
  deptPostTreeQuerySchema,
  envelope,
  idParamSchema,
  OrgApi,
  OrgPerm,
  type Position,
  pageOf,
  positionCreateSchema,
  positionPageQuerySchema,
  positionSchema,
  positionStateSchema,
  positionUpdateSchema,
  UserPerm,
} from '@srm/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireAuth } from '../core/context';
import { envelopeOk, page } from '../core/envelope';
import { fieldError, notFound } from '../core/errors';
import { t } from '../core/i18n';
import { transaction } from '../db/transaction';
import type { Database } from '../db/types';
import { requireAnyPerm, requirePerm } from '../permission/service';
import { companyDeptTree, findNode, flatten, likePattern, loadOrg } from './org-service';

const tags = ['organisation'];

function positionQuery(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('sys_position as p')
    .leftJoin('sys_dept as d', 'd.id', 'p.dept_id')
    .where('p.tenant_id', '=', tenantId);
}

async function listPositions(
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

async function getPosition(db: Kysely<Database>, tenantId: string, id: string): Promise<Position> {
  const { list } = await listPositions(db, tenantId, { id });
  const position = list[0];
  if (!position) throw notFound();
  return position;
}

async function assertPositionCodeFree(
  request: FastifyRequest,
  db: Kysely<Database>,
  tenantId: string,
  enCode: string,
  selfId?: string,
) {
  let q = db
    .selectFrom('sys_position')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', enCode);
  if (selfId) q = q.where('id', '<>', selfId);
  if (await q.executeTakeFirst()) throw fieldError({ enCode: t(request.locale, 'org.codeTaken') });
}

export const positionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    OrgApi.position,
    {
      preValidation: requirePerm(OrgPerm.position),
      schema: {
        tags,
        summary:
          'Positions, paged: of a department, or of a company and its departments (keyword on name and code)',
        querystring: positionPageQuerySchema,
        response: { 200: envelope(pageOf(positionSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { companyId, deptId, keyword, currentPage, pageSize } = request.query;
      let deptIds: string[] | undefined;
      if (deptId || companyId) {
        const org = await loadOrg(db, auth.tenantId);
        if (deptId) deptIds = [findNode(org, deptId).id];
        else if (companyId) {
          const company = findNode(org, companyId, 'company');
          deptIds = [company.id, ...flatten(companyDeptTree(org, company.id)).map((d) => d.id)];
        }
      }
      const { list, total } = await listPositions(db, auth.tenantId, {
        deptIds,
        keyword,
        offset: (currentPage - 1) * pageSize,
        limit: pageSize,
      });
      return envelopeOk(page(list, currentPage, pageSize, total));
    },
  );

  app.get(
    OrgApi.postAll,
    {
      // The user screen's position picker needs it too.
      preValidation: requireAnyPerm(OrgPerm.position, UserPerm.userAdd, UserPerm.userEdit),
      schema: {
        tags,
        summary: 'Every enabled position of the tenant',
        response: { 200: envelope(z.array(positionSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { list } = await listPositions(db, auth.tenantId, {});
      return envelopeOk(list.filter((p) => p.enabled));
    },
  );

  app.get(
    OrgApi.deptPostTree,
    {
      preValidation: requirePerm(OrgPerm.position),
      schema: {
        tags,
        summary: "The tenant's companies and departments with their positions, as a tree",
        querystring: deptPostTreeQuerySchema,
        response: { 200: envelope(z.array(deptPostNodeSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (request.query.tenantId !== auth.tenantId) throw notFound();
      const org = (await loadOrg(db, auth.tenantId)).filter((d) => d.enabled);
      const { list } = await listPositions(db, auth.tenantId, {});
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
      return envelopeOk(build('0', 0));
    },
  );

  app.get(
    `${OrgApi.position}/:id`,
    {
      preValidation: requirePerm(OrgPerm.position),
      schema: {
        tags,
        summary: 'Position details',
        params: idParamSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      return envelopeOk(await getPosition(db, auth.tenantId, request.params.id));
    },
  );

  app.post(
    OrgApi.position,
    {
      preValidation: requirePerm(OrgPerm.positionAdd),
      schema: {
        tags,
        summary: 'Creates a position in a company or department',
        body: positionCreateSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const body = request.body;
      findNode(await loadOrg(db, auth.tenantId), body.deptId);
      await assertPositionCodeFree(request, db, auth.tenantId, body.enCode);
      const row = await db
        .insertInto('sys_position')
        .values({
          tenant_id: auth.tenantId,
          dept_id: body.deptId,
          position_name: body.positionName,
          en_code: body.enCode,
          enabled: body.enabled,
          order_num: body.orderNum,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return envelopeOk(
        await getPosition(db, auth.tenantId, String(row.id)),
        t(request.locale, 'common.saved'),
      );
    },
  );

  app.put(
    `${OrgApi.position}/:id`,
    {
      preValidation: requirePerm(OrgPerm.positionEdit),
      schema: {
        tags,
        summary: 'Updates a position',
        params: idParamSchema,
        body: positionUpdateSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      const body = request.body;
      await getPosition(db, auth.tenantId, id);
      findNode(await loadOrg(db, auth.tenantId), body.deptId);
      await assertPositionCodeFree(request, db, auth.tenantId, body.enCode, id);
      await db
        .updateTable('sys_position')
        .set({
          dept_id: body.deptId,
          position_name: body.positionName,
          en_code: body.enCode,
          enabled: body.enabled,
          order_num: body.orderNum,
        })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      return envelopeOk(await getPosition(db, auth.tenantId, id), t(request.locale, 'common.saved'));
    },
  );

  app.put(
    `${OrgApi.position}/:id/Actions/State`,
    {
      preValidation: requirePerm(OrgPerm.positionEdit),
      schema: {
        tags,
        summary: 'Enables or disables a position (a disabled position grants nothing to its users)',
        params: idParamSchema,
        body: positionStateSchema,
        response: { 200: envelope(positionSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      await getPosition(db, auth.tenantId, id);
      await db
        .updateTable('sys_position')
        .set({ enabled: request.body.enabled })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .execute();
      return envelopeOk(await getPosition(db, auth.tenantId, id), t(request.locale, 'common.saved'));
    },
  );

  app.delete(
    `${OrgApi.position}/:id`,
    {
      preValidation: requirePerm(OrgPerm.positionDelete),
      schema: {
        tags,
        summary: 'Deletes a position with its user assignments and grants (one transaction)',
        params: idParamSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const { id } = request.params;
      await getPosition(db, auth.tenantId, id);
      await transaction(db, async (tx) => {
        await tx
          .deleteFrom('user_position')
          .where('tenant_id', '=', auth.tenantId)
          .where('position_id', '=', id)
          .execute();
        await tx
          .deleteFrom('sys_grant')
          .where('tenant_id', '=', auth.tenantId)
          .where('object_type', '=', 'position')
          .where('object_id', '=', id)
          .execute();
        await tx
          .deleteFrom('sys_position')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', id)
          .execute();
      });
      return envelopeOk(null, t(request.locale, 'common.ok'));
    },
  );
};
