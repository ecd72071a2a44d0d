import { PassThrough } from 'node:stream';
import { API, WechatApi } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

interface LogLine {
  level: number;
  reqId?: string;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

const lines: LogLine[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new PassThrough();
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString('utf8')).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) if (part) lines.push(JSON.parse(part));
  });
  t = await createTestApp({ logger: true, logLevel: 'debug', logStream: stream });
});
afterAll(async () => {
  await t?.close();
});

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('access log', () => {
  it('writes one line per request: method, URL, status and duration', async () => {
    const token = await t.login('admin', 'admin123');
    const res = await t.get(API.nav, token, { 'x-request-id': 'access-nav' });
    expect(res.body.code).toBe(0);
    await tick();
    const mine = linesOf('access-nav');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 20, msg: 'request', method: 'GET', url: API.nav, status: 200 });
    expect(typeof mine[0]?.ms).toBe('number');
  });

  it('never writes a session token or a WeChat signature', async () => {
    const token = await t.login('admin', 'admin123');
    await t.request({
      method: 'GET',
      url: `${API.userInfo}?lang=en&token=${token}`,
      headers: { 'x-request-id': 'access-token' },
    });
    await t.request({
      method: 'GET',
      url: `${WechatApi.callback}?signature=abc&timestamp=1&nonce=2&openid=o1`,
      headers: { 'x-request-id': 'access-wechat' },
    });
    await tick();
    const tokenLine = linesOf('access-token');
    expect(tokenLine).toHaveLength(1);
    expect(tokenLine[0]?.url).toBe(`${API.userInfo}?lang=en&token=[redacted]`);
    const wechatLine = linesOf('access-wechat');
    expect(wechatLine).toHaveLength(1);
    expect(wechatLine[0]?.url).toBe(`${WechatApi.callback}?[redacted]`);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("writes a request's own lines with its id: a refused body is logged once, as a client error", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: '{"userName":',
      headers: { 'content-type': 'application/json', 'x-request-id': 'access-bad-json' },
    });
    expect(res.body).toMatchObject({ code: 400 });
    await tick();
    const mine = linesOf('access-bad-json');
    expect(mine.map((l) => l.msg)).toEqual(['client error', 'request']);
    expect(mine[0]).toMatchObject({ level: 30 });
    expect(mine[1]).toMatchObject({ level: 20, method: 'POST', status: 200 });
  });

  it('writes nothing per request at the default info level', async () => {
    const quietLines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => quietLines.push(chunk.toString('utf8')));
    const quiet = await createTestApp({ logger: true, logLevel: 'info', logStream: stream });
    try {
      const token = await quiet.login('admin', 'admin123');
      expect((await quiet.get(API.userInfo, token)).body.code).toBe(0);
      await tick();
      expect(quietLines.join('')).toBe('');
    } finally {
      await quiet.close();
    }
  });
});
