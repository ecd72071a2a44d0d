import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ErrorLogTable, RequestLogTable } from '../db/types';
import { routeConfigOf } from './fastify-internals';

type RequestRow = Insertable<RequestLogTable>;
type ErrorRow = Insertable<ErrorLogTable>;

/** Reads taking at least this long are recorded even when they succeed. */
export const SLOW_READ_MS = 1000;
const FLUSH_INTERVAL_MS = 500;
const FLUSH_BATCH = 500;
/** Past this many waiting rows (database down), new ones are dropped rather than eating memory. */
const MAX_PENDING = 20_000;

/**
 * Writes request and error log rows in batches, off the request path: a request never waits for
 * its log row, and one insert carries many rows. `flush()` writes what is waiting (tests, shutdown).
 */
export class ActivityLog {
  private requests: RequestRow[] = [];
  private errors: ErrorRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  request(row: RequestRow): void {
    if (this.requests.length + this.errors.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.requests.push(row);
    this.schedule();
  }

  error(row: ErrorRow): void {
    if (this.requests.length + this.errors.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.errors.push(row);
    this.schedule();
  }

  private schedule(): void {
    if (this.requests.length + this.errors.length >= FLUSH_BATCH) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes every waiting row; resolves once they are in (or failed and were reported). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushing = this.flushing.then(async () => {
      while (this.requests.length > 0 || this.errors.length > 0) {
        const requests = this.requests.splice(0, FLUSH_BATCH);
        const errors = this.errors.splice(0, FLUSH_BATCH);
        try {
          if (requests.length > 0) await this.db.insertInto('sys_request_log').values(requests).execute();
          if (errors.length > 0) await this.db.insertInto('sys_error_log').values(errors).execute();
        } catch (error) {
          this.onFailure(error);
        }
      }
    });
    return this.flushing;
  }
}

/** The address without the query string (it may carry a token or personal search terms). */
function pathOf(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > 500 ? path.slice(0, 500) : path;
}

const SUCCESS_OPENING = '{"code":0,';
const ENVELOPE_CODE = /^\{"code":(-?\d+)/;

/**
 * Whether a request goes into the request log: every write, and reads that failed or were slow. A
 * POST of a route marked `readOnly` (a list queried with a body) is a read.
 */
export function shouldRecord(
  method: string,
  status: number,
  code: number,
  durationMs: number,
  readOnly = false,
): boolean {
  if (!readOnly && method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return true;
  return status >= 400 || code !== 0 || durationMs >= SLOW_READ_MS;
}

/**
 * The request log's hook (the error handler feeds the error log, core/http.ts): one callback hook
 * on every answer reads its envelope code and records the request when shouldRecord says so. It
 * is an onSend hook, not onResponse: any onResponse hook makes Fastify put two listeners on every
 * response (see loggerOptions, core/access-log.ts). The duration runs from the request's first
 * hook (`receivedAt`, core/http.ts) to its answer being ready to go out: a download's, to its
 * first byte.
 */
export function registerActivityLogHooks(app: FastifyInstance, log: ActivityLog): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url.startsWith('/api/health'))
      return done(null, payload);
    const status = reply.statusCode;
    let code = status < 400 ? 0 : status;
    // Most answers succeed: their opening is known without the expression.
    if (typeof payload === 'string' && !payload.startsWith(SUCCESS_OPENING)) {
      const match = ENVELOPE_CODE.exec(payload);
      if (match) code = Number(match[1]);
    }
    const duration = Math.round(performance.now() - request.receivedAt);
    if (shouldRecord(request.method, status, code, duration, routeConfigOf(request)?.readOnly))
      log.request({
        tenant_id: request.auth?.tenantId ?? null,
        user_id: request.auth?.userId ?? null,
        user_name: request.auth?.realName ?? '',
        method: request.method,
        path: pathOf(url),
        status,
        code,
        duration_ms: duration,
        ip: request.ip,
        request_id: String(request.id),
      });
    done(null, payload);
  });
}

/** An unexpected server error, for the error log (the detail stays out of the answer). */
export function recordServerError(request: FastifyRequest, error: Error): void {
  request.server.deps.activity.error({
    tenant_id: request.auth?.tenantId ?? null,
    user_id: request.auth?.userId ?? null,
    user_name: request.auth?.realName ?? '',
    source: 'server',
    method: request.method,
    path: pathOf(request.url),
    message: String(error.message || error.name).slice(0, 2000),
    stack: String(error.stack ?? '').slice(0, 8000),
    ip: request.ip,
    request_id: String(request.id),
  });
}

/**
 * Drops a tenant's request and error log rows written before a time (the `log.purge` job,
 * auth/jobs.ts): these tables are written here alone. Answers how many of each went.
 */
export async function purgeActivityLogs(
  db: Kysely<Database>,
  tenantId: string,
  before: Date,
): Promise<{ requests: bigint; errors: bigint }> {
  const requests = await db
    .deleteFrom('sys_request_log')
    .where('tenant_id', '=', tenantId)
    .where('created_at', '<', before)
    .executeTakeFirst();
  const errors = await db
    .deleteFrom('sys_error_log')
    .where('tenant_id', '=', tenantId)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return { requests: requests.numDeletedRows, errors: errors.numDeletedRows };
}
