import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { useNativeParser, NativeResponseParser, BODY_KEPT } = require('../../bench/native-parser.cjs') as {
  useNativeParser: () => void;
  NativeResponseParser: unknown;
  BODY_KEPT: number;
};
useNativeParser();
type Result = {
  requests: { total: number };
  mismatches: number;
  non2xx: number;
  errors: number;
  '2xx': number;
};
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<Result>;

const LONG_BLOCK = Array.from({ length: 14 }, (_, i) => `x-security-${i}: ${'v'.repeat(40)}\r\n`).join('');
/** Past 32 header lines Node's parser hands them over in parts (kOnHeaders). */
const MANY = 40;
const MANY_BLOCK = Array.from({ length: MANY }, (_, i) => `x-many-${i}: ${i}\r\n`).join('');
const BODY = `{"code":0,"msg":"Success","data":{"note":"${'a'.repeat(100)}","name":"供应商"}}`;
/** What autocannon is handed of each body: its opening, where the envelope's code is. */
const OPENING = BODY.slice(0, BODY_KEPT);

/** Answers each request on a connection in pieces, so header lines arrive over several reads. */
function answer(socket: Socket, path: string) {
  const body = Buffer.from(path === '/bad' ? '{"code":500,"msg":"no"}' : BODY);
  const pieces =
    path === '/many'
      ? [
          `HTTP/1.1 200 OK\r\n${MANY_BLOCK.slice(0, 300)}`,
          `${MANY_BLOCK.slice(300)}content-length: ${body.length}\r\n\r\n`,
          body,
        ]
      : path === '/chunked'
        ? [
            'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n',
            `${LONG_BLOCK}transfer-encoding: chunked\r\n\r\n`,
            `${body.subarray(0, 10).length.toString(16)}\r\n`,
            Buffer.concat([body.subarray(0, 10), Buffer.from('\r\n')]),
            `${body.subarray(10).length.toString(16)}\r\n`,
            Buffer.concat([body.subarray(10), Buffer.from('\r\n0\r\n\r\n')]),
          ]
        : [
            `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${LONG_BLOCK.slice(0, 200)}`,
            `${LONG_BLOCK.slice(200)}content-length: ${body.length}\r\n\r\n`,
            body,
          ];
  const writeNext = (i: number) => {
    if (i >= pieces.length) return;
    socket.write(pieces[i] as string | Buffer);
    setTimeout(() => writeNext(i + 1), 0);
  };
  writeNext(0);
}

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((socket) => {
    socket.setNoDelay(true);
    let pending = '';
    socket.on('data', (data) => {
      pending += data.toString('latin1');
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const path = pending.slice(0, end).split(' ')[1] ?? '/';
        pending = pending.slice(end + 4);
        answer(socket, path);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const run = (path: string, extra: Record<string, unknown> = {}) =>
  autocannon({
    url: `${base}${path}`,
    connections: 4,
    amount: 200,
    timeout: 5,
    verifyBody: (body: string) => body === OPENING,
    ...extra,
  });

describe("the bench's load generator with Node's own HTTP parser (bench/native-parser.cjs)", () => {
  it("is what autocannon's HTTP client loads as its parser", () => {
    const fromAutocannon = createRequire(require.resolve('autocannon'));
    expect(fromAutocannon('http-parser-js').HTTPParser).toBe(NativeResponseParser);
  });

  it('reads every answer, its long header block split over several reads, and its body whole', async () => {
    const result = await run('/sized');
    expect(result.requests.total).toBe(200);
    expect(result['2xx']).toBe(200);
    expect([result.mismatches, result.non2xx, result.errors]).toEqual([0, 0, 0]);
  });

  it('reads chunked answers too', async () => {
    const result = await run('/chunked');
    expect(result.requests.total).toBe(200);
    expect(result['2xx']).toBe(200);
    expect([result.mismatches, result.non2xx, result.errors]).toEqual([0, 0, 0]);
  });

  it('hands on every header line of an answer with more than 32 of them, once', async () => {
    const seen: Record<string, string>[] = [];
    const result = await run('/many', {
      amount: 50,
      requests: [
        {
          method: 'GET',
          path: '/many',
          onResponse: (_status: number, _body: string, _context: unknown, headers: Record<string, string>) =>
            seen.push(headers),
        },
      ],
    });
    expect(result['2xx']).toBe(50);
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) {
      expect(Object.keys(headers).filter((name) => name.startsWith('x-many-'))).toHaveLength(MANY);
      expect(headers['x-many-39']).toBe('39');
    }
  });

  it('counts an answer whose body is not the expected one as a mismatch', async () => {
    const result = await run('/bad');
    expect(result.mismatches).toBe(200);
  });
});
