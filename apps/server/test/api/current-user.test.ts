import type { BaseInfo, CurrentUser, LoginLog, Page } from '@srm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartFile, type TestApp } from '../helpers';

let t: TestApp;
let buyer: string;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await t.login('buyer', 'buyer123');
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

const multipart = (filename: string, content: Buffer, contentType = 'image/png') =>
  multipartFile(filename, content, contentType);

describe('base info', () => {
  it('reads and updates the own base info', async () => {
    const res = await t.get<BaseInfo>('/api/permission/Users/Current/BaseInfo', buyer);
    expect(res.body.data).toMatchObject({ account: 'buyer', realName: '张采购', mobile: '13800000001' });
    const put = await t.put(
      '/api/permission/Users/Current/BaseInfo',
      { realName: '张三', mobile: '15900000009', email: 'z@example.com' },
      buyer,
    );
    expect(put.body.code).toBe(0);
    const after = await t.get<BaseInfo>('/api/permission/Users/Current/BaseInfo', buyer);
    expect(after.body.data).toMatchObject({
      realName: '张三',
      mobile: '15900000009',
      email: 'z@example.com',
    });
  });

  it('refuses a bad mobile with the contracts message key translated', async () => {
    const en = await t.put<{ fields: Record<string, string> }>(
      '/api/permission/Users/Current/BaseInfo',
      { realName: '', mobile: '12345', email: 'bad' },
      buyer,
      { 'accept-language': 'en-US' },
    );
    expect(en.body.code).toBe(400);
    expect(en.body.data.fields.mobile).toBe('please enter your mobile number correctly');
    expect(en.body.data.fields.realName).toBeTruthy();
    expect(en.body.data.fields.email).toBeTruthy();
    const zh = await t.put<{ fields: Record<string, string> }>(
      '/api/permission/Users/Current/BaseInfo',
      { realName: 'x', mobile: '16600000000' },
      buyer,
    );
    expect(zh.body.data.fields.mobile).toBe('请输入正确的手机号码');
  });
});

describe('password and theme', () => {
  it('changes the password after checking the old one', async () => {
    const weak = await t.post<{ fields: Record<string, string> }>(
      '/api/permission/Users/Current/Actions/ModifyPassword',
      { oldPassword: 'buyer123', password: 'abcdef' },
      buyer,
    );
    expect(weak.body.code).toBe(400);
    expect(weak.body.data.fields.password).toBe('6-16位字符的密码（数字和字母组成）');
    const wrongOld = await t.post(
      '/api/permission/Users/Current/Actions/ModifyPassword',
      { oldPassword: 'nope', password: 'abc12345' },
      buyer,
    );
    expect(wrongOld.body.code).toBe(400);
    const ok = await t.post(
      '/api/permission/Users/Current/Actions/ModifyPassword',
      { oldPassword: 'buyer123', password: 'abc12345' },
      buyer,
    );
    expect(ok.body.code).toBe(0);
    expect(await t.login('buyer', 'abc12345')).toBeTruthy();
    const old = await t.post('/api/sys/login', { userName: 'buyer', passWord: 'buyer123' });
    expect(old.body.code).toBe(400);
  });

  it('refuses a new password equal to the current one, with a field message in the caller’s language', async () => {
    const url = '/api/permission/Users/Current/Actions/ModifyPassword';
    for (const [language, text] of [
      ['zh-CN', '新密码不能与旧密码相同'],
      ['en-US', 'The new password must differ from the current one'],
      ['zh-TW', '新密碼不能與舊密碼相同'],
    ] as const) {
      const same = await t.post<{ fields: Record<string, string> }>(
        url,
        { oldPassword: 'abc12345', password: 'abc12345' },
        buyer,
        { 'accept-language': language },
      );
      expect(same.body.code).toBe(400);
      expect(same.body.data.fields).toEqual({ password: text });
    }
    // The password is unchanged and its history has no second copy of it.
    expect(await t.login('buyer', 'abc12345')).toBeTruthy();
    // A wrong current password is still named as such first.
    const wrong = await t.post<{ fields: Record<string, string> }>(
      url,
      { oldPassword: 'nope1234', password: 'nope1234' },
      buyer,
    );
    expect(Object.keys(wrong.body.data.fields)).toEqual(['oldPassword']);
  });

  it('stores the theme, returned by the next sign-in', async () => {
    const bad = await t.put('/api/permission/Users/Current/SystemTheme', { theme: 'dark' }, buyer);
    expect(bad.body.code).toBe(400);
    const ok = await t.put('/api/permission/Users/Current/SystemTheme', { theme: 'functional' }, buyer);
    expect(ok.body.code).toBe(0);
    const res = await t.post<{ theme: string }>('/api/sys/login', {
      userName: 'buyer',
      passWord: 'abc12345',
    });
    expect(res.body.data.theme).toBe('functional');
  });

  it('stores the language the user works in; the screen that asks names the answer’s language', async () => {
    const url = '/api/permission/Users/Current/SystemLanguage';
    for (const bad of [{ language: 'fr-FR' }, { language: 'en-US\u0000' }, {}]) {
      const res = await t.put<{ fields: Record<string, string> }>(url, bad, buyer, {
        'accept-language': 'en-US',
      });
      expect(res.body.code).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['language']);
    }
    expect((await t.put(url, { language: 'en-US' }, undefined)).body.code).toBe(600);
    const ok = await t.put(url, { language: 'en-US' }, buyer);
    expect(ok.body).toMatchObject({ code: 0, msg: 'Saved' });
    const info = await t.get<CurrentUser>('/api/sys/user/info', buyer);
    expect(info.body.data.language).toBe('en-US');
    // A request naming no language is answered in the user's; one that names it, in that one.
    const bare = await t.put<{ fields: Record<string, string> }>(url, { language: 'xx' }, buyer);
    expect(bare.body.msg).toMatch(/^[\x20-\x7e]+$/);
    const zh = await t.put<{ fields: Record<string, string> }>(url, { language: 'xx' }, buyer, {
      'accept-language': 'zh-CN',
    });
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await t.put(url, { language: 'zh-CN' }, buyer)).body.code).toBe(0);
    expect((await t.get<CurrentUser>('/api/sys/user/info', buyer)).body.data.language).toBe('zh-CN');
  });

  it('stores the drawer settings with the layout, returned by the next sign-in and the user info', async () => {
    const url = '/api/permission/Users/Current/SystemTheme';
    const settings = { themeColor: 'red', themeClass: 'dark', tagsView: false };
    for (const bad of [{ themeColor: 'pink' }, { tagsView: 'no' }, { unknownSwitch: true }]) {
      const res = await t.put(url, { theme: 'plain', settings: bad }, buyer);
      expect(res.body.code).toBe(400);
    }
    // A refused body changed nothing.
    const before = await t.get<CurrentUser>('/api/sys/user/info', buyer);
    expect(before.body.data.theme).toBe('functional');
    expect(before.body.data.settings).toEqual({});

    expect((await t.put(url, { theme: 'plain', settings }, buyer)).body.code).toBe(0);
    const login = await t.post<{ token: string; theme: string; settings: unknown }>('/api/sys/login', {
      userName: 'buyer',
      passWord: 'abc12345',
    });
    expect(login.body.data).toMatchObject({ theme: 'plain', settings });
    const info = await t.get<CurrentUser>('/api/sys/user/info', login.body.data.token);
    expect(info.body.data).toMatchObject({ theme: 'plain', settings });
    // The layout alone keeps the stored settings.
    expect((await t.put(url, { theme: 'classic' }, buyer)).body.code).toBe(0);
  });
});

describe('own sign-in log', () => {
  it('pages the own rows only', async () => {
    const res = await t.get<Page<LoginLog>>(
      '/api/permission/Users/Current/SystemLog?currentPage=1&pageSize=2',
      buyer,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.list).toHaveLength(2);
    expect(res.body.data.pagination).toMatchObject({ currentPage: 1, pageSize: 2 });
    expect(res.body.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(res.body.data.list.every((r) => r.account === 'buyer' || r.account === '13800000001')).toBe(true);
    const bad = await t.get('/api/permission/Users/Current/SystemLog?pageSize=0', buyer);
    expect(bad.body.code).toBe(400);
  });
});

describe('upload, image and avatar', () => {
  it('uploads an image, serves it to the tenant, and sets it as avatar', async () => {
    const up = await t.request<{ name: string; url: string }>({
      method: 'POST',
      url: '/api/file/Uploader/userAvatar',
      ...(() => {
        const m = multipart('me.png', PNG);
        return { payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${buyer}` } };
      })(),
    });
    expect(up.body.code).toBe(0);
    expect(up.body.data.name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(up.body.data.url).toBe(`/api/file/Image/userAvatar/${up.body.data.name}`);

    // Nobody's avatar yet: served to nobody (File/Download's check).
    expect((await t.get(up.body.data.url, buyer)).body.code).toBe(404);

    const avatar = await t.put<{ headIcon: string }>(
      `/api/permission/Users/Current/Avatar/${up.body.data.name}`,
      undefined,
      buyer,
    );
    expect(avatar.body.code).toBe(0);
    const info = await t.get<CurrentUser>('/api/sys/user/info', buyer);
    expect(info.body.data.headIcon).toBe(up.body.data.url);
    const img = await t.request({ method: 'GET', url: `${up.body.data.url}?token=${buyer}` });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // Another tenant does not see it.
    await t.seedOtherTenant('up');
    const other = await t.login('upadmin', 'admin123');
    const foreign = await t.get(up.body.data.url, other);
    expect(foreign.body.code).toBe(404);
    const noToken = await t.get(up.body.data.url);
    expect(noToken.body.code).toBe(600);
  });

  it('refuses non-images by content, whatever the name says', async () => {
    const m = multipart('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const res = await t.request({
      method: 'POST',
      url: '/api/file/Uploader/IM',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${buyer}` },
    });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('图片');
  });

  it('refuses files over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const m = multipart('big.png', big);
    const res = await t.request({
      method: 'POST',
      url: '/api/file/Uploader/IM',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${buyer}`, 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: 'Image size cannot exceed 5M' });
  });

  it('refuses path traversal and unknown names', async () => {
    for (const url of [
      '/api/file/Image/IM/..%2F..%2Fpglite',
      '/api/file/Image/..%2F..%2F/x.png',
      '/api/file/Image/IM/../../etc/passwd',
      `/api/file/Image/IM/${'a'.repeat(32)}.png`,
    ]) {
      const res = await t.get(url, buyer);
      expect(res.body.code, url).toBe(404);
    }
    const avatar = await t.put('/api/permission/Users/Current/Avatar/..%2Fx.png', undefined, buyer);
    expect(avatar.body.code).toBe(400);
  });
});
