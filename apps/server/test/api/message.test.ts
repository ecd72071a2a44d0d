import {
  MenuType,
  MessageApi,
  type MessageDetail,
  type MessageItem,
  type NavResult,
  type Page,
  type ServerMenuItem,
  type UnreadCount,
} from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../src/core/realtime';
import { notifyUsers } from '../../src/message/notify';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let ids: { tenant: string; admin: string; buyer: string; vendor: string };
/** What the socket would have delivered, recorded in place of the real hub. */
const pushed: { userIds: readonly string[]; frame: ServerFrame; committed: number }[] = [];

const list = (token: string, query = '') => t.get<Page<MessageItem>>(`${MessageApi.list}${query}`, token);
const unread = async (token: string) => (await t.get<UnreadCount>(MessageApi.unread, token)).body.data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  const users = await t.db.selectFrom('sys_user').select(['id', 'account', 'tenant_id']).execute();
  const by = (a: string) => users.find((u) => u.account === a)!;
  ids = {
    tenant: by('admin').tenant_id,
    admin: by('admin').id,
    buyer: by('buyer').id,
    vendor: by('vendor').id,
  };
  t.app.deps.realtime = {
    async sendToUsers(_tenantId, userIds, frame) {
      // The rows must already be visible to another connection when recipients are told.
      const row = await t.db
        .selectFrom('sys_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', 'in', [...userIds])
        .executeTakeFirstOrThrow();
      pushed.push({ userIds, frame, committed: Number(row.n) });
    },
    async sendToTenant() {},
    async sendToRoom() {},
    async endSessions() {},
    async close() {},
  };
});
afterAll(async () => {
  await t?.close();
});

/** Pages of the web shell every signed-in user may open, menu or not (docs/rules.md#routes). */
const FIXED_ROUTES = ['/home', '/profile', '/messageRecord', '/pageLink'];

/** The in-app pages a user's menu opens. */
async function menuRoutes(token: string): Promise<Set<string>> {
  const res = await t.get<NavResult>('/api/sys/menu-ent/nav', token);
  expect(res.body.code).toBe(0);
  const routes = new Set<string>();
  const walk = (items: ServerMenuItem[]) => {
    for (const item of items) {
      if (item.menuType === MenuType.page && item.menuUrl.startsWith('/')) routes.add(item.menuUrl);
      walk(item.children ?? []);
    }
  };
  walk(res.body.data.menuList);
  return routes;
}

describe('seeded demo messages', () => {
  it('each opens a page its recipient has: a fixed page or one of their menu, never a missing bill view', async () => {
    const vendor = await t.login('vendor', 'vendor123');
    let seen = 0;
    for (const token of [admin, buyer, vendor]) {
      const routes = await menuRoutes(token);
      for (const m of (await list(token, '?pageSize=100')).body.data.list) {
        seen++;
        // billId other than "0" opens /pageLink?formUrl=…; no bill view is registered yet, so
        // such a message would open "cannot be opened".
        expect({ title: m.menuTitle, billId: m.billId }).toEqual({ title: m.menuTitle, billId: '0' });
        const path = m.url.split(/[?#]/)[0] ?? '';
        expect(FIXED_ROUTES.includes(path) || routes.has(path), `${m.menuTitle} → ${m.url}`).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('internal messages', () => {
  it('lists only my own messages, newest first, with read state and counts', async () => {
    const res = await list(admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.list.map((m) => m.menuTitle)).toEqual([
      '请修改初始密码',
      '系统将于本周六 22:00 维护',
    ]);
    expect(res.body.data.list.map((m) => m.stat)).toEqual([0, 1]);
    expect(res.body.data.list[0]).toMatchObject({
      url: '/profile',
      billId: '0',
      creater: '系统',
      type: 1,
    });
    expect(await unread(admin)).toEqual({ unreadMessageCount: 1, unreadNoticeCount: 0 });
    const theirs = await list(buyer);
    expect(theirs.body.data.list.map((m) => [m.menuTitle, m.url])).toEqual([['请修改初始密码', '/profile']]);
  });

  it('filters by type, read state and keyword, and pages', async () => {
    expect((await list(admin, '?type=1')).body.data.list).toHaveLength(2);
    expect((await list(admin, '?type=2')).body.data.pagination.total).toBe(0);
    expect((await list(admin, '?stat=0')).body.data.list.map((m) => m.menuTitle)).toEqual(['请修改初始密码']);
    expect((await list(admin, '?keyword=维护')).body.data.list).toHaveLength(1);
    expect((await list(admin, '?keyword=尚未发生')).body.data.pagination.total).toBe(0);
    const paged = await list(admin, '?pageSize=1&currentPage=2');
    expect(paged.body.data.pagination).toMatchObject({ total: 2, currentPage: 2 });
    expect(paged.body.data.list).toHaveLength(1);
  });

  it('notifyUsers commits first, then pushes each recipient the new counts; strangers are skipped', async () => {
    pushed.length = 0;
    const other = await t.seedOtherTenant('t2');
    const count = await notifyUsers(t.app.deps, {
      tenantId: ids.tenant,
      userIds: [ids.admin, ids.buyer, other.users.admin],
      type: 2,
      menuTitle: '合同 HT-7 待您会签',
      url: '/workflow/flowTodo',
      billId: '7',
      creatorName: '张采购',
    });
    expect(count).toBe(2);
    expect(pushed).toHaveLength(2);
    for (const p of pushed) {
      expect(p.frame).toMatchObject({ method: 'messagePush', title: '合同 HT-7 待您会签', messageType: 2 });
      expect(p.committed).toBeGreaterThan(0);
    }
    const toAdmin = pushed.find((p) => p.userIds[0] === ids.admin)!;
    expect(toAdmin.frame.unreadMessageCount).toBe(2);
    expect(await unread(admin)).toEqual({ unreadMessageCount: 2, unreadNoticeCount: 0 });
    const t2 = await t.login('t2admin', 'admin123');
    expect((await list(t2)).body.data.list.some((m) => m.menuTitle.includes('HT-7'))).toBe(false);
  });

  it('notifyUsers reaches 4,000 recipients (more parameters than one statement takes on PGlite)', async () => {
    pushed.length = 0;
    const ent = await t.db
      .selectFrom('sys_user')
      .select('ent_id')
      .where('id', '=', ids.buyer)
      .executeTakeFirstOrThrow();
    const many = await t.db
      .insertInto('sys_user')
      .values(
        Array.from({ length: 4000 }, (_, i) => ({
          tenant_id: ids.tenant,
          ent_id: ent.ent_id,
          account: `bulk${i}`,
          real_name: `群发${i}`,
          password_hash: 'x',
        })),
      )
      .returning('id')
      .execute();
    const userIds = many.map((u) => String(u.id));
    const count = await notifyUsers(t.app.deps, {
      tenantId: ids.tenant,
      userIds,
      type: 3,
      menuTitle: '群发通知 4000',
    });
    expect(count).toBe(4000);
    const stored = await t.db
      .selectFrom('sys_message')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('menu_title', '=', '群发通知 4000')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(4000);
    expect(pushed).toHaveLength(4000);
    // The database still answers what it is asked (a statement over the limit upset later answers).
    const admin = await t.db
      .selectFrom('sys_user')
      .select('account')
      .where('id', '=', ids.admin)
      .executeTakeFirst();
    expect(admin?.account).toBe('admin');
    await t.db.deleteFrom('sys_message').where('menu_title', '=', '群发通知 4000').execute();
    await t.db.deleteFrom('sys_user').where('account', 'like', 'bulk%').execute();
  });

  it('a statement over PGlite’s parameter limit fails loudly instead of doing nothing', async () => {
    if (t.handle.kind !== 'pglite') return;
    const ids40k = Array.from({ length: 40_000 }, (_, i) => String(i + 1));
    await expect(
      t.db.selectFrom('sys_user').select('id').where('id', 'in', ids40k).execute(),
    ).rejects.toThrow(/at most 32767 parameters/);
    expect(
      (await t.db.selectFrom('sys_user').select('account').where('id', '=', ids.admin).execute())[0]?.account,
    ).toBe('admin');
  });

  it('opening a message marks it read; mark read and mark all read never go below 0', async () => {
    const first = (await list(admin, '?stat=0')).body.data.list[0]!;
    const detail = await t.get<MessageDetail>(`${MessageApi.readInfo}/${first.id}`, admin);
    expect(detail.body.data).toMatchObject({ id: first.id, title: first.menuTitle });
    expect((await unread(admin)).unreadMessageCount).toBe(1);
    const again = await t.post<UnreadCount>(MessageApi.read, { ids: [first.id] }, admin);
    expect(again.body.data.unreadMessageCount).toBe(1);
    const all = await t.post<UnreadCount>(MessageApi.readAll, {}, admin);
    expect(all.body.data).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 0 });
    expect(await unread(admin)).toEqual({ unreadMessageCount: 0, unreadNoticeCount: 0 });
    expect((await t.post<UnreadCount>(MessageApi.readAll, {}, admin)).body.data.unreadMessageCount).toBe(0);
  });

  it('mark all read answers the real counts: unread announcements stay counted', async () => {
    const me = await t.db
      .selectFrom('sys_user')
      .select(['id', 'tenant_id'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const notice = await t.db
      .insertInto('sys_notice')
      .values({
        tenant_id: me.tenant_id,
        title: 'Unread announcement',
        body_html: '<p>x</p>',
        audience: 'staff',
        state: 'released',
        release_time: new Date(),
        creator_name: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('sys_notice_read')
      .values({ notice_id: notice.id, tenant_id: me.tenant_id, user_id: me.id, read_at: null })
      .execute();
    const expected = await unread(admin);
    expect(expected.unreadNoticeCount).toBeGreaterThan(0);
    const all = await t.post<UnreadCount>(MessageApi.readAll, {}, admin);
    expect(all.body.data).toEqual({ unreadMessageCount: 0, unreadNoticeCount: expected.unreadNoticeCount });
  });

  it("never reads, marks or deletes another user's message (404), and deletes my own", async () => {
    const buyers = (await list(buyer)).body.data.list;
    const target = buyers[0]!;
    expect((await t.get(`${MessageApi.readInfo}/${target.id}`, admin)).body.code).toBe(404);
    await t.post(MessageApi.read, { ids: [target.id] }, admin);
    expect((await list(buyer)).body.data.list.find((m) => m.id === target.id)?.stat).toBe(0);
    const del = await t.request({
      method: 'DELETE',
      url: MessageApi.record,
      headers: { token: admin },
      payload: { ids: [target.id] },
    });
    expect(del.body.code).toBe(404);
    expect((await list(buyer)).body.data.list.map((m) => m.id)).toContain(target.id);
    const mine = await t.request({
      method: 'DELETE',
      url: MessageApi.record,
      headers: { token: buyer },
      payload: { ids: [target.id] },
    });
    expect(mine.body).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await list(buyer)).body.data.list.map((m) => m.id)).not.toContain(target.id);
  });

  it('bad input answers 400 with field messages in the caller’s language; no token 600', async () => {
    const empty = await t.post(MessageApi.read, { ids: [] }, admin);
    expect(empty.body.code).toBe(400);
    expect(empty.body.msg).toBe('当前站内信消息数据id为空');
    const en = await t.post(MessageApi.read, { ids: [] }, admin, { 'accept-language': 'en-US' });
    expect(en.body.code).toBe(400);
    const bad = await t.post(MessageApi.read, { ids: ['x'] }, admin);
    expect(bad.body.code).toBe(400);
    expect(bad.body.data).toHaveProperty('fields');
    expect((await list(admin, '?type=9')).body.code).toBe(400);
    expect((await list(admin, '?pageSize=1000')).body.code).toBe(400);
    expect((await t.get(MessageApi.list)).body.code).toBe(600);
  });
});
