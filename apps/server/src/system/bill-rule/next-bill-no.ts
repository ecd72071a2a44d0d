import { type BillNumberFormat, billPeriod, billSequenceValue, formatBillNo } from '@srm/contracts';
import { sql, type Transaction } from 'kysely';
import { AppError } from '../../core/errors';
import type { Database } from '../../db/types';

/** The time source of a number (tests pass a fake one to cross day, month and year ends). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** A stored rule's number format. */
export function ruleFormat(row: {
  prefix: string;
  date_format: string;
  digits: number;
  start_number: string | number;
  step: string | number;
  reset_cycle: string;
}): BillNumberFormat {
  return {
    prefix: row.prefix,
    dateFormat: row.date_format as BillNumberFormat['dateFormat'],
    digits: row.digits,
    startNumber: Number(row.start_number),
    step: Number(row.step),
    resetCycle: row.reset_cycle as BillNumberFormat['resetCycle'],
  };
}

/** How many numbers a caller may find taken in a row before it gives up (a rule's format gone round). */
const MAX_SKIPS = 1_000;

/**
 * The next document number of the tenant's rule `code`, taken inside the caller's transaction.
 *
 * The counter row of the tenant, the code and the current period is incremented with one
 * `insert … on conflict do update … returning`, whose row lock is held until the caller's
 * transaction ends: concurrent callers of the same rule and period queue on it, so no two get the
 * same number; when the caller commits, the number is used and the next caller gets the one after
 * it (no gaps); when it rolls back, the increment is undone and the next caller gets this number
 * again. Callers should take the number late in their transaction, as other callers of the rule
 * wait for that transaction to end. An unknown code answers 404 `billRule.notFound`.
 *
 * The counter belongs to the code, not to the rule's row, and every number given is kept
 * (`sys_bill_no`, unique per tenant and code): a rule deleted and created again continues its
 * numbers, and one whose new format or start would repeat an earlier number skips past it.
 */
export async function nextBillNo(
  trx: Transaction<Database>,
  tenantId: string,
  code: string,
  clock: Clock = systemClock,
): Promise<string> {
  const rule = await trx
    .selectFrom('sys_bill_rule')
    .select(['prefix', 'date_format', 'digits', 'start_number', 'step', 'reset_cycle'])
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', code)
    .executeTakeFirst();
  if (!rule) throw new AppError(404, 'billRule.notFound', { code });
  const format = ruleFormat(rule);
  const at = clock();
  const period = billPeriod(format.resetCycle, at);
  for (let tries = 0; tries < MAX_SKIPS; tries++) {
    const { seq } = await trx
      .insertInto('sys_bill_counter')
      .values({ tenant_id: tenantId, en_code: code, period, seq: 1, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'en_code', 'period']).doUpdateSet({
          seq: sql<string>`sys_bill_counter.seq + 1`,
          updated_at: at,
        }),
      )
      .returning('seq')
      .executeTakeFirstOrThrow();
    const billNo = formatBillNo(format, at, billSequenceValue(format, Number(seq)));
    const kept = await trx
      .insertInto('sys_bill_no')
      .values({ tenant_id: tenantId, en_code: code, bill_no: billNo, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .returning('bill_no')
      .executeTakeFirst();
    if (kept) return billNo;
  }
  throw new AppError(409, 'error.conflict');
}
