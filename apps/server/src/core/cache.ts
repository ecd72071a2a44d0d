/**
 * In-process caches of data that changes rarely (permission sets, the tenant's menu, departments),
 * each entry tagged with the tenant's cache version it was loaded under (see migrations
 * 0002_cache_version and 0013_tenant_cache_version). The session lookup reads the current version
 * with the session itself, so
 * an entry is served only while no relevant write has committed since — no staleness window, and
 * no extra round trip. Session validity is never cached. A short TTL bounds memory held by idle
 * keys; loads in flight are shared by concurrent requests.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  version: string;
  at: number;
  ttlMs: number;
  value: Promise<T>;
}

export class VersionedCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(private readonly ttlMs = TTL_MS) {}

  /** `ttlMs` (default: the cache's) only bounds memory: the version alone decides freshness. */
  get<T>(key: string, version: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.version === version && now - hit.at < hit.ttlMs) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.prune(now);
    const value = load();
    const entry: Entry<T> = { version, at: now, ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
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
