#!/usr/bin/env node
// `npm run bench` (after the build): the built server against a bare Fastify route, in one run, one
// table. Each server is a process of its own and so is each load generator (bench/load.mjs with
// autocannon, bench/chat.mjs with ws); this process only orchestrates. Every row also reads as a
// ratio to the bare route measured in the same run (right before each row, and at the end), which is what
// stays meaningful on a loaded machine.
//
// Options (seconds, counts):
//   --duration 5          measured window per row        --warmup 1    unmeasured warm-up per row
//   --jit-warmup 3        after a server starts, each of its HTTP routes driven unmeasured this long
//   --rounds 3            the no-op, user/info and nav rows and their floors: measured this many
//                         times, each between bare windows; the table shows the median round.
//                         user/info and nav are measured as the web app asks for them (the
//                         browser's Accept-Encoding: the stored answer goes out compressed) and
//                         as a client that takes no compression asks for them
//   --connections 16      concurrent HTTP connections    --list-connections 50   for the user list
//   --users 100000        users in the list's tenant     --writes 10   user edits a second (writer rows)
//   --chat-users 200 --chat-tabs 5 --chat-seconds 10 --chat-rate 15 --chat-light 100
//   --db both|pg|pglite   both (default): everything on PostgreSQL (DATABASE_URL) and the cheap
//                         rows on PGlite; pglite, or no DATABASE_URL: everything on PGlite
//   --only http,list,login,chat,monitor   a subset of the rows (the bare route is always measured)
//   --quick               2 s windows, 10,000 users, 40 chat users with 2 tabs for 3 s
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  arg,
  BROWSER_ACCEPT_ENCODING,
  flag,
  main,
  preparePgDatabase,
  recordAnswer,
  requireBuild,
  runChild,
  signIn,
  startBare,
  startFloor,
  startServer,
} from './lib.mjs';

const { BODY_KEPT } = createRequire(import.meta.url)('./native-parser.cjs');

const quick = flag('quick');
const opt = {
  duration: arg('duration', quick ? 2 : 5),
  warmup: arg('warmup', quick ? 0.5 : 1),
  jitWarmup: arg('jit-warmup', quick ? 1 : 3),
  rounds: Math.max(1, Math.round(Number(arg('rounds', quick ? 1 : 3)) || 1)),
  connections: arg('connections', 16),
  listConnections: arg('list-connections', 50),
  users: arg('users', quick ? 10_000 : 100_000),
  writes: arg('writes', 10),
  chatUsers: arg('chat-users', quick ? 40 : 200),
  chatTabs: arg('chat-tabs', quick ? 2 : 5),
  chatSeconds: arg('chat-seconds', quick ? 3 : 10),
  chatRate: arg('chat-rate', 15),
  chatLight: arg('chat-light', quick ? 20 : 100),
  db: String(arg('db', 'both')),
  only: new Set(String(arg('only', 'http,list,login,chat,monitor')).split(',')),
};
requireBuild();
if (opt.db === 'pg' && !process.env.DATABASE_URL) {
  console.error('--db pg needs DATABASE_URL (a PostgreSQL server where it may create a database)');
  process.exit(1);
}

const pgUrl = process.env.DATABASE_URL;
const loads = [];
const sampleLoad = () => loads.push(os.loadavg()[0]);
const rows = [];
const cleanups = [];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error(e));
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => cleanup().then(() => process.exit(130)));

/** One window of load from bench/load.mjs. */
async function drive(section, server, config) {
  sampleLoad();
  const r = await runChild('bench/load.mjs', {
    base: server.base,
    serverPid: server.pid,
    duration: opt.duration,
    warmup: opt.warmup,
    connections: opt.connections,
    db: section.db,
    ...config,
  });
  sampleLoad();
  return r;
}

/**
 * A server just started runs its code unoptimised for its first seconds (the first row measured
 * after a start came out at half its later figure): each of its HTTP routes is driven, unmeasured,
 * before any row, so every server is compared as a deployment runs it, warm.
 */
async function warmUp(server, requests) {
  if (!(opt.jitWarmup > 0)) return;
  for (const config of requests)
    await runChild('bench/load.mjs', {
      base: server.base,
      serverPid: server.pid,
      duration: opt.jitWarmup,
      warmup: 0,
      connections: opt.connections,
      db: null,
      ...config,
    });
}

/** Windows of the bare route, one before every row and one at the end. */
const bareRuns = [];
let bare;
async function measureBare() {
  const r = await drive({ db: null }, bare, { path: '/api/bench/ping' });
  bareRuns.push(r);
  process.stderr.write(
    `  ${'bare Fastify'.padEnd(16)} ${'GET /api/bench/ping'.padEnd(48)} ${Math.round(r.rps)} req/s\n`,
  );
}

/**
 * One HTTP row. The bare route is measured right before it (and before the next row, or at the
 * end), so its ratio compares windows seconds apart even when the machine's load swings. With
 * `rounds` > 1 the row is measured that many times, each between bare windows; the table shows the
 * round with the median ratio and the range of all rounds (report()).
 */
async function measure(section, server, route, config = {}, rounds = 1) {
  const tries = [];
  for (let i = 0; i < rounds; i++) {
    const bareAt = bareRuns.length;
    await measureBare();
    const r = await drive(section, server, config);
    tries.push({ bareAt, ...r });
    const round = rounds > 1 ? ` (round ${i + 1} of ${rounds})` : '';
    process.stderr.write(
      `  ${section.label.padEnd(16)} ${route.padEnd(48)} ${Math.round(r.rps)} req/s${round}\n`,
    );
  }
  const row = {
    database: section.label,
    route,
    connections: config.connections ?? opt.connections,
    ...tries[0],
    tries,
  };
  rows.push(row);
  return row;
}

/**
 * The floors of the HTTP rows: bare Fastify replaying, byte for byte, what the product answered
 * (its security headers included, compressed as it went out) — what the answer itself costs,
 * before any of the product's work.
 */
async function measureFloors(server, requests) {
  const routes = [['/floor/ping', { label: 'GET /api/bench/ping', path: '/api/bench/ping', headers: {} }]];
  for (const [i, r] of requests.entries()) routes.push([`/floor/${i}`, r]);
  const answers = {};
  for (const [floorPath, r] of routes)
    answers[floorPath] = await recordAnswer(server.base, r.path, r.headers);
  const floor = await startFloor(answers);
  // Stopped on Ctrl-C too (the signal handler runs the cleanups, not this function's end).
  cleanups.push(floor.stop);
  await warmUp(
    floor,
    routes.map(([floorPath]) => ({ path: floorPath })),
  );
  for (const [floorPath, r] of routes)
    await measure(
      { label: 'bare Fastify', db: null },
      floor,
      `floor of ${r.label}: its answer replayed`,
      { path: floorPath, ...(r.expect ? { expect: r.expect } : {}) },
      opt.rounds,
    );
  await cleanups.pop()();
}

/**
 * The session routes as the web app asks for them (with the browser's Accept-Encoding, so the
 * stored answer goes out compressed) and as a client that takes no compression asks for them.
 * A compressed answer is checked against the opening of the answer recorded before the row.
 */
async function sessionRequests(server, auth) {
  const requests = [];
  for (const route of ['/api/sys/user/info', '/api/sys/menu-ent/nav'])
    for (const browser of [true, false]) {
      const headers = browser ? { ...auth, 'accept-encoding': BROWSER_ACCEPT_ENCODING } : auth;
      const answer = await recordAnswer(server.base, route, headers);
      const sent = Buffer.from(answer.body, 'base64');
      const how = answer.encoding
        ? `${answer.encoding}, ${kb(sent.length)} of ${kb(answer.plainBytes)}, as the browser asks`
        : `${kb(sent.length)}, no Accept-Encoding`;
      requests.push({
        label: `GET ${route} (${how})`,
        path: route,
        headers,
        ...(answer.encoding ? { expect: sent.subarray(0, BODY_KEPT).toString() } : {}),
      });
    }
  return requests;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Users spread over the departments of the demo buyer's tenant, inserted straight in the database. */
async function fillUsers(query, n) {
  const [{ tenant_id: tenantId, ent_id: entId, password_hash: hash }] = (
    await query(`select tenant_id, ent_id, password_hash from sys_user where account = 'buyer'`)
  ).rows;
  const depts = (
    await query(`select id from sys_dept where tenant_id = $1 and dept_type = 'department' order by id`, [
      tenantId,
    ])
  ).rows.map((r) => r.id);
  // Accounts u000001…, mobiles 139…, names 用户N: the keyword 139000 matches every one of them.
  await query(
    `insert into sys_user (tenant_id, ent_id, dept_id, account, mobile, real_name, email, password_hash)
     select $1, $2, ($3::bigint[])[1 + (g % array_length($3::bigint[], 1))],
            'u' || lpad(g::text, 6, '0'), '139' || lpad(g::text, 8, '0'), '用户' || g,
            'u' || g || '@example.com', $4
     from generate_series(1, $5::int) g`,
    [tenantId, entId, `{${depts.join(',')}}`, hash, n],
  );
  // As autovacuum would: statistics and the visibility map for index-only counts.
  await query('vacuum analyze sys_user');
  // The writer's users: a sample of the inserted ones, renamed one after another (the whole form).
  return (
    await query(
      `select id::text as id, real_name as "realName", mobile, email, dept_id::text as "deptId" from sys_user
       where tenant_id = $1 and account like 'u%' order by random() limit 2000`,
      [tenantId],
    )
  ).rows;
}

/** Migrates and seeds (first start), inserts the users with the server stopped, starts again. */
async function serverWithUsers(section) {
  const t0 = performance.now();
  let server = await startServer(section.env, section.dataDir);
  await server.stop();
  let writerUsers;
  if (section.pg) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: section.pg.url });
    await c.connect();
    try {
      writerUsers = await fillUsers((sql, params) => c.query(sql, params), opt.users);
    } finally {
      await c.end();
    }
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create({
      dataDir: path.join(section.dataDir, 'pglite'),
      extensions: { pg_trgm },
    });
    try {
      writerUsers = await fillUsers((sql, params) => db.query(sql, params), opt.users);
    } finally {
      await db.close();
    }
  }
  server = await startServer({ ...section.env, SEED_DEMO: '' }, section.dataDir);
  process.stderr.write(
    `  ${section.label}: ${opt.users} users inserted, server ready in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  return { server, writerUsers };
}

async function benchSection(section, scope) {
  const wantList = scope.list && opt.only.has('list');
  const { server, writerUsers } = wantList
    ? await serverWithUsers(section)
    : { server: await startServer(section.env, section.dataDir) };
  cleanups.push(server.stop);
  const admin = await signIn(server.base, 'admin', 'admin123');
  const auth = { authorization: `Bearer ${admin}` };
  if (opt.only.has('http')) {
    const requests = await sessionRequests(server, auth);
    await warmUp(server, [
      ...(scope.ping ? [{ path: '/api/bench/ping' }] : []),
      ...requests.map((r) => ({ path: r.path, headers: r.headers })),
    ]);
    if (scope.ping)
      await measure(section, server, 'GET /api/bench/ping (no-op)', { path: '/api/bench/ping' }, opt.rounds);
    for (const r of requests)
      await measure(
        section,
        server,
        r.label,
        { path: r.path, headers: r.headers, ...(r.expect ? { expect: r.expect } : {}) },
        opt.rounds,
      );
    if (scope.ping) await measureFloors(server, requests);
  }
  // The monitor screen refreshes every 5 s per viewer: one connection asking back to back measures
  // the server's CPU per refresh (machine, process, database and Redis figures), beside the bare route's.
  if (scope.ping && opt.only.has('monitor'))
    await measure(section, server, 'GET /api/system/Monitor (1 viewer)', {
      path: '/api/system/Monitor',
      headers: auth,
      connections: 1,
      // The first sample also reads the machine's fixed facts (seconds on a busy machine).
      warmup: Math.max(opt.warmup, 3),
    });
  if (wantList) {
    const list = { headers: auth, connections: opt.listConnections };
    const cases = [
      ['page 1', '/api/permission/Users?currentPage=1&pageSize=20'],
      ['keyword "139000" (all match)', '/api/permission/Users?keyword=139000&currentPage=1&pageSize=20'],
    ];
    for (const [name, url] of cases)
      await measure(section, server, `user list, ${name}`, { ...list, path: url });
    for (const [name, url] of cases)
      await measure(section, server, `user list, ${name}, ${opt.writes} edits/s`, {
        ...list,
        path: url,
        writer: { rate: opt.writes, users: writerUsers },
      });
  }
  // Another account than the one the other rows use: a tenant with single sign-in would end it.
  if (scope.login && opt.only.has('login'))
    await measure(section, server, 'POST /api/sys/login (argon2id)', {
      path: '/api/sys/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'buyer', passWord: 'buyer123' }),
    });
  if (scope.chat && opt.only.has('chat')) {
    sampleLoad();
    const chat = await runChild('bench/chat.mjs', {
      base: server.base,
      serverPid: server.pid,
      db: section.db,
      users: opt.chatUsers,
      tabs: opt.chatTabs,
      seconds: opt.chatSeconds,
      rate: opt.chatRate,
      light: opt.chatLight,
    });
    sampleLoad();
    for (const [key, label] of [
      ['light', `chat, light load (${opt.chatLight} msg/s offered)`],
      ['saturation', 'chat, saturation (as fast as it goes)'],
    ]) {
      const r = chat[key];
      rows.push({
        database: section.label,
        route: label,
        connections: chat.sockets,
        ...r,
        errors: r.lost.total,
      });
    }
    section.chat = chat;
  }
}

// ——— the run ———
const startedAt = new Date();
console.error(`npm run bench: ${main}`);
bare = await startBare();
cleanups.push(bare.stop);
await warmUp(bare, [{ path: '/api/bench/ping' }]);
let pgVersion = null;
try {
  const sections = [];
  const everythingOnPglite = opt.db === 'pglite' || !pgUrl;
  if (pgUrl && opt.db !== 'pglite') {
    const pg = await preparePgDatabase(pgUrl, `srm_bench_${process.pid}`);
    cleanups.push(pg.drop);
    pgVersion = pg.version;
    sections.push([
      {
        label: `PostgreSQL ${pg.version.split(' ')[0]}`,
        env: { DATABASE_URL: pg.url, SEED_DEMO: '1' },
        pg,
        db: { adminUrl: pg.adminUrl, name: pg.name },
      },
      { ping: true, list: true, login: true, chat: true },
    ]);
  }
  if (everythingOnPglite || opt.db === 'both') {
    const dataDir = path.join(os.tmpdir(), `srm-bench-pglite-${process.pid}`);
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    sections.push([
      { label: 'PGlite', env: {}, dataDir, db: null },
      everythingOnPglite
        ? { ping: true, list: true, login: true, chat: true }
        : { ping: false, list: false, login: false, chat: false },
    ]);
  }
  for (const [section, scope] of sections) {
    await benchSection(section, scope);
    await cleanups.pop()(); // its server
  }
  await measureBare();
  report(sections.map(([s]) => s));
} finally {
  await cleanup();
}

function report(sections) {
  const mean = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;
  // A row's yardstick: the bare windows just before and just after it (all of them for chat).
  const around = (r) => (r.bareAt === undefined ? bareRuns : bareRuns.slice(r.bareAt, r.bareAt + 2));
  const bareRow = {
    database: 'bare Fastify',
    route: `GET /api/bench/ping (bare, mean of ${bareRuns.length} windows)`,
    connections: opt.connections,
    rps: mean(bareRuns, 'rps'),
    p50: mean(bareRuns, 'p50'),
    p99: mean(bareRuns, 'p99'),
    serverCpuPerReq: mean(bareRuns, 'serverCpuPerReq'),
    dbCpuPerReq: null,
    rssMb: bareRuns.at(-1).rssMb,
    genCpuShare: mean(bareRuns, 'genCpuShare'),
    errors: bareRuns.reduce((a, r) => a + r.errors, 0),
  };
  const f = (x, digits = 0) => (x === null || x === undefined ? '—' : x.toFixed(digits));
  const us = (s) => (s === null || s === undefined ? '—' : (s * 1e6).toFixed(0));
  const header = [
    'database',
    'route',
    'conns',
    'req/s',
    '× bare',
    'bare req/s around',
    'p50 ms',
    'p99 ms',
    'server CPU µs/req',
    'CPU × bare',
    'DB CPU µs/req',
    'RSS MB',
    'load gen CPU',
    'errors',
  ];
  const lines = [
    `| ${header.join(' | ')} |`,
    `| --- | --- | ${header
      .slice(2)
      .map(() => '---:')
      .join(' | ')} |`,
  ];
  const ratioOf = (r) => r.rps / mean(around(r), 'rps');
  // A row of several rounds: the round with the median ratio, and the range of them all.
  const shown = rows.map((row) => {
    if (!row.tries || row.tries.length < 2) return row;
    const sorted = [...row.tries].sort((a, b) => ratioOf(a) - ratioOf(b));
    const median = sorted[Math.floor(sorted.length / 2)];
    const range = `${f(ratioOf(sorted[0]), 2)}–${f(ratioOf(sorted.at(-1)), 2)}`;
    // A failure in any round is a failure of the row.
    const errors = row.tries.reduce((sum, r) => sum + r.errors, 0);
    return { ...row, ...median, errors, route: `${row.route}, median of ${sorted.length} rounds (${range})` };
  });
  for (const r of [bareRow, ...shown]) {
    const chat = r.route.startsWith('chat');
    const yardstick = r === bareRow ? bareRuns : around(r);
    const bareRps = mean(yardstick, 'rps');
    const bareCpu = mean(yardstick, 'serverCpuPerReq');
    lines.push(
      `| ${[
        r.database,
        r.route,
        r.connections,
        `${f(r.rps)}${chat ? ' msg/s' : ''}`,
        chat ? '—' : f(r.rps / bareRps, 2),
        chat || r === bareRow ? '—' : f(bareRps),
        f(r.p50, 1),
        f(r.p99, 1),
        us(r.serverCpuPerReq),
        f(r.serverCpuPerReq / bareCpu, 1),
        us(r.dbCpuPerReq),
        f(r.rssMb),
        `${f(r.genCpuShare * 100)} %`,
        r.errors,
      ].join(' | ')} |`,
    );
  }
  const load = loads.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : '—';
  const mem = `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`;
  console.log(`\nnpm run bench — ${startedAt.toISOString()} to ${new Date().toISOString()}`);
  console.log(
    `machine: nproc ${os.availableParallelism()} (${os.cpus()[0]?.model.trim()}), ${mem}, Node ${process.version}, ` +
      `PostgreSQL ${pgVersion ?? '— (DATABASE_URL not set)'}, load average (1 min) ${load} during the run`,
  );
  console.log(
    `options: --duration ${opt.duration} --warmup ${opt.warmup} --jit-warmup ${opt.jitWarmup} --rounds ${opt.rounds} --connections ${opt.connections} ` +
      `--list-connections ${opt.listConnections} --users ${opt.users} --writes ${opt.writes} ` +
      `--chat-users ${opt.chatUsers} --chat-tabs ${opt.chatTabs} --chat-seconds ${opt.chatSeconds} ` +
      `--chat-rate ${opt.chatRate} --chat-light ${opt.chatLight} --db ${opt.db}${quick ? ' --quick' : ''}`,
  );
  const bareRange = bareRuns.map((r) => r.rps);
  console.log(
    `bare route: ${bareRuns.length} windows of ${opt.duration} s, ${f(Math.min(...bareRange))}–${f(Math.max(...bareRange))} req/s\n`,
  );
  console.log(lines.join('\n'));
  for (const s of sections) {
    if (!s.chat) continue;
    const { chat } = s;
    const lostLine = (p) =>
      Object.entries(chat[p].lost)
        .filter(([k]) => k !== 'total')
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    console.log(
      `\nchat on ${s.label}: ${chat.users} users, ${chat.sockets} sockets; ` +
        `lost at light load: ${lostLine('light')}; at saturation: ${lostLine('saturation')}; ` +
        `error frames outside an answer: ${chat.strayErrors}`,
    );
  }
  const writers = rows.filter((r) => r.writes);
  for (const r of writers)
    console.log(
      `${r.route}: ${r.writes.done} edits answered, ${r.writes.failed} failed (not in the errors column)`,
    );
}
