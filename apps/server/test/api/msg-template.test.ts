import type { MessageItem, MsgTemplate, Page, UserInfo } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tenantIdOf } from '../helpers';

/**
 * Message templates (`GET /api/sys/msgTemplate/all`) and the internal messages the product
 * sends by them: a password reset by an administrator, a role given to users.
 */
let t: TestApp;
let admin: string;
let vendor: string;
let tenantId: string;
let other: Awaited<ReturnType<TestApp['seedOtherTenant']>>;
const ALL = '/api/sys/msgTemplate/all';

const idOf = async (account: string) =>
  String(
    (await t.db.selectFrom('sys_user').select('id').where('account', '=', account).executeTakeFirstOrThrow())
      .id,
  );
const messagesOf = async (token: string) =>
  (await t.get<Page<MessageItem>>('/api/message?currentPage=1&pageSize=50', token)).body.data.list;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  vendor = await t.login('vendor', 'vendor123');
  tenantId = await tenantIdOf(t.db, 'admin');
  other = await t.seedOtherTenant('mt');
});
afterAll(async () => {
  await t?.close();
});

async function newUser(account: string): Promise<{ id: string; token: string }> {
  const res = await t.post<UserInfo>(
    '/api/permission/Users',
    {
      account,
      realName: `用户${account}`,
      mobile: `139${String(Date.now()).slice(-8)}`,
      password: 'secret123',
    },
    admin,
  );
  expect(res.body.code).toBe(0);
  return { id: res.body.data.id, token: await t.login(account, 'secret123') };
}

describe('GET /api/sys/msgTemplate/all', () => {
  it('lists the tenant templates with their placeholders', async () => {
    const res = await t.get<MsgTemplate[]>(ALL, admin);
    expect(res.body.code).toBe(0);
    const codes = res.body.data.map((m) => m.enCode);
    expect(codes).toEqual([
      'user.passwordReset',
      'role.granted',
      'flow.todo',
      'flow.approved',
      'flow.rejected',
      'flow.withdrawn',
      'flow.terminated',
      'flow.copy',
      'flow.remind',
    ]);
    const reset = res.body.data[0];
    expect(reset?.enabled).toBe(true);
    expect(reset?.content).toContain('{operator}');
    expect(reset?.contentEn).toContain('{operator}');
    expect(reset?.titleTw).toBe('您的登入密碼已被重設');
    // Each tenant has its own rows.
    const theirs = await t.db
      .selectFrom('sys_msg_template')
      .select('id')
      .where('tenant_id', '=', other.tenantId)
      .execute();
    expect(theirs).toHaveLength(9);
    const ours = new Set(res.body.data.map((m) => m.id));
    for (const row of theirs) expect(ours.has(String(row.id))).toBe(false);
  });

  it('is refused to users without a page that sends template messages', async () => {
    expect((await t.get(ALL, vendor)).body.code).toBe(403);
    const { token } = await newUser('tplnobody');
    expect((await t.get(ALL, token)).body.code).toBe(403);
  });
});

describe('messages sent by template', () => {
  it('tells a user whose password an administrator reset, with the filled template', async () => {
    const user = await newUser('tplreset');
    const reset = await t.post(
      `/api/permission/Users/${user.id}/Actions/ResetPassword`,
      { password: 'newpass123' },
      admin,
    );
    expect(reset.body.code).toBe(0);
    const token = await t.login('tplreset', 'newpass123');
    const list = await messagesOf(token);
    expect(list).toHaveLength(1);
    expect(list[0]?.menuTitle).toBe('您的登录密码已被重置');
    expect(list[0]?.creater).toBe('系统管理员');
    const detail = await t.get<{ bodyText: string }>(`/api/message/ReadInfo/${list[0]?.id}`, token);
    expect(detail.body.data.bodyText).toMatch(/^系统管理员重置了您的登录密码。/);
  });

  it('writes it in the recipient’s own language', async () => {
    const user = await newUser('tplreseten');
    await t.db.updateTable('sys_user').set({ language: 'en-US' }).where('id', '=', user.id).execute();
    await t.post(`/api/permission/Users/${user.id}/Actions/ResetPassword`, { password: 'newpass123' }, admin);
    const list = await messagesOf(await t.login('tplreseten', 'newpass123'));
    expect(list.map((m) => m.menuTitle)).toEqual(['Your sign-in password was reset']);
  });

  it('sends nothing when the tenant switched the template off', async () => {
    await t.db
      .updateTable('sys_msg_template')
      .set({ enabled: false })
      .where('tenant_id', '=', tenantId)
      .where('en_code', '=', 'user.passwordReset')
      .execute();
    try {
      const user = await newUser('tploff');
      await t.post(
        `/api/permission/Users/${user.id}/Actions/ResetPassword`,
        { password: 'newpass123' },
        admin,
      );
      expect(await messagesOf(await t.login('tploff', 'newpass123'))).toHaveLength(0);
      const listed = await t.get<MsgTemplate[]>(ALL, admin);
      expect(listed.body.data.find((m) => m.enCode === 'user.passwordReset')?.enabled).toBe(false);
    } finally {
      await t.db
        .updateTable('sys_msg_template')
        .set({ enabled: true })
        .where('tenant_id', '=', tenantId)
        .where('en_code', '=', 'user.passwordReset')
        .execute();
    }
  });

  it('tells the users given a role, once: those who already held it are not told again', async () => {
    const first = await newUser('tplrole1');
    const second = await newUser('tplrole2');
    const role = await t.post<{ id: string }>(
      '/api/sys/role/save',
      { roleName: '质检员', enCode: 'qcRole' },
      admin,
    );
    const roleId = role.body.data.id;
    expect((await t.post('/api/sys/role/addUsers', { roleId, userIds: [first.id] }, admin)).body.code).toBe(
      0,
    );
    expect(
      (await t.post('/api/sys/role/addUsers', { roleId, userIds: [first.id, second.id] }, admin)).body.code,
    ).toBe(0);
    const firstList = await messagesOf(first.token);
    const secondList = await messagesOf(second.token);
    expect(firstList.map((m) => m.menuTitle)).toEqual(['您已获得角色「质检员」']);
    expect(secondList.map((m) => m.menuTitle)).toEqual(['您已获得角色「质检员」']);
    // A refused add (another tenant's user) writes no relation and sends nothing.
    const theirs = await idOf('mtbuyer');
    const refused = await t.post('/api/sys/role/addUsers', { roleId, userIds: [theirs] }, admin);
    expect(refused.body.code).toBe(404);
    expect(await messagesOf(await t.login('mtbuyer', 'buyer123'))).not.toContainEqual(
      expect.objectContaining({ menuTitle: '您已获得角色「质检员」' }),
    );
  });
});
