import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  COMPRESS_THRESHOLD_BYTES,
  registerCompression,
  trimCompressHooks,
} from '../../src/core/static-assets';

/** A route as the compression plugin leaves it: one hook of ours before, one of its own added to each list. */
function routeWithPluginHooks() {
  const ourRequestHook = () => {};
  const ourSendHook = () => {};
  const before = { onRequest: [ourRequestHook], onSend: [ourSendHook] };
  const handed: unknown[] = [];
  const pluginRequestHook = () => {};
  const pluginSendHook = (
    _req: unknown,
    _reply: unknown,
    payload: unknown,
    done: (...a: unknown[]) => void,
  ) => {
    handed.push(payload);
    done(null, 'compressed');
  };
  const route = { onRequest: [ourRequestHook, pluginRequestHook], onSend: [ourSendHook, pluginSendHook] };
  return { route, before, handed, ourRequestHook, ourSendHook };
}

function send(route: { onSend?: unknown }, payload: unknown): unknown {
  const hooks = route.onSend as ((
    req: unknown,
    reply: unknown,
    p: unknown,
    done: (e: unknown, p?: unknown) => void,
  ) => void)[];
  let out: unknown;
  hooks.at(-1)?.({}, {}, payload, (_e, p) => {
    out = p;
  });
  return out;
}

describe("the compression plugin's hooks on a route (core/static-assets.ts)", () => {
  it("drops the plugin's per-request decorating hook and keeps ours", () => {
    const { route, before, ourRequestHook, ourSendHook } = routeWithPluginHooks();
    trimCompressHooks(route, before);
    expect(route.onRequest).toEqual([ourRequestHook]);
    expect(route.onSend[0]).toBe(ourSendHook);
    expect(route.onSend).toHaveLength(2);
  });

  it('sends an answer below the threshold as it is, without asking the plugin', () => {
    const { route, before, handed } = routeWithPluginHooks();
    trimCompressHooks(route, before);
    const small = '{"code":0,"msg":"Success","data":null}';
    expect(send(route, small)).toBe(small);
    const almost = 'a'.repeat(COMPRESS_THRESHOLD_BYTES - 1);
    expect(send(route, almost)).toBe(almost);
    expect(send(route, Buffer.alloc(10))).toEqual(Buffer.alloc(10));
    expect(handed).toEqual([]);
  });

  it('hands the plugin every answer at or above the threshold in bytes, short in characters or not', () => {
    const { route, before, handed } = routeWithPluginHooks();
    trimCompressHooks(route, before);
    // 400 characters, 1,200 bytes of UTF-8.
    const chinese = '供'.repeat(400);
    const ascii = 'a'.repeat(COMPRESS_THRESHOLD_BYTES);
    const buffer = Buffer.alloc(COMPRESS_THRESHOLD_BYTES);
    for (const payload of [chinese, ascii, buffer]) expect(send(route, payload)).toBe('compressed');
    expect(handed).toEqual([chinese, ascii, buffer]);
  });

  it('leaves a route alone when the plugin added nothing (compress: false) or not one hook of each', () => {
    const hook = () => {};
    const route = { onRequest: [hook], onSend: [hook] };
    trimCompressHooks(route, { onRequest: [hook], onSend: [hook] });
    expect(route).toEqual({ onRequest: [hook], onSend: [hook] });
    trimCompressHooks(route, undefined);
    expect(route).toEqual({ onRequest: [hook], onSend: [hook] });
  });
});

describe('on a real Fastify app with the compression plugin (registerCompression)', () => {
  it("compresses a large answer, sends a small one as it is, and gives a route none of the plugin's request hooks", async () => {
    const app = Fastify({ logger: false });
    await registerCompression(app);
    const requestHooks: Record<string, unknown[]> = {};
    app.addHook('onRoute', (route) => {
      const hooks = Array.isArray(route.onRequest)
        ? route.onRequest
        : route.onRequest
          ? [route.onRequest]
          : [];
      requestHooks[`${route.method} ${route.url}`] = hooks;
    });
    const large = JSON.stringify({ code: 0, msg: 'Success', data: '供应商'.repeat(500) });
    app.get('/large', async (_req, reply) => reply.type('application/json').send(large));
    app.get('/small', async () => ({ code: 0, msg: 'Success', data: null }));
    app.get('/own', { compress: { threshold: 10 } }, async () => ({ code: 0, msg: 'Success', data: 'x' }));
    await app.ready();
    try {
      for (const route of ['GET /large', 'HEAD /large', 'GET /small'])
        expect(requestHooks[route], route).toEqual([]);
      expect(requestHooks['GET /own']).toHaveLength(1);
      const big = await app.inject({ url: '/large', headers: { 'accept-encoding': 'br' } });
      expect(big.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(big.rawPayload).toString()).toBe(large);
      const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json().code).toBe(0);
      // A route's own threshold still counts: its hooks are the plugin's, untouched.
      const own = await app.inject({ url: '/own', headers: { 'accept-encoding': 'gzip' } });
      expect(own.headers['content-encoding']).toBe('gzip');
    } finally {
      await app.close();
    }
  });
});
