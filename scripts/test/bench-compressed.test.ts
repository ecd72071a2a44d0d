import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The bench's rows of compressed answers (user/info and nav as the browser asks for them): the
// answer is recorded as the bytes that went out, and each answer of the row is checked against it.
const require = createRequire(import.meta.url);
const { BODY_KEPT } = require('../../bench/native-parser.cjs') as { BODY_KEPT: number };
const { recordAnswer, runChild, BROWSER_ACCEPT_ENCODING } = (await import('../../bench/lib.mjs')) as {
  recordAnswer: (
    base: string,
    route: string,
    headers?: Record<string, string>,
  ) => Promise<{
    headers: Record<string, string>;
    body: string;
    encoding: string | null;
    plainBytes: number;
  }>;
  runChild: (
    script: string,
    config: Record<string, unknown>,
  ) => Promise<{ requests: number; errors: number }>;
  BROWSER_ACCEPT_ENCODING: string;
};

const PLAIN = Buffer.from(`{"code":0,"msg":"Success","data":{"menu":"${'菜单'.repeat(600)}"}}`);
const BR = brotliCompressSync(PLAIN);
const OTHER_BR = brotliCompressSync(
  Buffer.from(`{"code":0,"msg":"Success","data":{"menu":"${'x'.repeat(900)}"}}`),
);

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const br = String(req.headers['accept-encoding'] ?? '').includes('br');
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('x-frame-options', 'SAMEORIGIN');
    if (req.url === '/refused') {
      res.statusCode = 200;
      return res.end('{"code":401,"msg":"no"}');
    }
    if (!br) return res.end(PLAIN);
    res.setHeader('content-encoding', 'br');
    res.end(req.url === '/other' ? OTHER_BR : BR);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('bench: compressed answers', () => {
  it('records the bytes that went out, with their plain size, and plain when not asked', async () => {
    const br = await recordAnswer(base, '/nav', { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    expect(br.encoding).toBe('br');
    expect(Buffer.from(br.body, 'base64').equals(BR)).toBe(true);
    expect(br.plainBytes).toBe(PLAIN.length);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-frame-options']).toBe('SAMEORIGIN');
    const plain = await recordAnswer(base, '/nav');
    expect(plain.encoding).toBeNull();
    expect(Buffer.from(plain.body, 'base64').equals(PLAIN)).toBe(true);
    await expect(recordAnswer(base, '/refused')).rejects.toThrow(/refused/);
  });

  it('counts every answer whose opening differs from the recorded one as an error', async () => {
    const expected = BR.subarray(0, BODY_KEPT).toString();
    const drive = (path: string) =>
      runChild('bench/load.mjs', {
        base,
        serverPid: process.pid,
        path,
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        expect: expected,
        duration: 1,
        warmup: 0,
        connections: 2,
        db: null,
      });
    const same = await drive('/nav');
    expect(same.requests).toBeGreaterThan(0);
    expect(same.errors).toBe(0);
    const other = await drive('/other');
    expect(other.requests).toBeGreaterThan(0);
    expect(other.errors).toBe(other.requests);
  });
});
