// The zod-free part of ops-schemas.ts (shared by the web without zod).

/** Cache and server monitor (system menu group). */
export const OpsPerm = {
  cache: 'system.cache',
  cacheClear: 'system.cache.clear',
  monitor: 'system.monitor',
} as const;

export const OpsApi = {
  /** GET the caches of the answering process (and Redis); DELETE `${cache}/{name}` clears one everywhere. */
  cache: '/api/system/CacheManage',
  /** POST clears every cache in every process (and the Redis keys under the prefix). */
  cacheClearAll: '/api/system/CacheManage/Actions/ClearAll',
  /** GET one sample of the machine, the process, the database, Redis and the processes, with the recent history. */
  monitor: '/api/system/Monitor',
} as const;

export const FileApi = {
  /** GET `${download}/{type}/{id}`: an attachment, to users who may see the record it belongs to. */
  download: '/api/file/Download',
  /**
   * GET `${tempDownload}/{token}`: a one-time export link (no session: the token is the key); bare
   * GET (signed in, `?fileName=`): the caller's own latest export not yet downloaded, taken as the link would be.
   */
  tempDownload: '/api/common/temp-download',
} as const;

/** A one-time export link lives this long. */
export const TEMP_DOWNLOAD_TTL_MS = 5 * 60_000;

/** The Redis keys under the prefix, listed with the in-process caches. */
export const REDIS_CACHE_NAME = 'redis';
/** The monitor keeps this many samples (at most one every 2 s: about the last ten minutes). */
export const MONITOR_HISTORY_MAX = 300;
