import { type InvoiceState, invoiceActions, VENDOR_INVOICES_PATH } from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import { AppError, notFound } from '../core/errors';
import type { Database } from '../db/types';
import { moveQuantities } from './delivery-store';
import { supplierUserIds, tellAt } from './order-flow';
import { lockOrder } from './order-store';

type Tx = Transaction<Database>;

/**
 * The decision on an invoice, in the caller's transaction: by staff at its `version` (409 when
 * stale, decided or in its approval flow), or by the end of that flow (`byFlow`: no version).
 * Approved, or rejected with a reason, which frees its quantities to be invoiced again; the
 * supplier's users are told. Answers who was told, for the caller to push after the commit.
 */
export async function decideInTx(
  tx: Tx,
  tenantId: string,
  id: string,
  decision: { version?: number; approve: boolean; reason?: string; byFlow?: boolean },
  actor: { id: string | null; name: string },
): Promise<string[]> {
  const found = await tx
    .selectFrom('po_invoice')
    .select('order_id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) throw notFound();
  // The order's lock first, as every action on its lines takes it.
  await lockOrder(tx, tenantId, String(found.order_id));
  const row = await tx
    .selectFrom('po_invoice')
    .select(['state', 'version', 'invoice_no', 'supplier_id', 'approval_task_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!decision.byFlow) {
    if (row.version !== decision.version) throw new AppError(409, 'procurement.invoiceStale');
    if (row.approval_task_id !== null) throw new AppError(409, 'procurement.invoiceInApproval');
  }
  if (!invoiceActions(row.state as InvoiceState).includes(decision.approve ? 'approve' : 'reject'))
    throw new AppError(409, 'procurement.invoiceDecided');
  await tx
    .updateTable('po_invoice')
    .set({
      state: decision.approve ? 'approved' : 'rejected',
      version: row.version + 1,
      reason: decision.reason ?? '',
      decided_by: actor.name,
      decided_at: new Date(),
      approval_task_id: null,
    })
    .where('id', '=', id)
    .execute();
  if (!decision.approve) {
    const lines = await tx
      .selectFrom('po_invoice_line')
      .select(['order_line_id', sql<string>`quantity::text`.as('quantity')])
      .where('invoice_id', '=', id)
      .execute();
    await moveQuantities(
      tx,
      'invoiced_quantity',
      lines.map((l) => ({ orderLineId: String(l.order_line_id), delta: `-${l.quantity}` })),
    );
  }
  return tellAt(
    tx,
    { id, tenantId },
    await supplierUserIds(tx, tenantId, String(row.supplier_id)),
    VENDOR_INVOICES_PATH,
    decision.approve ? 'procurement.toldInvoiceApproved' : 'procurement.toldInvoiceRejected',
    { invoiceNo: row.invoice_no, reason: decision.reason ?? '' },
    actor.id === null ? undefined : { id: actor.id, name: actor.name },
  );
}
