import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { writtenTablesOf } from '../../src/core/written-tables';
import { DataChangedPush } from '../../src/onlinedev/portal-live';

// Compiles only: the dummy driver never runs a statement.
const db = new Kysely<Record<string, Record<string, unknown>>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('the tables a request writes (live portal widgets)', () => {
  it('reads the table of an insert, an update and a delete, aliased or not', () => {
    expect(writtenTablesOf(db.insertInto('sys_dept').values({ a: 1 }).toOperationNode())).toEqual([
      'sys_dept',
    ]);
    expect(writtenTablesOf(db.updateTable('dm_1_quote as q').set({ a: 1 }).toOperationNode())).toEqual([
      'dm_1_quote',
    ]);
    expect(writtenTablesOf(db.deleteFrom('vendor_supplier').where('id', '=', 1).toOperationNode())).toEqual([
      'vendor_supplier',
    ]);
    expect(writtenTablesOf(sql`insert into "dm_1_order" (a) values (1)`.toOperationNode())).toEqual([
      'dm_1_order',
    ]);
  });

  it('reads nothing of a select, even one that locks', () => {
    expect(writtenTablesOf(db.selectFrom('sys_dept').selectAll().forUpdate().toOperationNode())).toEqual([]);
    expect(writtenTablesOf(sql`select 1 from sys_user`.toOperationNode())).toEqual([]);
  });

  it('pushes only tables a dataset of the tenant may read: the product’s and its own models', () => {
    expect(
      DataChangedPush.watched('7', [
        'sys_dept',
        'sys_session',
        'dm_7_order',
        'dm_8_order',
        'sys_request_log',
      ]),
    ).toEqual(['sys_dept', 'dm_7_order']);
  });
});
