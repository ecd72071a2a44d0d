import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { BackupApi, type BackupInfo, type TenantBackup } from '@srm/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/types';
import { KEPT_TABLES, tenantFilter, tenantSchema } from '../../src/system/backup/tenant-tables';
import { createTestApp, type TestApp, tenantIdOf, uploadFile } from '../helpers';

/**
 * A tenant administrator's backup and restore with two tenants (on PGlite and on PostgreSQL):
 * tenant 2's backup holds no row or file of tenant 1, and its restore, applied at once in one
 * transaction, brings tenant 2 back exactly (ids kept) while tenant 1, and its writes made after
 * tenant 2's backup, stay byte for byte.
 */
const B = BackupApi.backup;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let t1: string;
let t2: string;
let admin1: string;
let admin2: string;
let buyer2: string;

interface Line {
  format?: string;
  tenantId?: string;
  tables?: string[];
  kept?: string[];
  table?: string;
  rows?: Record<string, unknown>[];
  file?: string;
  data?: string;
  end?: boolean;
}

async function download(name: string, token: string): Promise<Line[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${B}/${name}/Actions/Download`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  const text = (await promisify(gunzip)(res.rawPayload)).toString('utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
}

/** Every row of the database that is not `except`'s, as text, table by table (the other tenants and what is no tenant's). */
async function rowsBut(
  db: Kysely<Database>,
  except: string,
  tables?: string[],
): Promise<Record<string, string[]>> {
  const schema = await tenantSchema(db);
  const all = await sql<{ name: string }>`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r' order by 1`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { name } of all.rows) {
    if (tables && !tables.includes(name)) continue;
    const owned = schema.via.has(name);
    const rows = await sql<{ r: string }>`select to_jsonb(t)::text as r from ${sql.table(name)} as t
      ${owned ? sql`where not coalesce(${tenantFilter(schema, name, 't', except)}, false)` : sql``}
      order by 1`.execute(db);
    out[name] = rows.rows.map((x) => x.r);
  }
  return out;
}

/** The tenant's rows of the tables a restore replaces. */
async function rowsOf(db: Kysely<Database>, tenantId: string): Promise<Record<string, string[]>> {
  const schema = await tenantSchema(db);
  const out: Record<string, string[]> = {};
  for (const table of schema.tables) {
    const rows = await sql<{ r: string }>`select to_jsonb(t)::text as r from ${sql.table(table.name)} as t
      where ${tenantFilter(schema, table.name, 't', tenantId)} order by 1`.execute(db);
    out[table.name] = rows.rows.map((x) => x.r);
  }
  return out;
}

const keysOf = async (tenantId: string) => (await t.app.deps.files.list(tenantId)).map((f) => f.key);
const del = (url: string, token: string) =>
  t.request({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await createTestApp();
  admin1 = await t.login('admin', 'admin123');
  t1 = await tenantIdOf(t.db, 'admin');
  const seeded = await t.seedOtherTenant('t2');
  t2 = seeded.tenantId;
  admin2 = await t.login('t2admin', 'admin123');
  buyer2 = await t.login('t2buyer', 'buyer123');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a tenant backup', () => {
  let backup: TenantBackup;
  let lines: Line[];

  it('holds every tenant table and no row or file of another tenant', async () => {
    expect(
      (await uploadFile(t, '/api/file/Uploader/userAvatar', admin1, { name: 'a.png', content: PNG })).body
        .code,
    ).toBe(0);
    expect(
      (await uploadFile(t, '/api/file/Uploader/userAvatar', admin2, { name: 'b.png', content: PNG })).body
        .code,
    ).toBe(0);
    const made = await t.post<TenantBackup>(B, undefined, admin2);
    expect(made.body.code).toBe(0);
    backup = made.body.data;
    expect(backup.files).toBe(1);
    lines = await download(backup.name, admin2);
    const [header] = lines;
    expect(header).toMatchObject({ format: 'srm-tenant-backup', tenantId: t2 });
    expect(lines.at(-1)).toMatchObject({ end: true, rows: backup.rows, files: 1 });

    // Every table with a tenant column, found here apart from the server's own discovery, is in it
    // or is one of the few a restore leaves alone.
    const withTenant = await sql<{ name: string }>`select table_name as name from information_schema.columns
      where table_schema = current_schema() and column_name = 'tenant_id' order by 1`.execute(t.db);
    const inBackup = new Set([...(header?.tables ?? []), ...(header?.kept ?? [])]);
    for (const { name } of withTenant.rows) expect(inBackup.has(name), name).toBe(true);
    expect(header?.kept).toEqual(Object.keys(KEPT_TABLES).sort());
    for (const table of [
      'sys_bill_counter',
      'flow_node_activation',
      'vendor_notice_item_file',
      'sys_notice_ent',
    ])
      expect(header?.tables).toContain(table);

    // No row of tenant 1: rows with a tenant column are tenant 2's; the others hang from rows in the backup.
    const ids = new Map<string, Set<string>>();
    for (const line of lines) {
      if (!line.table) continue;
      for (const row of line.rows ?? []) {
        if ('tenant_id' in row) expect(String(row.tenant_id), line.table).toBe(t2);
        if ('id' in row) ids.set(line.table, (ids.get(line.table) ?? new Set()).add(String(row.id)));
      }
    }
    const schema = await tenantSchema(t.db);
    for (const line of lines) {
      const via = line.table ? schema.via.get(line.table) : null;
      if (!via) continue;
      for (const row of line.rows ?? []) expect(ids.get(via.parent)?.has(String(row[via.column]))).toBe(true);
    }
    expect(
      ids
        .get('sys_user')
        ?.has(
          await (async () =>
            String(
              (
                await t.db
                  .selectFrom('sys_user')
                  .select('id')
                  .where('account', '=', 'admin')
                  .executeTakeFirstOrThrow()
              ).id,
            ))(),
        ),
    ).toBe(false);
    const files = lines.filter((l) => l.file).map((l) => l.file ?? '');
    expect(files).toEqual(await keysOf(t2));
    for (const key of files) expect(key.startsWith(`${t2}/`)).toBe(true);
    // Tenant 1's backups list knows nothing of it.
    expect((await t.get<BackupInfo>(B, admin1)).body.data.backups.map((b) => b.name)).not.toContain(
      backup.name,
    );
  });

  it('tenant 1 cannot see, download, restore or delete tenant 2’s backup', async () => {
    const name = backup.name;
    const download1 = await t.request({
      method: 'GET',
      url: `${B}/${name}/Actions/Download`,
      headers: { authorization: `Bearer ${admin1}` },
    });
    expect(download1.body.code).toBe(404);
    expect((await t.post(`${B}/${name}/Actions/Restore`, undefined, admin1)).body.code).toBe(404);
    expect((await del(`${B}/${name}`, admin1)).body.code).toBe(404);
    expect((await t.get<BackupInfo>(B, admin2)).body.data.backups.map((b) => b.name)).toEqual([name]);
  });

  it('a user without the permission, or who is not the administrator, is refused', async () => {
    expect((await t.get(B, buyer2)).body.code).toBe(403);
    expect((await t.post(B, undefined, buyer2)).body.code).toBe(403);
    expect((await t.post(`${B}/${backup.name}/Actions/Restore`, undefined, buyer2)).body.code).toBe(403);
    expect((await t.post(`${B}/nonsense/Actions/Restore`, undefined, admin2)).body.code).toBe(400);
  });

  it('a restore brings tenant 2 back exactly, at once, and leaves tenant 1 and its later writes as they are', async () => {
    // Tenant 2 at the time of its backup (the tables a restore replaces).
    const before2 = await rowsOf(t.db, t2);
    const files2 = await keysOf(t2);

    // Tenant 2 changes after its backup: a new role, a removed role with its members, a new
    // department its buyer moves to (whose manager he becomes), a new file.
    const role = await t.post('/api/sys/role/save', { roleName: '备份之后', enCode: 'afterBackup' }, admin2);
    expect(role.body.code).toBe(0);
    const buyer = await t.db
      .selectFrom('sys_user')
      .select(['id', 'dept_id'])
      .where('account', '=', 't2buyer')
      .executeTakeFirstOrThrow();
    const gone = await t.db
      .selectFrom('user_role')
      .select(['role_id'])
      .where('tenant_id', '=', t2)
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('sys_grant')
      .where('object_type', '=', 'role')
      .where('object_id', '=', gone.role_id)
      .execute();
    await t.db.deleteFrom('user_role').where('role_id', '=', gone.role_id).execute();
    await t.db.deleteFrom('sys_role').where('id', '=', gone.role_id).execute();
    const dept = await t.db
      .insertInto('sys_dept')
      .values({
        tenant_id: t2,
        dept_name: '新部门',
        en_code: 'afterBackupDept',
        dept_type: 'department',
        parent_id: buyer.dept_id ?? '0',
        manager_id: buyer.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sys_user').set({ dept_id: dept.id }).where('id', '=', buyer.id).execute();
    expect(
      (await uploadFile(t, '/api/file/Uploader/userAvatar', admin2, { name: 'c.png', content: PNG })).body
        .code,
    ).toBe(0);

    // Tenant 1 writes after tenant 2's backup: they must stay.
    const later1 = await t.post('/api/sys/role/save', { roleName: '租户一之后', enCode: 't1Later' }, admin1);
    expect(later1.body.code).toBe(0);
    expect(
      (await uploadFile(t, '/api/file/Uploader/userAvatar', admin1, { name: 'd.png', content: PNG })).body
        .code,
    ).toBe(0);
    await t.app.deps.activity.flush();
    const others = await rowsBut(t.db, t2);
    const files1 = await keysOf(t1);

    const restored = await t.post<{ rows: number; files: number }>(
      `${B}/${backup.name}/Actions/Restore`,
      undefined,
      admin2,
    );
    expect(restored.body.code).toBe(0);
    expect(restored.body.data).toEqual({ rows: backup.rows, files: 1 });

    // Tenant 2 as it was, ids and all; its later file gone.
    expect(await rowsOf(t.db, t2)).toEqual(before2);
    expect(await keysOf(t2)).toEqual(files2);
    // Tenant 1 (and every row of no tenant) byte for byte, its later role and file included.
    await t.app.deps.activity.flush();
    const after = await rowsBut(t.db, t2, Object.keys(others));
    for (const table of Object.keys(others)) {
      // The restore's own sign-in records and cache counters are tenant 2's, so not among these.
      expect(after[table], table).toEqual(others[table]);
    }
    expect(await keysOf(t1)).toEqual(files1);
    expect(others.sys_role?.some((r) => r.includes('t1Later'))).toBe(true);

    // The administrator is still signed in, the screens read the restored data, and new rows
    // take ids no restored row holds.
    const roles = await t.get<{ list: { enCode: string }[] }>('/api/sys/role/list?pageSize=100', admin2);
    expect(roles.body.code).toBe(0);
    expect(roles.body.data.list.map((r) => r.enCode)).not.toContain('afterBackup');
    const again = await t.post(
      '/api/sys/role/save',
      { roleName: '还原之后', enCode: 'afterRestore' },
      admin2,
    );
    expect(again.body.code).toBe(0);
    expect((await t.get(B, admin2)).body.code).toBe(0);
  }, 120_000);
});
