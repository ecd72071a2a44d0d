#!/usr/bin/env node
// The chat socket (issue 4): 1,000 connected sockets (USERS users with TABS tabs each), the memory
// per idle connection (server RSS before and after they connect), then every user sends to a
// partner in a closed loop (the next message after its own echo, at most RATE a second, under the
// server's per-user limit) for SECONDS — first at a light load (LIGHT messages a second in all),
// then as fast as it goes: messages per second stored and delivered, and the delivery latency from
// sending to `receiveMessage` on the partner's tab. Every message is committed before
// it is delivered, so the figure includes the database write.
// Usage: node bench/chat.mjs [--users 200] [--tabs 5] [--seconds 10] [--rate 15] [--light 100]
// (embedded PGlite by default; DATABASE_URL benches PostgreSQL, REDIS_URL adds Redis delivery)
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { arg, preparePgDatabase, requireBuild, startServer } from './lib.mjs';

const USERS = arg('users', 200);
const TABS = arg('tabs', 5);
const SECONDS = arg('seconds', 10);
const RATE = arg('rate', 15);
/** The light phase's total offered load, messages a second. */
const LIGHT = arg('light', 100);
requireBuild();

const rssMb = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : 0;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(base, path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

/** Runs fn over items, `n` at a time. */
async function pool(items, n, fn) {
  const out = [];
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) {
        const k = i++;
        out[k] = await fn(items[k], k);
      }
    }),
  );
  return out;
}

function connect(base, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/message/websocket`);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token })));
    ws.on('message', function first(data) {
      if (JSON.parse(String(data)).method === 'initMessage') {
        ws.off('message', first);
        resolve(ws);
      }
    });
  });
}

const pg = process.env.DATABASE_URL
  ? await preparePgDatabase(process.env.DATABASE_URL, 'srm_bench_chat')
  : null;
const server = await startServer({
  SEED_DEMO: '1',
  ...(pg ? { DATABASE_URL: pg.url } : {}),
  REDIS_URL: process.env.REDIS_URL ?? '',
  REDIS_PREFIX: 'srm-bench',
});
const sockets = [];
try {
  const { base } = server;
  const admin = (await api(base, '/api/sys/login', { userName: 'admin', passWord: 'admin123' })).token;
  const accounts = Array.from({ length: USERS }, (_, i) => `chat${String(i).padStart(4, '0')}`);
  process.stdout.write(`creating ${USERS} users … `);
  await pool(accounts, 4, (account, i) =>
    api(
      base,
      '/api/permission/Users',
      { account, password: 'bench123', realName: `聊天${i}`, mobile: `139${String(i).padStart(8, '0')}` },
      admin,
    ),
  );
  const users = await pool(accounts, 4, async (account) => {
    const token = (await api(base, '/api/sys/login', { userName: account, passWord: 'bench123' })).token;
    const info = await api(base, '/api/sys/user/info', undefined, token);
    return { token, id: String(info.userInfo?.userId ?? info.userId ?? info.id) };
  });
  console.log('done');

  await sleep(1000);
  const before = rssMb(server.pid);
  const tabs = await pool(
    users.flatMap((u) => Array.from({ length: TABS }, () => u)),
    50,
    async (u) => {
      const ws = await connect(base, u.token);
      sockets.push(ws);
      return { user: u, ws };
    },
  );
  await sleep(2000);
  const after = rssMb(server.pid);
  const perConnKb = ((after - before) * 1024) / tabs.length;

  // Closed loop: user i sends to user i^1; latency is measured on the partner's first tab.
  const firstTab = new Map(tabs.filter((_, k) => k % TABS === 0).map((t) => [t.user.id, t.ws]));
  const phase = async (name, perUserRate) => {
    const latencies = [];
    let sent = 0;
    let delivered = 0;
    let refused = 0;
    const listeners = [];
    for (const [, ws] of firstTab) {
      const on = (data) => {
        const f = JSON.parse(String(data));
        if (f.method === 'receiveMessage') {
          delivered++;
          latencies.push(performance.now() - Number(f.message.content.split(' ')[0]));
        } else if (f.method === 'error') refused++;
      };
      ws.on('message', on);
      listeners.push([ws, on]);
    }
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    await Promise.all(
      users.map(async (u, i) => {
        const peer = users[i ^ 1];
        if (!peer) return;
        const ws = firstTab.get(u.id);
        // Spread the first sends over one period so the offered load is even.
        await sleep(Math.random() * (1000 / perUserRate));
        while (performance.now() < end) {
          const started = performance.now();
          const echoed = new Promise((resolve) => {
            const on = (data) => {
              const f = JSON.parse(String(data));
              if (f.method === 'sendMessage' || f.method === 'error') {
                ws.off('message', on);
                resolve();
              }
            };
            ws.on('message', on);
          });
          ws.send(
            JSON.stringify({
              method: 'SendMessage',
              token: u.token,
              toUserId: peer.id,
              messageType: 'text',
              messageContent: `${started} bench`,
            }),
          );
          sent++;
          await echoed;
          const wait = 1000 / perUserRate - (performance.now() - started);
          if (wait > 0) await sleep(wait);
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    await sleep(1000);
    for (const [ws, on] of listeners) ws.off('message', on);
    latencies.sort((a, b) => a - b);
    const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return {
      load: name,
      database: pg ? 'PostgreSQL' : 'PGlite',
      delivery: process.env.REDIS_URL ? 'Redis' : 'in-process',
      sockets: tabs.length,
      'sent msg/s': Math.round(sent / elapsed),
      'delivered msg/s': Math.round(delivered / elapsed),
      'p50 ms': Number(q(0.5).toFixed(1)),
      'p99 ms': Number(q(0.99).toFixed(1)),
      refused,
      'idle KB/socket': Number(perConnKb.toFixed(1)),
    };
  };
  const light = await phase(`${LIGHT} msg/s offered`, LIGHT / USERS);
  const full = await phase('as fast as it goes', RATE);
  console.table([light, full]);
} finally {
  for (const ws of sockets) ws.terminate();
  await server.stop();
  await pg?.drop();
}
