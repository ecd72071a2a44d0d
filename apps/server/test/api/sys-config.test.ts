import {
  API,
  type LoginConfig,
  SYS_CONFIG_DEFAULTS,
  SysConfigApi,
  type SysConfigValues,
  UserApi,
} from '@srm/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import {
  createTestApp,
  deptIdsByCode,
  TEST_APP_CONFIG,
  type TestApp,
  tenantIdOf,
  uploadFile,
} from '../helpers';

let t: TestApp;
let admin: string;
let tenantId: string;

const en = { 'accept-language': 'en-US' };
const C = SysConfigApi.config;

const put = <T = SysConfigValues>(
  group: string,
  body: unknown,
  token = admin,
  headers: Record<string, string> = en,
) => t.put<T & { fields?: Record<string, string> }>(`${C}/${group}`, body, token, headers);

const passwordRule = (over: Partial<SysConfigValues['password']> = {}) => ({
  ...SYS_CONFIG_DEFAULTS.password,
  ...over,
});

async function userId(account: string): Promise<string> {
  const row = await t.db
    .selectFrom('sys_user')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const loginRaw = (userName: string, passWord: string, extra: Record<string, unknown> = {}) =>
  t.post<{ token: string; passwordExpired?: boolean; fields?: Record<string, string> }>(
    API.login,
    { userName, passWord, ...extra },
    null,
    en,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  tenantId = await tenantIdOf(t.db, 'admin');
  await t.seedOtherTenant();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  // Each test starts from the seeded rule and security settings.
  await put('password', passwordRule());
  await put('security', SYS_CONFIG_DEFAULTS.security);
});

describe('system configuration', () => {
  it('reads every group with its types; the seeded security settings are the defaults', async () => {
    const res = await t.get<SysConfigValues>(C, admin);
    expect(res.body.code).toBe(0);
    expect(res.body.data.security).toEqual({
      lockoutAttempts: 5,
      lockoutMinutes: 10,
      tokenTimeout: 720,
      singleLogin: false,
    });
    expect(res.body.data.about.sysVersion).toBe('3.2.0');
    expect(res.body.data.password.passwordClasses).toEqual(['letter', 'digit']);
  });

  it('saves a group and the sign-in page shows the product name without signing in', async () => {
    const brand = {
      sysName: 'Acme SRM',
      logoUrl: '/logo.png',
      loginTitle: 'Welcome',
      loginSubtitle: 'Suppliers',
      copyright: '© Acme',
    };
    const saved = await put('brand', brand);
    expect(saved.body).toMatchObject({ code: 0, msg: 'Settings saved', data: { brand } });
    const pub = await t.get<LoginConfig>(SysConfigApi.loginConfig);
    expect(pub.body).toMatchObject({ code: 0, data: brand });
  });

  it('400 with translated field messages for bad input, never a 500', async () => {
    const low = await put('security', { ...SYS_CONFIG_DEFAULTS.security, lockoutAttempts: 0 });
    expect(low.body).toMatchObject({
      code: 400,
      data: { fields: { lockoutAttempts: 'Must be at least 1' } },
    });
    const zh = await put('security', { ...SYS_CONFIG_DEFAULTS.security, tokenTimeout: 1.5 }, admin, {});
    expect(zh.body).toMatchObject({ code: 400, data: { fields: { tokenTimeout: '请输入整数' } } });
    const range = await put('password', passwordRule({ passwordMinLength: 10, passwordMaxLength: 8 }));
    expect(range.body).toMatchObject({
      code: 400,
      data: { fields: { passwordMaxLength: 'The maximum length cannot be below the minimum' } },
    });
    const nul = await put('brand', { ...SYS_CONFIG_DEFAULTS.brand, sysName: 'a\u0000b' });
    expect(nul.status).toBe(200);
    expect(nul.body.code).toBe(400);
    const link = await put('preview', { previewUrl: 'javascript:alert(1)' });
    expect(link.body).toMatchObject({ code: 400, data: { fields: { previewUrl: expect.any(String) } } });
    const cls = await put('password', { ...passwordRule(), passwordClasses: ['emoji'] });
    expect(cls.body.code).toBe(400);
    const unknown = await t.put(`${C}/secrets`, {}, admin);
    expect(unknown.body.code).toBe(404);
  });

  it('403 without the page permission; the security group stays out of get-sys-config', async () => {
    const buyer = await t.login('buyer', 'buyer123');
    expect((await t.get(C, buyer)).body.code).toBe(403);
    expect((await put('about', { sysVersion: '9', helpUrl: '' }, buyer)).body.code).toBe(403);
    const list = await t.get<{ paramKey: string }[]>(API.sysConfig, buyer);
    const keys = list.body.data.map((c) => c.paramKey);
    expect(keys).toContain('sysVersion');
    expect(keys).not.toContain('lockoutAttempts');
    expect(keys).not.toContain('tokenTimeout');
  });

  it("keeps each tenant's settings to itself", async () => {
    const other2 = await t.login('t2admin', 'admin123');
    await put('about', { sysVersion: '7.7.7', helpUrl: '' }, other2);
    const mine = await t.get<SysConfigValues>(C, admin);
    expect(mine.body.data.about.sysVersion).not.toBe('7.7.7');
    expect((await t.get<SysConfigValues>(C, other2)).body.data.about.sysVersion).toBe('7.7.7');
  });

  it('locks a sign-in after the configured number of wrong passwords', async () => {
    await put('security', { ...SYS_CONFIG_DEFAULTS.security, lockoutAttempts: 3, lockoutMinutes: 2 });
    for (let i = 0; i < 2; i++) expect((await loginRaw('vendor', 'wrong1')).body.code).toBe(400);
    const third = await loginRaw('vendor', 'wrong1');
    expect(third.body.code).toBe(429);
    expect(third.body.msg).toContain('2 minutes');
    expect((await loginRaw('vendor', 'vendor123')).body.code).toBe(429);
    await t.db.deleteFrom('sys_login_failure').execute();
  });

  it('ends sessions idle longer than the configured timeout', async () => {
    const token = await t.login('buyer', 'buyer123');
    await put('security', { ...SYS_CONFIG_DEFAULTS.security, tokenTimeout: 5 });
    await t.db
      .updateTable('sys_session')
      .set({ last_seen_at: new Date(Date.now() - 6 * 60_000) })
      .where('user_id', '=', await userId('buyer'))
      .execute();
    expect((await t.get(API.userInfo, token)).body.code).toBe(600);
  });

  it('single sign-in: a new sign-in ends the older session', async () => {
    await put('security', { ...SYS_CONFIG_DEFAULTS.security, singleLogin: true });
    const first = await t.login('buyer', 'buyer123');
    await t.login('buyer', 'buyer123');
    expect((await t.get(API.userInfo, first)).body.code).toBe(602);
  });

  it('the upload code takes its size limit from the settings', async () => {
    const pngOf = (bytes: number) =>
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
        Buffer.alloc(bytes),
      ]);
    const upload = (bytes = 1536 * 1024) =>
      uploadFile(
        t,
        '/api/file/Uploader/IM',
        admin,
        { name: 'a.png', content: pngOf(bytes), type: 'image/png' },
        en,
      );
    await put('upload', { uploadMaxMb: 1 });
    // The refusal names the configured limit, in the caller's language.
    expect((await upload()).body).toMatchObject({ code: 400, msg: 'Image size cannot exceed 1M' });
    await put('upload', { uploadMaxMb: 2 });
    expect((await upload()).body.code).toBe(0);
    // Above the shipped 5 MB too: 6 MB passes under an 8 MB limit.
    await put('upload', { uploadMaxMb: 8 });
    expect((await upload(6 * 1024 * 1024)).body.code).toBe(0);
    await put('upload', SYS_CONFIG_DEFAULTS.upload);
  });

  it('applies a change saved through another server process on its very next request', async () => {
    // A second app on the same database: its own settings cache, as a second process has.
    const second = await buildApp({
      dataDir: t.dataDir,
      ...TEST_APP_CONFIG,
      validateResponses: true,
      db: { ...t.handle, close: async () => {} },
    });
    try {
      const viaSecond = await second.inject({
        method: 'POST',
        url: API.login,
        payload: { userName: 'admin', passWord: 'admin123' },
      });
      const token2 = JSON.parse(viaSecond.body).data.token as string;
      const read = async () =>
        JSON.parse(
          (await second.inject({ method: 'GET', url: C, headers: { authorization: `Bearer ${token2}` } }))
            .body,
        ).data as SysConfigValues;
      expect((await read()).security.lockoutAttempts).toBe(5);
      await put('security', { ...SYS_CONFIG_DEFAULTS.security, lockoutAttempts: 4 });
      expect((await read()).security.lockoutAttempts).toBe(4);
      // Sign-in (no session yet) in the second process uses it too.
      for (let i = 0; i < 3; i++)
        await second.inject({
          method: 'POST',
          url: API.login,
          payload: { userName: 'vendor', passWord: 'x1' },
        });
      const fourth = await second.inject({
        method: 'POST',
        url: API.login,
        payload: { userName: 'vendor', passWord: 'x1' },
      });
      expect(JSON.parse(fourth.body).code).toBe(429);
    } finally {
      await second.close();
      await t.db.deleteFrom('sys_login_failure').execute();
    }
  });
});

describe('password rules on every password path', () => {
  const strict = passwordRule({
    passwordMinLength: 8,
    passwordMaxLength: 20,
    passwordClasses: ['lower', 'upper', 'digit', 'symbol'],
    passwordHistory: 3,
  });

  it('the own password change refuses a password against the rule and one of the last N', async () => {
    await put('password', strict);
    const buyer = await t.login('buyer', 'buyer123');
    const change = (oldPassword: string, password: string) =>
      t.post<{ fields?: Record<string, string> }>(API.currentPassword, { oldPassword, password }, buyer, en);
    const weak = await change('buyer123', 'buyer1234');
    expect(weak.body).toMatchObject({
      code: 400,
      data: { fields: { password: 'Must contain: an upper-case letter, a symbol' } },
    });
    expect((await change('buyer123', 'Aa1!')).body.data.fields?.password).toBe(
      'Password must be at least 8 characters',
    );
    expect((await change('buyer123', 'Buyer#001')).body.code).toBe(0);
    expect((await change('Buyer#001', 'Buyer#002')).body.code).toBe(0);
    expect((await change('Buyer#002', 'Buyer#003')).body.code).toBe(0);
    // The current one is refused as such, the two before it as used lately; the first is older
    // than the last 3.
    expect((await change('Buyer#003', 'Buyer#003')).body).toMatchObject({
      code: 400,
      data: { fields: { password: 'The new password must differ from the current one' } },
    });
    for (const again of ['Buyer#002', 'Buyer#001']) {
      expect((await change('Buyer#003', again)).body).toMatchObject({
        code: 400,
        data: { fields: { password: 'Must differ from the passwords used lately' } },
      });
    }
    expect((await change('Buyer#003', 'buyer123')).body.code).toBe(400);
    await put('password', passwordRule());
    expect((await change('Buyer#003', 'buyer123')).body.code).toBe(0);
  });

  it("the administrator's reset and user create refuse a password against the rule; reset refuses a reused one", async () => {
    await put('password', strict);
    const vendorId = await userId('vendor');
    const reset = (password: string) =>
      t.post<{ fields?: Record<string, string> }>(UserApi.resetPassword(vendorId), { password }, admin, en);
    expect((await reset('vendor1234')).body.code).toBe(400);
    expect((await reset('vendor123')).body.code).toBe(400);
    expect((await reset('Vendor#123')).body.code).toBe(0);
    expect((await reset('Vendor#123')).body).toMatchObject({
      code: 400,
      data: { fields: { password: 'Must differ from the passwords used lately' } },
    });
    expect((await t.login('vendor', 'Vendor#123')).length).toBeGreaterThan(10);
    const depts = await deptIdsByCode(t.db, tenantId);
    const create = (account: string, password: string) =>
      t.post<{ fields?: Record<string, string> }>(
        UserApi.users,
        { account, realName: account, mobile: '13900001111', password, deptId: depts.finance },
        admin,
        en,
      );
    expect((await create('rule1', 'simple12')).body).toMatchObject({
      code: 400,
      data: { fields: { password: expect.any(String) } },
    });
    expect((await create('rule1', 'Simple#12')).body.code).toBe(0);
    expect((await t.login('rule1', 'Simple#12')).length).toBeGreaterThan(10);
    await put('password', passwordRule());
    await reset('vendor123');
  });

  it('user import reports rows whose password breaks the rule and imports none of them', async () => {
    await put('password', strict);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('users');
    ws.addRow(['hint']);
    ws.addRow(['账号*', '姓名*', '手机*', '邮箱', '部门', '角色', '初始密码']);
    ws.addRow(['imp1', '导入一', '13900002221', '', '', '', 'weakpass1']);
    ws.addRow(['imp2', '导入二', '13900002222', '', '', '', 'Strong#Pass1']);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await uploadFile<{
      imported: number;
      failed: number;
      errors: { row: number; column: string; message: string }[];
    }>(t, UserApi.import, admin, { name: 'u.xlsx', content }, en);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ imported: 1, failed: 1 });
    expect(res.body.data.errors[0]).toMatchObject({
      row: 3,
      message: 'Must contain: an upper-case letter, a symbol',
    });
    expect((await t.login('imp2', 'Strong#Pass1')).length).toBeGreaterThan(10);
    await put('password', passwordRule());
  });

  it('an expired password signs in only with a new one that meets the rule and was not used lately', async () => {
    await put('password', { ...strict, passwordExpiryDays: 30 });
    const vendorId = await userId('vendor');
    await t.db
      .updateTable('sys_user')
      .set({ password_changed_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', vendorId)
      .execute();
    const expired = await loginRaw('vendor', 'vendor123');
    expect(expired.body).toMatchObject({ code: 400, data: { passwordExpired: true } });
    // A wrong old password is still a wrong password, whatever comes with it.
    expect((await loginRaw('vendor', 'nope1234', { newPassword: 'Vendor#2026' })).body.code).toBe(400);
    const weak = await loginRaw('vendor', 'vendor123', { newPassword: 'vendor1234' });
    expect(weak.body).toMatchObject({ code: 400, data: { fields: { newPassword: expect.any(String) } } });
    const same = await loginRaw('vendor', 'vendor123', { newPassword: 'vendor123' });
    expect(same.body.code).toBe(400);
    const ok = await loginRaw('vendor', 'vendor123', { newPassword: 'Vendor#2026' });
    expect(ok.body.code).toBe(0);
    expect((await loginRaw('vendor', 'Vendor#2026')).body.code).toBe(0);
    expect((await loginRaw('vendor', 'vendor123')).body.code).toBe(400);
    await put('password', passwordRule());
    await t.post(UserApi.resetPassword(vendorId), { password: 'vendor123' }, admin);
    await t.db.deleteFrom('sys_login_failure').execute();
  });
});
