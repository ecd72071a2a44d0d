import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Bad input found by an outside run answers 400 in the product's envelope with a translated
 * message, never a 500 nor a library's own error format.
 */

let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en-US' };
const BAD_CHARS = 'Contains characters that are not allowed (such as NUL)';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});

afterAll(async () => {
  await t?.close();
});

describe('NUL characters and unpaired surrogates', () => {
  it.each([
    '/api/permission/Users/Selector?keyword=a%00b',
    '/api/permission/Users/All?keyword=a%00b',
    '/api/permission/Users/Current/SystemLog?keyword=a%00b',
    '/api/sys/role/list?keyword=a%00b',
    '/api/system/Log/error?keyword=a%00b',
    '/api/permission/OnlineUser?keyword=a%00b',
  ])('a NUL in the query of %s is a field error', async (url) => {
    const res = await t.get<{ fields: Record<string, string> }>(url, admin, en);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.keyword).toBe(BAD_CHARS);
  });

  it.each(['/api/sys/login', '/api/oauth/Login'])('an anonymous sign-in with a NUL (%s)', async (url) => {
    const res = await t.post<{ fields: Record<string, string> }>(
      url,
      { userName: 'ad\u0000min', passWord: 'admin123' },
      null,
      en,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.userName).toBe(BAD_CHARS);
  });

  it('an unpaired surrogate in a body field, in the caller’s language', async () => {
    const res = await t.request<{ fields: Record<string, string> }>({
      method: 'PUT',
      url: '/api/permission/Users/Current/BaseInfo',
      headers: { token: admin, 'content-type': 'application/json' },
      // JSON can carry a lone surrogate as an escape; it has no UTF-8 form.
      payload: '{"realName":"a\\ud800b"}',
    });
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.realName).toBe('包含不允许的字符（如空字符）');
  });

  it('a NUL in a path parameter', async () => {
    const res = await t.get(`/api/permission/Users/${encodeURIComponent('1\u0000')}`, admin, en);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(400);
  });
});

describe('ids beyond bigint', () => {
  it('senderId on the mail centre is bad input, not a 500', async () => {
    const res = await t.get<{ fields: Record<string, string> }>(
      '/api/base/mail/oneTolist?senderId=9223372036854775808',
      admin,
      en,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(400);
    expect(res.body.data.fields.senderId).toBe('Invalid value');
    const ok = await t.get('/api/base/mail/oneTolist?senderId=9223372036854775807', admin, en);
    expect(ok.body.code).toBe(0);
  });
});

describe('truncated multipart bodies', () => {
  const boundary = '----srmtruncated';
  const truncated = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
  );
  it.each(['/api/permission/Users/Actions/Import', '/api/file/Uploader/userAvatar'])(
    '%s answers 400 in the envelope',
    async (url) => {
      const res = await t.request({
        method: 'POST',
        url,
        payload: truncated,
        headers: { token: admin, ...en, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 400, msg: 'The upload is incomplete or malformed' });
    },
  );
});

describe('the framework’s own errors leave as the envelope', () => {
  it('a path parameter over the length limit', async () => {
    const res = await t.get(`/api/permission/Users/${'1'.repeat(600)}`, admin, en);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'The request address is malformed or too long' });
    expect(res.raw).not.toMatch(/FST_|fastify/i);
  });

  it('a malformed percent-encoding in a path parameter, in Chinese by default', async () => {
    const res = await t.get('/api/permission/Users/%E0%A4%A', admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: '请求地址格式不正确或过长' });
  });

  it('a body that is not JSON', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: '{"userName":',
      headers: { 'content-type': 'application/json', ...en },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
  });

  it('an unsupported media type', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: 'userName=admin',
      headers: { 'content-type': 'text/csv', ...en },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'This type of request content is not supported' });
    expect(res.raw).not.toMatch(/FST_|fastify/i);
  });

  it('a file sent to a route that takes none is an unsupported media type; an upload route still reads it', async () => {
    const boundary = 'x-boundary';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'not an image',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, ...en };
    const refused = await t.request({ method: 'POST', url: '/api/sys/login', payload: multipart, headers });
    expect(refused.body).toMatchObject({ code: 400, msg: 'This type of request content is not supported' });
    const upload = await t.request({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      payload: multipart,
      headers: { ...headers, token: admin },
    });
    // Read as a file: refused for its content, not for its media type.
    expect(upload.body.code).toBe(400);
    expect(upload.body.msg).not.toBe('This type of request content is not supported');
  });

  it('a compressed body is not unpacked: not valid JSON', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: gzipSync(JSON.stringify({ userName: 'admin', passWord: 'admin123' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', ...en },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'The request body is not valid JSON' });
  });

  it('a body over the size limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: JSON.stringify({ userName: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json', ...en },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'The request is too large' });
  });
});
