#!/usr/bin/env node
// A model page (menu type 3) at scale, on PostgreSQL (DATABASE_URL: a server where it creates and
// drops a database of its own). Through the API as the demo administrator: a data model (an order
// with a status, an amount and an index on both), a design whose list queries the status and sorts
// by the amount, published and put in the menu. Then 1,000,000 rows generated with SQL, and,
// against the built server and beside the bare Fastify route measured in the same run (load
// generator processes, bench/load.mjs):
//   - the list filtered by an indexed field and sorted, page 1 and page 50, 8 connections;
//   - an Excel import of 100,000 rows (a dry run, then for real): its time, and the server's
//     resident memory above idle (sampled every 100 ms).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/model-page.mjs \
//   [--rows 1000000] [--import 100000] [--duration 5] [--warmup 1] [--keep]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {
  api,
  arg,
  flag,
  main,
  preparePgDatabase,
  requireBuild,
  rssMb,
  runChild,
  signIn,
  startBare,
  startServer,
} from './lib.mjs';

const ROWS = arg('rows', 1_000_000);
const IMPORT = arg('import', 100_000);
const DURATION = arg('duration', 5);
const WARMUP = arg('warmup', 1);
const CONNECTIONS = 8;
requireBuild();
const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.error(
    'bench/model-page.mjs needs DATABASE_URL (a PostgreSQL server where it may create a database)',
  );
  process.exit(1);
}
const { default: pg } = await import('pg');
const log = (...a) => console.log(...a);
const db = await preparePgDatabase(pgUrl, `srm_bench_model_${process.pid}`);
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
const STATUSES = [
  'draft',
  'open',
  'sent',
  'confirmed',
  'shipped',
  'received',
  'invoiced',
  'paid',
  'closed',
  'void',
];

async function setUp(base, token) {
  const model = await api(
    base,
    '/api/systemData/DataModel',
    {
      code: 'bench_order',
      names: names('压测订单', 'Bench order'),
      fields: [
        { code: 'order_no', names: names('订单号', 'Order no.'), kind: 'text', length: 20 },
        { code: 'title', names: names('标题', 'Title'), kind: 'text', length: 60 },
        { code: 'status', names: names('状态', 'Status'), kind: 'text', length: 20 },
        { code: 'amount', names: names('金额', 'Amount'), kind: 'money' },
        { code: 'due', names: names('交期', 'Due'), kind: 'date' },
      ],
      indexes: [{ fields: ['status', 'amount'] }],
    },
    token,
  );
  const field = (name, type, label, en) => ({ name, type, label, labels: { 'en-US': en } });
  const design = await api(
    base,
    '/api/onlineDev/WebDesign',
    {
      names: names('压测订单页', 'Bench orders'),
      category: 'purchase',
      modelId: model.id,
      draft: {
        form: {
          name: 'BenchOrder',
          title: '压测订单',
          fields: [
            field('order_no', 'input', '订单号', 'Order no.'),
            field('title', 'input', '标题', 'Title'),
            field('status', 'input', '状态', 'Status'),
            field('amount', 'money', '金额', 'Amount'),
            field('due', 'date', '交期', 'Due'),
          ],
        },
        list: {
          columns: [
            { field: 'order_no' },
            { field: 'title' },
            { field: 'status' },
            { field: 'amount', sortable: true, format: 'money' },
            { field: 'due', format: 'date' },
          ],
          query: [{ field: 'status', op: 'eq' }],
          pageSize: 20,
          buttons: ['add', 'edit', 'delete', 'import', 'export'],
        },
      },
    },
    token,
  );
  await api(base, `/api/onlineDev/WebDesign/${design.id}/Actions/Publish`, {}, token);
  const menu = await api(
    base,
    '/api/system/Menu',
    {
      menuName: '压测订单',
      menuPerms: 'benchOrder',
      menuType: 3,
      propertyJson: JSON.stringify({ moduleId: design.id, isTree: 0 }),
    },
    token,
  );
  return { menuId: menu.id, tenantId: null };
}

async function fill() {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const [{ tenant_id: tenantId, id: userId }] = (
      await client.query(`select tenant_id, id from sys_user where account = 'admin'`)
    ).rows;
    const table = `dm_${tenantId}_bench_order`;
    const t0 = performance.now();
    await client.query(
      `insert into ${table} (tenant_id, order_no, title, status, amount, due, created_by)
       select $1, 'PO' || lpad(g::text, 8, '0'), '压测订单 ' || g, ($2::text[])[1 + g % 10],
         round((random() * 100000)::numeric, 2), date '2026-01-01' + (g % 365), $3
       from generate_series(1, $4::int) g`,
      [tenantId, STATUSES, userId, ROWS],
    );
    await client.query(`vacuum analyze ${table}`);
    log(`${ROWS} rows generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

const rows = [];
const bareRuns = [];
const drive = (server, config) =>
  runChild('bench/load.mjs', {
    base: server.base,
    serverPid: server.pid,
    duration: DURATION,
    warmup: WARMUP,
    db: server === bare ? null : { adminUrl: db.adminUrl, name: db.name },
    ...config,
  });
async function measure(server, route, config) {
  bareRuns.push(await drive(bare, { path: '/api/bench/ping', connections: CONNECTIONS }));
  const r = await drive(server, config);
  rows.push({ route, ...r });
  log(`${route.padEnd(50)} ${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.errors} errors`);
}

async function importFile(count) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'srm-bench-import-'));
  const file = path.join(dir, 'rows.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet('rows');
  sheet.addRow(['Order no.', 'Title', 'Status', 'Amount', 'Due']).commit();
  for (let i = 1; i <= count; i++)
    sheet
      .addRow([
        `IM${String(i).padStart(8, '0')}`,
        `导入订单 ${i}`,
        STATUSES[i % 10],
        (i % 1000) + 0.5,
        '2026-06-30',
      ])
      .commit();
  await workbook.commit();
  return { file, dir };
}

async function timedImport(server, token, menuId, content, dryRun) {
  const idle = rssMb(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const form = new FormData();
  form.append('file', new Blob([content]), 'rows.xlsx');
  const t0 = performance.now();
  const res = await fetch(
    `${server.base}/api/onlineDev/ModelPage/${menuId}/Actions/Import?dryRun=${dryRun}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    },
  ).then((r) => r.json());
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (res.code !== 0) throw new Error(`import: ${res.code} ${res.msg}`);
  return { seconds, imported: res.data.imported, failed: res.data.failed, idle, peak };
}

const env = { DATABASE_URL: db.url, SEED_DEMO: '1' };
let server;
try {
  log(`bench/model-page.mjs: ${main} on PostgreSQL ${db.version}, database ${db.name}`);
  server = await startServer(env);
  cleanups.push(server.stop);
  const token = await signIn(server.base, 'admin', 'admin123');
  const { menuId } = await setUp(server.base, token);
  await fill();
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const list = (currentPage) => ({
    path: `/api/onlineDev/ModelPage/${menuId}/List`,
    method: 'POST',
    headers,
    body: JSON.stringify({
      currentPage,
      pageSize: 20,
      query: { status: 'open' },
      sort: { field: 'amount', order: 'desc' },
    }),
    connections: CONNECTIONS,
    clients: [{}],
  });
  const per = (ROWS / 10).toLocaleString('en');
  await measure(server, `list: status = open (${per} rows), by amount, page 1`, list(1));
  await measure(server, `list: status = open (${per} rows), by amount, page 50`, list(50));

  const { file, dir } = await importFile(IMPORT);
  const content = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  const dry = await timedImport(server, token, menuId, content, true);
  log(
    `import dry run: ${dry.imported} rows in ${dry.seconds.toFixed(1)} s, RSS +${(dry.peak - dry.idle).toFixed(0)} MB`,
  );
  const real = await timedImport(server, token, menuId, content, false);
  log(
    `import: ${real.imported} rows in ${real.seconds.toFixed(1)} s, RSS +${(real.peak - real.idle).toFixed(0)} MB`,
  );

  const mean = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;
  const f = (x, d = 0) => (x === null || x === undefined ? '—' : x.toFixed(d));
  const lines = [
    '| route | conns | req/s | × bare | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| bare Fastify GET /api/bench/ping (mean of ${bareRuns.length}) | ${CONNECTIONS} | ${f(mean(bareRuns, 'rps'))} | 1.00 | ${f(mean(bareRuns, 'p50'), 1)} | ${f(mean(bareRuns, 'p99'), 1)} | ${bareRuns.reduce((a, r) => a + r.errors, 0)} |`,
    ...rows.map(
      (r) =>
        `| ${r.route} | ${CONNECTIONS} | ${f(r.rps)} | ${f(r.rps / mean(bareRuns, 'rps'), 3)} | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${r.errors} |`,
    ),
    '',
    '| import of .xlsx | rows | seconds | server RSS above idle, MB |',
    '| --- | ---: | ---: | ---: |',
    `| dry run | ${dry.imported} | ${f(dry.seconds, 1)} | ${f(dry.peak - dry.idle)} |`,
    `| import | ${real.imported} | ${f(real.seconds, 1)} | ${f(real.peak - real.idle)} |`,
  ];
  log(`\n${lines.join('\n')}\nmachine load (1 min) ${os.loadavg()[0].toFixed(1)}`);
} finally {
  await cleanup();
}
