#!/usr/bin/env node
// The load-generator process of bench/bill-no.mjs: `callers` concurrent callers, each with a
// connection of its own, take document numbers with nextBillNo (each in its own transaction, as a
// caller creating a document would) for a warm-up and then for the measured window, while this
// process reads the CPU time of the PostgreSQL backends serving the bench database. Checks at the
// end that the numbers taken are exactly the counter's (no duplicate, no gap). Prints one JSON line.
// Runs the server's source through tsx: nextBillNo is a function other features call, not a route.
// Usage (by bench/bill-no.mjs): node --import tsx bench/bill-no-callers.mjs <config.json>
import { childConfig, startMeter } from './lib.mjs';

const cfg = childConfig();
const { openDb } = await import('../apps/server/src/db/index.ts');
const { transaction } = await import('../apps/server/src/db/transaction.ts');
const { nextBillNo } = await import('../apps/server/src/system/bill-rule/next-bill-no.ts');

const handle = await openDb({ databaseUrl: cfg.url, poolSize: cfg.callers });
const { db } = handle;
const { tenant_id: tenantId } = await db
  .selectFrom('sys_user')
  .select('tenant_id')
  .where('account', '=', 'admin')
  .executeTakeFirstOrThrow();

/** Callers taking numbers until `until` (ms since epoch); the numbers they were given. */
async function drive(seconds) {
  const until = Date.now() + seconds * 1000;
  const taken = [];
  const latencies = [];
  const caller = async () => {
    while (Date.now() < until) {
      const t0 = performance.now();
      taken.push(await transaction(db, (tx) => nextBillNo(tx, String(tenantId), cfg.code)));
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: cfg.callers }, caller));
  return { taken, latencies };
}

/** What the rule's counters have given so far (the demo seed takes supplier codes of its own). */
const counterNow = async () => {
  const row = await db
    .selectFrom('sys_bill_counter as c')
    .select((eb) => eb.fn.sum('c.seq').as('seq'))
    .where('c.en_code', '=', cfg.code)
    .where('c.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.seq ?? 0);
};

try {
  const counterBefore = await counterNow();
  const warm = cfg.warmup > 0 ? await drive(cfg.warmup) : { taken: [] };
  const stop = await startMeter({ serverPid: process.pid, db: cfg.meterDb });
  const { taken, latencies } = await drive(cfg.duration);
  const m = stop();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const counter = (await counterNow()) - counterBefore;
  const unique = new Set([...warm.taken, ...taken]).size;
  console.log(
    JSON.stringify({
      numbers: taken.length,
      perSecond: taken.length / m.wall,
      p50: pct(0.5),
      p99: pct(0.99),
      duplicates: warm.taken.length + taken.length - unique,
      received: warm.taken.length + taken.length,
      // Everything the counter gave during the run, warm-up included, against what the callers received.
      counter,
      wall: m.wall,
      callerCpu: m.genCpu,
      dbCpu: m.dbCpu,
    }),
  );
} finally {
  await handle.close();
}
