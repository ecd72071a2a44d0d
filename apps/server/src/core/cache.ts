/**
 * In-process caches of data that changes rarely (permission sets, the tenant's menu, departments,
 * user-list totals), each entry tagged with the tenant's cache versions it was loaded under
 * (migration 0013_tenant_cache_version). The session lookup reads the current versions with the
 * session itself, so an entry is served only while no relevant write has committed since — no
 * staleness window, and no extra round trip. Session validity is never cached. A short TTL bounds
 * memory held by idle keys.
 *
 * Loads are single-flight: concurrent requests for a key share one load, and a request whose
 * session read an older version than an entry (loaded, or still loading) takes that entry — it was
 * loaded after everything that request must see had committed. So under a stream of writes, the
 * requests between two writes share one query instead of each running their own.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  version: string;
  at: number;
  ttlMs: number;
  value: Promise<T>;
}

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

export class VersionedCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(private readonly ttlMs = TTL_MS) {}

  /** `ttlMs` (default: the cache's) only bounds memory: the version alone decides freshness. */
  get<T>(key: string, version: string, load: () => Promise<T>, ttlMs = this.ttlMs): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && covers(hit.version, version) && now - hit.at < hit.ttlMs) return hit.value;
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
