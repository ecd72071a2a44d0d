#!/usr/bin/env node
// A live reverse auction (issue 41 §7), on PostgreSQL (DATABASE_URL: a server where it creates and
// drops a database of its own): 50 qualified suppliers, each with a user, are added to the demo
// tenant with SQL; the buyer publishes an auction inviting all of them; every supplier's user and
// the buyer watch it over the socket (`openBid`), and each supplier bids once a second for the
// window (`POST …/Portal/Rfq/{id}/Bids`, its own total lower each time; every 10th bid repeats its
// last total and must be refused). Beside it the bare Fastify route of the same run.
//
// Measured: for every accepted bid, from sending it to the moment the last of the 51 watching
// sockets has a frame that counts it (`seq` ≥ the bid's number): p50 / p99 / max. Checked: no bid
// lost (every accepted answer is a stored bid, every stored bid was answered), none accepted out of
// order (numbers 1…n without a gap, each supplier's totals strictly falling with its numbers, the
// server's times rising with them), the refused ones refused, and the last board's ranking equal
// to the stored bids' (aim: p99 ≤ 200 ms, nothing lost or out of order).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/auction.mjs \
//   [--suppliers 50] [--duration 60]
import os from 'node:os';
import WebSocket from 'ws';
import {
  api,
  arg,
  preparePgDatabase,
  requireBuild,
  runChild,
  signIn,
  sleep,
  startBare,
  startServer,
} from './lib.mjs';

const SUPPLIERS = arg('suppliers', 50);
const DURATION = arg('duration', 60);
requireBuild();
const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.error('bench/auction.mjs needs DATABASE_URL (a PostgreSQL server where it may create a database)');
  process.exit(1);
}
const { default: pg } = await import('pg');
const log = (line) => process.stderr.write(`  ${line}\n`);
const db = await preparePgDatabase(pgUrl, `srm_bench_bid_${process.pid}`);
const bare = await startBare();
const cleanups = [bare.stop, db.drop];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error(e));
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => cleanup().then(() => process.exit(130)));

/** The bench's suppliers and their users, in SQL, as the demo's own supplier is. */
async function addSuppliers(q) {
  const [vendor] = (await q(`select u.tenant_id, u.password_hash from sys_user u where u.account = 'vendor'`))
    .rows;
  const tenantId = vendor.tenant_id;
  const [role] = (await q(`select id from sys_role where tenant_id = $1 and en_code = 'vendor'`, [tenantId]))
    .rows;
  for (let i = 0; i < SUPPLIERS; i++) {
    const n = String(i).padStart(3, '0');
    const [ent] = (
      await q(`insert into ent (tenant_id, ent_name, ent_type) values ($1, $2, 2) returning id`, [
        tenantId,
        `竞价供应商${n}`,
      ])
    ).rows;
    const [user] = (
      await q(
        `insert into sys_user (tenant_id, ent_id, account, mobile, real_name, password_hash)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [tenantId, ent.id, `bid${n}`, `136${String(i).padStart(8, '0')}`, `竞价${n}`, vendor.password_hash],
      )
    ).rows;
    await q(`insert into user_role (tenant_id, user_id, role_id) values ($1, $2, $3)`, [
      tenantId,
      user.id,
      role.id,
    ]);
    await q(
      `insert into vendor_supplier (tenant_id, ent_id, supplier_code, supplier_name, credit_code, legal_person,
         company_type, area_code, address, business_scope, state, admin_user_id)
       values ($1, $2, $3, $4, $5, '张三', 'private', '310101', '压测路 1 号', '钢材', 'qualified', $6)`,
      [tenantId, ent.id, `BID${n}`, `竞价供应商${n}`, `91310000BENCH${n}X`, user.id],
    );
  }
}

/** A signed-in socket recording (time, seq) of every bid frame of the round. */
function watch(base, token, rfqId, method) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/message/websocket`);
    const seen = [];
    const beat = setInterval(() => ws.send(JSON.stringify({ method: 'heartCheck', token })), 10_000);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token })));
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (f.method === 'initMessage') ws.send(JSON.stringify({ method: 'openBid', token, bidId: rfqId }));
      else if (f.method === method && f.rfqId === rfqId) {
        seen.push({ at: performance.now(), seq: f.seq, frame: f });
        if (seen.length === 1)
          resolve({
            ws,
            seen,
            close: () => {
              clearInterval(beat);
              ws.close();
            },
          });
      } else if (f.method === 'error') reject(new Error(`${method}: ${f.msg}`));
    });
  });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;

let server;
try {
  log(`bench/auction.mjs: ${SUPPLIERS} suppliers × 1 bid/s for ${DURATION} s, PostgreSQL ${db.version}`);
  server = await startServer({ DATABASE_URL: db.url, SEED_DEMO: '1' });
  cleanups.push(server.stop);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const q = (text, params) => client.query(text, params);
  await addSuppliers(q);

  const bareRun = await runChild('bench/load.mjs', {
    base: bare.base,
    serverPid: bare.pid,
    duration: 5,
    warmup: 1,
    db: null,
    path: '/api/bench/ping',
    connections: 16,
  });

  const buyer = await signIn(server.base, 'buyer', 'buyer123');
  const choices = await api(
    server.base,
    '/api/procurement/Rfq/Suppliers?keyword=竞价供应商',
    undefined,
    buyer,
  );
  const made = await api(
    server.base,
    '/api/procurement/Rfq',
    {
      title: '压测竞价',
      mode: 'auction',
      bidStep: '0',
      deadline: Date.now() + (DURATION + 600) * 1000,
      deliveryAddress: '压测仓',
      supplierIds: choices.map((c) => c.id),
      lines: [
        { materialName: '冷轧卷', unit: '吨', quantity: '100', deliveryDate: '2027-06-01' },
        { materialName: '镀锌板', unit: '吨', quantity: '50', deliveryDate: '2027-06-01' },
      ],
    },
    buyer,
  );
  const rfq = await api(
    server.base,
    `/api/procurement/Rfq/${made.id}/Actions/Publish`,
    { version: made.version },
    buyer,
  );
  const bidders = await Promise.all(
    Array.from({ length: SUPPLIERS }, async (_, i) => {
      const token = await signIn(server.base, `bid${String(i).padStart(3, '0')}`, 'vendor123');
      return { token, socket: await watch(server.base, token, rfq.id, 'bidRank') };
    }),
  );
  const staff = await watch(server.base, buyer, rfq.id, 'bidBoard');
  const sockets = [staff, ...bidders.map((b) => b.socket)];

  /** Every bid sent: its answer, the time it was sent, the id it was stored as. */
  const sent = [];
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(
    bidders.map(async (b, i) => {
      // Start spread over the first second; then once a second, each lower than the last.
      await sleep((1000 * i) / SUPPLIERS);
      let price = 5000 + i * 3;
      for (let k = 0; performance.now() - started < DURATION * 1000; k++) {
        const next = performance.now() + 1000;
        const repeat = k % 10 === 9;
        if (!repeat) price -= 1 + (i % 3);
        const at = performance.now();
        const res = await fetch(`${server.base}/api/procurement/Portal/Rfq/${rfq.id}/Bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
          body: JSON.stringify({
            lines: rfq.lines.map((l, n) => ({
              rfqLineId: l.id,
              unitPrice: String(n === 0 ? price : price / 2),
            })),
          }),
        });
        const body = await res.json();
        sent.push({ supplier: i, at, repeat, code: body.code, id: body.data?.ownBids?.[0]?.id ?? null });
        await sleep(Math.max(0, next - performance.now()));
      }
    }),
  );
  await sleep(1000);
  const cpu = process.cpuUsage(cpu0);

  const stored = (
    await q(
      `select id::text, seq, supplier_id::text, total::numeric as total, created_at from po_bid
       where rfq_id = $1 order by seq`,
      [rfq.id],
    )
  ).rows;
  const accepted = sent.filter((s) => s.code === 0);
  const refused = sent.filter((s) => s.code !== 0);
  const storedIds = new Set(stored.map((b) => b.id));
  const lost = accepted.filter((s) => !storedIds.has(s.id)).length + (stored.length - accepted.length);
  const gaps = stored.filter((b, i) => b.seq !== i + 1).length;
  const bySupplier = new Map();
  let outOfOrder = 0;
  for (const [i, b] of stored.entries()) {
    const last = bySupplier.get(b.supplier_id);
    if (last !== undefined && Number(b.total) >= last.total) outOfOrder++;
    bySupplier.set(b.supplier_id, { total: Number(b.total), at: b.created_at.getTime() });
    if (i > 0 && b.created_at < stored[i - 1].created_at) outOfOrder++;
  }
  const wrongRefusals =
    refused.filter((s) => !s.repeat).length + sent.filter((s) => s.repeat && s.code === 0).length;
  const seqOf = new Map(stored.map((b) => [b.id, b.seq]));
  const latencies = accepted
    .map((s) => {
      const seq = seqOf.get(s.id);
      const reached = sockets.map((w) => w.seen.find((f) => f.seq >= seq)?.at ?? Number.POSITIVE_INFINITY);
      return Math.max(...reached) - s.at;
    })
    .sort((a, b) => a - b);
  const finalBoard = staff.seen.at(-1).frame;
  // Lowest first; of equal totals, who bid it first (each supplier's best is its newest bid).
  const expected = [...bySupplier.entries()]
    .sort((a, b) => a[1].total - b[1].total || a[1].at - b[1].at || a[0].localeCompare(b[0]))
    .map(([id]) => id);
  const rankingOk = JSON.stringify(finalBoard.ranking.map((r) => r.supplierId)) === JSON.stringify(expected);
  for (const w of sockets) w.close();
  await client.end();

  const result = {
    machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}`,
    bareRps: Math.round(bareRun.rps),
    suppliers: SUPPLIERS,
    seconds: DURATION,
    bids: sent.length,
    accepted: accepted.length,
    refused: refused.length,
    bidsPerSecond: Math.round(accepted.length / DURATION),
    pushP50: Math.round(pct(latencies, 0.5)),
    pushP99: Math.round(pct(latencies, 0.99)),
    pushMax: Math.round(latencies.at(-1) ?? 0),
    lost,
    gaps,
    outOfOrder,
    wrongRefusals,
    rankingOk,
    clientCpuS: Math.round((cpu.user + cpu.system) / 1e5) / 10,
  };
  log(
    `${result.accepted} bids accepted (${result.refused} refused as they should be: ${result.wrongRefusals === 0}), pushed to all ${SUPPLIERS + 1} sockets p50 ${result.pushP50} ms, p99 ${result.pushP99} ms, max ${result.pushMax} ms; lost ${lost}, gaps ${gaps}, out of order ${outOfOrder}, ranking ${rankingOk ? 'right' : 'WRONG'}; bare route ${result.bareRps} req/s`,
  );
  console.log(JSON.stringify(result));
  if (lost || gaps || outOfOrder || wrongRefusals || !rankingOk) process.exitCode = 1;
} finally {
  await cleanup();
}
