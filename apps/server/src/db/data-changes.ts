/**
 * Whether the data a cached session row was read from may have changed since (auth/session.ts).
 *
 * A count that moves on every write this process sees complete through its database handle
 * (db/index.ts reports each statement's text) and on every change notice another writer's commit
 * sends (migration 0039: the tables the session row is read from, or whose triggers bump the
 * tenant's cache versions). A row kept with the count read before its query stays good while the
 * count has not moved. On PostgreSQL the notices only count while the listening connection is up
 * (`trusted`); PGlite is this process's own, so its writes are all seen here.
 */
export class DataChanges {
  private count = 0;
  /** A write statement of the current transaction completed; its commit moves the count again. */
  private wroteInTransaction = new WeakMap<object, true>();

  constructor(private watching: boolean) {}

  generation(): number {
    return this.count;
  }

  /** An unchanged generation means unchanged data (false while PostgreSQL's notices may be missed). */
  trusted(): boolean {
    return this.watching;
  }

  bump(): void {
    this.count++;
  }

  /** The change notices of other writers arrive (true) or may be missed (false: a lost connection). */
  setWatching(watching: boolean): void {
    this.watching = watching;
    this.count++;
  }

  /**
   * After a statement's result arrived on `connection` (a pooled client, or the embedded instance).
   * A write is visible to other connections at its commit, so the count moves at both.
   */
  afterStatement(text: string, connection: object): void {
    const kind = statementKind(text);
    if (kind === 'write') {
      this.count++;
      this.wroteInTransaction.set(connection, true);
    } else if (kind === 'end') {
      if (this.wroteInTransaction.delete(connection)) this.count++;
    }
  }
}

/**
 * Tables whose writes never reach a session row: their rows are not read with it and no trigger of
 * theirs bumps a cache version (the request and error logs, chat, the job queue's schema).
 */
const UNRELATED_TABLES = new Set(['sys_request_log', 'sys_error_log', 'im_message', 'im_conversation']);
const UNRELATED_SCHEMAS = new Set(['pgboss']);

const LEADING = /^(?:\s+|\/\*[\s\S]*?\*\/|--[^\n]*\n)*/;
/**
 * Each table a statement writes: `insert into`, `update …` (not `for update`, nor an upsert's
 * `do update`, which writes the table of its insert), `delete from`.
 */
const WRITE_TARGET =
  /(?<!\bfor\s+(?:no\s+key\s+)?|\bdo\s+)\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?("?[A-Za-z_][\w$]*"?(?:\s*\.\s*"?[A-Za-z_][\w$]*"?)?)/gi;
/** The session's own last-seen stamp (auth/session.ts): the cached row takes the new time itself. */
const LAST_SEEN_STAMP = /^update "sys_session" set "last_seen_at" = \$1 where "id" = \$2$/;

const READ_WORDS = new Set(
  'select show begin start set reset savepoint release rollback abort listen unlisten values fetch'.split(
    ' ',
  ),
);

/** What a statement does to the data: nothing, a write, or the end of a transaction. */
export function statementKind(text: string): 'read' | 'write' | 'end' {
  const body = text.replace(LEADING, '');
  const first = /^[A-Za-z]+/.exec(body)?.[0].toLowerCase() ?? '';
  if (first === 'commit' || first === 'end') return 'end';
  // A select cannot change rows (a data-modifying CTE starts with `with`); transaction control neither.
  if (READ_WORDS.has(first)) return 'read';
  if (LAST_SEEN_STAMP.test(body)) return 'read';
  if (
    first === 'with' ||
    first === 'insert' ||
    first === 'update' ||
    first === 'delete' ||
    first === 'merge'
  ) {
    const targets = writeTargets(body);
    if (first === 'with' && targets.length === 0) return 'read';
    if (first === 'insert' && targets[0] === 'sys_session') return 'read';
    return targets.length > 0 && targets.every(isUnrelated) ? 'read' : 'write';
  }
  // DDL, copy, do, call, truncate, vacuum…: counted as a write.
  return 'write';
}

/** A text of several statements (the job queue's blocks on PGlite): a write unless every write is the queue's own. */
export function blockKind(text: string): 'read' | 'write' {
  if (!/\bpgboss\./i.test(text)) return 'write';
  const targets = writeTargets(text);
  return targets.every(isUnrelated) ? 'read' : 'write';
}

/** The tables a text writes, unquoted (`pgboss.job`, `sys_user`). */
function writeTargets(text: string): string[] {
  return [...text.matchAll(WRITE_TARGET)].map((m) => (m[1] ?? '').replaceAll('"', '').replace(/\s/g, ''));
}

function isUnrelated(target: string): boolean {
  const dot = target.indexOf('.');
  if (dot >= 0) return UNRELATED_SCHEMAS.has(target.slice(0, dot).toLowerCase());
  return UNRELATED_TABLES.has(target.toLowerCase());
}

/** The channel of migration 0039's change notices. */
export const DATA_CHANGED_CHANNEL = 'srm_data_changed';
