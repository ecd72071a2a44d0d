#!/usr/bin/env node
// A load-generator process of `npm run bench` (never the server's process): autocannon drives one
// route for a warm-up and then for the measured window, while this process reads the server's CPU
// time (and that of the PostgreSQL backends serving the bench database) from /proc. Optionally a
// writer edits users through the API at a fixed rate during the window. With `clients`, connection i
// is client i (modulo): its own headers (another user's token) and optionally its own request list
// (e.g. the to-do items one approver approves, one after another). Every answer's envelope is
// checked: a body whose code is not 0 counts as an error, like a non-2xx status or a socket error.
// With `latencies`, every answer's latency of the measured window is kept, and p50, p95 and p99
// are read off it (autocannon's histogram has no p95, and keeps whole milliseconds). Prints one JSON
// line. Usage (by bench/run.mjs): node bench/load.mjs <config.json>
// autocannon reads the answers with Node's own HTTP parser (bench/native-parser.cjs): with its
// JavaScript one, the product's longer header block cost the load generator more than the server.
import { createRequire } from 'node:module';
import { childConfig, sleep, startMeter } from './lib.mjs';

const require = createRequire(import.meta.url);
require('./native-parser.cjs').useNativeParser();
const autocannon = require('autocannon');

const cfg = childConfig();

/**
 * The envelope says success. `body` is the answer's opening (bench/native-parser.cjs keeps its
 * first 64 bytes), where the product writes the code first: `{"code":0,`; a short answer comes
 * whole and is parsed when it opens otherwise.
 */
function success(body) {
  if (body.startsWith('{"code":0,')) return true;
  try {
    return JSON.parse(body).code === 0;
  } catch {
    return false;
  }
}

/** Connection i as `cfg.clients[i]` (modulo): its headers and, when given, its own requests. */
function setupClient() {
  let next = 0;
  return (client) => {
    const own = cfg.clients[next++ % cfg.clients.length];
    const headers = { ...(cfg.headers ?? {}), ...(own.headers ?? {}) };
    if (own.requests)
      client.setRequests(
        own.requests.map((r) => ({ method: cfg.method ?? 'GET', body: cfg.body, ...r, headers })),
      );
    else client.setHeaders(headers);
  };
}

/** Latencies of the measured window (ms), kept when `cfg.latencies` asks for them. */
const latencies = [];
const run = (duration, keep) =>
  new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        ...(cfg.clients ? { setupClient: setupClient() } : {}),
        url: `${cfg.base}${cfg.path}`,
        method: cfg.method ?? 'GET',
        headers: cfg.headers ?? {},
        body: cfg.body,
        connections: cfg.connections,
        duration,
        // A fixed offered load (bench/fixed-rate.mjs) instead of as fast as it goes.
        ...(cfg.rate ? { overallRate: cfg.rate } : {}),
        // A compressed body cannot be read here: it is checked against the opening of the recorded
        // answer (`expect`, the same bytes as autocannon is handed them), else by its status only.
        verifyBody: cfg.expect ? (body) => body.startsWith(cfg.expect) : cfg.compressed ? undefined : success,
        // Never bail out: a failure is a figure of the table.
        timeout: 10,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (keep) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });

/** The `q` quantile of the kept latencies (nearest rank), or null when none were kept. */
function quantile(q) {
  if (!latencies.length) return null;
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** Renames one of the given users `rate` times a second, as an administrator's edit form would. */
function startWriter(writer) {
  const state = { done: 0, failed: 0, stop: false };
  const period = 1000 / writer.rate;
  const t0 = performance.now();
  const loop = (async () => {
    for (let n = 0; !state.stop; n++) {
      const due = t0 + n * period;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      if (state.stop) break;
      const user = writer.users[n % writer.users.length];
      fetch(`${cfg.base}/api/permission/Users/${user.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: cfg.headers.authorization },
        body: JSON.stringify({ ...user, id: undefined, realName: `${user.realName}改${n}` }),
      })
        .then(async (res) => (success(await res.text()) ? state.done++ : state.failed++))
        .catch(() => state.failed++);
    }
  })();
  return async () => {
    state.stop = true;
    await loop;
    await sleep(200);
    return state;
  };
}

if (cfg.warmup > 0) await run(cfg.warmup);
const stopWriter = cfg.writer ? startWriter(cfg.writer) : null;
/** Statements the server ran for requests so far (BENCH=1 servers: GET /api/bench/statements). */
const statements = async () =>
  cfg.statements
    ? ((await (await fetch(`${cfg.base}/api/bench/statements`)).json()).data?.request ?? null)
    : null;
const statements0 = await statements();
const meter = await startMeter({ serverPid: cfg.serverPid, db: cfg.db });
const result = await run(cfg.duration, Boolean(cfg.latencies));
const m = meter();
const statements1 = await statements();
const writes = stopWriter ? await stopWriter() : null;
const requests = result.requests.total;
console.log(
  JSON.stringify({
    requests,
    rps: requests / result.duration,
    p50: cfg.latencies ? quantile(0.5) : result.latency.p50,
    p95: quantile(0.95),
    p99: cfg.latencies ? quantile(0.99) : result.latency.p99,
    // errors include timeouts; an error status carries an error envelope, so it is a mismatch too.
    errors: result.errors + Math.max(result.mismatches, result.non2xx),
    serverCpuPerReq: m.serverCpu / requests,
    dbCpuPerReq: m.dbCpu === null ? null : m.dbCpu / requests,
    // Per answered request; requests still in flight when the window closed add a little.
    statementsPerReq:
      statements0 === null || statements1 === null ? null : (statements1 - statements0) / requests,
    genCpuShare: m.genCpu / m.wall,
    rssMb: m.rssMb,
    writes,
  }),
);
