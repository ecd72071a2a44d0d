import {
  FLOW_FORMS,
  FLOW_STATUS,
  type PoSave,
  RFQ_AWARD_FORM_NAME,
  RFQ_PATH,
  VENDOR_RFQS_PATH,
} from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/types';
import { type FormOutcome, registerForm } from '../workflow/forms';
import { supplierUserIds, tellAt } from './order-flow';
import { insertDraftOrder } from './order-service';
import type { Actor } from './order-store';
import { invitedSupplierIds, type LockedRfq, lockRfq, setRfqState } from './rfq-store';

type Tx = Transaction<Database>;

/** Messages about a request to the users of some of its suppliers, linking to their portal page. */
export async function tellSuppliersOfRfq(
  tx: Tx,
  rfq: { id: string; tenantId: string },
  supplierIds: readonly string[],
  titleKey: Parameters<typeof tellAt>[4],
  titleParams: Parameters<typeof tellAt>[5],
  creator?: { id: string; name: string },
): Promise<string[]> {
  const users = (await Promise.all(supplierIds.map((id) => supplierUserIds(tx, rfq.tenantId, id)))).flat();
  return tellAt(tx, rfq, users, VENDOR_RFQS_PATH, titleKey, titleParams, creator);
}

/**
 * The award takes effect: the request is awarded and each awarded supplier gets one draft order
 * of its lines at its quoted prices (the buyer submits it as any order); the awarded suppliers are
 * told which lines they won, the other invited ones that the request is settled. Answers who was
 * told, for the caller to push their counts after the commit.
 */
export async function awardInTx(tx: Tx, rfq: LockedRfq, actor: Actor): Promise<string[]> {
  const lines = await tx
    .selectFrom('po_rfq_line')
    .select([
      'line_no',
      'material_code',
      'material_name',
      'spec',
      'unit',
      sql<string>`quantity::text`.as('quantity'),
      sql<string>`delivery_date::text`.as('delivery_date'),
      'award_supplier_id',
      sql<string>`award_unit_price::text`.as('award_unit_price'),
    ])
    .where('rfq_id', '=', rfq.id)
    .where('award_supplier_id', 'is not', null)
    .orderBy('line_no')
    .execute();
  const bySupplier = new Map<string, typeof lines>();
  for (const line of lines) {
    const id = String(line.award_supplier_id);
    bySupplier.set(id, [...(bySupplier.get(id) ?? []), line]);
  }
  for (const [supplierId, won] of bySupplier) {
    const body: PoSave = {
      supplierId,
      currency: rfq.currency,
      deliveryAddress: rfq.deliveryAddress || '-',
      paymentTerms: '',
      remark: rfq.billNo,
      lines: won.map((l) => ({
        materialCode: l.material_code,
        materialName: l.material_name,
        spec: l.spec,
        unit: l.unit,
        quantity: l.quantity,
        unitPrice: l.award_unit_price,
        deliveryDate: l.delivery_date,
      })),
    };
    await insertDraftOrder(
      tx,
      { tenantId: rfq.tenantId, buyerId: rfq.buyerId, actor, now: () => new Date(), rfqId: rfq.id },
      body,
    );
  }
  await setRfqState(tx, rfq, 'awarded', { award_task_id: null, awarded_at: new Date() });
  const creator = actor.id ? { id: actor.id, name: actor.name } : undefined;
  const told: string[] = [];
  for (const [supplierId, won] of bySupplier)
    told.push(
      ...(await tellSuppliersOfRfq(
        tx,
        rfq,
        [supplierId],
        'procurement.toldRfqAwarded',
        { billNo: rfq.billNo, lines: won.map((l) => l.line_no).join(', ') },
        creator,
      )),
    );
  const others = (await invitedSupplierIds(tx, rfq.id)).filter((id) => !bySupplier.has(id));
  told.push(
    ...(await tellSuppliersOfRfq(
      tx,
      rfq,
      others,
      'procurement.toldRfqNotAwarded',
      { billNo: rfq.billNo },
      creator,
    )),
  );
  return told;
}

/**
 * The end of an award's approval, in the flow's own transaction: approved, the award takes effect;
 * rejected, withdrawn or terminated, the request stays closed with its award cleared, and the
 * buyer is told with the opinion.
 */
async function awardFinished(tx: Tx, outcome: FormOutcome): Promise<void> {
  const row = await tx
    .selectFrom('po_rfq')
    .select('id')
    .where('tenant_id', '=', outcome.tenantId)
    .where('award_task_id', '=', outcome.taskId)
    .executeTakeFirst();
  if (!row) return;
  const rfq = await lockRfq(tx, outcome.tenantId, String(row.id), new Date());
  const system: Actor = { id: null, name: '', side: 'system' };
  if (outcome.status === FLOW_STATUS.approved) {
    await awardInTx(tx, rfq, system);
    return;
  }
  await tx
    .updateTable('po_rfq_line')
    .set({ award_supplier_id: null, award_unit_price: null, award_amount: null })
    .where('rfq_id', '=', rfq.id)
    .execute();
  await setRfqState(tx, rfq, 'closed', { award_task_id: null });
  await tellAt(tx, rfq, [rfq.buyerId], RFQ_PATH, 'procurement.toldRfqAwardReturned', {
    billNo: rfq.billNo,
    opinion: outcome.opinion,
  });
}

registerForm(RFQ_AWARD_FORM_NAME, {
  schema: FLOW_FORMS.RfqAward,
  compute: (data) => data,
  onFinished: awardFinished,
});
