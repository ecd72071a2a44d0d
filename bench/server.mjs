#!/usr/bin/env node
// Load bench of the built server (apps/server/dist/main.js): sign-in, user/info, menu-ent/nav and a
// bare route, on PGlite and, when DATABASE_URL is set, on PostgreSQL (database srm_bench, recreated).
// Loopback only; bounded by request count and time. Usage: node bench/server.mjs [--duration 5] [--concurrency 16]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = path.join(root, 'apps/server/dist/main.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION_MS = arg('duration', 5) * 1000;
const CONCURRENCY = arg('concurrency', 16);
const MAX_REQUESTS = arg('max', 200_000);

if (!existsSync(main)) {
  console.error('apps/server/dist/main.js is missing: run `npm run build -w apps/server` first');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(extraEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srm-bench-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BENCH: '1',
      NODE_ENV: 'production',
      LOGIN_RATE_LIMIT: '1000000',
      DATABASE_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` from CONCURRENCY loops until the time or the count is used up. */
async function load(name, fn, opts = {}) {
  const duration = opts.duration ?? DURATION_MS;
  const max = opts.max ?? MAX_REQUESTS;
  const latencies = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (performance.now() - t0 < duration && started < max) {
      started++;
      const s = performance.now();
      try {
        if (!(await fn())) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? CONCURRENCY }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(q(0.5).toFixed(1)),
    'p99 ms': Number(q(0.99).toFixed(1)),
    errors,
  };
}

async function ok(res) {
  const body = await res.json();
  return res.ok && body.code === 0;
}

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
    await load('warm-up', async () => ok(await fetch(`${base}/api/sys/user/info`, { headers: auth })), {
      duration: 500,
    });
    rows.push(
      await load('GET /api/bench/ping (bare)', async () => ok(await fetch(`${base}/api/bench/ping`))),
    );
    rows.push(
      await load('GET /api/sys/user/info', async () =>
        ok(await fetch(`${base}/api/sys/user/info`, { headers: auth })),
      ),
    );
    rows.push(
      await load('GET /api/sys/menu-ent/nav', async () =>
        ok(await fetch(`${base}/api/sys/menu-ent/nav`, { headers: auth })),
      ),
    );
    // argon2id verification dominates sign-in: fewer requests.
    rows.push(await load('POST /api/sys/login (argon2id)', async () => ok(await login()), { max: 2000 }));
    return rows.map((r) => ({ db: label, ...r }));
  } finally {
    await server.stop();
  }
}

async function preparePgDatabase(url) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists srm_bench with (force)');
  await admin.query('create database srm_bench');
  await admin.end();
  const u = new URL(url);
  u.pathname = '/srm_bench';
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('drop database if exists srm_bench with (force)');
      await c.end();
    },
  };
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
