#!/usr/bin/env node
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Suppliers at scale, part of `npm run bench` (scripts/bench.mjs runs it after
// bench/run.mjs). 100,000 suppliers are added to the demo tenant straight in the database (states,
// supply categories and districts spread over them), 5,000 of the live ones with a user each, and a
// session for the first `connected` of those users. Against the built server:
//   - the supplier list (page 1, and each filter of the screen) from a load-generator process
//     (bench/load.mjs, autocannon, 8 concurrent loops), p50/p99 beside the bare Fastify route measured
//     in the same run; aim: p99 ≤ 50 ms;
//   - publishing one notice to 5,000 suppliers (one transaction, the messages and pushes after the
//     commit) and the time until the last connected supplier user's socket shows its badge
//     (bench/vendor-badge.mjs, its own process: the sockets are bound before the publish is sent).
// Usage: node bench/vendor.mjs [--suppliers 100000] [--targets 5000] [--connected 1000]
//        [--duration 5] [--connections 8] [--keep]; on PostgreSQL when DATABASE_URL is set, else on
//        PGlite. `--keep` leaves the PostgreSQL database in place (its url is printed) for EXPLAIN.
import { fillDatabase } from './fill-db.mjs';
import {
  api,
  arg,
  flag,
  preparePgDatabase,
  requireBuild,
  runChild,
  signIn,
  startBare,
  startServer,
} from './lib.mjs';

const SUPPLIERS = arg('suppliers', 100_000);
const TARGETS = arg('targets', 5000);
const CONNECTED = arg('connected', 1000);
const DURATION = arg('duration', 5);
const CONNECTIONS = arg('connections', 8);
requireBuild();

/** The suppliers, their categories, users for `TARGETS` live ones and sessions for `CONNECTED` users. */
async function fill(query) {
  const [{ tenant_id: tenantId, password_hash: hash }] = (
    await query(`select tenant_id, password_hash from sys_user where account = 'buyer'`)
  ).rows;
  const districts = (
    await query(`select code from sys_area where level = 3 order by code limit 400`)
  ).rows.map((r) => r.code);
  await query(
    `with e as (
       insert into ent (tenant_id, ent_name, ent_type)
       select $1, '压测供应商' || g, 2 from generate_series(1, $2::int) g
       returning id, ent_name
     )
     insert into vendor_supplier (tenant_id, ent_id, supplier_code, supplier_name, credit_code, state,
       area_code, address, created_at)
     select $1, e.id, 'BS' || lpad(n::text, 7, '0'), e.ent_name, '91' || lpad(n::text, 16, '0'),
       case n % 10 when 0 then 'potential' when 1 then 'frozen' when 2 then 'eliminated' else 'qualified' end,
       ($3::text[])[1 + n % array_length($3::text[], 1)], '压测路 ' || n || ' 号',
       now() - n * interval '1 minute'
     from (select id, ent_name, substr(ent_name, 6)::int as n from e) e`,
    [tenantId, SUPPLIERS, `{${districts.join(',')}}`],
  );
  await query(
    `insert into vendor_supplier_category (tenant_id, supplier_id, category_code, qualified)
     select tenant_id, id, (array['raw.steel', 'raw.chemical', 'office', 'service'])[1 + id % 4], true
     from vendor_supplier where tenant_id = $1 and supplier_code like 'BS%'`,
    [tenantId],
  );
  // A user for each of the first live suppliers, and a session for the first of those users.
  await query(
    `insert into sys_user (tenant_id, ent_id, account, mobile, real_name, password_hash)
     select $1, s.ent_id, 'bv' || s.id, '136' || lpad(s.id::text, 8, '0'), '压测用户' || s.id, $2
     from vendor_supplier s
     where s.tenant_id = $1 and s.supplier_code like 'BS%' and s.state = 'qualified'
     order by s.id limit $3`,
    [tenantId, hash, TARGETS],
  );
  await query(
    `insert into sys_session (tenant_id, user_id, token_hash)
     select $1, u.id, encode(sha256(convert_to('bench-vendor-' || u.id, 'UTF8')), 'hex')
     from sys_user u where u.tenant_id = $1 and u.account like 'bv%' order by u.id limit $2`,
    [tenantId, CONNECTED],
  );
  for (const table of ['ent', 'vendor_supplier', 'vendor_supplier_category', 'sys_user', 'sys_session'])
    await query(`vacuum analyze ${table}`);
  const targets = (
    await query(
      `select s.id::text as id from vendor_supplier s join sys_user u on u.ent_id = s.ent_id
       where s.tenant_id = $1 and u.account like 'bv%' order by s.id`,
      [tenantId],
    )
  ).rows.map((r) => r.id);
  const sessions = (
    await query(`select u.id::text as id from sys_session x join sys_user u on u.id = x.user_id
       where u.account like 'bv%' order by u.id`)
  ).rows.map((r) => `bench-vendor-${r.id}`);
  return { targets, tokens: sessions, province: districts[0].slice(0, 2) };
}

const pgUrl = process.env.DATABASE_URL;
const pgdb = pgUrl ? await preparePgDatabase(pgUrl, `srm_bench_vendor_${process.pid}`) : null;
const dataDir = path.join(os.tmpdir(), `srm-bench-vendor-${process.pid}`);
const env = pgdb ? { DATABASE_URL: pgdb.url, SEED_DEMO: '1' } : {};
const bare = await startBare();
let server;
try {
  const t0 = performance.now();
  server = await startServer(env, dataDir);
  await server.stop();
  const filled = await fillDatabase(pgdb?.url, dataDir, fill);
  server = await startServer({ ...env, SEED_DEMO: '' }, dataDir);
  process.stderr.write(
    `  ${SUPPLIERS} suppliers, ${filled.targets.length} with a user, server ready in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  const token = await signIn(server.base, 'admin', 'admin123');
  const auth = { authorization: `Bearer ${token}` };

  const drive = (base, pid, route, headers) =>
    runChild('bench/load.mjs', {
      base,
      serverPid: pid,
      path: route,
      headers,
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: 1,
      db: pgdb ? { adminUrl: pgdb.adminUrl, name: pgdb.name } : null,
    });
  const pick = (r) => ({
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'server CPU ms/req': (r.serverCpuPerReq * 1000).toFixed(2),
    // PostgreSQL's backends of the bench database (null on PGlite, which runs inside the server).
    'db CPU ms/req': r.dbCpuPerReq === null ? '—' : (r.dbCpuPerReq * 1000).toFixed(2),
    errors: r.errors,
  });
  const rows = [];
  const bareRow = async () => {
    const r = await drive(bare.base, bare.pid, '/api/bench/ping', {});
    rows.push({ route: 'bare Fastify GET /api/bench/ping', ...pick(r) });
  };
  const S = '/api/base/vendor/Supplier?pageSize=20&currentPage=1';
  const lists = [
    ['page 1, no filter', S],
    ['page 50, no filter', S.replace('currentPage=1', 'currentPage=50')],
    ['name contains "压测供应商123" (~111)', `${S}&supplierName=${encodeURIComponent('压测供应商123')}`],
    ['code contains "BS00123"', `${S}&supplierCode=BS00123`],
    ['credit code (exact)', `${S}&creditCode=910000000000012345`],
    ['category "raw" (subtree, ~half)', `${S}&categoryCode=raw`],
    ['state qualified', `${S}&state=qualified`],
    [
      `area province ${filled.province} + state qualified`,
      `${S}&areaCode=${filled.province}&state=qualified`,
    ],
    // None in this data (the category follows the row id, the state n: here they never meet); the
    // cached total says so before any page query.
    ['category "office" + state frozen (none)', `${S}&categoryCode=office&state=frozen`],
    [
      `category "office" + area province ${filled.province} + state eliminated (~250)`,
      `${S}&categoryCode=office&areaCode=${filled.province}&state=eliminated`,
    ],
  ];
  for (const [name, route] of lists) {
    await bareRow();
    const r = await drive(server.base, server.pid, route, auth);
    rows.push({ route: `supplier list, ${name}`, ...pick(r) });
    process.stderr.write(`  ${name}: p99 ${r.p99} ms\n`);
  }
  await bareRow();

  // One notice to the suppliers with users; saving it writes the 5,000 item lines.
  const t1 = performance.now();
  const notice = await api(
    server.base,
    '/api/base/vendorNotice/save',
    { title: '压测通知', bodyHtml: '<p>压测</p>', supplierIds: filled.targets },
    token,
  );
  const saveMs = performance.now() - t1;
  const badge = await runChild('bench/vendor-badge.mjs', {
    base: server.base,
    serverPid: server.pid,
    tokens: filled.tokens,
    adminToken: token,
    noticeId: notice.id,
    db: pgdb ? { adminUrl: pgdb.adminUrl, name: pgdb.name } : null,
  }).catch((error) => {
    console.error(error);
    return null;
  });

  console.log(
    `\nbench/vendor.mjs — ${new Date().toISOString()}; ${SUPPLIERS} suppliers; ` +
      `${pgdb ? `PostgreSQL ${pgdb.version.split(' ')[0]}` : 'PGlite'}; nproc ${os.availableParallelism()}, ` +
      `load average (1 min) ${os.loadavg()[0].toFixed(1)} at the end; Node ${process.version}`,
  );
  console.log(
    `\nSupplier list: ${CONNECTIONS} concurrent loops, ${DURATION} s windows, bare route between rows:`,
  );
  console.table(rows);
  console.log(`\nPublishing a notice to ${filled.targets.length} suppliers (each with one user):`);
  console.table([
    {
      'save ms': saveMs.toFixed(0),
      ...(badge ? {} : { publish: 'failed (see above)' }),
      'publish answered ms': badge?.answeredMs.toFixed(0) ?? '—',
      'connected users': badge?.sockets ?? '—',
      'badges seen': badge?.seen ?? '—',
      'first badge ms': badge?.firstMs?.toFixed(0) ?? '—',
      'last badge ms': badge?.lastMs?.toFixed(0) ?? '—',
      'server CPU s': badge?.serverCpu.toFixed(2) ?? '—',
    },
  ]);
} finally {
  await server?.stop();
  await bare.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (pgdb && flag('keep')) process.stderr.write(`  database kept: ${pgdb.url}\n`);
  else await pgdb?.drop();
}
