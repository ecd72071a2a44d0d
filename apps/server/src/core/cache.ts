/**
 * In-process caches of data that changes rarely (permission sets, the tenant's menu, departments,
 * user-list totals), each entry tagged with the tenant's cache versions it was loaded under
 * (migration 0013_tenant_cache_version). The session lookup reads the current versions with the
 * session itself, so an entry is served only while no relevant write has committed since, with no
 * extra round trip. The session row is kept in process until a write here or another writer's
 * change notice moves the data generation (auth/session.ts, db/data-changes.ts): a write through
 * another process shows here once its notice arrives. A short TTL bounds memory held by idle keys.
 *
 * Loads are single-flight: concurrent requests for a key share one load, and a request whose
 * session read an older version than an entry (loaded, or still loading) takes that entry — it was
 * loaded after everything that request must see had committed. So under a stream of writes, the
 * requests between two writes share one query instead of each running their own.
 */
import { approxBytes, CacheCounters, type CacheSource, type CacheStats, tenantOfKey } from './cache-source';

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  version: string;
  at: number;
  ttlMs: number;
  /** Its family's counters (found once, not per hit). */
  counters: CacheCounters;
  value: Promise<T>;
  /** The loaded value, once the load has finished (the cache screen sizes it). */
  loaded?: T;
}

/** A key's family: the text before its first colon (`perms`, `menu`, `nav`, `userCount` …). */
const familyOf = (key: string) => key.slice(0, Math.max(0, key.indexOf(':'))) || key;

/**
 * True when `have` is at least `want`: the counters only grow, so an entry loaded under a newer
 * version ("12.7") serves a request that read an older one ("12.5"). Other tags must match exactly.
 */
export function covers(have: string, want: string): boolean {
  if (have === want) return true;
  const a = have.split('.');
  const b = want.split('.');
  if (a.length !== b.length) return false;
  return a.every((x, i) => {
    const y = b[i] ?? '';
    return /^\d+$/.test(x) && /^\d+$/.test(y) && BigInt(x) >= BigInt(y);
  });
}

/**
 * A cache key worked out once per object it is made of (a session's frozen AuthInfo, a
 * permission set): the same string each time, whose hash the engine keeps, instead of a new
 * string to build and hash on every request. `with` only helps to spell it the first time, so
 * what it brings must follow from the object (the tenant of a user's permission set).
 */
export function keyPerObject<K extends object>(make: (of: K) => string): (of: K) => string;
export function keyPerObject<K extends object, W>(
  make: (of: K, with_: W) => string,
): (of: K, with_: W) => string;
export function keyPerObject<K extends object, W>(make: (of: K, with_?: W) => string) {
  const made = new WeakMap<K, string>();
  return (of: K, with_?: W) => {
    let key = made.get(of);
    if (key === undefined) {
      key = make(of, with_);
      made.set(of, key);
    }
    return key;
  };
}

export class VersionedCache implements CacheSource {
  private readonly entries = new Map<string, Entry<unknown>>();
  /**
   * Per key family and tenant (`family:tenant`), so the cache screen shows each kind of entry as a
   * cache of its own, to a tenant only his own figures.
   */
  private readonly counters = new Map<string, { family: string; tenant: string; counters: CacheCounters }>();

  constructor(private readonly ttlMs = TTL_MS) {}

  /** `ttlMs` (default: the cache's) only bounds memory: the version alone decides freshness. */
  get<T>(key: string, version: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && covers(hit.version, version) && now - hit.at < hit.ttlMs) {
      hit.counters.hits++;
      return hit.value;
    }
    const counters = this.countersOf(key);
    counters.misses++;
    if (this.entries.size >= MAX_ENTRIES) this.prune(now);
    const value = load();
    const entry: Entry<T> = { version, at: now, ttlMs, counters, value };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        entry.loaded = loaded;
      },
      () => undefined,
    );
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /**
   * The loaded value of `get` when it would answer from the cache with a value already loaded,
   * without a promise (a hook that runs on every request); else undefined, and `get` decides.
   */
  peek<T>(key: string, version: string, countHit = true): T | undefined {
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit?.loaded === undefined || !covers(hit.version, version) || Date.now() - hit.at >= hit.ttlMs)
      return undefined;
    if (countHit) hit.counters.hits++;
    return hit.loaded;
  }

  /** Counts a hit on `key`'s entry that a `peek(…, false)` read but left uncounted. */
  countHit(key: string): void {
    const hit = this.entries.get(key);
    if (hit) hit.counters.hits++;
  }

  clear(): void {
    this.entries.clear();
    for (const { counters } of this.counters.values()) counters.cleared();
  }

  /** Each family's figures: of one tenant, or (no tenant) of all of them together. */
  cacheStats(tenantId?: string): CacheStats[] {
    const out = new Map<string, CacheStats>();
    for (const { family, tenant, counters: c } of this.counters.values()) {
      if (tenantId !== undefined && tenant !== tenantId) continue;
      const stats = out.get(family);
      if (!stats) {
        out.set(family, {
          name: family,
          entries: 0,
          bytes: 0,
          hits: c.hits,
          misses: c.misses,
          lastClearedAt: c.lastClearedAt,
        });
        continue;
      }
      stats.hits += c.hits;
      stats.misses += c.misses;
      if (c.lastClearedAt !== null && (stats.lastClearedAt ?? 0) < c.lastClearedAt)
        stats.lastClearedAt = c.lastClearedAt;
    }
    // Every entry held counts, expired or not: it is memory until a load replaces it or a
    // prune drops it, and a clear frees it.
    const budget = { left: 500_000 };
    for (const [key, entry] of this.entries) {
      if (tenantId !== undefined && tenantOfKey(key) !== tenantId) continue;
      const stats = out.get(familyOf(key));
      if (!stats) continue;
      stats.entries++;
      stats.bytes += approxBytes(key) + approxBytes(entry.loaded, budget);
    }
    return [...out.values()];
  }

  /**
   * Empties one family (`perms`, `menu` …), of one tenant or of all; the next request of each key
   * loads it again.
   */
  clearCache(name: string, tenantId?: string): void {
    for (const key of this.entries.keys()) {
      if (familyOf(key) === name && (tenantId === undefined || tenantOfKey(key) === tenantId))
        this.entries.delete(key);
    }
    for (const { family, tenant, counters } of this.counters.values()) {
      if (family === name && (tenantId === undefined || tenant === tenantId)) counters.cleared();
    }
  }

  private countersOf(key: string): CacheCounters {
    const family = familyOf(key);
    const tenant = tenantOfKey(key);
    const id = `${family}:${tenant}`;
    let found = this.counters.get(id);
    if (!found) {
      found = { family, tenant, counters: new CacheCounters() };
      this.counters.set(id, found);
    }
    return found.counters;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.at >= entry.ttlMs) this.entries.delete(key);
    }
    // Still full (many live keys, e.g. user-list totals of many keywords): drop the oldest tenth
    // rather than everything, so permission sets and menus in use stay cached.
    let excess = this.entries.size - Math.floor(MAX_ENTRIES * 0.9);
    for (const key of this.entries.keys()) {
      if (excess-- <= 0) break;
      this.entries.delete(key);
    }
  }
}
