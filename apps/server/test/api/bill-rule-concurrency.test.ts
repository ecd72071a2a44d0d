import { BillRuleCode } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DbHandle, openDb } from '../../src/db/index';
import { transaction } from '../../src/db/transaction';
import { nextBillNo } from '../../src/system/bill-rule';
import { freshPgDatabase, tenantIdOf } from '../helpers';

/**
 * nextBillNo under real concurrency (PostgreSQL: the embedded database has one connection, so
 * nothing runs at once there): 16 callers with a connection each take 10,000 numbers, some in
 * transactions that roll back after taking theirs.
 */
const enabled = inject('testDb') === 'pg';
const CALLERS = 16;
const TOTAL = 10_000;

let handle: DbHandle;
let drop: () => Promise<void>;
let tenantId: string;

beforeAll(async () => {
  if (!enabled) return;
  const fresh = await freshPgDatabase();
  drop = fresh.drop;
  handle = await openDb({ databaseUrl: fresh.url, poolSize: CALLERS + 1 });
  tenantId = await tenantIdOf(handle.db, 'admin');
});

afterAll(async () => {
  if (!enabled) return;
  await handle?.close();
  await drop?.();
});

describe.runIf(enabled)('nextBillNo with 16 concurrent callers', () => {
  it('gives 10,000 numbers with no duplicate and no gap, and gives a rolled-back number again', async () => {
    const at = () => new Date('2026-06-01T08:00:00Z');
    const committed: string[] = [];
    const rolledBack: string[] = [];
    let calls = 0;
    // Each caller commits its share; about one call in 50 fails after taking its number.
    const caller = async () => {
      for (let mine = 0; mine < TOTAL / CALLERS; ) {
        const fail = ++calls % 50 === 7;
        let taken = '';
        try {
          await transaction(handle.db, async (tx) => {
            taken = await nextBillNo(tx, tenantId, BillRuleCode.supplierCode, at);
            if (fail) throw new Error('caller rolls back');
          });
          committed.push(taken);
          mine++;
        } catch (error) {
          if (!fail) throw error;
          rolledBack.push(taken);
        }
      }
    };
    await Promise.all(Array.from({ length: CALLERS }, caller));
    expect(committed.length).toBe(TOTAL);
    // Exactly the TOTAL numbers after those the seeded suppliers took: no duplicate, no gap.
    const seeded = (
      await handle.db.selectFrom('vendor_supplier').select('id').where('tenant_id', '=', tenantId).execute()
    ).length;
    const expected = Array.from({ length: TOTAL }, (_, i) => `SUP${String(seeded + i + 1).padStart(6, '0')}`);
    expect([...committed].sort()).toEqual(expected);
    // The rolled-back callers' numbers were given again and committed by later callers.
    expect(rolledBack.length).toBeGreaterThan(100);
    const committedSet = new Set(committed);
    expect(rolledBack.filter((n) => !committedSet.has(n))).toEqual([]);
  }, 300_000);
});
