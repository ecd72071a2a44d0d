#!/usr/bin/env node
// The request log with 1,000,000 rows ("paging stays fast with a million rows"): page 1,
// page 500, a time range and a keyword, on PostgreSQL (DATABASE_URL; database srm_bench_logs,
// recreated and dropped), one request at a time from a load-generator process (bench/load.mjs).
// Not part of `npm run bench`. Usage: DATABASE_URL=postgres://… node bench/logs.mjs [--rows 1000000] [--duration 5]
import { arg, preparePgDatabase, requireBuild, runChild, signIn, startServer } from './lib.mjs';

const ROWS = arg('rows', 1_000_000);
const DURATION = arg('duration', 5);
requireBuild();
if (!process.env.DATABASE_URL) {
  console.log('bench/logs.mjs: DATABASE_URL is not set; skipped (the figure is for PostgreSQL)');
  process.exit(0);
}

async function fill(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select tenant_id from sys_user where account = 'admin'`);
    const t0 = performance.now();
    // A month of traffic: one row every ~2.6 s, a few users, paths and outcomes.
    await client.query(
      `insert into sys_request_log (tenant_id, user_id, user_name, method, path, status, code, duration_ms, ip, request_id, created_at)
       select $1, null, (array['系统管理员','张采购','李供应'])[1 + g % 3],
              (array['POST','PUT','DELETE','GET'])[1 + g % 4],
              '/api/' || (array['permission/Users','sys/role/save','system/Menu','permission/Organize'])[1 + g % 4] || '/' || g,
              case when g % 50 = 0 then 500 else 200 end, case when g % 17 = 0 then 400 else 0 end,
              g % 300, '10.0.' || (g % 250) || '.' || (g % 200), md5(g::text),
              now() - (g * interval '2.6 seconds')
       from generate_series(1, $2::int) g`,
      [rows[0].tenant_id, ROWS],
    );
    await client.query('vacuum analyze sys_request_log');
    console.log(`inserted ${ROWS} request-log rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

const pgdb = await preparePgDatabase(process.env.DATABASE_URL, `srm_bench_logs_${process.pid}`);
let server;
try {
  server = await startServer({ DATABASE_URL: pgdb.url, SEED_DEMO: '1' });
  await server.stop();
  await fill(pgdb.url);
  server = await startServer({ DATABASE_URL: pgdb.url });
  const headers = { authorization: `Bearer ${await signIn(server.base, 'admin', 'admin123')}` };
  const day = 86_400_000;
  const cases = [
    ['page 1', 'currentPage=1&pageSize=20'],
    ['page 500 (last page of the window)', 'currentPage=500&pageSize=20'],
    ['one day, a week ago', `startTime=${Date.now() - 8 * day}&endTime=${Date.now() - 7 * day}`],
    ['failures only', 'outcome=failure'],
    ['keyword "sys/role" (a quarter)', 'keyword=sys/role'],
    ['keyword "/4242" (rare)', `keyword=${encodeURIComponent('/4242')}`],
  ];
  const rows = [];
  for (const [name, query] of cases) {
    const r = await runChild('bench/load.mjs', {
      base: server.base,
      serverPid: server.pid,
      path: `/api/system/Log/request?${query}`,
      headers,
      connections: 1,
      duration: DURATION,
      warmup: 1,
      db: { adminUrl: pgdb.adminUrl, name: pgdb.name },
    });
    rows.push({ case: name, 'p50 ms': r.p50, 'p99 ms': r.p99, requests: r.requests, errors: r.errors });
  }
  console.log(`${ROWS} request-log rows, PostgreSQL, loopback; one request at a time for ${DURATION} s`);
  console.table(rows);
} finally {
  await server?.stop();
  await pgdb.drop();
}
