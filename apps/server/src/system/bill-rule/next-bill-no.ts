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

/**
 * The next document number of the tenant's rule `code`, taken inside the caller's transaction.
 *
 * The rule's counter row for the current period is incremented with one
 * `insert … on conflict do update … returning`, whose row lock is held until the caller's
 * transaction ends: concurrent callers of the same rule and period queue on it, so no two get the
 * same number; when the caller commits, the number is used and the next caller gets the one after
 * it (no gaps); when it rolls back, the increment is undone and the next caller gets this number
 * again. Callers should take the number late in their transaction, as other callers of the rule
 * wait for that transaction to end. An unknown code answers 404 `billRule.notFound`.
 */
export async function nextBillNo(
  trx: Transaction<Database>,
  tenantId: string,
  code: string,
  clock: Clock = systemClock,
): Promise<string> {
  const rule = await trx
    .selectFrom('sys_bill_rule')
    .select(['id', 'prefix', 'date_format', 'digits', 'start_number', 'step', 'reset_cycle'])
    .where('tenant_id', '=', tenantId)
    .where('en_code', '=', code)
    .executeTakeFirst();
  if (!rule) throw new AppError(404, 'billRule.notFound', { code });
  const format = ruleFormat(rule);
  const at = clock();
  const { seq } = await trx
    .insertInto('sys_bill_counter')
    .values({ rule_id: rule.id, period: billPeriod(format.resetCycle, at), seq: 1, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['rule_id', 'period']).doUpdateSet({
        seq: sql<string>`sys_bill_counter.seq + 1`,
        updated_at: at,
      }),
    )
    .returning('seq')
    .executeTakeFirstOrThrow();
  return formatBillNo(format, at, billSequenceValue(format, Number(seq)));
}
