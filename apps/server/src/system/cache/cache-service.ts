import { type CacheInfo, type CacheList, REDIS_CACHE_NAME } from '@srm/contracts';
import type { Redis } from 'ioredis';
import {
  ALL_CACHES as ALL,
  CacheCounters,
  type CacheSource,
  type CacheStats,
  CACHE_CLEAR_TOPIC as CLEAR_TOPIC,
  isCacheSource,
} from '../../core/cache-source';
import type { Cluster } from '../../core/cluster';
import { notFound } from '../../core/errors';

/** Keys counted (and sized by sampling) per listing, so a large Redis cannot stall the screen. */
const REDIS_SCAN_MAX = 20_000;
const REDIS_SIZE_SAMPLE = 100;

/**
 * The Redis keys under REDIS_PREFIX seen as one cache: presence sets and whatever else the
 * processes share. Hits and misses are Redis's own (the whole server's keyspace counters).
 * Clearing deletes the keys; each process rebuilds its presence entries on its next refresh.
 */
export class RedisKeys implements CacheSource {
  readonly counters = new CacheCounters();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The keys under the prefix; of one tenant, those whose last segment is its id (`online:{tenantId}`). */
  private async keys(tenantId?: string): Promise<string[]> {
    const out: string[] = [];
    const match = tenantId === undefined ? `${this.prefix}:*` : `${this.prefix}:*:${tenantId}`;
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      cursor = next;
      out.push(...batch);
    } while (cursor !== '0' && out.length < REDIS_SCAN_MAX);
    return out;
  }

  /** A tenant sees his keys only; hits and misses are the whole server's, so his are not known (0). */
  async cacheStats(tenantId?: string): Promise<CacheStats[]> {
    const [keys, info] = await Promise.all([
      this.keys(tenantId),
      tenantId === undefined ? this.redis.info('stats') : Promise.resolve(''),
    ]);
    const sample = keys.slice(0, REDIS_SIZE_SAMPLE);
    const sizes = await Promise.all(
      sample.map((key) => this.redis.call('MEMORY', 'USAGE', key).then(Number, () => 0)),
    );
    const sampled = sizes.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
    const stat = (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);
    return [
      {
        name: REDIS_CACHE_NAME,
        entries: keys.length,
        bytes: sample.length ? Math.round((sampled / sample.length) * keys.length) : 0,
        hits: stat('keyspace_hits'),
        misses: stat('keyspace_misses'),
        lastClearedAt: this.counters.lastClearedAt,
      },
    ];
  }

  /** Only notes the time: the keys are shared, so the process that was asked deletes them once. */
  clearCache(name: string): void {
    if (name === REDIS_CACHE_NAME) this.counters.cleared();
  }

  async deleteKeys(tenantId?: string): Promise<void> {
    const keys = await this.keys(tenantId);
    for (let i = 0; i < keys.length; i += 500) await this.redis.unlink(...keys.slice(i, i + 500));
  }
}

/**
 * Lists and clears the server's caches. The sources are every dependency of the app that is a
 * `CacheSource` (the versioned cache of permissions, menus, nav, org and user-list totals; the
 * settings) plus any added with `add`, and with Redis the keys under its prefix. A clear is
 * broadcast to every process, which clears its own copy; the asking process clears at once too,
 * so its answer already shows the empty cache.
 */
export class CacheAdmin {
  private readonly extra: CacheSource[] = [];
  private readonly redisKeys: RedisKeys | null;

  constructor(
    private readonly deps: object,
    private readonly cluster: Cluster,
  ) {
    this.redisKeys = cluster.redis ? new RedisKeys(cluster.redis, cluster.prefix) : null;
    cluster.subscribe(CLEAR_TOPIC, (data) => {
      const { name, tenantId } = (data ?? {}) as { name?: unknown; tenantId?: unknown };
      if (typeof name === 'string')
        void this.clearHere(name, typeof tenantId === 'string' ? tenantId : undefined);
    });
  }

  add(source: CacheSource): void {
    this.extra.push(source);
  }

  private sources(): CacheSource[] {
    const found = Object.values(this.deps).filter(isCacheSource);
    return [...found, ...this.extra, ...(this.redisKeys ? [this.redisKeys] : [])];
  }

  private async stats(tenantId?: string): Promise<{ source: CacheSource; stats: CacheStats }[]> {
    const lists = await Promise.all(
      this.sources().map(async (source) =>
        (await source.cacheStats(tenantId)).map((stats) => ({ source, stats })),
      ),
    );
    return lists.flat();
  }

  /** Every cache of the process (the platform operator's view), or only one tenant's entries of each. */
  async list(tenantId?: string): Promise<CacheList> {
    const caches: CacheInfo[] = (await this.stats(tenantId))
      .map(({ source, stats: s }) => ({
        ...s,
        hitRate: s.hits + s.misses > 0 ? s.hits / (s.hits + s.misses) : null,
        shared: source === this.redisKeys,
      }))
      .sort((a, b) => Number(a.shared) - Number(b.shared) || a.name.localeCompare(b.name));
    return { processId: this.cluster.processId, caches };
  }

  /**
   * Clears one cache (404 for a name no source holds) or, with no name, all of them, in every
   * process; with a tenant, only that tenant's entries (every other tenant's stay).
   */
  async clear(name?: string, tenantId?: string): Promise<void> {
    if (name !== undefined) {
      const known = (await this.stats(tenantId)).some(({ stats }) => stats.name === name);
      if (!known) throw notFound();
    }
    const target = name ?? ALL;
    if (this.redisKeys && (target === ALL || target === REDIS_CACHE_NAME))
      await this.redisKeys.deleteKeys(tenantId);
    await this.clearHere(target, tenantId);
    await this.cluster.broadcast(
      CLEAR_TOPIC,
      tenantId === undefined ? { name: target } : { name: target, tenantId },
    );
  }

  private async clearHere(name: string, tenantId?: string): Promise<void> {
    const sources = this.sources();
    if (name !== ALL) {
      await Promise.all(sources.map((source) => source.clearCache(name, tenantId)));
      return;
    }
    for (const source of sources) {
      for (const stats of await source.cacheStats(tenantId)) await source.clearCache(stats.name, tenantId);
    }
  }
}
