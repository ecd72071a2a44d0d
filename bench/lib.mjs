// Shared by the benchmarks: start the built server, drive a route from concurrent loops, make a
// throwaway PostgreSQL database.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_SERVER=<path to main.js>: a build of its own (e.g. SERVER_OUT_DIR=.build/x/server), so a
// benchmark does not race another engineer's build of apps/server/dist.
export const main = process.env.BENCH_SERVER
  ? path.resolve(process.env.BENCH_SERVER)
  : path.join(root, 'apps/server/dist/main.js');
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

export function requireBuild() {
  if (!existsSync(main)) {
    console.error(`${main} is missing: run "npm run build -w apps/server" first`);
    process.exit(1);
  }
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

export async function startServer(extraEnv) {
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
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` from CONCURRENCY loops until the time or the count is used up. */
export async function load(name, fn, opts = {}) {
  const duration = opts.duration ?? 5000;
  const max = opts.max ?? 200_000;
  const latencies = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (performance.now() - t0 < duration && started < max) {
      started++;
      // opts.before: untimed work ahead of each request (e.g. a write the request must see).
      if (opts.before) await opts.before();
      const s = performance.now();
      try {
        if (!(await fn())) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 16 }, worker));
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

export async function ok(res) {
  const body = await res.json();
  return res.ok && body.code === 0;
}

export async function preparePgDatabase(url, name = 'srm_bench') {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
