#!/usr/bin/env node
// The chat load generator of `npm run bench`, a process of its own: `users` users with `tabs`
// sockets each, then every user sends to a partner (user i to user i^1, so both of a pair write at the same
// moment) in a closed loop — the next message after the answer to the last, at most `rate` a
// second, under the per-user limit — for `seconds`: first at a light total load (`light` messages
// a second), then as fast as it goes. Latency runs from sending to `receiveMessage` on the
// partner's first tab; every message is committed before it is delivered.
//
// Lost messages, counted once each: answered by an error frame, never answered (10 s), answered
// (`sendMessage`) but not in the conversation's history, in the history more than once, or in the
// history but never delivered to the partner. The history is read back through the socket's own
// `MessageList` after both phases.
// Prints one JSON line. Usage (by bench/run.mjs): node bench/chat.mjs <config.json>
import WebSocket from 'ws';
import { api, childConfig, signIn, sleep, startMeter } from './lib.mjs';

const cfg = childConfig();
const { base } = cfg;
const ANSWER_TIMEOUT_MS = 10_000;

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

/** A signed-in socket; `frames` sees every frame after initMessage. */
function connect(token, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/message/websocket`);
    let ready = false;
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token })));
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (ready) onFrame?.(f);
      else if (f.method === 'initMessage') {
        ready = true;
        resolve(ws);
      }
    });
  });
}

const admin = await signIn(base, 'admin', 'admin123');
const accounts = Array.from({ length: cfg.users }, (_, i) => `chat${String(i).padStart(5, '0')}`);
await pool(accounts, 4, (account, i) =>
  api(
    base,
    '/api/permission/Users',
    {
      account,
      password: 'bench123',
      realName: `聊天${i}`,
      mobile: `${cfg.mobilePrefix ?? '137'}${String(i).padStart(8, '0')}`,
    },
    admin,
  ),
);
const users = await pool(accounts, 4, async (account) => {
  const token = await signIn(base, account, 'bench123');
  const info = await api(base, '/api/sys/user/info', undefined, token);
  return { token, id: String(info.id) };
});

/** Every message sent: key → { from, to, phase, sentAt, answer: 'ok' | 'error' | undefined, deliveredAt }. */
const messages = new Map();
/** Answers awaited by reqId (sendMessage, messageList or error frames). */
const waiting = new Map();
let strayErrors = 0;

const onFrame = (userIndex, firstTab) => (f) => {
  if (f.reqId && waiting.has(f.reqId)) {
    const resolve = waiting.get(f.reqId);
    waiting.delete(f.reqId);
    resolve(f);
  } else if (f.method === 'error' && firstTab) strayErrors++;
  if (firstTab && f.method === 'receiveMessage') {
    const m = messages.get(f.message.content);
    if (m && m.to === userIndex && m.deliveredAt === undefined) m.deliveredAt = performance.now();
  }
};

const ask = (ws, frame, timeoutMs = ANSWER_TIMEOUT_MS) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(frame.reqId);
      resolve(null);
    }, timeoutMs);
    waiting.set(frame.reqId, (f) => {
      clearTimeout(timer);
      resolve(f);
    });
    ws.send(JSON.stringify(frame));
  });

const firstTabs = [];
const sockets = [];
await pool(
  users.flatMap((u, i) => Array.from({ length: cfg.tabs }, (_, tab) => ({ u, i, tab }))),
  50,
  async ({ u, i, tab }) => {
    const ws = await connect(u.token, onFrame(i, tab === 0));
    sockets.push(ws);
    if (tab === 0) firstTabs[i] = ws;
  },
);
await sleep(2000);

async function phase(name, perUserRate) {
  const meter = await startMeter({ serverPid: cfg.serverPid, db: cfg.db });
  const end = performance.now() + cfg.seconds * 1000;
  await Promise.all(
    users.map(async (u, i) => {
      const peer = i ^ 1;
      if (!users[peer]) return;
      const ws = firstTabs[i];
      // Spread the first sends over one period so the offered load is even.
      await sleep(Math.random() * (1000 / perUserRate));
      for (let n = 0; performance.now() < end; n++) {
        const key = `${name}-${i}-${n}`;
        const sentAt = performance.now();
        const m = { from: i, to: peer, phase: name, sentAt, answer: undefined, deliveredAt: undefined };
        messages.set(key, m);
        const answer = await ask(ws, {
          method: 'SendMessage',
          token: u.token,
          reqId: key,
          toUserId: users[peer].id,
          messageType: 'text',
          messageContent: key,
        });
        m.answer = answer === null ? undefined : answer.method === 'sendMessage' ? 'ok' : 'error';
        const wait = 1000 / perUserRate - (performance.now() - sentAt);
        if (wait > 0) await sleep(wait);
      }
    }),
  );
  const m = meter();
  // Deliveries still on their way: wait until every answered message arrived, at most 5 s.
  const mine = [...messages.values()].filter((x) => x.phase === name);
  for (let k = 0; k < 50 && mine.some((x) => x.answer === 'ok' && x.deliveredAt === undefined); k++)
    await sleep(100);
  const latencies = mine
    .filter((x) => x.deliveredAt !== undefined)
    .map((x) => x.deliveredAt - x.sentAt)
    .sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    name,
    sent: mine.length,
    delivered: latencies.length,
    rps: latencies.length / m.wall,
    p50: q(0.5),
    p99: q(0.99),
    serverCpuPerReq: m.serverCpu / Math.max(1, latencies.length),
    dbCpuPerReq: m.dbCpu === null ? null : m.dbCpu / Math.max(1, latencies.length),
    genCpuShare: m.genCpu / m.wall,
    rssMb: m.rssMb,
  };
}

/** The stored history of the pair (i, i^1), oldest first, read by user i. */
async function history(i) {
  const contents = [];
  for (let page = 1; ; page++) {
    let f = null;
    for (let attempt = 0; attempt < 5 && f?.method !== 'messageList'; attempt++) {
      f = await ask(firstTabs[i], {
        method: 'MessageList',
        token: users[i].token,
        reqId: `history-${i}-${page}-${attempt}`,
        toUserId: users[i ^ 1].id,
        formUserId: users[i].id,
        currentPage: page,
        pageSize: 100,
        sord: 'asc',
      });
      // Refused by the per-user frame limit: wait for the next second.
      if (f?.method !== 'messageList') await sleep(1100);
    }
    if (f?.method !== 'messageList') throw new Error(`history of pair ${i}: no answer`);
    contents.push(...f.list.map((m) => m.content));
    if (f.list.length < 100) return contents;
  }
}

const light = await phase('light', cfg.light / cfg.users);
const saturation = await phase('saturation', cfg.rate);

const stored = new Map();
await pool(
  users.map((_, i) => i).filter((i) => i % 2 === 0 && users[i ^ 1]),
  8,
  async (i) => {
    for (const content of await history(i)) stored.set(content, (stored.get(content) ?? 0) + 1);
  },
);
for (const ws of sockets) ws.terminate();

const lost = {};
for (const p of ['light', 'saturation'])
  lost[p] = { error: 0, unanswered: 0, answeredNotStored: 0, storedTwice: 0, notDelivered: 0, total: 0 };
for (const [key, m] of messages) {
  const l = lost[m.phase];
  const times = stored.get(key) ?? 0;
  const why =
    m.answer === 'error'
      ? 'error'
      : m.answer === undefined
        ? 'unanswered'
        : times === 0
          ? 'answeredNotStored'
          : times > 1
            ? 'storedTwice'
            : m.deliveredAt === undefined
              ? 'notDelivered'
              : null;
  if (why) {
    l[why]++;
    l.total++;
  }
}
console.log(
  JSON.stringify({
    users: cfg.users,
    sockets: sockets.length,
    strayErrors,
    light: { ...light, lost: lost.light },
    saturation: { ...saturation, lost: lost.saturation },
  }),
);
process.exit(0);
