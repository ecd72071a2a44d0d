import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CacheList, OpsApi, type TenantMonitor } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, TEST_APP_CONFIG, type TestApp, tenantIdOf } from '../helpers';

/**
 * The cache screen (the tenant's entries of every cache of the process, clear one or all in every
 * process, never another tenant's) and the tenant's monitor (its sessions, jobs and storage, never
 * the host). With REDIS_URL a second app on the same database and Redis stands for a second
 * server process: a clear through one empties the other's caches.
 */
const redisUrl = process.env.REDIS_URL;
const prefix = `srmtest${process.pid}${Date.now().toString(36)}`;
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: string;
let buyer: string;
let other: string;
let tenantId: string;
let otherTenant: string;

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
  tenantId = await tenantIdOf(t.db, 'admin');
  otherTenant = (await t.seedOtherTenant('cm')).tenantId;
  other = await t.login('cmadmin', 'admin123');
}, 60_000);
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

  it('lists only the tenant’s entries: every entry is some tenant’s, and the two lists add up to the whole', async () => {
    const fill = async () => {
      for (const token of [admin, other]) {
        await t.get('/api/sys/menu-ent/nav', token);
        await t.get('/api/permission/Users?pageSize=5', token);
        await t.get('/api/sys/user/info', token);
      }
    };
    // A clear of the test before reaches this process through its bus too: fill once it is done.
    await expect
      .poll(async () => {
        await fill();
        return Math.min(
          entriesOf(await caches(admin), 'nav') ?? 0,
          entriesOf(await caches(other), 'nav') ?? 0,
        );
      })
      .toBeGreaterThan(0);
    const mine = await caches(admin);
    const theirs = await caches(other);
    const whole = await t.app.deps.cache.cacheStats();
    const entries = (list: { name: string; entries: number }[], name: string) =>
      list.find((c) => c.name === name)?.entries ?? 0;
    for (const c of whole) {
      expect(entries(mine.caches, c.name) + entries(theirs.caches, c.name), c.name).toBe(c.entries);
    }
    // The whole cache keeps nothing that is no tenant's: each key names one of the two.
    expect(t.app.deps.cache.cacheStats(tenantId).length).toBeGreaterThan(0);
    expect(t.app.deps.cache.cacheStats(otherTenant).length).toBeGreaterThan(0);
  });

  it('clearing one cache, or all, empties the tenant’s entries and leaves every other tenant’s', async () => {
    await t.get('/api/sys/menu-ent/nav', admin);
    await t.get('/api/sys/menu-ent/nav', other);
    const clearedBefore = (await caches(admin)).caches.find((c) => c.name === 'nav')?.lastClearedAt;
    expect((await clearCache('nav', other)).body.code).toBe(0);
    expect(entriesOf(await caches(other), 'nav')).toBe(0);
    expect(entriesOf(await caches(admin), 'nav')).toBeGreaterThan(0);
    await t.get('/api/sys/menu-ent/nav', other);
    expect((await t.post(OpsApi.cacheClearAll, undefined, other)).body.code).toBe(0);
    const cleared = await caches(other);
    for (const name of ['menu', 'nav']) expect(entriesOf(cleared, name)).toBe(0);
    const kept = await caches(admin);
    for (const name of ['menu', 'nav']) expect(entriesOf(kept, name)).toBeGreaterThan(0);
    expect(kept.caches.find((c) => c.name === 'nav')?.lastClearedAt).toBe(clearedBefore);
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
  it('answers the tenant’s sessions, jobs and storage, and nothing of the host', async () => {
    const res = await t.get<TenantMonitor>(OpsApi.monitor, admin);
    expect(res.body.code).toBe(0);
    const m = res.body.data;
    expect(m.sessions.active).toBeGreaterThanOrEqual(2);
    expect(m.sessions.users).toBeGreaterThanOrEqual(2);
    expect(m.sessions.signIns24h).toBeGreaterThanOrEqual(2);
    // The seeded scheduled tasks, the purge of unclaimed registration uploads among them.
    expect(m.jobs.tasks).toBe(4);
    expect(m.storage.rows).toBeGreaterThan(0);
    expect(m.storage.rowBytes).toBeGreaterThan(0);
    expect(m.storage.tables.map((x) => x.name)).toContain('sys_menu');
    // No host: no CPU, memory, disks, mounts, processes, database size or Redis.
    for (const key of ['system', 'node', 'database', 'redis', 'processes', 'history'])
      expect(m).not.toHaveProperty(key);
    expect(res.raw).not.toMatch(/cpu|mount|rss|heap|pg_database|pid|hostname/i);
  });

  it('counts only the tenant’s own: the other tenant’s sign-ins and rows are not in it', async () => {
    const mine = (await t.get<TenantMonitor>(OpsApi.monitor, admin)).body.data;
    const theirs = (await t.get<TenantMonitor>(OpsApi.monitor, other)).body.data;
    expect(theirs.sessions.users).toBe(1);
    expect(theirs.storage.rows).toBeLessThan(mine.storage.rows);
    await t.login('cmadmin', 'admin123');
    const again = (await t.get<TenantMonitor>(OpsApi.monitor, admin)).body.data;
    expect(again.sessions.signIns24h).toBe(mine.sessions.signIns24h);
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
});
