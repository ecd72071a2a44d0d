/**
 * Errors that mean the database connection went away under a request (the server restarted or
 * failed over, an administrator's `pg_terminate_backend`, the network): PostgreSQL has rolled the
 * request's transaction back, so nothing of it was written and the same request may simply be sent
 * again. The error handler answers 503 with a Retry-After (core/http.ts), not a 500; the client
 * that saw it is ended at once (db/index.ts), so the pool never hands it to the next request.
 */
const SQLSTATES = new Set([
  // admin_shutdown, crash_shutdown, cannot_connect_now (the connection killed, the server stopping).
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections
  '53300',
]);
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
]);
/** What node-postgres says when a client's socket closed, or it is used after that. */
const CLIENT_MESSAGES =
  /Connection terminated|Client has encountered a connection error|not queryable|timeout exceeded when trying to connect/;

/** Seconds a client is told to wait before sending the request again. */
export const RETRY_AFTER_SECONDS = 2;

export function isConnectionLost(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (
    typeof e.code === 'string' &&
    (SQLSTATES.has(e.code) || e.code.startsWith('08') || SOCKET_CODES.has(e.code))
  )
    return true;
  return typeof e.message === 'string' && CLIENT_MESSAGES.test(e.message);
}
