import { type flowDelegateSaveSchema, type flowDelegateSchema, flowMessage } from '@srm/contracts';
import type { z } from 'zod';
import { notFound } from '../core/errors';
import type { ServiceContext } from '../core/service-context';
import { transaction } from '../db/transaction';
import { delegationProblem } from './engine';
import { flowNameIn } from './forms';
import { toDelegation } from './org-lookup';
import { assertStaffTargets, flowError } from './task-service';
import { jsonb } from './task-store';

type Delegate = z.infer<typeof flowDelegateSchema>;

/** The caller's delegations, given and received, newest first, with the names of the chosen flows. */
export async function listDelegations(ctx: ServiceContext): Promise<Delegate[]> {
  const rows = await ctx.db
    .selectFrom('flow_delegation as d')
    .innerJoin('sys_user as f', 'f.id', 'd.from_user_id')
    .innerJoin('sys_user as t', 't.id', 'd.to_user_id')
    .select([
      'd.id',
      'd.from_user_id',
      'd.to_user_id',
      'd.flow_ids',
      'd.start_at',
      'd.end_at',
      'd.description',
      'f.real_name as from_name',
      't.real_name as to_name',
    ])
    .where('d.tenant_id', '=', ctx.tenantId)
    .where((eb) => eb.or([eb('d.from_user_id', '=', ctx.userId), eb('d.to_user_id', '=', ctx.userId)]))
    .orderBy('d.id', 'desc')
    .execute();
  const flowIds = [...new Set(rows.flatMap((r) => toDelegation(r).flowIds ?? []))];
  const flows = flowIds.length
    ? await ctx.db
        .selectFrom('flow_definition')
        .select(['id', 'full_name', 'full_name_en', 'full_name_tw'])
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', 'in', flowIds)
        .execute()
    : [];
  const flowName = new Map(flows.map((f) => [String(f.id), flowNameIn(f, ctx.locale)]));
  return rows.map((r) => {
    const d = toDelegation(r);
    return {
      id: d.id,
      fromUserId: d.fromUserId,
      fromUserName: r.from_name,
      toUserId: d.toUserId,
      toUserName: r.to_name,
      flowIds: d.flowIds,
      flowNames: (d.flowIds ?? []).map((id) => flowName.get(id) ?? ''),
      startTime: d.startAt,
      endTime: d.endAt,
      description: r.description,
    };
  });
}

/**
 * The caller delegates his to-dos, or changes one of his delegations (`id`; another's: 404): to a
 * live staff user only, no self-delegation, no window already over, no chains, no overlaps (the
 * engine's rule, checked against his other ones).
 */
export async function saveDelegation(
  ctx: ServiceContext,
  body: z.output<typeof flowDelegateSaveSchema>,
  id?: string,
): Promise<string> {
  return transaction(ctx.db, async (tx) => {
    if (id !== undefined) {
      const own = await tx
        .selectFrom('flow_delegation')
        .select('id')
        .where('tenant_id', '=', ctx.tenantId)
        .where('from_user_id', '=', ctx.userId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!own) throw notFound();
    }
    // The delegate: a live staff user of the tenant, never a supplier's (400 at toUserId).
    await assertStaffTargets(ctx, tx, 'toUserId', [body.toUserId]);
    if (body.flowIds?.length) {
      const flows = await tx
        .selectFrom('flow_definition')
        .select('id')
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', 'in', body.flowIds)
        .execute();
      if (flows.length !== new Set(body.flowIds).size) throw notFound();
    }
    // Every delegation that could meet this one: the caller's and the delegate's, given or received.
    const existing = await tx
      .selectFrom('flow_delegation')
      .select(['id', 'from_user_id', 'to_user_id', 'flow_ids', 'start_at', 'end_at'])
      .where('tenant_id', '=', ctx.tenantId)
      .where((eb) =>
        eb.or([
          eb('from_user_id', 'in', [ctx.userId, body.toUserId]),
          eb('to_user_id', 'in', [ctx.userId, body.toUserId]),
        ]),
      )
      .forUpdate()
      .execute();
    const candidate = {
      id: id ?? '',
      fromUserId: ctx.userId,
      toUserId: body.toUserId,
      flowIds: body.flowIds?.length ? body.flowIds : null,
      startAt: body.startTime,
      endAt: body.endTime,
    };
    const problem = delegationProblem(candidate, existing.map(toDelegation), ctx.now().getTime());
    if (problem) {
      const key = `flow.error.delegate.${problem}` as const;
      const field = problem === 'emptyWindow' || problem === 'ended' ? 'endTime' : 'toUserId';
      throw flowError(ctx, 400, key, {}, { fields: { [field]: flowMessage(key, ctx.locale) } });
    }
    const values = {
      to_user_id: body.toUserId,
      flow_ids: candidate.flowIds ? jsonb(candidate.flowIds) : null,
      start_at: new Date(body.startTime),
      end_at: new Date(body.endTime),
      description: body.description,
    };
    if (id !== undefined) {
      await tx.updateTable('flow_delegation').set(values).where('id', '=', id).execute();
      return id;
    }
    const row = await tx
      .insertInto('flow_delegation')
      .values({ ...values, tenant_id: ctx.tenantId, from_user_id: ctx.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
}

/**
 * Ends one of the caller's own delegations (another's: 404). One under way ends now and stays listed
 * (the history names the delegate for what he did in it); one not begun yet, or over, is removed.
 */
export async function endDelegation(ctx: ServiceContext, id: string): Promise<void> {
  const now = ctx.now();
  await transaction(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('flow_delegation')
      .select(['start_at', 'end_at'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('from_user_id', '=', ctx.userId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    const running = new Date(row.start_at) < now && now < new Date(row.end_at);
    if (running) await tx.updateTable('flow_delegation').set({ end_at: now }).where('id', '=', id).execute();
    else await tx.deleteFrom('flow_delegation').where('id', '=', id).execute();
  });
}
