#!/usr/bin/env node
import { rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
// The dictionary start-up loads with a large tenant: 200 dictionary types and 20,000 items (a tenth
// of the types are trees three levels deep), added to the demo tenant straight in the database.
// Measures, against the built server: the bytes of get-conf-dist, get-sys-dist and get-base-dist
// (plain, brotli and gzip as the web's Accept-Encoding gets them), the time of one answer built
// after a dictionary write (cache miss), of one from the cache, of a 304 to its ETag, and the
// throughput of each load from a load-generator process (bench/load.mjs, autocannon) beside the
// bare Fastify route measured in the same run. Not part of `npm run bench`.
// Usage: node bench/dictionary.mjs [--types 200] [--items 20000] [--duration 5] [--connections 8]
// On PostgreSQL when DATABASE_URL is set (a database it creates and drops), else on PGlite.
import { fillDatabase } from './fill-db.mjs';
import { arg, preparePgDatabase, requireBuild, runChild, signIn, startBare, startServer } from './lib.mjs';

const TYPES = arg('types', 200);
const ITEMS = arg('items', 20_000);
const DURATION = arg('duration', 5);
const CONNECTIONS = arg('connections', 8);
requireBuild();

/** 200 types in the demo tenant's business category; items spread evenly, every tenth type a tree. */
async function fill(query) {
  const [{ tenant_id: tenantId }] = (await query(`select tenant_id from sys_user where account = 'admin'`))
    .rows;
  const [{ id: categoryId }] = (
    await query(`select id from sys_dict_category where tenant_id = $1 and en_code = 'base'`, [tenantId])
  ).rows;
  await query(
    `insert into sys_dict_type (tenant_id, category_id, en_code, full_name, scope, is_tree, is_conf, order_num)
     select $1, $2, 'bench' || g, '压测字典' || g, case when g % 2 = 0 then 'sys' else 'base' end, g % 10 = 0, true, 100 + g
     from generate_series(1, $3::int) g`,
    [tenantId, categoryId, TYPES],
  );
  const perType = Math.floor(ITEMS / TYPES);
  // Flat items first; in tree types items 11… hang under items 1…10, and 51… under 11…50.
  await query(
    `insert into sys_dict_item (tenant_id, type_id, parent_id, en_code, full_name, full_name_en, full_name_tw, order_num, remark)
     select t.tenant_id, t.id, 0, 'item' || g, '字典项' || g, 'Item ' || g, '字典項' || g, g, ''
     from sys_dict_type t cross join generate_series(1, $2::int) g
     where t.tenant_id = $1 and t.en_code like 'bench%'`,
    [tenantId, perType],
  );
  await query(
    `update sys_dict_item c set parent_id = p.id
     from sys_dict_item p, sys_dict_type t
     where t.tenant_id = $1 and t.is_tree and t.en_code like 'bench%' and c.type_id = t.id and p.type_id = t.id
       and ((c.order_num between 11 and 50 and p.order_num = 1 + (c.order_num % 10))
         or (c.order_num > 50 and p.order_num = 11 + (c.order_num % 40)))`,
    [tenantId],
  );
  const [{ n }] = (
    await query(`select count(*)::int as n from sys_dict_item where tenant_id = $1`, [tenantId])
  ).rows;
  return n;
}

/** One GET with node:http (fetch would decode the body): time to the last byte, bytes on the wire. */
function timed(base, route, headers) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${route}`, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ ms: performance.now() - t0, status: res.statusCode, bytes, etag: res.headers.etag }),
        );
      })
      .on('error', reject);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const pgUrl = process.env.DATABASE_URL;
const pgdb = pgUrl ? await preparePgDatabase(pgUrl, `srm_bench_dict_${process.pid}`) : null;
const dataDir = path.join(os.tmpdir(), `srm-bench-dict-${process.pid}`);
const env = pgdb ? { DATABASE_URL: pgdb.url, SEED_DEMO: '1' } : {};
const bare = await startBare();
let server;
try {
  server = await startServer(env, dataDir);
  await server.stop();
  const items = await fillDatabase(pgdb?.url, dataDir, fill);
  server = await startServer({ ...env, SEED_DEMO: '' }, dataDir);
  const token = await signIn(server.base, 'admin', 'admin123');
  const auth = { authorization: `Bearer ${token}` };
  const loads = ['/api/common/get-conf-dist', '/api/common/get-sys-dist', '/api/common/get-base-dist'];

  // A dictionary write between two reads: the next read builds the answer again.
  const [{ id: itemId }] = await (
    await fetch(`${server.base}/api/system/DictionaryData?typeId=${await typeIdOf('bench1')}`, {
      headers: auth,
    })
  )
    .json()
    .then((j) => j.data);
  async function typeIdOf(code) {
    const res = await fetch(`${server.base}/api/system/DictionaryType?keyword=${code}`, { headers: auth });
    return (await res.json()).data.find((t) => t.enCode === code).id;
  }
  let flip = false;
  const write = async () => {
    flip = !flip;
    await fetch(`${server.base}/api/system/DictionaryData/${itemId}/Actions/State`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: flip }),
    });
  };

  const table = [];
  for (const route of loads) {
    const plain = await timed(server.base, route, auth);
    const br = await timed(server.base, route, { ...auth, 'accept-encoding': 'br' });
    const gz = await timed(server.base, route, { ...auth, 'accept-encoding': 'gzip' });
    const cold = [];
    const warm = [];
    const warmBr = [];
    const notModified = [];
    for (let i = 0; i < 5; i++) {
      await write();
      cold.push((await timed(server.base, route, auth)).ms);
      warm.push((await timed(server.base, route, auth)).ms);
      warmBr.push((await timed(server.base, route, { ...auth, 'accept-encoding': 'br' })).ms);
      const { etag } = await timed(server.base, route, auth);
      notModified.push((await timed(server.base, route, { ...auth, 'if-none-match': etag ?? '' })).ms);
    }
    table.push({
      load: route.replace('/api/common/', ''),
      'bytes plain': plain.bytes,
      'bytes br': br.bytes,
      'bytes gzip': gz.bytes,
      'after a write ms': median(cold).toFixed(1),
      'cached ms': median(warm).toFixed(1),
      'cached br ms': median(warmBr).toFixed(1),
      '304 ms': median(notModified).toFixed(1),
    });
  }

  const drive = (base, pid, route, headers) =>
    runChild('bench/load.mjs', {
      compressed: Boolean(headers['accept-encoding']),
      base,
      serverPid: pid,
      path: route,
      headers,
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: 1,
      db: pgdb ? { adminUrl: pgdb.adminUrl, name: pgdb.name } : null,
    });
  const rows = [];
  const bareRow = async () => {
    const r = await drive(bare.base, bare.pid, '/api/bench/ping', {});
    rows.push({ route: 'bare Fastify GET /api/bench/ping', ...pick(r) });
  };
  const pick = (r) => ({
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'server CPU ms/req': (r.serverCpuPerReq * 1000).toFixed(2),
    errors: r.errors,
  });
  for (const route of loads) {
    await bareRow();
    const r = await drive(server.base, server.pid, route, auth);
    rows.push({ route: `${route} (plain)`, ...pick(r) });
  }
  await bareRow();
  const rBr = await drive(server.base, server.pid, loads[0], { ...auth, 'accept-encoding': 'br' });
  rows.push({ route: `${loads[0]} (br, as the web asks)`, ...pick(rBr) });
  await bareRow();

  console.log(
    `\nbench/dictionary.mjs — ${new Date().toISOString()}; ${TYPES} extra types, ${items} items in the tenant; ` +
      `${pgdb ? `PostgreSQL ${pgdb.version.split(' ')[0]}` : 'PGlite'}; nproc ${os.availableParallelism()}, ` +
      `load average (1 min) ${os.loadavg()[0].toFixed(1)} at the end; Node ${process.version}`,
  );
  console.log('\nOne request at a time (median of 5):');
  console.table(table);
  console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION} s windows, bare route between rows:`);
  console.table(rows);
} finally {
  await server?.stop();
  await bare.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await pgdb?.drop();
}
