import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transaction } from '../../src/db/transaction';
import { createTestApp, type TestApp } from '../helpers';

/** `transaction()`: a transaction PostgreSQL rolls back for a deadlock or serialization failure runs again. */
let t: TestApp;
const rows = async () =>
  (await sql<{ v: string }>`select v from tx_probe order by id`.execute(t.db)).rows.map((r) => r.v);
const failure = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

beforeAll(async () => {
  t = await createTestApp();
  await sql`create table tx_probe (id int primary key, v text not null)`.execute(t.db);
});
afterAll(() => t?.close());

describe('transaction()', () => {
  it('runs again after a deadlock or serialization failure: the writes land once', async () => {
    await sql`delete from tx_probe`.execute(t.db);
    let runs = 0;
    const result = await transaction(t.db, async (tx) => {
      runs++;
      await sql`insert into tx_probe values (1, 'once')`.execute(tx);
      if (runs === 1) throw failure('40P01');
      if (runs === 2) throw failure('40001');
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
    expect(await rows()).toEqual(['once']);
  });

  it('does not run again for other errors, and gives up after 5 attempts', async () => {
    await sql`delete from tx_probe`.execute(t.db);
    let runs = 0;
    await expect(
      transaction(t.db, async (tx) => {
        runs++;
        await sql`insert into tx_probe values (1, 'no')`.execute(tx);
        throw failure('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      transaction(t.db, async () => {
        runs++;
        throw failure('40P01');
      }),
    ).rejects.toThrow('pg 40P01');
    expect(runs).toBe(5);
    expect(await rows()).toEqual([]);
  });

  it.skipIf(inject('testDb') !== 'pg')(
    'two transactions locking two rows in opposite orders both commit (PostgreSQL)',
    async () => {
      await sql`delete from tx_probe`.execute(t.db);
      await sql`insert into tx_probe values (1, 'a'), (2, 'b')`.execute(t.db);
      let runs = 0;
      let bothHoldFirst!: () => void;
      const barrier = new Promise<void>((resolve) => {
        let waiting = 2;
        bothHoldFirst = () => {
          if (--waiting === 0) resolve();
        };
      });
      const swap = (first: number, second: number) =>
        transaction(t.db, async (tx) => {
          runs++;
          await sql`update tx_probe set v = v || ${first} where id = ${first}`.execute(tx);
          // The first attempts wait for each other, so they hold one row each: a real deadlock.
          if (runs <= 2) {
            bothHoldFirst();
            await barrier;
          }
          await sql`update tx_probe set v = v || ${first} where id = ${second}`.execute(tx);
        });
      await Promise.all([swap(1, 2), swap(2, 1)]);
      expect(runs).toBe(3);
      // Each transaction's two updates landed exactly once.
      expect((await rows()).map((v) => v.length)).toEqual([3, 3]);
    },
  );
});
