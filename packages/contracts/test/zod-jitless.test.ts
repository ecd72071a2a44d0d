import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBodySchema } from '../src/index';

describe('zod under the Content-Security-Policy', () => {
  it('parses without generating code (jitless), so no eval probe runs', () => {
    expect(z.config().jitless).toBe(true);
    const original = globalThis.Function;
    let generated = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        generated++;
        return Reflect.construct(target, args);
      },
      apply(target, thisArg, args) {
        generated++;
        return Reflect.apply(target, thisArg, args);
      },
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number(), c: z.object({ d: z.boolean() }) });
      for (let i = 0; i < 5; i++) schema.parse({ a: 'x', b: 1, c: { d: true } });
      expect(generated).toBe(0);
    } finally {
      globalThis.Function = original;
    }
    expect(loginBodySchema).toBeDefined();
  });
});
