import { request as httpRequest, type IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uploadFile } from '../helpers';

// Every answer carries the same security headers: the browser applies them to whatever it gets,
// a refused sign-in, an error page or a 404 included.
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
    "connect-src 'self' ws: wss:;object-src 'none';frame-ancestors 'self';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

/**
 * Asks the listening server (its own response class, core/security-headers.ts, which `inject`
 * does not use) and answers the header lines as sent, so a header sent twice shows.
 */
async function overTheWire(
  path: string,
  options: { method?: string; token?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; lines: [string, string][]; body: string }> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server is not listening');
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: address.port,
        path,
        method: options.method ?? 'GET',
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end(options.body);
  });
  let body = '';
  for await (const chunk of res) body += chunk;
  const lines: [string, string][] = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2)
    lines.push([String(res.rawHeaders[i]).toLowerCase(), String(res.rawHeaders[i + 1])]);
  return { status: res.statusCode ?? 0, lines, body };
}

/** Each security header exactly once, with its value. */
function expectSecuritySetOnce(lines: [string, string][]) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(
      lines.filter(([n]) => n === name),
      name,
    ).toEqual([[name, value]]);
}

describe('security headers', () => {
  it('are set, each with its value, on a good answer, and nothing reveals the framework', async () => {
    const res = await t.get('/api/sys/user/info', admin);
    expect(res.body.code).toBe(0);
    expect(securityHeadersOf(res.headers)).toEqual(SECURITY_HEADERS);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('are set on answers refused by the sign-in check (600, 601)', async () => {
    const badToken = await t.get('/api/sys/user/info', null, { token: 'not-a-token' });
    expect(badToken.body.code).toBe(601);
    expect(securityHeadersOf(badToken.headers)).toEqual(SECURITY_HEADERS);
    const noToken = await t.get('/api/sys/menu-ent/nav');
    expect(noToken.body.code).toBe(600);
    expect(securityHeadersOf(noToken.headers)).toEqual(SECURITY_HEADERS);
  });

  it('are set on a 404, on bad input (400) and on a body that is not JSON', async () => {
    const missing = await t.get('/api/no/such/thing', admin);
    expect(missing.body.code).toBe(404);
    expect(securityHeadersOf(missing.headers)).toEqual(SECURITY_HEADERS);
    const bad = await t.get('/api/permission/Users?currentPage=abc', admin);
    expect(bad.body.code).toBe(400);
    expect(securityHeadersOf(bad.headers)).toEqual(SECURITY_HEADERS);
    const notJson = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName":',
    });
    expect(notJson.body.code).toBe(400);
    expect(securityHeadersOf(notJson.headers)).toEqual(SECURITY_HEADERS);
  });

  it('are set on an unexpected error (HTTP 500)', async () => {
    await t.db.schema.alterTable('sys_enum').renameTo('sys_enum_away').execute();
    try {
      const res = await t.get('/api/common/enums', admin);
      expect(res.status).toBe(500);
      expect(securityHeadersOf(res.headers)).toEqual(SECURITY_HEADERS);
    } finally {
      await t.db.schema.alterTable('sys_enum_away').renameTo('sys_enum').execute();
    }
  });
});

describe('security headers over a real connection (the server writes the set itself)', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('are sent once each, with the request id, on a good answer, a refusal, a 404 and bad input', async () => {
    const good = await overTheWire('/api/sys/user/info', {
      token: admin,
      headers: { 'x-request-id': 'wire-1' },
    });
    expect(JSON.parse(good.body).code).toBe(0);
    expectSecuritySetOnce(good.lines);
    expect(good.lines.filter(([n]) => n === 'x-request-id')).toEqual([['x-request-id', 'wire-1']]);
    for (const [path, code] of [
      ['/api/sys/menu-ent/nav', 600],
      ['/api/no/such/thing', 404],
      ['/api/permission/Users?currentPage=abc', 400],
      // The router's own error: no hook runs for it, the response class still writes the set.
      ['/api/permission/Users/%E0%A4%A', 400],
    ] as const) {
      const answer = await overTheWire(path, { token: code === 600 ? undefined : admin });
      expect(JSON.parse(answer.body).code, path).toBe(code);
      expectSecuritySetOnce(answer.lines);
      // The id the server made, once: the one a 500's message would name.
      const ids = answer.lines.filter(([n]) => n === 'x-request-id');
      expect(ids, path).toHaveLength(1);
      expect(ids[0]?.[1], path).toMatch(/^[\w-]+-[0-9a-z]+$/);
    }
  });

  it("come from the server's own response class, which writes them into the header block", () => {
    // Node keeps the class given as http.createServer's `ServerResponse` option under this symbol.
    const classKey = Object.getOwnPropertySymbols(t.app.server).find(
      (k) => k.description === 'ServerResponse',
    );
    const serverClass = classKey ? (t.app.server as unknown as Record<symbol, unknown>)[classKey] : null;
    expect(serverClass).not.toBe(ServerResponse);
    expect(typeof serverClass === 'function' && serverClass.prototype instanceof ServerResponse).toBe(true);
  });

  it('are sent once each on an uploaded image and its download, which set their own content headers', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const up = await uploadFile(t, '/api/file/Uploader/userAvatar', admin, {
      name: 'p.png',
      content: png,
      type: 'image/png',
    });
    expect(up.body.code).toBe(0);
    for (const path of [up.body.data.url, `/api/file/Download/userAvatar/${up.body.data.name}`]) {
      const answer = await overTheWire(path, { token: admin });
      expect(answer.status, path).toBe(200);
      expectSecuritySetOnce(answer.lines);
    }
  });

  it('are sent once each on a body that is not JSON, an unexpected error (500) and a HEAD request', async () => {
    const notJson = await overTheWire('/api/sys/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"userName":',
    });
    expect(JSON.parse(notJson.body).code).toBe(400);
    expectSecuritySetOnce(notJson.lines);
    const head = await overTheWire('/api/bench/ping', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectSecuritySetOnce(head.lines);
    await t.db.schema.alterTable('sys_enum').renameTo('sys_enum_away').execute();
    try {
      const failed = await overTheWire('/api/common/enums', { token: admin });
      expect(failed.status).toBe(500);
      expectSecuritySetOnce(failed.lines);
    } finally {
      await t.db.schema.alterTable('sys_enum_away').renameTo('sys_enum').execute();
    }
  });
});
