#!/usr/bin/env node
// nextBillNo per second from 16 concurrent callers on PostgreSQL (DATABASE_URL; database
// srm_bench_billno, recreated and dropped), with the bare Fastify route measured in the same run
// (before and after) as the yardstick of how loaded the machine was. The callers run in a
// load-generator process of their own (bench/bill-no-callers.mjs); this process only orchestrates.
// Not part of `npm run bench`.
// Usage: DATABASE_URL=postgres://… node bench/bill-no.mjs [--callers 16] [--duration 5] [--warmup 1]
//        [--code supplierCode]   (a seeded rule: supplierCode never resets; purchaseRequisition daily)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, preparePgDatabase, requireBuild, root, runChild, startBare, startServer } from './lib.mjs';

const opt = {
  callers: arg('callers', 16),
  duration: arg('duration', 5),
  warmup: arg('warmup', 1),
  code: String(arg('code', 'supplierCode')),
};
requireBuild();
if (!process.env.DATABASE_URL) {
  console.log('bench/bill-no.mjs: DATABASE_URL is not set; skipped (the figure is for PostgreSQL)');
  process.exit(0);
}

/** bench/bill-no-callers.mjs in its own process, through tsx (it imports the server's source). */
async function runCallers(config) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'srm-bench-cfg-'));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'bench/bill-no-callers.mjs'), file],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((r) => child.once('exit', r));
    const last = out.trim().split('\n').at(-1);
    if (code !== 0 || !last) throw new Error(`bill-no-callers failed (exit ${code})`);
    return JSON.parse(last);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const bareRun = (bare) =>
  runChild('bench/load.mjs', {
    base: bare.base,
    serverPid: bare.pid,
    duration: opt.duration,
    warmup: opt.warmup,
    connections: 16,
    db: null,
    path: '/api/bench/ping',
  });

const db = await preparePgDatabase(process.env.DATABASE_URL, 'srm_bench_billno');
const bare = await startBare();
try {
  // The built server migrates and seeds the demo rules, then stops: the callers need only the database.
  const server = await startServer({ DATABASE_URL: db.url, SEED_DEMO: '1' });
  await server.stop();
  const load0 = os.loadavg()[0];
  const before = await bareRun(bare);
  const r = await runCallers({
    url: db.url,
    code: opt.code,
    callers: opt.callers,
    duration: opt.duration,
    warmup: opt.warmup,
    meterDb: { adminUrl: process.env.DATABASE_URL, name: db.name },
  });
  const after = await bareRun(bare);
  const load1 = os.loadavg()[0];
  const bareRps = (before.rps + after.rps) / 2;
  console.log(
    `nextBillNo on PostgreSQL ${db.version}, rule ${opt.code}, ${opt.callers} concurrent callers, ${opt.duration} s`,
  );
  console.log(`| measure | value |\n| --- | --- |`);
  console.log(`| numbers per second | ${Math.round(r.perSecond)} |`);
  console.log(`| numbers taken in the window | ${r.numbers} |`);
  console.log(`| per number (transaction), p50 / p99 | ${r.p50.toFixed(1)} ms / ${r.p99.toFixed(1)} ms |`);
  console.log(
    `| duplicates; numbers received vs the counter (warm-up included) | ${r.duplicates}; ${r.received} vs ${r.counter} |`,
  );
  console.log(
    `| CPU: callers' process / PostgreSQL backends | ${r.callerCpu.toFixed(2)} s / ${r.dbCpu?.toFixed(2) ?? '-'} s |`,
  );
  console.log(
    `| bare Fastify route, same run (before / after) | ${Math.round(before.rps)} / ${Math.round(after.rps)} req/s |`,
  );
  console.log(`| numbers per second ÷ bare route req/s | ${(r.perSecond / bareRps).toFixed(3)} |`);
  console.log(
    `| load average (1 min) at start / end, ${os.cpus().length} CPUs | ${load0.toFixed(2)} / ${load1.toFixed(2)} |`,
  );
  if (r.duplicates !== 0 || r.received !== r.counter) process.exitCode = 1;
} finally {
  await bare.stop();
  await db.drop();
}
