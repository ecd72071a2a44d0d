import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../helpers';

// GET /api/bench/ping is a route that touches nothing, for `npm run bench` (which sets BENCH=1).
// A server started without that flag, in any NODE_ENV, must not expose it.
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

const appFor = async (env: NodeJS.ProcessEnv) => {
  const t = await createTestApp({ benchRoutes: loadConfig(env).benchRoutes });
  apps.push(t);
  return t;
};

describe('the benchmark route', () => {
  it.each([
    ['development', { NODE_ENV: 'development' }],
    ['production', { NODE_ENV: 'production' }],
    ['test', { NODE_ENV: 'test', BENCH: '0' }],
  ])('is off without BENCH=1 (%s)', (_name, env) => {
    expect(loadConfig(env).benchRoutes).toBe(false);
    expect(loadConfig({ ...env, BENCH: '1' }).benchRoutes).toBe(true);
    // Counting statements costs every request an async context: only when a benchmark asks for it.
    expect(loadConfig({ ...env, BENCH: '1' }).countStatements).toBe(false);
    expect(loadConfig({ ...env, BENCH: '1', BENCH_STATEMENTS: '1' }).countStatements).toBe(true);
    expect(loadConfig({ ...env, BENCH_STATEMENTS: '1' }).countStatements).toBe(false);
  });

  it('answers 404 on a server started without it', async () => {
    const t = await appFor({ NODE_ENV: 'production' });
    const res = await t.get('/api/bench/ping');
    // The wire convention: HTTP 200, body code 404, as for any unknown API path.
    expect(res.body).toMatchObject({
      code: 404,
      msg: expect.stringContaining('/api/bench/ping'),
      data: null,
    });
  });

  it('answers the success envelope when the benchmark asks for it', async () => {
    const t = await appFor({ NODE_ENV: 'production', BENCH: '1' });
    const res = await t.get('/api/bench/ping');
    expect(res.body).toEqual({ code: 0, msg: 'Success', data: null });
  });
});
