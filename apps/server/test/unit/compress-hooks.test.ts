import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, trimCompressHooks } from '../../src/core/static-assets';

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
