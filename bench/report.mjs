#!/usr/bin/env node
// A data report over a million rows, on PostgreSQL (DATABASE_URL: a server where it creates and
// drops a database of its own). Through the API as the demo administrator: a data model of spend
// lines (category, supplier, order date, amount), a SQL dataset that groups them by category and
// month from a date parameter, a report over it (the table grouped by category with subtotals, a
// pivot category × month of the sums, a bar chart), published as a menu item. Then 1,000,000 rows
// generated with SQL, and, against the built server and beside the bare Fastify route measured in
// the same run (load generator processes, bench/load.mjs):
//   - the report's rows (`ReportView/{menuId}/Actions/Run`, every row grouped) with 2 and 8
//     connections (each window after a round of runs, and until its dropped runs end): req/s,
//     p50/p95/p99 of every answer;
//   - the Excel export of the same (`Actions/Export`), a few times: its time and size;
//   - the statement the dataset runs, as PostgreSQL sees it (read from pg_stat_activity while the
//     report runs), with EXPLAIN ANALYZE: its time in the database (`--explain` prints the plan).
// `--pg name=value,…` sets PostgreSQL settings on the bench database before the server connects
// (e.g. max_parallel_workers_per_gather=0), to see what a setting would change.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/report.mjs \
//   [--rows 1000000] [--duration 5] [--warmup 1] [--exports 3] [--explain] [--pg name=value,…] [--keep]
import os from 'node:os';
import {
  api,
  arg,
  flag,
  main,
  preparePgDatabase,
  requireBuild,
  runChild,
  signIn,
  startBare,
  startServer,
} from './lib.mjs';

const ROWS = arg('rows', 1_000_000);
const DURATION = arg('duration', 5);
const WARMUP = arg('warmup', 1);
const EXPORTS = arg('exports', 3);
const CONNECTIONS = [2, 8];
/** `--pg name=value,…`: PostgreSQL settings of the bench database. */
const PG_SETTINGS = String(arg('pg', ''))
  .split(',')
  .filter(Boolean)
  .map((setting) => {
    const [, name, value] = setting.match(/^([a-z_]+)=([\w.]+)$/) ?? [];
    if (!name) {
      console.error(`--pg ${setting}: expected name=value`);
      process.exit(1);
    }
    return { name, value };
  });
const PARAMS = { from: '2020-01-01' };
/** Rows spread over 48 months (2022–2025) and 20 categories: 960 grouped rows. */
const MONTHS = 48;
const CATEGORIES = 20;
requireBuild();
const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.error('bench/report.mjs needs DATABASE_URL (a PostgreSQL server where it may create a database)');
  process.exit(1);
}
const { default: pg } = await import('pg');
const log = (...a) => console.log(...a);
const db = await preparePgDatabase(pgUrl, `srm_bench_report_${process.pid}`);
if (PG_SETTINGS.length) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    for (const { name, value } of PG_SETTINGS)
      await c.query(`alter database ${db.name} set ${name} = '${value}'`);
  } finally {
    await c.end();
  }
}
const bare = await startBare();
const cleanups = [bare.stop, ...(flag('keep') ? [] : [db.drop])];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error(e));
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    cleanup().finally(() => process.exit(1));
  });

const names = (zh, en) => ({ 'zh-CN': zh, 'en-US': en });
const DATASET_SQL = `select category, to_char(ordered_on, 'YYYY-MM') as month, sum(amount) as total,
  count(*) as orders
from bench_spend
where ordered_on >= :from
group by 1, 2
order by 1, 2`;

async function query(text, values) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function setUp(base, token) {
  await api(
    base,
    '/api/systemData/DataModel',
    {
      code: 'bench_spend',
      names: names('压测支出', 'Bench spend'),
      fields: [
        { code: 'category', names: names('品类', 'Category'), kind: 'text', length: 30 },
        { code: 'supplier', names: names('供应商', 'Supplier'), kind: 'text', length: 30 },
        { code: 'ordered_on', names: names('下单日期', 'Ordered on'), kind: 'date' },
        { code: 'amount', names: names('金额', 'Amount'), kind: 'money' },
      ],
    },
    token,
  );
  const dataset = await api(
    base,
    '/api/onlineDev/DataSet',
    {
      code: 'bench_spend_monthly',
      names: names('压测月度支出', 'Bench monthly spend'),
      definition: {
        kind: 'sql',
        sql: DATASET_SQL,
        params: [{ code: 'from', names: names('起始日期', 'From'), type: 'date', required: true }],
      },
    },
    token,
  );
  const column = (field, zh, en, format) => ({ field, names: names(zh, en), format });
  const report = await api(
    base,
    '/api/onlineDev/DataReport',
    {
      code: 'bench_spend_report',
      names: names('压测支出报表', 'Bench spend report'),
      definition: {
        datasetId: dataset.id,
        table: {
          columns: [
            column('category', '品类', 'Category', 'text'),
            column('month', '月份', 'Month', 'text'),
            column('total', '金额', 'Total', 'money'),
            column('orders', '订单数', 'Orders', 'number'),
          ],
          groupBy: ['category'],
          subtotals: true,
        },
        pivot: { rows: ['category'], column: 'month', value: 'total', aggregate: 'sum' },
        charts: [{ type: 'bar', names: names('品类金额', 'Total by category'), x: 'category', y: ['total'] }],
      },
    },
    token,
  );
  const [{ tenant_id: tenantId, id: userId }] = await query(
    `select tenant_id, id from sys_user where account = 'admin'`,
  );
  const [parent] = await query(`select id from sys_menu where tenant_id = $1 and menu_perms = 'onlineDev'`, [
    tenantId,
  ]);
  if (!parent) throw new Error("no menu 'onlineDev' to publish under");
  const menu = await api(
    base,
    `/api/onlineDev/DataReport/${report.id}/Actions/Publish`,
    { parentId: String(parent.id), enCode: 'bench.report' },
    token,
  );
  return { menuId: menu.id, tenantId: String(tenantId), userId };
}

async function fill(tenantId, userId) {
  const table = `dm_${tenantId}_bench_spend`;
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query(
      `insert into ${table} (tenant_id, category, supplier, ordered_on, amount, created_by)
       select $1, 'C' || lpad((g % $2::int)::text, 2, '0'), 'S' || lpad((g % 500)::text, 3, '0'),
         date '2022-01-01' + (g % ($3::int * 365 / 12)), round((random() * 10000)::numeric, 2), $4
       from generate_series(1, $5::int) g`,
      [tenantId, CATEGORIES, MONTHS, userId, ROWS],
    );
    await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
  log(`${ROWS} rows generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * The statement the server runs for the report, as PostgreSQL got it (the dataset wrapped in the
 * tenant's CTE, $n parameters), read from pg_stat_activity while the report runs one call after
 * another; then EXPLAIN ANALYZE of it with the values bound.
 */
async function explainRun(runOnce, tenantId) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let stop = false;
  const calls = (async () => {
    while (!stop) await runOnce();
  })();
  try {
    let text = null;
    const t0 = performance.now();
    while (!text && performance.now() - t0 < 20_000) {
      const rows = (
        await client.query(
          `select query from pg_stat_activity
           where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
             and query like '%json_agg%'`,
        )
      ).rows;
      text = rows[0]?.query ?? null;
    }
    stop = true;
    await calls;
    if (!text) return null;
    const placeholders = new Set(text.match(/\$\d+/g));
    if (placeholders.size !== 3) return { text, plan: null };
    await client.query(`prepare bench_report as ${text}`);
    const plan = (
      await client.query(
        `explain (analyze, buffers) execute bench_report(${tenantId}, '${PARAMS.from}', 10001)`,
      )
    ).rows.map((r) => r['QUERY PLAN']);
    const ms = Number(plan.find((l) => l.startsWith('Execution Time'))?.match(/[\d.]+/)?.[0]);
    return { text, plan, ms };
  } finally {
    stop = true;
    await calls.catch(() => {});
    await client.end();
  }
}

/**
 * Waits until no report statement runs in the bench database: autocannon drops the requests in
 * flight when a window ends, and their statements would otherwise run into the next window.
 */
async function settle() {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    for (let i = 0; i < 600; i++) {
      const [{ n }] = (
        await client.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state = 'active' and pid <> pg_backend_pid()
             and query like '%json_agg%'`,
        )
      ).rows;
      if (n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}

const rows = [];
const bareRuns = new Map(CONNECTIONS.map((c) => [c, []]));
const drive = (server, config) =>
  runChild('bench/load.mjs', {
    base: server.base,
    serverPid: server.pid,
    duration: DURATION,
    warmup: WARMUP,
    latencies: true,
    db: server === bare ? null : { adminUrl: db.adminUrl, name: db.name },
    ...config,
  });
/**
 * The bare route, then the report with as many connections. A run takes longer than a warm-up
 * window, so the report's warm-up is a round of `connections` runs awaited here instead.
 */
async function measure(server, route, config, runOnce) {
  bareRuns
    .get(config.connections)
    .push(await drive(bare, { path: '/api/bench/ping', connections: config.connections }));
  await Promise.all(Array.from({ length: config.connections }, runOnce));
  const r = await drive(server, { ...config, warmup: 0 });
  await settle();
  rows.push({ route, connections: config.connections, ...r });
  log(
    `${route.padEnd(40)} ${config.connections} conns: ${r.rps.toFixed(1)} req/s, p50 ${r.p50?.toFixed(0)} ms, p95 ${r.p95?.toFixed(0)} ms, p99 ${r.p99?.toFixed(0)} ms, ${r.errors} errors`,
  );
}

async function timedExport(server, token, menuId) {
  const url = `${server.base}/api/onlineDev/ReportView/${menuId}/Actions/Export?params=${encodeURIComponent(JSON.stringify(PARAMS))}`;
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  if (res.status !== 200 || !res.headers.get('content-type')?.includes('spreadsheetml'))
    throw new Error(`export: ${res.status} ${body.toString().slice(0, 200)}`);
  return { ms, bytes: body.length };
}

const env = { DATABASE_URL: db.url, SEED_DEMO: '1' };
let server;
try {
  log(
    `bench/report.mjs: ${main} on PostgreSQL ${db.version}, database ${db.name}${PG_SETTINGS.length ? ` (${PG_SETTINGS.map((p) => `${p.name} = ${p.value}`).join(', ')})` : ''}`,
  );
  server = await startServer(env);
  cleanups.push(server.stop);
  const token = await signIn(server.base, 'admin', 'admin123');
  const { menuId, tenantId, userId } = await setUp(server.base, token);
  await fill(tenantId, userId);
  const runPath = `/api/onlineDev/ReportView/${menuId}/Actions/Run`;
  const runOnce = () => api(server.base, runPath, { params: PARAMS }, token);

  const t0 = performance.now();
  const first = await runOnce();
  const firstMs = performance.now() - t0;
  const answerBytes = Buffer.byteLength(JSON.stringify({ code: 0, msg: '', data: first }));
  log(
    `one run: ${first.rows.length} rows${first.truncated ? ' (truncated)' : ''}, ~${(answerBytes / 1024).toFixed(0)} KB, ${firstMs.toFixed(0)} ms`,
  );
  const explained = await explainRun(runOnce, tenantId);
  if (!explained) log('the statement was not seen in pg_stat_activity');
  else if (!explained.plan)
    log(`statement (not explained: its parameters are not the 3 expected):\n${explained.text}`);
  else {
    log(`EXPLAIN ANALYZE of the statement: ${explained.ms.toFixed(0)} ms in PostgreSQL`);
    if (flag('explain')) log(`${explained.text}\n\n${explained.plan.join('\n')}\n`);
  }

  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const run = (connections) => ({
    path: runPath,
    method: 'POST',
    headers,
    body: JSON.stringify({ params: PARAMS }),
    connections,
  });
  const label = `report run, all ${ROWS.toLocaleString('en')} rows grouped (${first.rows.length} rows)`;
  for (const connections of CONNECTIONS) await measure(server, label, run(connections), runOnce);

  const exports = [];
  for (let i = 0; i < EXPORTS; i++) exports.push(await timedExport(server, token, menuId));
  const exportMs = exports.map((e) => e.ms).sort((a, b) => a - b);
  const inOrder = exports.map((e) => e.ms.toFixed(0)).join(', ');
  log(`export, in call order: ${inOrder} ms, ${(exports[0].bytes / 1024).toFixed(0)} KB`);

  const mean = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;
  const f = (x, d = 0) => (x === null || x === undefined ? '—' : x.toFixed(d));
  const lines = [
    '| route | conns | req/s | × bare | p50 ms | p95 ms | p99 ms | server / PostgreSQL CPU ms/req | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...CONNECTIONS.map((c) => {
      const runs = bareRuns.get(c);
      return `| bare Fastify GET /api/bench/ping | ${c} | ${f(mean(runs, 'rps'))} | 1.00 | ${f(mean(runs, 'p50'), 1)} | ${f(mean(runs, 'p95'), 1)} | ${f(mean(runs, 'p99'), 1)} | ${f(mean(runs, 'serverCpuPerReq') * 1000, 3)} / — | ${runs.reduce((a, r) => a + r.errors, 0)} |`;
    }),
    ...rows.map(
      (r) =>
        `| ${r.route} | ${r.connections} | ${f(r.rps, 1)} | ${(r.rps / mean(bareRuns.get(r.connections), 'rps')).toPrecision(2)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.serverCpuPerReq * 1000, 1)} / ${f(r.dbCpuPerReq === null ? null : r.dbCpuPerReq * 1000, 1)} | ${r.errors} |`,
    ),
    '',
    '| one run | rows | answer | ms | statement in PostgreSQL (EXPLAIN ANALYZE) |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| first call | ${first.rows.length} | ${f(answerBytes / 1024)} KB | ${f(firstMs)} | ${f(explained?.ms)} ms |`,
    '',
    '| Excel export (.xlsx) | calls | ms, min / median / max | size |',
    '| --- | ---: | ---: | ---: |',
    `| table with subtotals + pivot | ${exports.length} | ${f(exportMs[0])} / ${f(exportMs[Math.floor(exportMs.length / 2)])} / ${f(exportMs.at(-1))} | ${f(exports[0].bytes / 1024)} KB |`,
  ];
  log(`\n${lines.join('\n')}\nmachine load (1 min) ${os.loadavg()[0].toFixed(1)}`);
} finally {
  await cleanup();
}
