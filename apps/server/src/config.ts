import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSms, type SmsConfig } from './core/sms';
import type { DbHandle } from './db/index';

export interface AppConfig {
  /**
   * The address the server listens on (`HOST`): 127.0.0.1 by default with the embedded database,
   * whose demo data has well-known passwords, so a first start is reachable from this machine
   * only; every interface (0.0.0.0) with `DATABASE_URL`, a deployment's. Set `HOST` to choose.
   */
  host?: string;
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
   * Count the statements the server runs (GET /api/bench/statements): BENCH_STATEMENTS=1, for the
   * benchmarks that report statements per request, and the tests. Off for the throughput rows:
   * the count costs an async context per request.
   */
  countStatements?: boolean;
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
  /** How long a dataset's statement may run on PostgreSQL (`DATASET_TIMEOUT_MS`, 10 s). */
  datasetTimeoutMs?: number;
  /**
   * The hosts and ports a data source may reach (`DATA_SOURCE_HOSTS`, comma-separated `host:port`;
   * none by default): set by whoever runs the deployment, never by a tenant.
   */
  dataSourceHosts?: string[];
  /**
   * The hosts and ports an HTTP data interface may call (`DATA_INTERFACE_HOSTS`, comma-separated
   * `host:port`, compared as text like DATA_SOURCE_HOSTS; none by default): the platform's, never a
   * tenant's.
   */
  interfaceHosts?: string[];
  /**
   * The hosts and ports single sign-on may reach (`IDENTITY_PROVIDER_HOSTS`, comma-separated
   * `host:port`, compared as text like DATA_SOURCE_HOSTS; none by default): every address a
   * provider's discovery names (authorisation, token, keys, user info) must be listed.
   */
  identityProviderHosts?: string[];
  /** Lets single sign-on reach providers over plain http (`IDENTITY_PROVIDER_ALLOW_HTTP=1`; tests). */
  identityProviderAllowHttp?: boolean;
  /**
   * The address users open the product at (`PUBLIC_URL`, such as https://srm.example.com): the
   * single-sign-on redirect addresses are made from it. Left out: the request's own origin.
   */
  publicUrl?: string;
  /** How long an HTTP data interface's service may take (5 s; tests shorten it). */
  interfaceTimeoutMs?: number;
  /**
   * Multiplies every data interface's calls a minute in this process (`DATA_INTERFACE_RATE_FACTOR`,
   * default 1): each process counts its own, so N processes behind a balancer keep a user near the
   * interface's own figure with 1/N; the benchmark lifts it out of the way.
   */
  interfaceRateFactor?: number;
  /**
   * The key that encrypts kept secrets such as data source passwords (`SECRET_KEY`: 64 hex digits,
   * the same for every process of a deployment). Without it a key is made once and kept in
   * `${dataDir}/secret.key` (core/secret-box.ts).
   */
  secretKey?: string;
  /**
   * Supplier self-registration (vendor/register-*): submissions per client address per 10 minutes
   * (default 10; uploads and status checks get 6 times as many), and the proof of work — the HMAC
   * secret of its challenges (ALTCHA_HMAC_KEY: set it when several processes share the load, else
   * each process makes its own and a challenge only verifies where it was made) and its difficulty.
   */
  register?: {
    rateLimit?: number;
    altchaSecret?: string;
    /** PBKDF2 iterations per attempt. */
    altchaCost?: number;
    /** The solving counter is drawn from this range: the expected work is about cost × counter. */
    altchaCounter?: [number, number];
    /**
     * Anonymous uploads (supplier/register-upload.ts): the megabytes one client address may send in
     * `uploadWindowMinutes` (REGISTER_UPLOAD_QUOTA_MB, default 100 in 60), and the megabytes of a
     * tenant's uploads no application names yet (REGISTER_UNCLAIMED_MAX_MB, default 2048).
     */
    uploadQuotaMb?: number;
    uploadWindowMinutes?: number;
    unclaimedMaxMb?: number;
  };
  trustProxy: boolean;
  /**
   * WeChat official account (公众号) whose QR codes staff scan to bind their account; the feature is
   * off when absent. The secret comes from the environment only, never from `sys_config`.
   */
  wechatMp?: WechatMpConfig;
  /** The SMS gateway verification codes go through (`SMS_GATEWAY`, core/sms.ts): recording when unset. */
  sms?: SmsConfig;
  /**
   * The job runner (jobs/): `workers` works the queues and fires schedules in this process (the
   * server: on unless JOB_WORKERS=0; tests: off unless asked); `retryDelaySeconds` shortens the
   * task job's retry delay (tests).
   */
  jobs?: {
    workers?: boolean;
    retryDelaySeconds?: number;
    pollingIntervalSeconds?: number;
    cronIntervalSeconds?: number;
  };
  /** Files go to this S3-compatible store instead of `${dataDir}/uploads` (core/file-store.ts). */
  s3?: S3Config;
  /**
   * The platform operator made at start unless it exists (PLATFORM_OPERATOR, and
   * PLATFORM_OPERATOR_PASSWORD for a password of one's own; else a one-time one is printed).
   */
  platformOperator?: { account: string; password?: string };
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

export interface S3Config {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, a cloud's); absent for AWS itself. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path rather than the host name (most S3-compatible servers want it). */
  forcePathStyle: boolean;
  /** Prefix of every object key (several deployments in one bucket). */
  prefix: string;
}

/** On when S3_BUCKET is set. */
export function loadS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : endpoint !== undefined,
    prefix: env.S3_PREFIX?.trim() ?? '',
  };
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

/** A comma-separated `host:port` list of the environment. */
const hostList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist();
  return {
    host: env.HOST?.trim() || (env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    benchRoutes: env.BENCH === '1',
    countStatements: env.BENCH === '1' && env.BENCH_STATEMENTS === '1',
    logger: true,
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT || 20),
    datasetTimeoutMs: Math.max(100, Number(env.DATASET_TIMEOUT_MS || 10_000)),
    dataSourceHosts: hostList(env.DATA_SOURCE_HOSTS),
    interfaceHosts: hostList(env.DATA_INTERFACE_HOSTS),
    identityProviderHosts: hostList(env.IDENTITY_PROVIDER_HOSTS),
    identityProviderAllowHttp: env.IDENTITY_PROVIDER_ALLOW_HTTP === '1',
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
    interfaceRateFactor:
      Number(env.DATA_INTERFACE_RATE_FACTOR) > 0 ? Number(env.DATA_INTERFACE_RATE_FACTOR) : 1,
    secretKey: env.SECRET_KEY || undefined,
    register: {
      rateLimit: env.REGISTER_RATE_LIMIT ? Number(env.REGISTER_RATE_LIMIT) : undefined,
      altchaSecret: env.ALTCHA_HMAC_KEY || undefined,
      altchaCost: env.ALTCHA_COST ? Number(env.ALTCHA_COST) : undefined,
      uploadQuotaMb: env.REGISTER_UPLOAD_QUOTA_MB ? Number(env.REGISTER_UPLOAD_QUOTA_MB) : undefined,
      uploadWindowMinutes: env.REGISTER_UPLOAD_WINDOW_MINUTES
        ? Number(env.REGISTER_UPLOAD_WINDOW_MINUTES)
        : undefined,
      unclaimedMaxMb: env.REGISTER_UNCLAIMED_MAX_MB ? Number(env.REGISTER_UNCLAIMED_MAX_MB) : undefined,
    },
    trustProxy: env.TRUST_PROXY === '1',
    wechatMp: loadWechatMp(env),
    sms: loadSms(env),
    jobs: { workers: env.JOB_WORKERS !== '0' },
    s3: loadS3(env),
    platformOperator: env.PLATFORM_OPERATOR?.trim()
      ? {
          account: env.PLATFORM_OPERATOR.trim(),
          ...(env.PLATFORM_OPERATOR_PASSWORD ? { password: env.PLATFORM_OPERATOR_PASSWORD } : {}),
        }
      : undefined,
  };
}
