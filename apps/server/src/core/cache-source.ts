/**
 * What a cache tells the cache screen, and how it is cleared. A cache kept anywhere in the server
 * implements `CacheSource`; the cache screen lists every source it finds among the app's
 * dependencies and those added to its registry, so a new cache is listed by existing.
 */
export interface CacheStats {
  /** A stable name (the screen translates known names and shows the others as they are). */
  name: string;
  entries: number;
  /** Approximate bytes of the values held (see `approxBytes`). */
  bytes: number;
  hits: number;
  misses: number;
  /** Epoch ms of the last clear in this process, null if never cleared since start. */
  lastClearedAt: number | null;
}

/**
 * `tenantId`: only that tenant's entries and counters (a tenant administrator's cache screen);
 * absent, the whole cache (the platform operator's). A source that holds nothing of tenants lists
 * nothing for one.
 */
export interface CacheSource {
  cacheStats(tenantId?: string): CacheStats[] | Promise<CacheStats[]>;
  /** Empties the named cache of this source (a name it does not hold is ignored). */
  clearCache(name: string, tenantId?: string): void | Promise<void>;
}

/** A key's tenant: cache keys are `family:tenantId:…` (a test keeps every key so). */
export function tenantOfKey(key: string): string {
  const start = key.indexOf(':') + 1;
  if (start === 0) return '';
  const end = key.indexOf(':', start);
  return end < 0 ? key.slice(start) : key.slice(start, end);
}

/** The bus topic of a clear: `{ name }`, `*` for all. Holders of shared state listen to rebuild it. */
export const CACHE_CLEAR_TOPIC = 'cache.clear';
export const ALL_CACHES = '*';

export function isCacheSource(value: unknown): value is CacheSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CacheSource).cacheStats === 'function' &&
    typeof (value as CacheSource).clearCache === 'function'
  );
}

/** Hit and miss counters and the last clear of one named cache. */
export class CacheCounters {
  hits = 0;
  misses = 0;
  lastClearedAt: number | null = null;

  cleared(now = Date.now()): void {
    this.lastClearedAt = now;
  }
}

/**
 * Approximate memory of a value as V8 holds it: strings two bytes a character, numbers eight,
 * containers a small header plus their members. Bounded in depth and members visited, so an
 * estimate of a large cache stays cheap; shared members are counted once.
 */
export function approxBytes(value: unknown, budget = { left: 200_000 }, seen = new Set<object>()): number {
  if (budget.left-- <= 0) return 0;
  switch (typeof value) {
    case 'string':
      return 16 + value.length * 2;
    case 'number':
    case 'bigint':
      return 8;
    case 'boolean':
      return 4;
    case 'object': {
      if (value === null) return 0;
      if (seen.has(value)) return 0;
      seen.add(value);
      if (value instanceof Date) return 24;
      if (Buffer.isBuffer(value)) return value.length + 24;
      let total = 32;
      const items: Iterable<unknown> =
        value instanceof Map
          ? [...value].flat()
          : value instanceof Set || Array.isArray(value)
            ? (value as Iterable<unknown>)
            : Object.entries(value).flat();
      for (const item of items) {
        total += 8 + approxBytes(item, budget, seen);
        if (budget.left <= 0) break;
      }
      return total;
    }
    default:
      return 0;
  }
}
