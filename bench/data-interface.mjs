#!/usr/bin/env node
// A data interface's stable path (GET /api/systemData/DataInterface/{id}/Actions/Response) against
// the bare Fastify route in the same run: the built server with the demo data (on PostgreSQL when
// DATABASE_URL is set, in a database it creates and drops; else the embedded database), signed in as
// the demo administrator, a static interface answered from its cache (60 s) and,
// for comparison, a dataset one answered from the caller's cached rows. Each round measures the bare
// route and then each interface, with the load generator in processes of its own (bench/load.mjs).
// The interfaces' rate limit is lifted out of the way (DATA_INTERFACE_RATE_FACTOR): its counter is
// still taken on every call, which is part of what is measured.
// `GET /api/sys/user/info` is measured beside them: the signed-in route with the least work of its own.
// Usage: npm run build && [DATABASE_URL=…] node bench/data-interface.mjs [--duration 5] [--warmup 1] [--rounds 3] [--connections 16]
import os from 'node:os';
import {
  api,
  arg,
  main,
  preparePgDatabase,
  requireBuild,
  runChild,
  signIn,
  startBare,
  startServer,
} from './lib.mjs';

const DURATION = arg('duration', 5);
const WARMUP = arg('warmup', 1);
const ROUNDS = arg('rounds', 3);
const CONNECTIONS = arg('connections', 16);
const S = '/api/systemData/DataInterface';
const log = (...a) => console.log(...a);
requireBuild();

const names = (zh, en) => ({ 'zh-CN': zh, 'en-US': en });

/** A static and a dataset interface, both cached; their response paths. */
async function setUp(base, token) {
  const price = await api(
    base,
    S,
    {
      code: 'bench_prices',
      names: names('压测价格表', 'Bench prices'),
      kind: 'static',
      staticJson: JSON.stringify({ steel: 4200, copper: [68000, 't'], updated: '2026-12-01' }),
      cacheSeconds: 60,
    },
    token,
  );
  const dataset = await api(
    base,
    '/api/onlineDev/DataSet',
    {
      code: 'bench_departments',
      names: names('压测部门', 'Bench departments'),
      definition: { kind: 'sql', sql: 'select dept_name from srm_department order by dept_name', params: [] },
    },
    token,
  );
  const rows = await api(
    base,
    S,
    {
      code: 'bench_departments',
      names: names('压测部门', 'Bench departments'),
      kind: 'dataset',
      datasetId: dataset.id,
      cacheSeconds: 60,
    },
    token,
  );
  return { static: `${S}/${price.id}/Actions/Response`, dataset: `${S}/${rows.id}/Actions/Response` };
}

const pgUrl = process.env.DATABASE_URL;
const db = pgUrl ? await preparePgDatabase(pgUrl, `srm_bench_interface_${process.pid}`) : null;
const bare = await startBare();
const server = await startServer({
  DATA_INTERFACE_RATE_FACTOR: '1000000',
  ...(db ? { DATABASE_URL: db.url, SEED_DEMO: '1' } : {}),
});
try {
  const where = db ? `PostgreSQL ${db.version}` : 'the embedded database';
  log(`bench/data-interface.mjs: ${main} on ${where}, ${CONNECTIONS} connections`);
  const token = await signIn(server.base, 'admin', 'admin123');
  const paths = await setUp(server.base, token);
  const headers = { authorization: `Bearer ${token}` };
  const drive = (target, path) =>
    runChild('bench/load.mjs', {
      base: target.base,
      serverPid: target.pid,
      path,
      headers: target === bare ? {} : headers,
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: WARMUP,
    });
  const runs = { bare: [], info: [], static: [], dataset: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    runs.bare.push(await drive(bare, '/api/bench/ping'));
    runs.info.push(await drive(server, '/api/sys/user/info'));
    runs.static.push(await drive(server, paths.static));
    runs.dataset.push(await drive(server, paths.dataset));
    const last = (k) => runs[k].at(-1).rps.toFixed(0);
    log(
      `round ${round}: bare ${last('bare')}, user info ${last('info')}, static ${last('static')}, dataset ${last('dataset')} req/s`,
    );
  }
  const mean = (list, key) => list.reduce((a, r) => a + r[key], 0) / list.length;
  const bareRps = mean(runs.bare, 'rps');
  const row = (label, list) => {
    const ratios = list.map((r) => r.rps / bareRps);
    return `| ${label} | ${CONNECTIONS} | ${mean(list, 'rps').toFixed(0)} | **${(mean(list, 'rps') / bareRps).toFixed(2)}** (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${mean(list, 'p99').toFixed(0)} | ${(mean(list, 'serverCpuPerReq') * 1e6).toFixed(0)} | ${list.reduce((a, r) => a + r.errors, 0)} |`;
  };
  const lines = [
    '| route | conns | req/s | × bare | p99 ms | server CPU µs/req | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| bare Fastify \`GET /api/bench/ping\` | ${CONNECTIONS} | ${bareRps.toFixed(0)} | 1.00 | ${mean(runs.bare, 'p99').toFixed(0)} | ${(mean(runs.bare, 'serverCpuPerReq') * 1e6).toFixed(0)} | ${runs.bare.reduce((a, r) => a + r.errors, 0)} |`,
    row('signed-in reference: `GET /api/sys/user/info`', runs.info),
    row('static interface, cached (`…/Actions/Response`)', runs.static),
    row('dataset interface, cached per caller', runs.dataset),
  ];
  log(
    `\n${lines.join('\n')}\n${ROUNDS} rounds of ${DURATION} s; machine load (1 min) ${os.loadavg()[0].toFixed(1)}`,
  );
} finally {
  await server.stop();
  await bare.stop();
  await db?.drop();
}
