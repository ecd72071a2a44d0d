import { Kysely, PostgresDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { blockKind, DataChanges, statementKind } from '../../src/db/data-changes';
import type { Database } from '../../src/db/types';

/** Compiles Kysely queries without a connection (the dialect is only asked for its compiler). */
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }) });

describe('which statements move the data generation (the session cache)', () => {
  it('reads and transaction control do not; commit ends a transaction', () => {
    expect(statementKind('select 1')).toBe('read');
    expect(statementKind('/* prepared */ select "s"."id" from "sys_session" as "s"')).toBe('read');
    expect(statementKind('  begin')).toBe('read');
    expect(statementKind('rollback')).toBe('read');
    expect(statementKind('commit')).toBe('end');
    expect(statementKind('with x as (select 1) select * from x')).toBe('read');
    expect(statementKind('select * from sys_user for update')).toBe('read');
  });

  it('a write to a table a session is read from, or of unknown reach, does', () => {
    expect(
      statementKind(db.updateTable('sys_user').set({ real_name: 'x' }).where('id', '=', '1').compile().sql),
    ).toBe('write');
    expect(statementKind(db.deleteFrom('sys_session').where('id', '=', '1').compile().sql)).toBe('write');
    expect(
      statementKind(
        db.updateTable('sys_session').set({ ended_reason: 'forced' }).where('id', '=', '1').compile().sql,
      ),
    ).toBe('write');
    expect(
      statementKind('with moved as (update flow_task set state = 1 returning id) select * from moved'),
    ).toBe('write');
    expect(statementKind('insert into sys_role (name) values ($1)')).toBe('write');
    expect(statementKind('truncate sys_user')).toBe('write');
    expect(statementKind('create table x (id int)')).toBe('write');
  });

  it('the logs, chat, the job queue and a session’s own last-seen stamp do not', () => {
    expect(statementKind('insert into "sys_request_log" ("a") values ($1)')).toBe('read');
    expect(statementKind('insert into "im_message" ("a") values ($1) returning *')).toBe('read');
    expect(
      statementKind(
        'insert into "im_conversation" ("a") values ($1) on conflict ("a") do update set "a" = excluded."a"',
      ),
    ).toBe('read');
    expect(
      statementKind(
        'insert into "sys_role" ("a") values ($1) on conflict ("a") do update set "a" = excluded."a"',
      ),
    ).toBe('write');
    expect(statementKind('insert into sys_session (token_hash) values ($1)')).toBe('read');
    expect(
      statementKind(
        'with next as (select id from pgboss.job where state < $1 for update skip locked) update pgboss.job j set state = $2 from next where j.id = next.id',
      ),
    ).toBe('read');
    // The exact statement auth/session.ts sends: the kept row takes the new time itself.
    const stamp = db
      .updateTable('sys_session')
      .set({ last_seen_at: new Date() })
      .where('id', '=', '1')
      .compile().sql;
    expect(statementKind(stamp)).toBe('read');
    expect(blockKind('BEGIN; update pgboss.job set state = 1; COMMIT;')).toBe('read');
    expect(blockKind('BEGIN; update sys_user set enabled = false; COMMIT;')).toBe('write');
  });

  it('a write in a transaction moves the generation again at its commit, on that connection only', () => {
    const changes = new DataChanges(true);
    const a = {};
    const b = {};
    const start = changes.generation();
    changes.afterStatement('update sys_user set enabled = false', a);
    expect(changes.generation()).toBe(start + 1);
    changes.afterStatement('commit', b);
    expect(changes.generation()).toBe(start + 1);
    changes.afterStatement('commit', a);
    expect(changes.generation()).toBe(start + 2);
    changes.afterStatement('commit', a);
    expect(changes.generation()).toBe(start + 2);
    changes.setWatching(false);
    expect(changes.trusted()).toBe(false);
  });
});
