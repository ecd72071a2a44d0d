import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';

/**
 * A database connection killed in the middle of a request (pg_terminate_backend, as a failover or
 * an administrator does): the request answers 503 in the envelope with a Retry-After and a
 * translated message, never a 500; its transaction is rolled back (nothing half-written), and the
 * same request sent again succeeds on a new connection.
 */
const enabled = inject('testDb') === 'pg';

let t: TestApp;
let admin: string;
let locker: pg.Client;

beforeAll(async () => {
  if (!enabled) return;
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  locker = new pg.Client({ connectionString: t.handle.connectionString });
  await locker.connect();
});

afterAll(async () => {
  if (!enabled) return;
  await locker?.end();
  await t?.close();
});

/** The backends of this database other than `locker` that wait on a lock. */
async function waiting(): Promise<number[]> {
  const { rows } = await locker.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows.map((r) => r.pid);
}

describe.skipIf(!enabled)(
  'a database connection lost mid-request (PostgreSQL only: the embedded database is in the process, with no connection to kill)',
  () => {
    it('answers 503 with a retry hint, writes nothing, and the retry succeeds', async () => {
      const role = await t.db.selectFrom('sys_role').select('id').orderBy('id').executeTakeFirstOrThrow();
      const body = {
        realName: '断线',
        mobile: '13955559999',
        account: 'cutoff',
        password: 'abc12345',
        roleIds: [String(role.id)],
      };
      // The user row goes in, then its roles wait behind this lock: the connection dies in between.
      await locker.query('begin');
      await locker.query('lock table user_role in access exclusive mode');
      const pending = t.post('/api/permission/Users', body, admin, { 'accept-language': 'en-US' });
      let pids: number[] = [];
      for (let i = 0; i < 200 && pids.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
        pids = await waiting();
      }
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) await locker.query('select pg_terminate_backend($1)', [pid]);
      const res = await pending;
      await locker.query('rollback');

      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).toEqual({
        code: 503,
        msg: 'The connection to the database was lost and nothing was saved; please try again in a few seconds',
        data: null,
      });
      const written = await t.db
        .selectFrom('sys_user')
        .select('id')
        .where('account', '=', 'cutoff')
        .execute();
      expect(written).toEqual([]);

      const again = await t.post<{ id: string }>('/api/permission/Users', body, admin);
      expect(again.body.code).toBe(0);
      const roles = await t.db
        .selectFrom('user_role')
        .select('role_id')
        .where('user_id', '=', again.body.data.id)
        .execute();
      expect(roles.map((r) => String(r.role_id))).toEqual([String(role.id)]);
    });
  },
);
