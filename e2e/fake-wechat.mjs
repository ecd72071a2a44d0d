// A stand-in for the WeChat official-account API during the browser tests: playwright.config.ts
// starts it next to the server, whose WECHAT_API_BASE points here, so no outside network is needed.
// Answers the access token and temporary QR codes like WeChat; POST /__fake/fail?count=N makes the
// next N QR code requests fail with errcode 45009 (a spec drives the dialog's error state with it);
// GET /__fake/scene?ticket=T answers the scene a ticket's QR code carries (what a phone reads when
// it scans it: a spec then posts WeChat's scan event to the server's callback).
import http from 'node:http';

const port = Number(process.env.FAKE_WECHAT_PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('fake-wechat: set FAKE_WECHAT_PORT');
  process.exit(1);
}

let tokens = 0;
let tickets = 0;
let failNext = 0;
const issued = new Set();
/** ticket → scene string of the QR codes made. */
const scenes = new Map();

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    if (path === '/health') return send(res, 200, { ok: true });
    if (path === '/__fake/scene') {
      const scene = scenes.get(url.searchParams.get('ticket'));
      return scene ? send(res, 200, { scene }) : send(res, 404, { errmsg: 'no such ticket' });
    }
    if (path === '/__fake/fail' && req.method === 'POST') {
      failNext = Number(url.searchParams.get('count') ?? 1);
      return send(res, 200, { failNext });
    }
    if (path === '/cgi-bin/token') {
      if (url.searchParams.get('grant_type') !== 'client_credential' || !url.searchParams.get('secret'))
        return send(res, 200, { errcode: 40002, errmsg: 'invalid grant_type' });
      const token = `e2e-token-${++tokens}`;
      issued.add(token);
      return send(res, 200, { access_token: token, expires_in: 7200 });
    }
    if (path === '/cgi-bin/qrcode/create' && req.method === 'POST') {
      if (!issued.has(url.searchParams.get('access_token')))
        return send(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
      const body = parse(Buffer.concat(chunks).toString('utf8'));
      const scene = body?.action_info?.scene?.scene_str;
      if (body?.action_name !== 'QR_STR_SCENE' || typeof scene !== 'string' || !scene)
        return send(res, 200, { errcode: 47001, errmsg: 'data format error' });
      if (failNext > 0) {
        failNext--;
        return send(res, 200, { errcode: 45009, errmsg: 'reach max api daily quota limit' });
      }
      tickets++;
      // Real tickets are base64: '+', '/' and '=' must be URL-encoded in the image address.
      const ticket = `gQH47joAAAAAAAAAASxodHRw+e2e/${tickets}==`;
      scenes.set(ticket, scene);
      return send(res, 200, {
        ticket,
        expire_seconds: body.expire_seconds,
        url: `http://weixin.qq.com/q/e2e${tickets}`,
      });
    }
    return send(res, 404, { errcode: 404, errmsg: 'no such api' });
  });
});

server.listen(port, '127.0.0.1', () => console.log(`fake WeChat API on http://127.0.0.1:${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
