import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CurrentUser, Page, User } from '@srm/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { transaction } from '../../src/db/transaction';
import type { Database } from '../../src/db/types';
import {
  createTestApp,
  deptIdsByCode,
  idByCode,
  TEST_APP_CONFIG,
  type TestApp,
  tenantIdOf,
} from '../helpers';

/**
 * The user list's exact total is kept between requests (docs/PERFORMANCE.md) under the
 * database versions read with the session. Two servers share one database here, as several
 * processes share one PostgreSQL: each keeps its own totals, and every write — through either
 * server or straight in the database — shows in the next list of both.
 */
let t: TestApp;
let twin: FastifyInstance;
let twinDir: string;
let admin: string;
let tenantId: string;
let depts: Record<string, string>;
const U = '/api/permission/Users';

type Server = 'first' | 'twin';

const list = async (server: Server, token: string, query = '') => {
  const url = `${U}?${query.includes('pageSize=') ? '' : 'pageSize=50'}${query}`;
  const res =
    server === 'first'
      ? await t.get<Page<User>>(url, token)
      : await twin.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const body = (server === 'first' ? res.body : JSON.parse((res as { body: string }).body)) as {
    code: number;
    data: Page<User>;
  };
  expect(body.code).toBe(0);
  return { total: body.data.pagination.total, accounts: body.data.list.map((u) => u.account) };
};

/** The total on both servers (they must agree). */
const total = async (token: string, query = '') => {
  const [a, b] = await Promise.all([list('first', token, query), list('twin', token, query)]);
  expect(b.total).toBe(a.total);
  return a.total;
};

const idOf = async (account: string) =>
  String(
    (await t.db.selectFrom('sys_user').select('id').where('account', '=', account).executeTakeFirstOrThrow())
      .id,
  );

beforeAll(async () => {
  t = await createTestApp();
  twinDir = await mkdtemp(path.join(os.tmpdir(), 'srm-twin-'));
  twin = await buildApp({
    dataDir: twinDir,
    ...TEST_APP_CONFIG,
    benchRoutes: true,
    countStatements: true,
    db: t.handle,
  });
  await twin.ready();
  admin = await t.login('admin', 'admin123');
  tenantId = await tenantIdOf(t.db, 'admin');
  depts = await deptIdsByCode(t.db, tenantId);
});
afterAll(async () => {
  await twin?.close();
  await t?.close();
  if (twinDir) await rm(twinDir, { recursive: true, force: true });
});

describe('the user list total after writes (kept totals, several servers)', () => {
  it('create, disable, enable, move, rename and delete show in the next list of either server', async () => {
    const all = await total(admin);
    const finance = await total(admin, `&deptId=${depts.finance}`);
    const east = await total(admin, `&deptId=${depts.east}`);
    const disabled = await total(admin, '&enabled=false');
    expect(await total(admin, '&keyword=cachekeep')).toBe(0);
    // Paging the same filter reuses the total and still answers the right rows.
    const page2 = await list('twin', admin, '&pageSize=1&currentPage=2');
    expect(page2.total).toBe(all);
    expect(page2.accounts).toHaveLength(1);

    // Created through the first server: both servers count it at once, page 1 shows it first.
    const created = await t.post(
      U,
      {
        account: 'cachekeep1',
        realName: '缓存一',
        mobile: '13912345678',
        password: 'secret123',
        deptId: depts.finance,
      },
      admin,
    );
    expect(created.body.code).toBe(0);
    const id = await idOf('cachekeep1');
    expect(await total(admin)).toBe(all + 1);
    expect((await list('twin', admin)).accounts[0]).toBe('cachekeep1');
    expect(await total(admin, `&deptId=${depts.finance}`)).toBe(finance + 1);
    expect(await total(admin, '&keyword=cachekeep')).toBe(1);
    expect((await list('twin', admin, '&pageSize=1&currentPage=2')).total).toBe(all + 1);

    // Disabled through the twin.
    const off = await twin.inject({
      method: 'PUT',
      url: `${U}/${id}/Actions/State`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { enabled: false },
    });
    expect(JSON.parse(off.body).code).toBe(0);
    expect(await total(admin, '&enabled=false')).toBe(disabled + 1);
    expect(await total(admin, '&enabled=true')).toBe(all - disabled);
    expect((await t.put(`${U}/${id}/Actions/State`, { enabled: true }, admin)).body.code).toBe(0);
    expect(await total(admin, '&enabled=false')).toBe(disabled);

    // Moved to another department.
    const moved = await t.put(
      `${U}/${id}`,
      { realName: '缓存一', mobile: '13912345678', deptId: depts.east },
      admin,
    );
    expect(moved.body.code).toBe(0);
    expect(await total(admin, `&deptId=${depts.finance}`)).toBe(finance);
    expect(await total(admin, `&deptId=${depts.east}`)).toBe(east + 1);

    // A new sub-department (written straight in the database) counts under its parent at once.
    const sub = await t.db
      .insertInto('sys_dept')
      .values({
        tenant_id: tenantId,
        parent_id: depts.east ?? '',
        dept_name: '华东一组',
        dept_type: 'department',
        en_code: 'eastKeepSub',
        order_num: 1,
        enabled: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('sys_user').set({ dept_id: sub.id }).where('id', '=', id).execute();
    expect(await total(admin, `&deptId=${depts.east}`)).toBe(east + 1);
    expect(await total(admin, `&deptId=${sub.id}`)).toBe(1);

    // Renamed straight in the database (no server saw the write): the keyword totals follow.
    expect(await total(admin, '&keyword=renamedkeep')).toBe(0);
    await t.db.updateTable('sys_user').set({ account: 'renamedkeep1' }).where('id', '=', id).execute();
    expect(await total(admin, '&keyword=renamedkeep')).toBe(1);
    expect(await total(admin, '&keyword=cachekeep')).toBe(0);

    // Deleted through the twin.
    const gone = await twin.inject({
      method: 'DELETE',
      url: `${U}/${id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(JSON.parse(gone.body).code).toBe(0);
    expect(await total(admin)).toBe(all);
    expect(await total(admin, `&deptId=${depts.east}`)).toBe(east);
    expect(await total(admin, '&keyword=renamedkeep')).toBe(0);
  });

  it('a sign-in, a rename out of a keyword and a new administrator show in the next stored page of both servers', async () => {
    const rows = async (server: Server, query: string) => {
      const url = `${U}?pageSize=50${query}`;
      const res =
        server === 'first'
          ? (await t.get<Page<User>>(url, admin)).raw
          : (await twin.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } })).body;
      const body = JSON.parse(res) as { code: number; data: Page<User> };
      expect(body.code).toBe(0);
      return body.data;
    };
    const user = async (server: Server, account: string) =>
      (await rows(server, `&keyword=${account}`)).list.find((u) => u.account === account);
    // Both servers store the pages first.
    for (const server of ['first', 'twin'] as const) {
      await rows(server, '&keyword=vendor');
      await rows(server, '&keyword=buyer');
    }
    const before = (await user('first', 'vendor'))?.lastLoginTime ?? 0;
    // A sign-in changes no column the list filters on, only one it shows.
    await t.login('vendor', 'vendor123');
    for (const server of ['first', 'twin'] as const)
      expect((await user(server, 'vendor'))?.lastLoginTime ?? 0).toBeGreaterThan(before);
    // A rename takes the user out of the keyword's page and total, and back.
    const keyword = await rows('twin', '&keyword=buyer');
    await t.db.updateTable('sys_user').set({ account: 'byr1' }).where('account', '=', 'buyer').execute();
    for (const server of ['first', 'twin'] as const) {
      const page = await rows(server, '&keyword=buyer');
      expect(page.pagination.total).toBe(keyword.pagination.total - 1);
      expect(page.list.map((u) => u.account)).not.toContain('buyer');
    }
    await t.db.updateTable('sys_user').set({ account: 'buyer' }).where('account', '=', 'byr1').execute();
    for (const server of ['first', 'twin'] as const)
      expect((await rows(server, '&keyword=buyer')).pagination.total).toBe(keyword.pagination.total);
    // The administrator flag is shown, not filtered on.
    await t.db.updateTable('sys_user').set({ is_admin: true }).where('account', '=', 'vendor').execute();
    for (const server of ['first', 'twin'] as const)
      expect((await user(server, 'vendor'))?.isAdmin).toBe(true);
    await t.db.updateTable('sys_user').set({ is_admin: false }).where('account', '=', 'vendor').execute();
  });

  it('a data rule change and users moving into the scope show in the scoped total', async () => {
    const buyer = await t.login('buyer', 'buyer123');
    // The seeded buyer's rule: his own company (East).
    expect(await total(buyer)).toBe(1);
    const res = await t.post(
      U,
      { account: 'eastkeep1', realName: '华东一', mobile: '13912345679', password: 'secret123' },
      admin,
    );
    expect(res.body.code).toBe(0);
    const id = await idOf('eastkeep1');
    expect(await total(buyer)).toBe(1);
    expect(
      (await t.put(`${U}/${id}`, { realName: '华东一', mobile: '13912345679', deptId: depts.east }, admin))
        .body.code,
    ).toBe(0);
    expect(await total(buyer)).toBe(2);
    // Moved out and back straight in the database.
    const move = (deptId: string | undefined) =>
      t.db.updateTable('sys_user').set({ dept_id: deptId }).where('id', '=', id).execute();
    await move(depts.finance);
    expect(await total(buyer)).toBe(1);
    await move(depts.east);
    expect(await total(buyer)).toBe(2);

    // Granting the buyer the rule "all" lifts the limit; taking it away restores it.
    const rule = await t.db
      .selectFrom('sys_menu_data_rule')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'permission.user.data.all')
      .executeTakeFirstOrThrow();
    const buyerId = await idOf('buyer');
    await t.db
      .insertInto('sys_grant')
      .values({
        tenant_id: tenantId,
        item_type: 'data',
        item_id: rule.id,
        object_type: 'user',
        object_id: buyerId,
      })
      .execute();
    expect(await total(buyer)).toBe(await total(admin));
    await t.db
      .deleteFrom('sys_grant')
      .where('object_type', '=', 'user')
      .where('object_id', '=', buyerId)
      .where('item_id', '=', rule.id)
      .execute();
    expect(await total(buyer)).toBe(2);

    // Narrowing the rule itself (the company rule now reads the department only) applies at once.
    await t.db
      .updateTable('sys_menu_data_rule')
      .set({ rule_type: 'condition', field: 'account', condition_op: 'eq', condition_value: 'eastkeep1' })
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'permission.user.data.company')
      .execute();
    expect(await list('twin', buyer)).toEqual({ total: 1, accounts: ['eastkeep1'] });
  });
});

/**
 * Writes of users the caches cannot see (triggers off for this transaction, as if the counters
 * missed them): a server still answers what it kept until the tenant's counters move.
 */
const unseen = (write: (tx: Transaction<Database>) => Promise<unknown>) =>
  transaction(t.db, async (tx) => {
    await sql`set local session_replication_role = replica`.execute(tx);
    await write(tx);
  });

const permsOf = async (server: Server, token: string) => {
  const res =
    server === 'first'
      ? (await t.get<CurrentUser>('/api/sys/user/info', token)).body
      : (JSON.parse(
          (
            await twin.inject({
              method: 'GET',
              url: '/api/sys/user/info',
              headers: { authorization: `Bearer ${token}` },
            })
          ).body,
        ) as { data: CurrentUser });
  return res.data.permsList;
};

/** A grant of the button to the tenant's buyer role. */
const grantButton = async (tenant: string, code: string) => ({
  tenant_id: tenant,
  item_type: 'button' as const,
  item_id: await idByCode(t.db, 'sys_menu_button', tenant, code),
  object_type: 'role' as const,
  object_id: await idByCode(t.db, 'sys_role', tenant, 'buyer'),
});

describe('cache counters per tenant', () => {
  it("a user write in one tenant keeps the other tenant's totals; its own shows on both servers", async () => {
    await t.seedOtherTenant('pt');
    const other = await t.login('ptadmin', 'admin123');
    const otherTenant = await tenantIdOf(t.db, 'ptadmin');
    const otherAll = await total(other);
    const otherKeyword = await total(other, '&keyword=pt');
    const all = await total(admin);
    // The other tenant loses a user unseen: both servers keep its totals…
    await unseen((tx) =>
      tx
        .updateTable('sys_user')
        .set({ deleted: true })
        .where('tenant_id', '=', otherTenant)
        .where('account', '=', 'ptvendor')
        .execute(),
    );
    // …while this tenant writes users through either server.
    const created = await t.post(
      U,
      { account: 'tenantkeep1', realName: '租户一', mobile: '13912345680', password: 'secret123' },
      admin,
    );
    expect(created.body.code).toBe(0);
    expect(await total(admin)).toBe(all + 1);
    const off = await twin.inject({
      method: 'PUT',
      url: `${U}/${await idOf('tenantkeep1')}/Actions/State`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { enabled: false },
    });
    expect(JSON.parse(off.body).code).toBe(0);
    expect((await list('first', admin, '&enabled=false')).accounts).toContain('tenantkeep1');
    // Not counted again in the other tenant (a shared counter would have: otherAll - 1).
    expect(await total(other)).toBe(otherAll);
    expect(await total(other, '&keyword=pt')).toBe(otherKeyword);
    // The other tenant's own next writes show on both servers, each by its logged change alone
    // (migration 0032): the kept totals are not counted again, so the unseen deletion still does not.
    const live = (deleted: boolean) =>
      t.db.updateTable('sys_user').set({ deleted }).where('account', '=', 'ptbuyer').execute();
    await live(true);
    expect(await total(other)).toBe(otherAll - 1);
    expect(await total(other, '&keyword=pt')).toBe(otherKeyword - 1);
    await live(false);
    expect(await total(other)).toBe(otherAll);
    expect(await total(other, '&keyword=pt')).toBe(otherKeyword);
  });

  it("a grant change in one tenant keeps the other tenant's permission sets; its own applies on both servers", async () => {
    const otherTenant = await tenantIdOf(t.db, 'ptadmin');
    const other = await t.login('ptbuyer', 'buyer123');
    const buyer = await t.login('buyer', 'buyer123');
    const code = 'system.log.export';
    const perms = async (token: string) => {
      const [a, b] = await Promise.all([permsOf('first', token), permsOf('twin', token)]);
      expect(b).toEqual(a);
      return a;
    };
    expect(await perms(buyer)).not.toContain(code);
    expect(await perms(other)).not.toContain(code);
    const otherGrant = await grantButton(otherTenant, code);
    await unseen((tx) => tx.insertInto('sys_grant').values(otherGrant).execute());
    await t.db
      .insertInto('sys_grant')
      .values(await grantButton(tenantId, code))
      .execute();
    expect(await perms(buyer)).toContain(code);
    // Kept in the other tenant (a shared counter would have reloaded it and shown the grant).
    expect(await perms(other)).not.toContain(code);
    // Its own next change applies on both servers.
    await t.db
      .updateTable('sys_role')
      .set({ order_num: 7 })
      .where('tenant_id', '=', otherTenant)
      .where('en_code', '=', 'buyer')
      .execute();
    expect(await perms(other)).toContain(code);
  });
});
