#!/usr/bin/env node
// The user list with 100,000 users (issue 3): page 1, keyword search, department filter and page
// 500, on PostgreSQL (DATABASE_URL; database srm_bench_users, recreated and dropped). Each case is
// asked sequentially (latency, one request at a time) and then from 8 concurrent loops. The last
// two cases write a user before each request (untimed), so the server cannot reuse a kept total.
// Usage: DATABASE_URL=postgres://… node bench/users.mjs [--users 100000] [--requests 300]
import { arg, load, ok, preparePgDatabase, requireBuild, startServer } from './lib.mjs';

const USERS = arg('users', 100_000);
const REQUESTS = arg('requests', 300);
/** --keep 1 leaves the database for EXPLAIN. */
const KEEP = arg('keep', 0) === 1;
requireBuild();
if (!process.env.DATABASE_URL) {
  console.log('bench/users.mjs: DATABASE_URL is not set; skipped (the figure is for PostgreSQL)');
  process.exit(0);
}

async function fill(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select u.tenant_id, u.ent_id, u.password_hash from sys_user u where u.account = 'buyer'`,
    );
    const { tenant_id: tenantId, ent_id: entId, password_hash: hash } = rows[0];
    const depts = (
      await client.query(
        `select id from sys_dept where tenant_id = $1 and dept_type = 'department' order by id`,
        [tenantId],
      )
    ).rows.map((r) => r.id);
    const t0 = performance.now();
    // Names and numbers spread like real ones: accounts u000001…, mobiles 139…, names 用户N.
    await client.query(
      `insert into sys_user (tenant_id, ent_id, dept_id, account, mobile, real_name, email, password_hash)
       select $1, $2, ($3::bigint[])[1 + (g % array_length($3::bigint[], 1))],
              'u' || lpad(g::text, 6, '0'), '139' || lpad(g::text, 8, '0'), '用户' || g,
              'u' || g || '@example.com', $4
       from generate_series(1, $5::int) g`,
      [tenantId, entId, depts, hash, USERS],
    );
    // As autovacuum would: the visibility map lets counts use index-only scans.
    await client.query('vacuum analyze sys_user');
    console.log(`inserted ${USERS} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return depts;
  } finally {
    await client.end();
  }
}

// BENCH_DB names the throwaway database (default srm_bench_users), so two runs do not collide.
const pgdb = await preparePgDatabase(process.env.DATABASE_URL, process.env.BENCH_DB ?? 'srm_bench_users');
let server;
try {
  // The first start migrates and seeds; then the users go in and the server restarts on the data.
  server = await startServer({ DATABASE_URL: pgdb.url, SEED_DEMO: '1' });
  await server.stop();
  const depts = await fill(pgdb.url);
  server = await startServer({ DATABASE_URL: pgdb.url });
  const { base } = server;
  const login = await (
    await fetch(`${base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', passWord: 'admin123' }),
    })
  ).json();
  if (login.code !== 0) throw new Error(`sign-in failed: ${login.msg}`);
  const headers = { authorization: `Bearer ${login.data.token}` };
  const list = (query) => async () => ok(await fetch(`${base}/api/permission/Users?${query}`, { headers }));
  // A committed user write before each request (untimed): the server must count again (the kept
  // total is stale), as right after someone creates, edits or deletes a user.
  const { default: pg } = await import('pg');
  const writer = new pg.Pool({ connectionString: pgdb.url, max: 8 });
  const { rows: last } = await writer.query('select max(id)::int as id from sys_user');
  const write = async () => {
    // One of the inserted users (the last USERS ids): its state is switched (a write that leaves
    // every listed column unchanged does not move the counters, so it would measure nothing).
    const id = last[0].id - Math.floor(Math.random() * USERS);
    await writer.query('update sys_user set enabled = not enabled where id = $1', [id]);
  };
  const cases = [
    ['page 1 (20 rows)', 'currentPage=1&pageSize=20'],
    ['keyword "用户4242"', `keyword=${encodeURIComponent('用户4242')}&currentPage=1&pageSize=20`],
    ['keyword "139000" (matches every user)', 'keyword=139000&currentPage=1&pageSize=20'],
    ['department filter', `deptId=${depts[1]}&currentPage=1&pageSize=20`],
    ['page 500 (20 rows)', 'currentPage=500&pageSize=20'],
    ['page 1, a user written before each', 'currentPage=1&pageSize=20', write],
    ['keyword "139000", a user written before each', 'keyword=139000&currentPage=1&pageSize=20', write],
  ];
  await load('warm-up', list('currentPage=1&pageSize=20'), { duration: 1000, concurrency: 4 });
  const rows = [];
  for (const [name, query, before] of cases) {
    const seq = await load(name, list(query), { concurrency: 1, max: REQUESTS, duration: 60_000, before });
    const par = await load(name, list(query), { concurrency: 8, duration: 5000, before });
    rows.push({
      case: name,
      'seq p50 ms': seq['p50 ms'],
      'seq p99 ms': seq['p99 ms'],
      'c8 req/s': par['req/s'],
      'c8 p99 ms': par['p99 ms'],
      errors: seq.errors + par.errors,
    });
  }
  console.log(
    `${USERS} users, PostgreSQL, loopback; seq = ${REQUESTS} requests one at a time, c8 = 8 loops for 5 s`,
  );
  console.table(rows);
  await writer.end();
} finally {
  await server?.stop();
  if (!KEEP) await pgdb.drop();
}
