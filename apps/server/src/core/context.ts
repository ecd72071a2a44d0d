import type { Locale } from '@srm/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { DbHandle } from '../db/index';
import type { Database } from '../db/types';
import type { JobRunner } from '../jobs/runner';
import type { PermissionSet } from './access';
import type { ActivityLog } from './activity-log';
import type { VersionedCache } from './cache';
import type { FileStore } from './file-store';
import type { Realtime } from './realtime';
import type { SettingsCache } from './settings';
import type { SmsGateway } from './sms';
import type { StatementMeter } from './statement-meter';
import type { UniqueRule } from './unique-violation';
import type { WrittenTables } from './written-tables';

/** The signed-in user of a request, from the session. */
export interface AuthInfo {
  sessionId: string;
  userId: string;
  tenantId: string;
  entId: string;
  deptId: string | null;
  companyId: string | null;
  account: string;
  realName: string;
  isAdmin: boolean;
  language: string;
  theme: string;
  /** The tenant's sys_tenant_cache_version.version read with the session: the tag of cached permissions and menus. */
  cacheVersion: string;
  /** The tenant's sys_tenant_cache_version.user_version read with the session: the tag of cached user-list totals. */
  userVersion: string;
  /** The tenant's user_page_version read with the session (migration 0032): the tag of stored user-list pages. */
  userPageVersion: string;
  /** The tenant's sys_tenant_cache_version.config_version read with the session: the tag of cached sys configs. */
  configVersion: string;
  /** The tenant's sys_tenant_cache_version.supplier_version read with the session: the tag of cached supplier-list totals. */
  supplierVersion: string;
  /** The row versions (`xmin`) of the user's and their enterprise's rows read with the session: the tag of the cached user info. */
  rowVersion: string;
  /** The user's own columns, read with the session (user info needs no further query). */
  profile: UserProfile;
}

export interface UserProfile {
  mobile: string;
  email: string;
  headIcon: string;
  prevLoginTime: Date | string | null;
  prevLoginIp: string;
  prevLoginIpName: string;
  /** Null when the enterprise row is missing. */
  entId: string | null;
  entName: string | null;
  entType: number | null;
  deptName: string | null;
}

export interface Deps {
  db: Kysely<Database>;
  config: AppConfig;
  settings: SettingsCache;
  cache: VersionedCache;
  /** Batched writer of the request and error logs. */
  activity: ActivityLog;
  /** Uploads, attachments and export files: DATA_DIR/uploads or an S3 bucket (core/file-store.ts). */
  files: FileStore;
  /** Socket delivery to users and sessions (core/realtime.ts). */
  realtime: Realtime;
  /** The database with its kind (the embedded instance for backups). */
  dbHandle: DbHandle;
  /** The job runner (jobs/runner.ts): named jobs, sends, schedules. */
  jobs: JobRunner;
  /** Statement counts, with the benchmark routes only (core/statement-meter.ts). */
  statements: StatementMeter | null;
  /** The tables each request wrote, heard after it answers (core/written-tables.ts). */
  writtenTables: WrittenTables;
  /** Where verification codes are sent (core/sms.ts). */
  sms: SmsGateway;
}

/** required (default for /api): 600/601/602 without a valid session; optional: load if present; none. */
export type AuthMode = 'required' | 'optional' | 'none';

/**
 * The type provider of a signed-in scope (core/scope.ts): zod schemas as usual, and a marker
 * that types `request.auth` as present in every handler of the scope.
 */
export interface SignedInTypeProvider extends ZodTypeProvider {
  readonly signedIn: true;
}

declare module 'fastify' {
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    locale: Locale;
    /** The session's user; always present in a signed-in scope, where the scope's hook checked it. */
    auth: TypeProvider extends SignedInTypeProvider ? AuthInfo : AuthInfo | null;
    /** Cached permission set of this request (see core/access). */
    permsPromise: Promise<PermissionSet> | null;
    /** `performance.now()` when the request reached the first hook: the request log's duration. */
    receivedAt: number;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Also accept `?token=` (GET user/info for /home?token=, images in <img src>). */
    tokenQuery?: boolean;
    /** A POST that only reads (a list queried with a body): the request log treats it as a GET. */
    readOnly?: boolean;
    /** This route's field and message for a unique index, where not the index's own (core/unique-violation.ts). */
    unique?: Record<string, UniqueRule>;
  }
  interface FastifyInstance {
    deps: Deps;
  }
}

export function requireAuth(auth: AuthInfo | null): AuthInfo {
  if (!auth) throw new Error('route needs auth: required');
  return auth;
}
