import {
  FLOW_DEFINITION_STATE,
  FLOW_FORMS,
  FLOW_STATUS,
  PURCHASE_ORDER_FORM_NAME,
  PURCHASE_ORDER_PATH,
  VENDOR_ORDERS_PATH,
} from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import type { MessageKey, MessageParams } from '../core/i18n';
import type { Database } from '../db/types';
import { writeMessages } from '../message/index';
import { type FormOutcome, registerForm } from '../workflow/forms';
import { type Actor, type LockedOrder, recordEvent, setOrderState } from './order-store';

type Tx = Transaction<Database>;

/** The live users of the order's supplier (who are told of its release and changes). */
export async function supplierUserIds(tx: Tx, tenantId: string, supplierId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('sys_user as u')
    .innerJoin('vendor_supplier as s', 's.ent_id', 'u.ent_id')
    .select('u.id')
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted', '=', false)
    .where('u.enabled', '=', true)
    .where('s.id', '=', supplierId)
    .execute();
  return rows.map((r) => String(r.id));
}

/**
 * Internal messages about a procurement document (an order, a notice, an invoice), in each
 * reader's language, linking to `path` with the document open (`?id=`); written in the caller's
 * transaction. Answers who was written to, for the caller to push their counts after the commit.
 */
export async function tellAt(
  tx: Tx,
  doc: { id: string; tenantId: string },
  userIds: readonly string[],
  path: string,
  titleKey: MessageKey,
  titleParams: MessageParams,
  creator?: { id: string; name: string },
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const written = await writeMessages(
    tx,
    [...new Set(userIds)].map((userId) => ({
      tenantId: doc.tenantId,
      userId,
      text: { titleKey, titleParams },
      url: `${path}?id=${doc.id}`,
      creatorId: creator?.id ?? null,
      creatorName: creator?.name ?? '',
    })),
  );
  return written.flatMap((m) => (m ? [m.userId] : []));
}

/** Messages about an order, to the supplier's side (its portal page) or staff's (their order page). */
export function tellAboutOrder(
  tx: Tx,
  order: { id: string; tenantId: string },
  userIds: readonly string[],
  side: 'supplier' | 'staff',
  titleKey: MessageKey,
  titleParams: MessageParams,
  creator?: { id: string; name: string },
): Promise<string[]> {
  const path = side === 'supplier' ? VENDOR_ORDERS_PATH : PURCHASE_ORDER_PATH;
  return tellAt(tx, order, userIds, path, titleKey, titleParams, creator);
}

/** Tells the order's supplier's users (see `tellAboutOrder`). */
export async function tellSupplier(
  tx: Tx,
  order: LockedOrder,
  titleKey: MessageKey,
  titleParams: MessageParams,
  creator?: { id: string; name: string },
): Promise<string[]> {
  const users = await supplierUserIds(tx, order.tenantId, order.supplierId);
  return tellAboutOrder(tx, order, users, 'supplier', titleKey, titleParams, creator);
}

/** Releases an order to its supplier (approved, or submitted with no approval flow): its users are told. */
export async function releaseInTx(tx: Tx, order: LockedOrder, actor: Actor): Promise<string[]> {
  await setOrderState(tx, order, 'released', { released_at: new Date(), flow_task_id: null });
  await recordEvent(tx, order, actor, 'released');
  return tellSupplier(
    tx,
    order,
    'procurement.toldReleased',
    { billNo: order.billNo },
    actor.id ? { id: actor.id, name: actor.name } : undefined,
  );
}

/**
 * The end of an order's approval, in the flow's own transaction: approved releases it to the
 * supplier; rejected back to the launcher, withdrawn or terminated returns it to draft, with the
 * opinion in its history.
 */
async function approvalFinished(tx: Tx, outcome: FormOutcome): Promise<void> {
  const row = await tx
    .selectFrom('po_order')
    .select(['id', 'tenant_id', 'bill_no', 'supplier_id', 'state', 'revision', 'version', 'buyer_id'])
    .where('tenant_id', '=', outcome.tenantId)
    .where('flow_task_id', '=', outcome.taskId)
    .forUpdate()
    .executeTakeFirst();
  if (row?.state !== 'approving') return;
  const order: LockedOrder = {
    id: String(row.id),
    tenantId: String(row.tenant_id),
    billNo: row.bill_no,
    supplierId: String(row.supplier_id),
    state: 'approving',
    revision: row.revision,
    version: row.version,
    buyerId: String(row.buyer_id),
  };
  const actorRow =
    outcome.actorId === '0'
      ? undefined
      : await tx
          .selectFrom('sys_user')
          .select(['id', 'real_name'])
          .where('id', '=', outcome.actorId)
          .executeTakeFirst();
  const actor: Actor = actorRow
    ? { id: String(actorRow.id), name: actorRow.real_name, side: 'staff' }
    : { id: null, name: '', side: 'system' };
  if (outcome.status === FLOW_STATUS.approved) {
    await recordEvent(tx, order, actor, 'approved', { detail: outcome.opinion });
    await releaseInTx(tx, order, { id: null, name: '', side: 'system' });
    return;
  }
  await recordEvent(tx, order, actor, 'returned', { detail: outcome.opinion });
  await setOrderState(tx, order, 'draft', { flow_task_id: null });
}

registerForm(PURCHASE_ORDER_FORM_NAME, {
  schema: FLOW_FORMS.PurchaseOrder,
  compute: (data) => data,
  onFinished: approvalFinished,
});

/**
 * Whether the tenant has a released flow bound to the workflow form `formName` (an order's,
 * an award's, a mismatched invoice's approval); without one the document moves on at once.
 */
export async function hasReleasedFlow(tx: Tx, tenantId: string, formName: string): Promise<boolean> {
  const row = await tx
    .selectFrom('flow_definition')
    .select(sql<number>`1`.as('one'))
    .where('tenant_id', '=', tenantId)
    .where('form_name', '=', formName)
    .where('state', '=', FLOW_DEFINITION_STATE.released)
    .where('current_version', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}
