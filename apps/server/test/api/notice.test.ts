import { type Notice, NoticeApi, type Page, type UnreadCount, type UnreadNotice } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../src/core/realtime';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let vendor: string;
let vendorEntId: string;
const pushed: { userIds: readonly string[]; frame: ServerFrame }[] = [];

const unread = async (token: string) =>
  (await t.get<{ list: UnreadNotice[] }>(NoticeApi.unread, token)).body.data.list;
const draft = (token: string, body: Record<string, unknown>) => t.post<Notice>(NoticeApi.admin, body, token);
const act = (token: string, id: string, action: 'Release' | 'Withdraw') =>
  t.put<Notice>(`${NoticeApi.admin}/${id}/Actions/${action}`, {}, token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  vendor = await t.login('vendor', 'vendor123');
  const row = await t.db
    .selectFrom('sys_user')
    .select('ent_id')
    .where('account', '=', 'vendor')
    .executeTakeFirstOrThrow();
  vendorEntId = row.ent_id;
  t.app.deps.realtime = {
    async sendToUsers(_tenantId, userIds, frame) {
      pushed.push({ userIds, frame });
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

describe('announcements', () => {
  let first: Notice;

  it('drafts with a sanitised body: scripts, handlers and javascript: links are gone', async () => {
    const res = await draft(admin, {
      noticeTitle: '春节放假通知',
      noticeBody:
        '<p style="color: red" onclick="steal()">放假七天<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x.png" onerror="boom()">',
      audience: 'vendors',
    });
    expect(res.body.code).toBe(0);
    first = res.body.data;
    expect(first).toMatchObject({
      state: 'draft',
      audience: 'vendors',
      recipientCount: 0,
      creatorName: '系统管理员',
    });
    expect(first.noticeBody).toContain('放假七天');
    expect(first.noticeBody).toContain('color:red');
    expect(first.noticeBody).not.toMatch(/script|onclick|onerror|javascript:/);
    // A draft reaches nobody.
    expect(await unread(vendor)).toEqual([]);
  });

  it('releasing reaches exactly the audience, tells them, and they read one at a time', async () => {
    pushed.length = 0;
    const released = await act(admin, first.id, 'Release');
    expect(released.body.data).toMatchObject({ state: 'released', recipientCount: 1, readCount: 0 });
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.frame).toMatchObject({
      method: 'messagePush',
      unreadNoticeCount: 1,
      title: '春节放假通知',
    });
    const second = await draft(admin, {
      noticeTitle: '质量协议更新',
      noticeBody: '<p>请查阅</p>',
      audience: 'ents',
      entIds: [vendorEntId],
    });
    await act(admin, second.body.data.id, 'Release');
    const list = await unread(vendor);
    expect(list.map((n) => n.noticeTitle)).toEqual(['春节放假通知', '质量协议更新']);
    expect(await unread(buyer)).toEqual([]);
    const read = await t.put<UnreadCount>(`${NoticeApi.read}/${list[0]!.id}`, {}, vendor);
    expect(read.body.data.unreadNoticeCount).toBe(1);
    expect((await unread(vendor)).map((n) => n.noticeTitle)).toEqual(['质量协议更新']);
    const after = await t.get<Notice>(`${NoticeApi.admin}/${first.id}`, admin);
    expect(after.body.data).toMatchObject({ readCount: 1, recipientCount: 1 });
  });

  it('staff announcements go to the tenant’s own people; withdrawing takes them back; 409 on the wrong state', async () => {
    const staff = await draft(admin, {
      noticeTitle: '内部培训',
      noticeBody: '<p>周五</p>',
      audience: 'staff',
    });
    const id = staff.body.data.id;
    await act(admin, id, 'Release');
    expect((await unread(buyer)).map((n) => n.noticeTitle)).toEqual(['内部培训']);
    expect((await unread(vendor)).map((n) => n.noticeTitle)).not.toContain('内部培训');
    expect((await act(admin, id, 'Release')).body.code).toBe(409);
    expect(
      (
        await t.put(
          `${NoticeApi.admin}/${id}`,
          { noticeTitle: 'x', noticeBody: '', audience: 'staff' },
          admin,
        )
      ).body.code,
    ).toBe(409);
    await act(admin, id, 'Withdraw');
    expect(await unread(buyer)).toEqual([]);
    expect((await act(admin, id, 'Withdraw')).body.code).toBe(409);
    const list = await t.get<Page<Notice>>(`${NoticeApi.admin}?state=withdrawn`, admin);
    expect(list.body.data.list.map((n) => n.noticeTitle)).toEqual(['内部培训']);
  });

  it('bad input answers 400 with field messages; unknown enterprises 404', async () => {
    const res = await draft(admin, { noticeTitle: ' ', noticeBody: '<p/>', audience: 'everyone' });
    expect(res.body.code).toBe(400);
    expect(Object.keys((res.body.data as unknown as { fields: object }).fields).sort()).toEqual([
      'audience',
      'noticeTitle',
    ]);
    const noEnts = await draft(admin, { noticeTitle: 'x', noticeBody: '', audience: 'ents', entIds: [] });
    expect(noEnts.body.code).toBe(400);
    const other = await t.seedOtherTenant('t2');
    const foreign = await draft(admin, {
      noticeTitle: 'x',
      noticeBody: '',
      audience: 'ents',
      entIds: [other.vendorEntId],
    });
    expect(foreign.body.code).toBe(404);
  });

  it('a user without the codes gets 403 and nothing changes; another tenant’s ids answer 404', async () => {
    const before = await t.get<Page<Notice>>(NoticeApi.admin, admin);
    expect((await draft(buyer, { noticeTitle: '越权', noticeBody: '', audience: 'staff' })).body.code).toBe(
      403,
    );
    expect((await act(buyer, first.id, 'Withdraw')).body.code).toBe(403);
    expect((await t.get(NoticeApi.admin, buyer)).body.code).toBe(403);
    const del = await t.request({
      method: 'DELETE',
      url: `${NoticeApi.admin}/${first.id}`,
      headers: { token: buyer },
    });
    expect(del.body.code).toBe(403);
    const after = await t.get<Page<Notice>>(NoticeApi.admin, admin);
    expect(after.body.data.pagination.total).toBe(before.body.data.pagination.total);
    const t2 = await t.login('t2admin', 'admin123');
    expect((await t.get(`${NoticeApi.admin}/${first.id}`, t2)).body.code).toBe(404);
    expect((await act(t2, first.id, 'Withdraw')).body.code).toBe(404);
    expect((await t.put(`${NoticeApi.read}/${first.id}`, {}, t2)).body.code).toBe(404);
  });

  it('lists the tenant’s enterprises for the audience picker, only to holders of the page code', async () => {
    const ents = await t.get<{ id: string; entName: string; entType: number }[]>(NoticeApi.ents, admin);
    expect(ents.body.data.map((e) => [e.entName, e.entType])).toEqual([
      ['示例采购集团有限公司', 1],
      ['示例供应商有限公司', 2],
    ]);
    expect(ents.body.data.find((e) => e.entType === 2)?.id).toBe(vendorEntId);
    expect((await t.get(NoticeApi.ents, buyer)).body.code).toBe(403);
  });

  it('deleting removes it from every unread list', async () => {
    const n = await draft(admin, { noticeTitle: '临时通知', noticeBody: '<p>x</p>', audience: 'vendors' });
    await act(admin, n.body.data.id, 'Release');
    expect((await unread(vendor)).map((x) => x.noticeTitle)).toContain('临时通知');
    const del = await t.request({
      method: 'DELETE',
      url: `${NoticeApi.admin}/${n.body.data.id}`,
      headers: { token: admin },
    });
    expect(del.body.code).toBe(0);
    expect((await unread(vendor)).map((x) => x.noticeTitle)).not.toContain('临时通知');
  });
});
