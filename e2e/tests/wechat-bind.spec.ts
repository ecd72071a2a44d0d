import { createHash, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { escapeUntilHidden, openSettings, openUserMenu, shot, signIn, signInAs } from './helpers';

// The server talks to the fake WeChat API of e2e/fake-wechat.mjs (started by playwright.config.ts);
// the QR image itself comes from WeChat's image host, answered here by page.route with a PNG.
const FAKE_WECHAT = `http://127.0.0.1:${process.env.E2E_WECHAT_PORT}`;
const QR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHQAAAB0CAAAAABx8Un7AAABNklEQVR42u3a0Q6CMAyFYd7/pfXWzPX0bNACyb8rI7EfibNri8fnhnWAgoJuoYdY0fXf9904oL3o9EufoCM2vlZxQPvRWXAV4C+gEQf0OWiWGEDfhUY/+tKNBHoJmiV8dViXnTKg22hWUI1BouRwWTUIegq1mx+BlHVtoFtoVICpw1zBsngDbUGjQksVZ05zNb0B0DbUCZxtFCdRgPagagO5jbFdAIC2o6ohig6DqOmaFm+gLahTdEWHdfS58DpoGzpLCO4GUg1y2kCBlqDZJnEeEmSHAGg/enaAEcUBvQd1BhxZIa2a6K3pCugpdHUgmQ2bS4bMoOUP4p1NdvmfK0CX0Sy4ewOg70Cdg9p56Af6LHSlWQoTBmgr6gwlVWOsmmvQfnT1D6hZs2UlfNAytHOBgoIurS+MwMHyO85rlAAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE_HOST = 'https://mp.weixin.qq.com/cgi-bin/showqrcode';
// The token playwright.config.ts gives the server: WeChat signs its callbacks with it.
const MP_TOKEN = process.env.E2E_WECHAT_TOKEN ?? '';

/** Answers WeChat's QR image requests with the PNG; returns the tickets asked for. */
async function serveQrImages(page: Page): Promise<string[]> {
  const tickets: string[] = [];
  await page.route(`${IMAGE_HOST}?**`, async (route) => {
    tickets.push(new URL(route.request().url()).searchParams.get('ticket') ?? '');
    await route.fulfill({ status: 200, contentType: 'image/png', body: QR_PNG });
  });
  return tickets;
}

/** The dialog shows a loaded QR image; returns its address. */
async function expectQrShown(page: Page): Promise<string> {
  const image = page.getByTestId('wx-bind-qr');
  await expect(image).toBeVisible();
  await expect(page.getByTestId('wx-bind-qr-box')).toHaveAttribute('data-state', 'ready');
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return (await image.getAttribute('src')) ?? '';
}

/** Settings: the plain layout, then the English language. */
async function plainLayoutInEnglish(page: Page) {
  await openSettings(page);
  await page.getByTestId('layout-plain').click();
  await page.reload();
  await expect(page.getByTestId('layout-sidebar')).toBeVisible();
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
}

test('a user opens the bind dialog, sees the QR code of their ticket and gets a new one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const tickets = await serveQrImages(page);
  await signIn(page, 'buyer');
  await page.getByTestId('navbar-wx-bind').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('绑定微信公众号');
  await expect(dialog).toContainText('二维码 10 分钟内有效');

  const src = await expectQrShown(page);
  // The ticket (base64 with + / =) is URL-encoded in the image address.
  expect(src).toMatch(
    /^https:\/\/mp\.weixin\.qq\.com\/cgi-bin\/showqrcode\?ticket=gQH47joAAAAAAAAAASxodHRw%2Be2e%2F\d+%3D%3D$/,
  );
  expect(tickets.at(-1)).toMatch(/^gQH47joAAAAAAAAAASxodHRw\+e2e\/\d+==$/);
  await shot(page, 'wx-bind-classic');

  await page.getByTestId('wx-bind-refresh').click();
  await expect(page.getByTestId('wx-bind-qr')).not.toHaveAttribute('src', src);
  const renewed = await expectQrShown(page);
  expect(renewed).not.toBe(src);
  expect(new Set(tickets).size).toBe(2);

  // Closed and opened again: a new QR code.
  await dialog.locator('.ant-modal-close').click();
  await expect(page.getByTestId('wx-bind-body')).toHaveCount(0);
  await page.getByTestId('navbar-wx-bind').click();
  expect(await expectQrShown(page)).not.toBe(renewed);
});

test('a WeChat failure shows its message in the dialog, and retry brings the QR code', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await serveQrImages(page);
  await signIn(page, 'buyer');
  const fail = await fetch(`${FAKE_WECHAT}/__fake/fail?count=1`, { method: 'POST' });
  expect(fail.ok).toBe(true);
  await page.getByTestId('navbar-wx-bind').click();
  await expect(page.getByTestId('wx-bind-error-text')).toHaveText(
    '微信公众号未能生成二维码（错误码 45009），请联系管理员',
  );
  await expect(page.getByTestId('wx-bind-qr')).toHaveCount(0);
  await shot(page, 'wx-bind-error');
  await page.getByTestId('wx-bind-retry').click();
  await expectQrShown(page);
  await expect(page.getByTestId('wx-bind-error')).toHaveCount(0);
});

test('an expired QR code is covered and refreshed on demand', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.clock.install();
  await serveQrImages(page);
  await signIn(page, 'buyer');
  await page.getByTestId('navbar-wx-bind').click();
  const first = await expectQrShown(page);
  await page.clock.fastForward('10:00');
  await expect(page.getByTestId('wx-bind-expired')).toContainText('二维码已过期');
  await expect(page.getByTestId('wx-bind-qr-box')).toHaveAttribute('data-state', 'expired');
  await page.getByTestId('wx-bind-expired-refresh').click();
  expect(await expectQrShown(page)).not.toBe(first);
  await expect(page.getByTestId('wx-bind-expired')).toHaveCount(0);
});

test('the dialog in the functional and plain layouts, dark, and in English', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await serveQrImages(page);
  await signIn(page, 'buyer');
  await openSettings(page);
  await page.getByTestId('layout-functional').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await page.getByTestId('navbar-wx-bind').click();
  await expectQrShown(page);
  await shot(page, 'wx-bind-functional-dark');
  await escapeUntilHidden(page, page.getByTestId('wx-bind-body'));

  await plainLayoutInEnglish(page);
  await expect(page.getByTestId('navbar-wx-bind')).toHaveAttribute('aria-label', 'Bind WeChat');
  await page.getByTestId('navbar-wx-bind').click();
  await expect(page.getByRole('dialog')).toContainText('Bind the WeChat official account');
  await expect(page.getByRole('dialog')).toContainText('The QR code is valid for 10 minutes');
  await expectQrShown(page);
  await shot(page, 'wx-bind-plain-dark-en');
});

test.describe('narrow window', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the entry sits in the user menu; the dialog fits, light and dark', async ({ page }) => {
    await serveQrImages(page);
    await signIn(page, 'buyer');
    await expect(page.getByTestId('navbar-wx-bind')).toHaveCount(0);
    await openUserMenu(page);
    await page.getByTestId('menu-wx-bind').click();
    await expectQrShown(page);
    const box = await page.getByTestId('wx-bind-body').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(page, 'wx-bind-mobile');
    await escapeUntilHidden(page, page.getByTestId('wx-bind-body'));

    await openUserMenu(page);
    await page.getByTestId('menu-settings').click();
    await page.getByTestId('theme-dark').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByTestId('layout-root')).toBeVisible();
    await openUserMenu(page);
    await page.getByTestId('menu-wx-bind').click();
    await expectQrShown(page);
    await shot(page, 'wx-bind-mobile-dark');
  });
});

/** A user of their own (signed in and bound here only), made through the API as admin. */
async function makeUser(request: APIRequestContext, account: string, mobile: string) {
  const login = await request.post('/api/sys/login', { data: { userName: 'admin', passWord: 'admin123' } });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const roles = await request.get('/api/sys/role/list?keyword=buyer', { headers });
  const roleId = (
    (await roles.json()) as { data: { list: { id: string; enCode: string }[] } }
  ).data.list.find((r) => r.enCode === 'buyer')?.id;
  const created = await request.post('/api/permission/Users', {
    headers,
    data: { account, password: 'wxbind123', realName: '扫码绑定', mobile, roleIds: [roleId] },
  });
  expect(((await created.json()) as { code: number }).code).toBe(0);
}

/** Signs in as a user made by makeUser. */
const signInMade = (page: Page, account: string) => signInAs(page, account, 'wxbind123');

/**
 * What WeChat does when the QR code of the ticket is scanned by an account that follows the
 * official account: reads its scene (from the fake) and posts the signed SCAN event to the callback.
 */
async function scanQr(request: APIRequestContext, ticket: string, openid: string) {
  const found = await fetch(`${FAKE_WECHAT}/__fake/scene?ticket=${encodeURIComponent(ticket)}`);
  expect(found.ok).toBe(true);
  const { scene } = (await found.json()) as { scene: string };
  expect(scene).toMatch(/^bind:\d+:\d+$/);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(Math.floor(Math.random() * 1e9));
  const signature = createHash('sha1').update([MP_TOKEN, timestamp, nonce].sort().join('')).digest('hex');
  const now = Math.floor(Date.now() / 1000);
  const res = await request.post(
    `/api/sys/wxUser/callback?${new URLSearchParams({ signature, timestamp, nonce, openid })}`,
    {
      headers: { 'content-type': 'text/xml' },
      data: `<xml><ToUserName><![CDATA[gh_e2e]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>${now}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${scene}]]></EventKey><Ticket><![CDATA[${ticket}]]></Ticket></xml>`,
    },
  );
  expect(res.status()).toBe(200);
  expect(await res.text()).toBe('success');
}

test('scanning the QR code binds the account: the open dialog turns to bound; then unbinding', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // Time runs on, and the test can move it on to show that polling stops.
  await page.clock.install();
  const tickets = await serveQrImages(page);
  await makeUser(page.request, 'wxbind01', '13912345691');
  await signInMade(page, 'wxbind01');

  await page.getByTestId('navbar-wx-bind').click();
  await expectQrShown(page);
  await expect(page.getByTestId('wx-bind-back')).toHaveCount(0);
  const openid = `oE2E${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  await scanQr(page.request, tickets.at(-1) ?? '', openid);

  // The dialog asks every 2 s: it turns to "bound", with the time.
  const title = page.getByTestId('wx-bind-bound-title');
  await expect(title).toHaveText('绑定成功');
  await expect(page.getByTestId('wx-bind-bound-at')).toHaveText(
    /^绑定时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  await expect(page.getByTestId('wx-bind-qr')).toHaveCount(0);
  await shot(page, 'wx-bind-success');
  // Polling stopped: no more state requests while the bound state is shown.
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/sys/wxUser/bindState')) asked++;
  });
  await page.clock.fastForward(10_000);
  await expect(title).toHaveText('绑定成功');
  expect(asked).toBe(0);

  // Opened again: bound, with unbinding and binding again.
  await page.locator('.ant-modal-close').click();
  await expect(page.getByTestId('wx-bind-bound')).toHaveCount(0);
  await page.getByTestId('navbar-wx-bind').click();
  await expect(title).toHaveText('已绑定微信公众号');
  await expect(page.getByTestId('wx-bind-unbind')).toBeVisible();
  await shot(page, 'wx-bind-bound');

  // Binding again shows a QR code, with a way back to the binding.
  await page.getByTestId('wx-bind-rebind').click();
  await expectQrShown(page);
  await shot(page, 'wx-bind-rebind');
  await page.getByTestId('wx-bind-back').click();
  await expect(title).toHaveText('已绑定微信公众号');

  // Unbinding asks first, then shows the QR code to bind again; opened later it is not bound.
  await page.getByTestId('wx-bind-unbind').click();
  await expect(page.getByText('确定解除与微信公众号的绑定吗？')).toBeVisible();
  await shot(page, 'wx-bind-unbind-confirm');
  await page.getByTestId('wx-bind-unbind-confirm').click();
  await expect(page.getByText('已解除绑定')).toBeVisible();
  await expectQrShown(page);
  await page.locator('.ant-modal-close').click();
  await page.getByTestId('navbar-wx-bind').click();
  await expectQrShown(page);
  await expect(page.getByTestId('wx-bind-bound')).toHaveCount(0);
});

test('the bound state in the functional and plain layouts, dark, in English, and in a narrow window', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const tickets = await serveQrImages(page);
  await makeUser(page.request, 'wxbind02', '13912345692');
  await signInMade(page, 'wxbind02');
  await openSettings(page);
  await page.getByTestId('layout-functional').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await page.getByTestId('navbar-wx-bind').click();
  await expectQrShown(page);
  await scanQr(page.request, tickets.at(-1) ?? '', `oE2E${randomUUID().replace(/-/g, '').slice(0, 24)}`);
  await expect(page.getByTestId('wx-bind-bound-title')).toHaveText('绑定成功');
  await shot(page, 'wx-bind-success-functional-dark');
  await escapeUntilHidden(page, page.getByTestId('wx-bind-bound'));

  await plainLayoutInEnglish(page);
  await page.getByTestId('navbar-wx-bind').click();
  await expect(page.getByTestId('wx-bind-bound-title')).toHaveText('Bound to the WeChat official account');
  await expect(page.getByTestId('wx-bind-bound-at')).toContainText('Bound at ');
  await expect(page.getByTestId('wx-bind-unbind')).toHaveText('Unbind');
  await expect(page.getByTestId('wx-bind-rebind')).toHaveText('Bind again');
  await shot(page, 'wx-bind-bound-plain-dark-en');
  await escapeUntilHidden(page, page.getByTestId('wx-bind-bound'));

  await page.setViewportSize({ width: 390, height: 844 });
  await openUserMenu(page);
  await page.getByTestId('menu-wx-bind').click();
  const bound = page.getByTestId('wx-bind-bound');
  await expect(bound).toBeVisible();
  // The user menu has closed (its animation ends with the dialog's).
  await expect(page.getByTestId('menu-wx-bind')).toBeHidden();
  const box = await bound.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await shot(page, 'wx-bind-bound-mobile-dark-en');
});
