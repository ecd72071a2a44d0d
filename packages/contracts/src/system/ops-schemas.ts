import { z } from 'zod';
import { taskRunSchema } from './task';

export * from './ops-schemas.core';

export const cacheNameParamSchema = z.object({
  name: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/),
});

export const cacheInfoSchema = z.object({
  name: z.string(),
  entries: z.number(),
  /** Approximate bytes held. */
  bytes: z.number(),
  hits: z.number(),
  misses: z.number(),
  /** hits / (hits + misses), null before the first lookup. */
  hitRate: z.number().nullable(),
  lastClearedAt: z.number().nullable(),
  /** Held in Redis (shared by every process) rather than in this process. */
  shared: z.boolean(),
});
export type CacheInfo = z.infer<typeof cacheInfoSchema>;

export const cacheListSchema = z.object({
  /** The process that answered: in-process figures are its own. */
  processId: z.string(),
  caches: z.array(cacheInfoSchema),
});
export type CacheList = z.infer<typeof cacheListSchema>;

export const monitorSampleSchema = z.object({
  time: z.number(),
  /** CPU use of the machine, percent. */
  cpu: z.number(),
  memUsed: z.number(),
  heapUsed: z.number(),
  rss: z.number(),
  /** Event-loop delay, 99th percentile since the previous sample, ms. */
  loopDelayP99: z.number(),
});
export type MonitorSample = z.infer<typeof monitorSampleSchema>;

export const serverProcessSchema = z.object({
  id: z.string(),
  pid: z.number(),
  host: z.string(),
  nodeVersion: z.string(),
  startedAt: z.number(),
  lastSeen: z.number(),
  current: z.boolean(),
});
export type ServerProcess = z.infer<typeof serverProcessSchema>;

export const slowStatementSchema = z.object({
  query: z.string(),
  calls: z.number(),
  meanMs: z.number(),
  totalMs: z.number(),
});

export const monitorSchema = z.object({
  time: z.number(),
  system: z.object({
    cpuModel: z.string(),
    cores: z.number(),
    cpu: z.number(),
    memTotal: z.number(),
    memUsed: z.number(),
    load: z.array(z.number()),
    os: z.string(),
    disks: z.array(z.object({ mount: z.string(), size: z.number(), used: z.number() })),
  }),
  node: z.object({
    version: z.string(),
    pid: z.number(),
    uptimeSec: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    rss: z.number(),
    loopDelayMeanMs: z.number(),
    loopDelayP99Ms: z.number(),
  }),
  database: z.object({
    kind: z.enum(['pglite', 'pg']),
    sizeBytes: z.number().nullable(),
    connections: z.number().nullable(),
    /** Null when pg_stat_statements is not installed in the database. */
    slowStatements: z.array(slowStatementSchema).nullable(),
  }),
  /** Null without REDIS_URL. */
  redis: z
    .object({
      usedMemory: z.number(),
      clients: z.number(),
      version: z.string(),
    })
    .nullable(),
  processes: z.array(serverProcessSchema),
  history: z.array(monitorSampleSchema),
});
export type MonitorInfo = z.infer<typeof monitorSchema>;

/**
 * The monitor as a tenant administrator sees it: only what is his tenant's (its sessions, its jobs,
 * its storage), never the host's machine, processes, database or Redis (the platform operator's).
 */
export const tenantMonitorSchema = z.object({
  time: z.number(),
  sessions: z.object({
    /** Sessions not ended and seen within the tenant's session timeout. */
    active: z.number(),
    /** Distinct users among them. */
    users: z.number(),
    /** Sign-ins of the last 24 hours, and the refused ones among them. */
    signIns24h: z.number(),
    failedSignIns24h: z.number(),
  }),
  jobs: z.object({
    tasks: z.number(),
    enabled: z.number(),
    running: z.number(),
    failures24h: z.number(),
    /** The newest runs of the tenant's tasks. */
    recent: z.array(taskRunSchema),
  }),
  storage: z.object({
    /** Rows of the tenant's tables and their bytes as stored. */
    rows: z.number(),
    rowBytes: z.number(),
    files: z.number(),
    fileBytes: z.number(),
    backups: z.number(),
    backupBytes: z.number(),
    /** The tenant's largest tables. */
    tables: z.array(z.object({ name: z.string(), rows: z.number(), bytes: z.number() })),
  }),
});
export type TenantMonitor = z.infer<typeof tenantMonitorSchema>;

export const fileDownloadParamSchema = z.object({
  type: z
    .string()
    .max(32)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  id: z.string().min(1).max(128),
});

export const tempDownloadParamSchema = z.object({
  token: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** Bare `GET temp-download`: the caller's latest ready export, optionally the one of that file name. */
export const tempDownloadQuerySchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // No control characters (a file name, not a path or header fragment).
    .refine((name) => ![...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    .optional(),
});

/** `?link=true` on an export answers a one-time link instead of the file. */
export const exportLinkQuerySchema = z.object({
  link: z.enum(['true', 'false']).optional(),
});

export const tempLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.number(),
});
export type TempLink = z.infer<typeof tempLinkSchema>;
