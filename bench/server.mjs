#!/usr/bin/env node
// Load bench of the built server (apps/server/dist/main.js): sign-in, user/info, menu-ent/nav and a
// bare route, on PGlite and, when DATABASE_URL is set, on PostgreSQL (database srm_bench, recreated).
// Loopback only; bounded by request count and time. Usage: node bench/server.mjs [--duration 5] [--concurrency 16]
import { arg, load, ok, preparePgDatabase, requireBuild, startServer } from './lib.mjs';

const DURATION_MS = arg('duration', 5) * 1000;
const CONCURRENCY = arg('concurrency', 16);
const MAX_REQUESTS = arg('max', 200_000);
requireBuild();

const run = (name, fn, opts = {}) =>
  load(name, fn, { duration: DURATION_MS, max: MAX_REQUESTS, concurrency: CONCURRENCY, ...opts });

async function benchServer(label, env) {
  const server = await startServer(env);
  const { base } = server;
  try {
    const login = () =>
      fetch(`${base}/api/sys/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'admin', passWord: 'admin123' }),
      });
    const first = await (await login()).json();
    if (first.code !== 0) throw new Error(`sign-in failed on ${label}: ${first.msg}`);
    const token = first.data.token;
    const auth = { authorization: `Bearer ${token}` };
    const rows = [];
    // Warm-up.
    await run('warm-up', async () => ok(await fetch(`${base}/api/sys/user/info`, { headers: auth })), {
      duration: 500,
    });
    rows.push(await run('GET /api/bench/ping (bare)', async () => ok(await fetch(`${base}/api/bench/ping`))));
    rows.push(
      await run('GET /api/sys/user/info', async () =>
        ok(await fetch(`${base}/api/sys/user/info`, { headers: auth })),
      ),
    );
    rows.push(
      await run('GET /api/sys/menu-ent/nav', async () =>
        ok(await fetch(`${base}/api/sys/menu-ent/nav`, { headers: auth })),
      ),
    );
    // argon2id verification dominates sign-in: fewer requests.
    rows.push(await run('POST /api/sys/login (argon2id)', async () => ok(await login()), { max: 2000 }));
    return rows.map((r) => ({ db: label, ...r }));
  } finally {
    await server.stop();
  }
}

const results = [];
console.log(`concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per route, loopback`);
results.push(...(await benchServer('pglite', {})));
if (process.env.DATABASE_URL) {
  const pgdb = await preparePgDatabase(process.env.DATABASE_URL);
  try {
    results.push(...(await benchServer('postgres', { DATABASE_URL: pgdb.url, SEED_DEMO: '1' })));
  } finally {
    await pgdb.drop();
  }
}
console.table(results);
