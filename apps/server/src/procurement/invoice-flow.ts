import { FLOW_FORMS, FLOW_STATUS, INVOICE_MISMATCH_FORM_NAME } from '@srm/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types';
import { type FormOutcome, registerForm } from '../workflow/forms';
import { decideInTx } from './invoice-decision';

/**
 * The end of a mismatched invoice's approval, in the flow's own transaction: approved, the
 * invoice is approved; rejected, withdrawn or terminated, it is rejected with the opinion as its
 * reason (its quantities free to be invoiced again). The supplier's users are told.
 */
async function mismatchFinished(tx: Transaction<Database>, outcome: FormOutcome): Promise<void> {
  const row = await tx
    .selectFrom('po_invoice')
    .select('id')
    .where('tenant_id', '=', outcome.tenantId)
    .where('approval_task_id', '=', outcome.taskId)
    .executeTakeFirst();
  if (!row) return;
  const actor = await tx
    .selectFrom('sys_user')
    .select('real_name')
    .where('tenant_id', '=', outcome.tenantId)
    .where('id', '=', outcome.actorId)
    .executeTakeFirst();
  await decideInTx(
    tx,
    outcome.tenantId,
    String(row.id),
    { approve: outcome.status === FLOW_STATUS.approved, reason: outcome.opinion, byFlow: true },
    { id: null, name: actor?.real_name ?? '' },
  );
}

registerForm(INVOICE_MISMATCH_FORM_NAME, {
  schema: FLOW_FORMS.InvoiceMismatch,
  compute: (data) => data,
  onFinished: mismatchFinished,
});
