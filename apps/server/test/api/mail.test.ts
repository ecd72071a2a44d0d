import { MailApi, type MailSender, type MessageItem, type Page, type UnreadCount } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUsers } from '../../src/message/notify';
import { createTestApp, type TestApp } from '../helpers';

let t: TestApp;
let admin: string;
let buyer: string;
let ids: { tenant: string; admin: string; buyer: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  buyer = await t.login('buyer', 'buyer123');
  const users = await t.db.selectFrom('sys_user').select(['id', 'account', 'tenant_id']).execute();
  const by = (a: string) => users.find((u) => u.account === a)!;
  ids = { tenant: by('admin').tenant_id, admin: by('admin').id, buyer: by('buyer').id };
  // Two messages from buyer to admin, after the seeded system ones.
  for (const title of ['询价单 RFQ-1 已回复', '询价单 RFQ-2 已回复']) {
    await notifyUsers(t.app.deps, {
      tenantId: ids.tenant,
      userIds: [ids.admin],
      type: 3,
      menuTitle: title,
      creatorId: ids.buyer,
      creatorName: '张采购',
    });
  }
});
afterAll(async () => {
  await t?.close();
});

describe('mail centre', () => {
  it('lists my mail and the newest of each sender with its unread count', async () => {
    const all = await t.get<Page<MessageItem>>(MailApi.list, admin);
    expect(all.body.data.pagination.total).toBe(4);
    const senders = await t.get<MailSender[]>(MailApi.lastPerSender, admin);
    expect(senders.body.code).toBe(0);
    expect(senders.body.data.map((s) => [s.senderName, s.unread, s.latest.menuTitle])).toEqual([
      ['张采购', 2, '询价单 RFQ-2 已回复'],
      ['系统', 1, '请修改初始密码'],
    ]);
    expect(senders.body.data[0]?.senderId).toBe(ids.buyer);
    expect(senders.body.data[1]?.senderId).toBe('0');
  });

  it('pages one sender, and marks mail read in a batch', async () => {
    const one = await t.get<Page<MessageItem>>(`${MailApi.oneToList}?senderId=${ids.buyer}`, admin);
    expect(one.body.data.list.map((m) => m.menuTitle)).toEqual([
      '询价单 RFQ-2 已回复',
      '询价单 RFQ-1 已回复',
    ]);
    const system = await t.get<Page<MessageItem>>(`${MailApi.oneToList}?senderId=0`, admin);
    expect(system.body.data.pagination.total).toBe(2);
    const read = await t.post<UnreadCount>(
      MailApi.batchRead,
      { ids: one.body.data.list.map((m) => m.id) },
      admin,
    );
    expect(read.body.data.unreadMessageCount).toBe(1);
    const senders = await t.get<MailSender[]>(MailApi.lastPerSender, admin);
    expect(senders.body.data.find((s) => s.senderName === '张采购')?.unread).toBe(0);
  });

  it("is only ever my own mail: buyer sees none of admin's, and cannot mark it read", async () => {
    const mine = await t.get<Page<MessageItem>>(`${MailApi.oneToList}?senderId=0`, admin);
    const unreadOne = mine.body.data.list.find((m) => m.stat === 0)!;
    await t.post(MailApi.batchRead, { ids: [unreadOne.id] }, buyer);
    const after = await t.get<Page<MessageItem>>(`${MailApi.oneToList}?senderId=0`, admin);
    expect(after.body.data.list.find((m) => m.id === unreadOne.id)?.stat).toBe(0);
    const theirs = await t.get<MailSender[]>(MailApi.lastPerSender, buyer);
    expect(theirs.body.data.map((s) => s.latest.menuTitle)).toEqual(['请修改初始密码']);
  });

  it('is for users of the tenant’s own enterprise: a supplier user gets 403', async () => {
    const vendor = await t.login('vendor', 'vendor123');
    for (const url of [MailApi.list, MailApi.lastPerSender, `${MailApi.oneToList}?senderId=0`]) {
      expect((await t.get(url, vendor)).body).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect((await t.post(MailApi.batchRead, { ids: ['1'] }, vendor)).body.code).toBe(403);
  });

  it('bad input answers 400 with field messages', async () => {
    const empty = await t.post(MailApi.batchRead, { ids: [] }, admin);
    expect(empty.body).toMatchObject({ code: 400, msg: '当前站内信消息数据id为空' });
    const sender = await t.get(`${MailApi.oneToList}?senderId=abc`, admin);
    expect(sender.body.code).toBe(400);
    expect(sender.body.data).toHaveProperty('fields.senderId');
  });
});
