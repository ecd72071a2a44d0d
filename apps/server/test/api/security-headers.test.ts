import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

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
