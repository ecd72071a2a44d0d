import { randomBytes } from 'node:crypto';
import { ChatApi, type Conversation, SOCKET_FRAME_MAX_BYTES } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notifyUsers } from '../../src/message/notify';
import { seedDemoSuppliers } from '../../src/supplier/index';
import { createTestApp, type TestApp, tenantIdOf, uploadFile, userIdOf } from '../helpers';
import { settle, TestSocket } from '../ws-client';

let t: TestApp;
let base: string;
const token: Record<'admin' | 'buyer' | 'vendor', string> = { admin: '', buyer: '', vendor: '' };
const id: Record<'admin' | 'buyer' | 'vendor', string> = { admin: '', buyer: '', vendor: '' };
const open: TestSocket[] = [];

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

async function connect(who: keyof typeof token | string): Promise<TestSocket> {
  const socket = await TestSocket.open(base, who in token ? token[who as keyof typeof token] : who);
  open.push(socket);
  return socket;
}
const messageCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('im_message')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const conversations = async (who: keyof typeof token) =>
  (await t.get<{ list: Conversation[] }>(ChatApi.conversations, token[who])).body.data.list;

beforeAll(async () => {
  // The PostgreSQL run delivers through Redis (as several processes would), the PGlite run in-process.
  const redisUrl = inject('testDb') === 'pg' ? process.env.REDIS_URL : undefined;
  t = await createTestApp(
    redisUrl ? { redisUrl, redisPrefix: `srmtest-${randomBytes(4).toString('hex')}` } : {},
  );
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const who of ['admin', 'buyer', 'vendor'] as const) {
    token[who] = await t.login(who, `${who}123`);
    const row = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('account', '=', who)
      .executeTakeFirstOrThrow();
    id[who] = String(row.id);
  }
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

describe('chat socket', () => {
  let admin: TestSocket;
  let buyer: TestSocket;
  let buyer2: TestSocket;
  let vendor: TestSocket;

  it('connects with a token: initMessage, and the others see the user come online', async () => {
    admin = await connect('admin');
    const init = admin.all('initMessage')[0]!;
    expect(init.onlineUsers).toContain(id.admin);
    expect(init.unreadNums).toEqual([]);
    expect(init.unreadMessageCount).toBeGreaterThanOrEqual(0);
    buyer = await connect('buyer');
    await admin.next('online', (f) => f.userId === id.buyer);
    expect(buyer.all('initMessage')[0]!.onlineUsers).toEqual(expect.arrayContaining([id.admin, id.buyer]));
    buyer2 = await connect('buyer');
    vendor = await connect('vendor');
  });

  it('sends: stored first, echoed to the sender, delivered to every tab of the receiver, trimmed', async () => {
    admin.send({
      method: 'SendMessage',
      token: token.admin,
      toUserId: id.buyer,
      messageType: 'text',
      messageContent: '  你好 [101]  ',
      reqId: 'r1',
    });
    const echo = await admin.next('sendMessage');
    expect(echo.reqId).toBe('r1');
    expect(echo.message).toMatchObject({
      sendUserId: id.admin,
      receiveUserId: id.buyer,
      contentType: 'text',
      content: '你好 [101]',
    });
    const got = await buyer.next('receiveMessage');
    const got2 = await buyer2.next('receiveMessage');
    expect(got.message).toEqual(echo.message);
    expect(got2.message.id).toBe(echo.message.id);
    expect(await messageCount()).toBe(1);
    // The receiver's conversation counts it unread; the sender's does not.
    expect((await conversations('buyer'))[0]).toMatchObject({
      id: id.admin,
      unreadMessage: 1,
      latestMessage: '你好 [101]',
      messageType: 'text',
      formUserId: id.admin,
    });
    expect((await conversations('admin'))[0]).toMatchObject({ id: id.buyer, unreadMessage: 0 });
  });

  it('a user never receives another user’s messages', async () => {
    await settle();
    expect(vendor.all('receiveMessage')).toEqual([]);
    expect(vendor.all('sendMessage')).toEqual([]);
    expect(await conversations('vendor')).toEqual([]);
  });

  it('sends an uploaded image; an image that is not an upload of the tenant is refused', async () => {
    const up = await uploadFile(t, ChatApi.upload, token.buyer, {
      name: 'p.png',
      content: PNG,
      type: 'image/png',
    });
    expect(up.body.code).toBe(0);
    const image = { path: up.body.data.url, name: 'p.png', width: 1, height: 1 };
    buyer.send({
      method: 'SendMessage',
      token: token.buyer,
      toUserId: id.admin,
      messageType: 'image',
      messageContent: JSON.stringify(image),
    });
    const got = await admin.next('receiveMessage');
    expect(got.message.contentType).toBe('image');
    expect(JSON.parse(got.message.content)).toEqual(image);
    // The other tab of the sender sees its own message too.
    expect((await buyer2.next('sendMessage')).message.id).toBe(got.message.id);

    const before = await messageCount();
    for (const content of [
      JSON.stringify({ ...image, path: '/api/file/Image/IM/0123456789abcdef0123456789abcdef.png' }),
      JSON.stringify({ ...image, path: '/etc/passwd' }),
      'not json',
    ]) {
      buyer.send({
        method: 'SendMessage',
        token: token.buyer,
        toUserId: id.admin,
        messageType: 'image',
        messageContent: content,
      });
      expect(await buyer.next('error')).toMatchObject({ code: 400, msg: '图片消息无效，请重新上传图片' });
    }
    expect(await messageCount()).toBe(before);
  });

  it('history: pages in the order asked, keyword search, counts', async () => {
    for (let i = 1; i <= 5; i++) {
      admin.send({
        method: 'SendMessage',
        token: token.admin,
        toUserId: id.buyer,
        messageType: 'text',
        messageContent: `第${i}条`,
      });
      await admin.next('sendMessage');
    }
    buyer.send({
      method: 'MessageList',
      token: token.buyer,
      toUserId: id.admin,
      formUserId: id.buyer,
      currentPage: 1,
      pageSize: 3,
      sord: 'desc',
      reqId: 'h1',
    });
    const page1 = await buyer.next('messageList', (f) => f.reqId === 'h1');
    expect(page1.pagination).toEqual({ currentPage: 1, pageSize: 3, total: 7 });
    expect(page1.list.map((m) => m.content)).toEqual(['第5条', '第4条', '第3条']);
    expect(page1.toUserId).toBe(id.admin);
    buyer.send({
      method: 'MessageList',
      token: token.buyer,
      toUserId: id.admin,
      formUserId: id.buyer,
      currentPage: 1,
      pageSize: 50,
      sord: 'asc',
      keyword: '第2',
      reqId: 'h2',
    });
    const found = await buyer.next('messageList', (f) => f.reqId === 'h2');
    expect(found.list.map((m) => m.content)).toEqual(['第2条']);
    expect(found.keyword).toBe('第2');
    // Reconnecting brings the unread numbers per sender.
    const again = await connect('buyer');
    expect(again.all('initMessage')[0]!.unreadNums).toEqual([{ formUserId: id.admin, unreadNum: 6 }]);
    again.close();
  });

  it('marking a conversation read clears it on every tab of the reader', async () => {
    buyer.send({ method: 'UpdateReadMessage', token: token.buyer, formUserId: id.admin });
    expect(await buyer.next('readMessage')).toEqual({ method: 'readMessage', formUserId: id.admin });
    expect(await buyer2.next('readMessage')).toEqual({ method: 'readMessage', formUserId: id.admin });
    expect((await conversations('buyer'))[0]).toMatchObject({ id: id.admin, unreadMessage: 0 });
  });

  it('bad frames get an error frame in the user’s language and change nothing', async () => {
    const before = await messageCount();
    const cases: [unknown, number, RegExp][] = [
      ['not json {', 400, /JSON/],
      [{ method: 'Explode', token: token.buyer }, 400, /不支持的消息类型：Explode/],
      [{ method: 'SendMessage', token: token.buyer, messageType: 'text' }, 400, /toUserId/],
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: id.admin,
          messageType: 'text',
          messageContent: '   ',
        },
        400,
        /空白/,
      ],
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: id.admin,
          messageType: 'text',
          messageContent: 'x'.repeat(2001),
        },
        400,
        /2000/,
      ],
      // A NUL (PostgreSQL refuses it in text) or an unpaired surrogate never reaches the database.
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: id.admin,
          messageType: 'text',
          messageContent: 'a\u0000b',
        },
        400,
        /messageContent: 包含不允许的字符/,
      ],
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: id.admin,
          messageType: 'text',
          messageContent: 'a\ud800b',
        },
        400,
        /messageContent: 包含不允许的字符/,
      ],
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: id.buyer,
          messageType: 'text',
          messageContent: 'me',
        },
        400,
        /自己/,
      ],
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: id.admin,
          messageType: 'text',
          messageContent: 'x'.repeat(SOCKET_FRAME_MAX_BYTES + 10),
        },
        413,
        /过大/,
      ],
      [
        {
          method: 'MessageList',
          token: token.buyer,
          toUserId: id.admin,
          formUserId: id.vendor,
          currentPage: 1,
          pageSize: 10,
          sord: 'desc',
        },
        403,
        /他人/,
      ],
      [
        {
          method: 'SendMessage',
          token: token.buyer,
          toUserId: '999999999',
          messageType: 'text',
          messageContent: 'hi',
        },
        404,
        /联系人不存在/,
      ],
      [
        {
          method: 'SendMessage',
          token: token.admin,
          toUserId: id.admin,
          messageType: 'text',
          messageContent: 'hi',
        },
        601,
        /凭证|登录/,
      ],
    ];
    for (const [frame, code, msg] of cases) {
      buyer.send(frame);
      const error = await buyer.next('error');
      expect(error.code, JSON.stringify(frame).slice(0, 80)).toBe(code);
      expect(error.msg).toMatch(msg);
    }
    expect(buyer.closed).toBe(false);
    expect(await messageCount()).toBe(before);
    await settle();
  });

  it('another tenant’s users are not found', async () => {
    const other = await t.seedOtherTenant('cz');
    const before = await messageCount();
    buyer.send({
      method: 'SendMessage',
      token: token.buyer,
      toUserId: other.users.admin,
      messageType: 'text',
      messageContent: 'hi',
    });
    expect(await buyer.next('error')).toMatchObject({ code: 404 });
    buyer.send({
      method: 'MessageList',
      token: token.buyer,
      toUserId: other.users.admin,
      formUserId: id.buyer,
      currentPage: 1,
      pageSize: 10,
      sord: 'desc',
    });
    expect(await buyer.next('error')).toMatchObject({ code: 404 });
    expect(await messageCount()).toBe(before);
  });

  it('a supplier’s user cannot write to, read or list another supplier’s users; staff can write to both', async () => {
    const tenantId = await tenantIdOf(t.db, 'admin');
    await seedDemoSuppliers(t.db, tenantId, { accountPrefix: 'cs', mobilePrefix: '137100000' });
    const other = await userIdOf(t.db, 'csvendor2');
    const before = await messageCount();
    const frames = [
      { method: 'SendMessage', toUserId: other, messageType: 'text', messageContent: 'hi' },
      { method: 'UpdateReadMessage', formUserId: other },
      {
        method: 'MessageList',
        toUserId: other,
        formUserId: id.vendor,
        currentPage: 1,
        pageSize: 10,
        sord: 'desc',
      },
    ];
    for (const frame of frames) {
      vendor.send({ ...frame, token: token.vendor });
      expect(await vendor.next('error'), frame.method).toMatchObject({ code: 404 });
    }
    expect(await messageCount()).toBe(before);
    admin.send({
      method: 'SendMessage',
      token: token.admin,
      toUserId: other,
      messageType: 'text',
      messageContent: 'hi',
    });
    expect(await admin.next('sendMessage')).toMatchObject({ message: { receiveUserId: other } });
    expect(await messageCount()).toBe(before + 1);
  });

  it('a frame before a valid token is refused with logout, and the socket closes', async () => {
    const stranger = await connect('');
    stranger.send({ method: 'OnConnection', token: 'not-a-real-token' });
    expect((await stranger.next('logout')).msg).toMatch(/凭证|登录/);
    await stranger.waitClosed();
  });

  it('limits the frames a user may send per second', async () => {
    const flood = await connect('vendor');
    for (let i = 0; i < 80; i++) flood.send({ method: 'heartCheck', token: token.vendor });
    expect(await flood.next('error')).toMatchObject({ code: 429 });
    expect(flood.all('heartCheck').length).toBeLessThan(80);
    flood.close();
  });

  it('notifications and counts are pushed, not polled', async () => {
    await notifyUsers(t.app.deps, {
      tenantId: await tenantOf('buyer'),
      userIds: [id.buyer],
      type: 1,
      menuTitle: '待办：采购申请',
    });
    const push = await buyer.next('messagePush', (f) => f.title === '待办：采购申请');
    expect(push.unreadMessageCount).toBeGreaterThan(0);
    expect((await buyer2.next('messagePush', (f) => f.title === '待办：采购申请')).unreadMessageCount).toBe(
      push.unreadMessageCount,
    );
    await settle();
    expect(admin.all('messagePush').filter((f) => f.title === '待办：采购申请')).toEqual([]);
  });

  it('logout and forced offline close the sockets of that session with logout', async () => {
    await t.post('/api/sys/logout', {}, token.buyer);
    expect((await buyer.next('logout')).msg).toBeTruthy();
    expect((await buyer2.next('logout')).msg).toBeTruthy();
    await buyer.waitClosed();
    await admin.next('offline', (f) => f.userId === id.buyer);

    const sessions = await t.db
      .selectFrom('sys_session')
      .select('id')
      .where('user_id', '=', id.vendor)
      .where('ended_reason', 'is', null)
      .execute();
    await t.post(
      '/api/permission/OnlineUser/Actions/ForceOffline',
      { ids: sessions.map((s) => String(s.id)) },
      token.admin,
    );
    expect((await vendor.next('logout')).msg).toBe('您已被管理员强制下线');
    await vendor.waitClosed();
  });
});

async function tenantOf(account: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_user')
    .select('tenant_id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return String(row.tenant_id);
}
