import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './db/index';

export interface AppConfig {
  /** Where PGlite keeps its files (`${dataDir}/pglite`) and uploads go (`${dataDir}/uploads`). */
  dataDir: string;
  /** PostgreSQL connection string; PGlite (embedded) when absent. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of the Redis channel and keys: deployments (or test runs) sharing a Redis stay apart. */
  redisPrefix?: string;
  logLevel: string;
  /** Seed the demo tenant (always done on the first start of the embedded database). */
  seedDemo: boolean;
  /** Built web app to serve with SPA fallback; skipped when the folder has no index.html. */
  webDist?: string;
  /** GET /api/bench/ping (a route that touches nothing) for `npm run bench`: only with BENCH=1. */
  benchRoutes: boolean;
  /**
   * Also check every response against its zod schema and the compiled serializer's output against
   * zod's (tests turn it on); production only runs the compiled serializer.
   */
  validateResponses?: boolean;
  /** Fastify logger on/off (tests turn it off). */
  logger: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Sign-in attempts per IP per minute. */
  loginRateLimit: number;
  trustProxy: boolean;
  /**
   * WeChat official account (公众号) whose QR codes staff scan to bind their account; the feature is
   * off when absent. The secret comes from the environment only, never from `sys_config`.
   */
  wechatMp?: WechatMpConfig;
  /** An already-open database (tests); buildApp then neither migrates nor closes it unless told. */
  db?: DbHandle;
}

export interface WechatMpConfig {
  appId: string;
  appSecret: string;
  /** Base of the WeChat HTTP API (tests point it at a fake). */
  apiBase: string;
  /** Per call to WeChat; default 10 s. */
  timeoutMs?: number;
  /**
   * The token of the official account's server configuration: WeChat signs its callbacks with it.
   * Without it the callback answers 404 and binding cannot complete (`wxBindEnabled` is false).
   */
  token?: string;
}

export const WECHAT_API_BASE = 'https://api.weixin.qq.com';

/** On only when both the app id and the secret are set; the callback also needs the token. */
export function loadWechatMp(env: NodeJS.ProcessEnv): WechatMpConfig | undefined {
  const appId = env.WECHAT_MP_APP_ID?.trim();
  const appSecret = env.WECHAT_MP_APP_SECRET?.trim();
  if (!appId || !appSecret) return undefined;
  const token = env.WECHAT_MP_TOKEN?.trim();
  return {
    appId,
    appSecret,
    apiBase: env.WECHAT_API_BASE?.trim() || WECHAT_API_BASE,
    ...(token ? { token } : {}),
  };
}

export function defaultWebDist(): string {
  // src/config.ts and dist/main.js both sit two levels below apps/: apps/server/{src,dist}.
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist();
  return {
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    benchRoutes: env.BENCH === '1',
    logger: true,
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT || 20),
    trustProxy: env.TRUST_PROXY === '1',
    wechatMp: loadWechatMp(env),
  };
}
