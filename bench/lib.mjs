// Shared by the benchmarks: options, the built server and the bare Fastify server as child
// processes, CPU time and memory of a process from /proc, throwaway PostgreSQL databases, and the
// load-generator child processes (bench/load.mjs, bench/chat.mjs) that print their result as JSON.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export const root = fileURLToPath(new URL('..', import.meta.url));
// BENCH_SERVER=<path to main.js>: a build of its own (e.g. SERVER_OUT_DIR=.build/x/server), so a
// benchmark does not race another engineer's build of apps/server/dist.
export const main = process.env.BENCH_SERVER
  ? path.resolve(process.env.BENCH_SERVER)
  : path.join(root, 'apps/server/dist/main.js');

/** `--name value` as a number (or the fallback); `--name` alone counts as a flag. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = process.argv[i + 1];
  return value === undefined || value.startsWith('--')
    ? true
    : Number.isNaN(Number(value))
      ? value
      : Number(value);
};
export const flag = (name) => process.argv.includes(`--${name}`);

export function requireBuild() {
  if (!existsSync(main)) {
    console.error(`${main} is missing: run "npm run build" first`);
    process.exit(1);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${url} did not answer within 60 s`);
}

function stopper(child, after) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    after?.();
  };
}

/**
 * The built server as a deployment runs it (NODE_ENV=production, its default log level, the log
 * going to /dev/null), plus BENCH=1 for /api/bench/ping and a sign-in limit the login row cannot
 * reach. `dataDir` keeps PGlite's folder across restarts (the caller removes it).
 */
export async function startServer(extraEnv = {}, dataDir) {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'srm-bench-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      BENCH: '1',
      NODE_ENV: 'production',
      LOGIN_RATE_LIMIT: '1000000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return {
    base,
    pid: child.pid,
    dataDir: dir,
    stop: stopper(child, () => {
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    }),
  };
}

/** A yardstick server (bench/<script>) in a process of its own, once `readyPath` answers. */
async function startYardstick(script, args, readyPath, after) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = stopper(child, after);
  try {
    await waitFor(`${base}${readyPath}`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid, stop };
}

/** bench/bare-server.mjs: Fastify answering the same envelope, nothing else. */
export const startBare = () => startYardstick('bench/bare-server.mjs', [], '/api/bench/ping');

/** bench/floor-server.mjs: bare Fastify answering the product's recorded answers (see there). */
export function startFloor(answers) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'srm-floor-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  return startYardstick('bench/floor-server.mjs', [file], Object.keys(answers)[0], () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}

/** The Accept-Encoding that Chromium (and so the web app) sends with every request. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * What the server answers to a GET, as bench/floor-server.mjs replays it: every header but those
 * Node writes itself (date, connection, length), and the body as sent: uncompressed unless
 * `headers` asks for an encoding (then its bytes as they went out, checked once decompressed).
 */
export async function recordAnswer(base, route, headers = {}) {
  // node:http, not fetch: fetch would decompress, and the floor replays the bytes the product sent.
  const res = await new Promise((resolve, reject) =>
    http
      .get(`${base}${route}`, { headers: { 'accept-encoding': 'identity', ...headers } }, (answer) => {
        const chunks = [];
        answer.on('data', (c) => chunks.push(c));
        answer.on('end', () =>
          resolve({ status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      })
      .on('error', reject),
  );
  const { body } = res;
  const encoding = res.headers['content-encoding'] ?? null;
  const plain = !encoding
    ? body
    : encoding === 'br'
      ? brotliDecompressSync(body)
      : encoding === 'gzip'
        ? gunzipSync(body)
        : null;
  // A refusal replayed would measure the wrong answer.
  if (res.status !== 200 || !plain?.toString().startsWith('{"code":0,'))
    throw new Error(`${route} answered ${res.status} ${encoding ?? ''} ${body.toString().slice(0, 120)}`);
  const kept = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
      kept[name] = value;
  return { headers: kept, body: body.toString('base64'), encoding, plainBytes: plain.length };
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU seconds of a process so far (0 once it is gone). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

export function rssMb(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Measures a window: CPU seconds of the server, of the PostgreSQL backends serving the bench
 * database (when `db` is given and PostgreSQL runs on this machine) and of this process (the load
 * generator), and the wall time.
 */
export async function startMeter({ serverPid, db }) {
  let backends = [];
  if (db) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: db.adminUrl });
    await c.connect();
    const { rows } = await c.query('select pid from pg_stat_activity where datname = $1', [db.name]);
    await c.end();
    backends = rows.map((r) => r.pid);
  }
  // Backends open when the window starts; one that closes during it (an idle pool connection)
  // counts up to its last reading, taken every 250 ms.
  const db0 = backends.map(cpuSeconds);
  const last = [...db0];
  const read = () =>
    backends.forEach((pid, i) => {
      last[i] = Math.max(last[i], cpuSeconds(pid));
    });
  const poll = backends.length ? setInterval(read, 250) : null;
  const dbSpent = () => {
    clearInterval(poll);
    read();
    return last.reduce((a, v, i) => a + v - db0[i], 0);
  };
  const server0 = cpuSeconds(serverPid);
  const gen0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const gen = process.cpuUsage(gen0);
    return {
      wall: (performance.now() - t0) / 1000,
      serverCpu: cpuSeconds(serverPid) - server0,
      dbCpu: db ? dbSpent() : null,
      dbBackends: backends.length,
      genCpu: (gen.user + gen.system) / 1e6,
      rssMb: rssMb(serverPid),
    };
  };
}

/** Runs a load generator (bench/load.mjs or bench/chat.mjs) in its own process; its JSON result. */
export async function runChild(script, config) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'srm-bench-cfg-'));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    const child = spawn(process.execPath, [path.join(root, script), file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const code = await new Promise((r) => child.once('exit', r));
    const last = out.trim().split('\n').at(-1);
    if (code !== 0 || !last) throw new Error(`${script} failed (exit ${code})`);
    return JSON.parse(last);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** In a load-generator child: its config (the JSON file named on the command line). */
export const childConfig = () => JSON.parse(readFileSync(process.argv[2], 'utf8'));

export async function api(base, route, body, token, method) {
  const res = await fetch(`${base}${route}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${route}: ${json.code} ${json.msg} ${JSON.stringify(json.data)}`);
  return json.data;
}

export const signIn = async (base, userName, passWord) =>
  (await api(base, '/api/sys/login', { userName, passWord })).token;

/** A database of its own on the PostgreSQL server of `url`, created empty and dropped by `drop`. */
export async function preparePgDatabase(url, name, { reuse = false } = {}) {
  const { default: pg } = await import('pg');
  const admin = async (sql) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };
  if (!reuse) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const version = (await admin('show server_version')).rows[0].server_version;
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    adminUrl: url,
    name,
    version,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
