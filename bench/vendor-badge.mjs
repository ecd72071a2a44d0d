#!/usr/bin/env node
// The badge generator of bench/vendor.mjs, a process of its own: binds one socket per given supplier
// user's session, then publishes the notice (GET check/{id}) and times, from sending it, the answer
// and the `messagePush` frame (the new unread count: the badge) on every socket.
// Prints one JSON line. Usage (by bench/vendor.mjs): node bench/vendor-badge.mjs <config.json>
import WebSocket from 'ws';
import { childConfig, cpuSeconds, sleep } from './lib.mjs';

const cfg = childConfig();
const url = `${cfg.base.replace(/^http/, 'ws')}/api/message/websocket`;
let t0 = 0;
const seenAt = [];

/** A bound socket (initMessage received); the first messagePush after the publish counts. */
function connect(token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    let ready = false;
    let seen = false;
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token })));
    ws.on('message', (data) => {
      const f = JSON.parse(String(data));
      if (!ready && f.method === 'initMessage') {
        ready = true;
        resolve(ws);
      } else if (ready && t0 && !seen && f.method === 'messagePush') {
        seen = true;
        seenAt.push(performance.now() - t0);
      }
    });
  });
}

const sockets = [];
for (let i = 0; i < cfg.tokens.length; i += 50)
  sockets.push(...(await Promise.all(cfg.tokens.slice(i, i + 50).map(connect))));
await sleep(1000);
const cpu0 = cpuSeconds(cfg.serverPid);
t0 = performance.now();
const res = await fetch(`${cfg.base}/api/base/vendorNotice/check/${cfg.noticeId}`, {
  headers: { authorization: `Bearer ${cfg.adminToken}` },
});
const body = await res.json();
const answeredMs = performance.now() - t0;
if (body.code !== 0) throw new Error(`publish of ${cfg.noticeId} refused: ${body.code} ${body.msg}`);
for (let i = 0; i < 600 && seenAt.length < sockets.length; i++) await sleep(100);
const serverCpu = cpuSeconds(cfg.serverPid) - cpu0;
for (const ws of sockets) ws.close();
console.log(
  JSON.stringify({
    sockets: sockets.length,
    seen: seenAt.length,
    answeredMs,
    firstMs: seenAt.length ? Math.min(...seenAt) : null,
    lastMs: seenAt.length ? Math.max(...seenAt) : null,
    serverCpu,
  }),
);
