import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CacheList, type MonitorInfo, OpsApi } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, TEST_APP_CONFIG, type TestApp } from '../helpers';

/**
 * The cache screen (every cache of the process, clear one or all in every process) and the server
 * monitor. With REDIS_URL a second app on the same database and Redis stands for a second server
 * process: a clear through one empties the other's caches, and both are listed as processes.
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `srmtest${process.pid}${Date.now().toString(36)}`;
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: string;
let buyer: string;

const caches = async (token = admin) => {
  const res = await t.get<CacheList>(OpsApi.cache, token);
  expect(res.body.code).toBe(0);
  return res.body.data;
};
/** DELETE of one cache (in English), as `token`. */
const clearCache = (name: string, token = admin) =>
  t.request({
    method: 'DELETE',
    url: `${OpsApi.cache}/${name}`,
    headers: { authorization: `Bearer ${token}`, ...en },
  });
const entriesOf = (list: CacheList, name: string) => list.caches.find((c) => c.name === name)?.entries;

beforeAll(async () => {
  t = await createTestApp(redisUrl ? { redisUrl, redisPrefix: prefix } : {});
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
});
afterAll(async () => {
  await t?.close();
});

describe('cache', () => {
  it('lists the permission sets, menus, nav and settings the requests filled, with sizes and hit rates', async () => {
    for (let i = 0; i < 3; i++) await t.get('/api/sys/menu-ent/nav', admin);
    const list = await caches();
    const names = list.caches.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['perms', 'menu', 'nav', 'settings']));
    const perms = list.caches.find((c) => c.name === 'perms');
    expect(perms?.entries).toBeGreaterThan(0);
    expect(perms?.bytes).toBeGreaterThan(0);
    expect(perms?.hits).toBeGreaterThan(0);
    expect(perms?.hitRate).toBeGreaterThan(0);
    expect(perms?.hitRate).toBeLessThanOrEqual(1);
    expect(perms?.shared).toBe(false);
    if (redisUrl) expect(list.caches.find((c) => c.shared)?.name).toBe('redis');
  });

  it('counts one permission-set hit per nav request, whether the nav answer was kept or not', async () => {
    const permsHits = async () => (await caches()).caches.find((c) => c.name === 'perms')?.hits ?? 0;
    // Each listing counts its own permission check: the difference between two listings is that
    // one plus what the nav request between them counted.
    const hitsOfNav = async () => {
      const before = await permsHits();
      expect((await t.get('/api/sys/menu-ent/nav', admin)).body.code).toBe(0);
      return (await permsHits()) - before;
    };
    await t.get('/api/sys/menu-ent/nav', admin);
    const kept = await hitsOfNav();
    expect((await clearCache('nav', admin)).body.code).toBe(0);
    const built = await hitsOfNav();
    expect(built).toBe(kept);
    expect(await hitsOfNav()).toBe(kept);
  });

  it('clears one cache: its entries drop to 0 and the time is noted; the others keep theirs', async () => {
    await t.get('/api/sys/menu-ent/nav', admin);
    const before = await caches();
    expect(entriesOf(before, 'nav')).toBeGreaterThan(0);
    const res = await clearCache('nav');
    expect(res.body).toMatchObject({ code: 0, msg: 'Cache cleared' });
    const after = await caches();
    expect(entriesOf(after, 'nav')).toBe(0);
    expect(after.caches.find((c) => c.name === 'nav')?.lastClearedAt).toBeGreaterThan(0);
    // The listing itself needed the caller's permission set, so that one is back.
    expect(entriesOf(after, 'perms')).toBeGreaterThan(0);
    // The menu still answers (loaded again).
    expect((await t.get('/api/sys/menu-ent/nav', admin)).body.code).toBe(0);
  });

  it('clears all of them', async () => {
    await t.get('/api/sys/menu-ent/nav', admin);
    expect((await t.post(OpsApi.cacheClearAll, undefined, admin)).body.code).toBe(0);
    const list = await caches();
    for (const name of ['menu', 'nav']) expect(entriesOf(list, name)).toBe(0);
    // Every request reads the session settings, the listing's own included: cleared, then refilled.
    for (const c of list.caches.filter((c) => !c.shared)) expect(c.lastClearedAt).toBeGreaterThan(0);
  });

  it('an unknown name is 404; a malformed one 400 with a translated field message', async () => {
    const unknown = await t.request({
      method: 'DELETE',
      url: `${OpsApi.cache}/nosuchcache`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(unknown.body.code).toBe(404);
    const bad = await t.request<{ fields?: Record<string, string> }>({
      method: 'DELETE',
      url: `${OpsApi.cache}/${encodeURIComponent('a b\u0000')}`,
      headers: { authorization: `Bearer ${admin}`, ...en },
    });
    expect(bad.body.code).toBe(400);
    expect(Object.keys(bad.body.data?.fields ?? {})).toEqual(['name']);
  });

  it('a user without the permission gets 403 and clears nothing', async () => {
    await t.get('/api/sys/menu-ent/nav', buyer);
    expect((await t.get(OpsApi.cache, buyer)).body.code).toBe(403);
    const nav = entriesOf(await caches(), 'nav');
    expect((await clearCache('nav', buyer)).body.code).toBe(403);
    expect((await t.post(OpsApi.cacheClearAll, undefined, buyer)).body.code).toBe(403);
    expect(entriesOf(await caches(), 'nav')).toBe(nav);
  });
});

describe('monitor', () => {
  it('answers the machine, the process, the database and the processes, with a history', async () => {
    const res = await t.get<MonitorInfo>(OpsApi.monitor, admin);
    expect(res.body.code).toBe(0);
    const m = res.body.data;
    expect(m.system.cores).toBeGreaterThan(0);
    expect(m.system.memTotal).toBeGreaterThan(m.system.memUsed);
    expect(m.system.load).toHaveLength(3);
    expect(m.node.version).toBe(process.version);
    expect(m.node.heapUsed).toBeGreaterThan(0);
    expect(m.database.kind).toBe(t.app.dbKind);
    expect(m.database.sizeBytes).toBeGreaterThan(0);
    expect(m.processes.filter((p) => p.current)).toHaveLength(1);
    expect(m.history.length).toBeGreaterThan(0);
    if (redisUrl) expect(m.redis?.clients).toBeGreaterThan(0);
    else expect(m.redis).toBeNull();
  });

  it('refuses a user without the permission', async () => {
    expect((await t.get(OpsApi.monitor, buyer)).body.code).toBe(403);
    expect((await t.get(OpsApi.monitor)).body.code).toBe(600);
  });
});

describe.runIf(redisUrl)('two server processes on one Redis', () => {
  let twin: FastifyInstance;
  let twinDir: string;

  beforeAll(async () => {
    twinDir = await mkdtemp(path.join(os.tmpdir(), 'srm-cache-twin-'));
    twin = await buildApp({
      dataDir: twinDir,
      ...TEST_APP_CONFIG,
      redisUrl,
      redisPrefix: prefix,
      db: { ...t.handle, close: async () => {} },
    });
    await twin.ready();
  });
  afterAll(async () => {
    await twin?.close();
    if (twinDir) await rm(twinDir, { recursive: true, force: true });
  });

  const twinGet = async <T>(url: string) => {
    const res = await twin.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    return JSON.parse(res.body) as { code: number; data: T };
  };

  it('a clear through one process empties the cache of the other', async () => {
    await twinGet('/api/sys/menu-ent/nav');
    const before = (await twinGet<CacheList>(OpsApi.cache)).data;
    expect(entriesOf(before, 'nav')).toBeGreaterThan(0);
    expect(before.processId).not.toBe((await caches()).processId);
    expect((await clearCache('nav', admin)).body.code).toBe(0);
    // Delivered through Redis: wait for it, without a fixed delay.
    await expect
      .poll(async () => entriesOf((await twinGet<CacheList>(OpsApi.cache)).data, 'nav'), { timeout: 5000 })
      .toBe(0);
  });

  it('the monitor lists both processes', async () => {
    const m = (await twinGet<MonitorInfo>(OpsApi.monitor)).data;
    expect(m.processes.length).toBeGreaterThanOrEqual(2);
    expect(m.processes.filter((p) => p.current)).toHaveLength(1);
  });
});
