import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, createUser, openSettings, shot, signIn, signInAs, signOut } from './helpers';

// Defects found trying the product as a new user would. Each test makes the users it changes, so
// the demo accounts keep their settings for the other specs.

const PASSWORD = 'pass1234';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const primaryColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--srm-primary'));

async function expectChosenSettings(page: Page) {
  await expect(page.getByTestId('top-menu')).toBeVisible();
  await expect(page.getByTestId('layout-sidebar')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => primaryColour(page)).toContain('#f5222d');
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
}

test('the settings drawer choices follow the user: signing out and in, and in a fresh browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = `set${stamp()}`;
  await createUser(page.request, await adminHeaders(page.request), {
    account,
    realName: '设置保存',
    password: PASSWORD,
  });
  const keep = { keepStoredSettings: true };
  await signInAs(page, account, PASSWORD, '/login', keep);
  await expect(page.getByTestId('layout-sidebar')).toBeVisible();
  await openSettings(page);
  await page.getByTestId('layout-functional').click();
  await page.getByTestId('theme-dark').click();
  await page.getByTestId('color-red').click();
  await page.getByTestId('switch-tagsView').click();
  await page.getByTestId('settings-drawer').locator('.ant-drawer-close').click();
  await expectChosenSettings(page);

  await signOut(page);
  await signInAs(page, account, PASSWORD, '/login', keep);
  await expectChosenSettings(page);
  await shot(page, 'settings-kept-after-sign-in');

  // Another browser (nothing stored locally) gets them from the server at sign-in.
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const fresh = await context.newPage();
  await signInAs(fresh, account, PASSWORD, '/login', keep);
  await expectChosenSettings(fresh);
  await context.close();
});

test('the public registration page shows without the shell or any signed-in call', async ({ page }) => {
  const calls: { url: string; code: number | undefined }[] = [];
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    const body = (await res.json().catch(() => null)) as { code?: number } | null;
    calls.push({ url: res.url(), code: body?.code });
  });
  await page.goto('/base/vendor/register');
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expect(page).toHaveURL(/\/base\/vendor\/register$/);
  await expect(page.getByTestId('layout-root')).toHaveCount(0);
  await expect(page.getByTestId('navbar-message')).toHaveCount(0);
  await shot(page, 'public-register');
  // Settle: any call the page would make has been made by now.
  await page.waitForLoadState('networkidle');
  // No call asked for a session: none went to a signed-in API (they answer 600 without a token).
  expect(calls.filter((c) => c.code === 600 || c.code === 601 || c.url.includes('UnreadCount'))).toEqual([]);
  await expect(page.getByTestId('layout-root')).toHaveCount(0);

  await page.getByTestId('register-brand').click();
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('after a sign-out on a page, the next user goes there only if they may open it, else home', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/permission/authorize');
  await expect(page).toHaveURL(/\/permission\/authorize/);
  await signOut(page);
  // The buyer signs in on the sign-in page the admin left, then on one that names the admin's page.
  for (const login of [page.url(), `/login?redirect=${encodeURIComponent('/permission/authorize')}`]) {
    await page.goto(login);
    await page.getByTestId('login-username').fill('buyer');
    await page.getByTestId('login-password').fill('buyer123');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await signOut(page);
  }

  // A page the user may open is still honoured.
  await page.goto(`/login?redirect=${encodeURIComponent('/profile')}`);
  await page.getByTestId('login-username').fill('buyer');
  await page.getByTestId('login-password').fill('buyer123');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the menu search opens the first match on Enter, another chosen with the arrow keys', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const search = page.getByTestId('menu-search');
  await search.fill('用户');
  await expect(page.locator('[data-testid^="menu-search-option-"]').first()).toBeVisible();
  const first = await page
    .locator('[data-testid^="menu-search-option-"]')
    .first()
    .getAttribute('data-testid');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${(first ?? '').replace('menu-search-option-', '')}$`));

  await page.goto('/home');
  await search.fill('管理');
  const options = page.locator('[data-testid^="menu-search-option-"]');
  await expect(options.nth(1)).toBeVisible();
  const second = await options.nth(1).getAttribute('data-testid');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${(second ?? '').replace('menu-search-option-', '')}$`));
});

test('the functional layout packs its top menu: "more" follows the last item without a wide gap', async ({
  page,
}) => {
  const account = `top${stamp()}`;
  await createUser(page.request, await adminHeaders(page.request), {
    account,
    realName: '顶部菜单',
    password: PASSWORD,
  });
  await page.setViewportSize({ width: 1100, height: 800 });
  await signInAs(page, account, PASSWORD, '/login', { keepStoredSettings: true });
  await openSettings(page);
  await page.getByTestId('layout-functional').click();
  await page.getByTestId('settings-drawer').locator('.ant-drawer-close').click();
  const menu = page.getByTestId('top-menu');
  await expect(page.getByTestId('top-menu-more')).toBeVisible();
  // As many 116 px slots as the width holds, one of them "more".
  const width = await menu.evaluate((el) => el.clientWidth);
  await expect(menu).toHaveAttribute('data-visible-count', String(Math.floor(width / 116) - 1));
  // "More" begins at its slot's start, as every item does (centred, it stood apart behind a gap).
  const offsets = await menu.evaluate((el) =>
    Array.from(
      el.querySelectorAll('.ant-menu-horizontal > li'),
      (li) =>
        (li.querySelector('.anticon')?.getBoundingClientRect().left ?? 0) - li.getBoundingClientRect().left,
    ),
  );
  for (const offset of offsets) expect(offset).toBeLessThanOrEqual(12);
  await shot(page, 'top-menu-packed');
});

test('the chat contacts load the next page when scrolled near their end', async ({ page }) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(page.request);
  const prefix = `ct${stamp()}`;
  for (let i = 0; i < 22; i++) {
    await createUser(page.request, headers, {
      account: `${prefix}${i}`,
      realName: `联系人${i}`,
      password: PASSWORD,
    });
  }
  const total = await contactTotal(page.request, headers);
  expect(total).toBeGreaterThan(21);

  await signIn(page, 'admin');
  await page.getByTestId('navbar-chat').click();
  await page.getByTestId('chat-tab-contacts').click();
  const contacts = page.getByTestId('chat-contacts');
  const items = contacts.locator('[data-testid^="chat-contact-"]');
  await expect(items.first()).toBeVisible();
  // The first page is 20 (less me); scrolling to the end brings the rest, page by page.
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(19);
  for (let i = 0; i < 5 && (await items.count()) < total - 1; i++) {
    await contacts.hover();
    await page.mouse.wheel(0, 5000);
    await page.waitForTimeout(300);
  }
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(total - 1);
  await shot(page, 'chat-contacts-more');
});

async function contactTotal(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/permission/Users/ImUser?currentPage=1&pageSize=1', { headers });
  return ((await res.json()) as { data: { pagination: { total: number } } }).data.pagination.total;
}

test('opening a message moves the badge straight to the true count', async ({ page }) => {
  const headers = await adminHeaders(page.request);
  const account = `bg${stamp()}`;
  const id = await createUser(page.request, headers, { account, realName: '角标', password: PASSWORD });
  // Three password resets: three unread messages of the template.
  for (let i = 0; i < 3; i++) {
    const res = await page.request.post(`/api/permission/Users/${id}/Actions/ResetPassword`, {
      headers,
      data: { password: PASSWORD },
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  }
  await signInAs(page, account, PASSWORD);
  const badge = page.getByTestId('message-badge').locator('.ant-scroll-number');
  // Three, or one more when another spec releases an announcement to all staff meanwhile.
  await expect(badge).toHaveAttribute('title', /^[34]$/);
  const before = Number(await badge.getAttribute('title'));
  // Every value the badge shows from now on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { badgeSeen: string[] }).badgeSeen = seen;
    const root = document.querySelector('[data-testid="message-badge"]');
    if (!root) return;
    const record = () => {
      const title = root.querySelector('.ant-scroll-number')?.getAttribute('title') ?? '0';
      if (seen.at(-1) !== title) seen.push(title);
    };
    record();
    new MutationObserver(record).observe(root, { subtree: true, childList: true, attributes: true });
  });
  // The read's answer comes after the pushed counts, as it may on a slow network.
  await page.route('**/api/message/Actions/Read*', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fulfill({ response });
  });
  await page.getByTestId('navbar-message').click();
  await page.getByTestId('message-item').first().click();
  await expect(badge).toHaveAttribute('title', String(before - 1));
  // Later pushes and refreshes settle on the same value.
  await page.waitForTimeout(1500);
  await expect(badge).toHaveAttribute('title', String(before - 1));
  expect(await page.evaluate(() => (window as unknown as { badgeSeen: string[] }).badgeSeen)).toEqual([
    String(before),
    String(before - 1),
  ]);
});

const LIST_PAGES = [
  '/permission/organize',
  '/permission/department',
  '/permission/position',
  '/permission/user',
  '/permission/role',
  '/permission/userOnline',
  '/system/menu',
  '/system/notice',
  '/messageRecord',
];

test('at 1440 × 900 every list keeps its action buttons on screen, without sideways scrolling', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // Every list has a row: a buyer online (whom the online list offers to force offline), an
  // announcement draft, and a user of the test's own with a message (a password reset).
  await page.request.post('/api/sys/login', { data: { userName: 'buyer', passWord: 'buyer123' } });
  const headers = await adminHeaders(page.request);
  const notice = await page.request.post('/api/system/Notice', {
    headers,
    data: { noticeTitle: `列表操作 ${stamp()}`, noticeBody: '<p>草稿</p>', audience: 'staff' },
  });
  expect(((await notice.json()) as { code: number }).code).toBe(0);
  const account = `ls${stamp()}`;
  const id = await createUser(page.request, headers, { account, realName: '列表', password: PASSWORD });
  await page.request.post(`/api/permission/Users/${id}/Actions/ResetPassword`, {
    headers,
    data: { password: PASSWORD },
  });
  await signIn(page, 'admin');
  for (const path of LIST_PAGES) {
    if (path === '/messageRecord') {
      await signOut(page);
      await signInAs(page, account, PASSWORD);
    }
    await page.goto(path);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    // One's own session offers no action: the buyer's does.
    const row = (path === '/permission/userOnline' ? rows.filter({ hasText: 'buyer' }) : rows).first();
    // A first visit on a busy machine may take a while to answer.
    await expect(row, path).toBeVisible({ timeout: 30_000 });
    const actions = row.locator('td').last().locator('button, a');
    await expect(actions.first(), path).toBeVisible();
    for (const action of await actions.all()) {
      const box = await action.boundingBox();
      expect(box, path).not.toBeNull();
      if (!box) continue;
      expect(box.x + box.width, `${path}: an action ends beyond the window`).toBeLessThanOrEqual(1440);
      // Not hidden behind the table's own scrolling either: the button is what is at its centre.
      const onTop = await action.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !!hit && (el === hit || el.contains(hit));
      });
      expect(onTop, `${path}: an action is covered or scrolled away`).toBe(true);
    }
    await shot(page, `list-actions-1440${path.replaceAll('/', '-')}`);
  }
  await context.close();
});

test('a very long title or path stays in its column: announcement, vendor-notice and request-log lists keep every column in the window', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const headers = await adminHeaders(page.request);
  const key = stamp();
  // 200 characters, the longest title either form takes, written without a space to break at.
  const longTitle = (prefix: string) => `${prefix}${key}`.padEnd(200, '长');
  const notice = await page.request.post('/api/system/Notice', {
    headers,
    data: { noticeTitle: longTitle('公告'), noticeBody: '<p>草稿</p>', audience: 'staff' },
  });
  expect(((await notice.json()) as { code: number }).code).toBe(0);
  const suppliers = await page.request.get(
    `/api/base/vendor/Supplier?keyword=${encodeURIComponent('示例供应商')}`,
    {
      headers,
    },
  );
  const supplierId = ((await suppliers.json()) as { data: { list: { id: string }[] } }).data.list[0]?.id;
  const vendorNotice = await page.request.post('/api/base/vendorNotice/save', {
    headers,
    data: {
      title: longTitle('通知'),
      bodyHtml: '<p>草稿</p>',
      replyRequired: false,
      supplierIds: [supplierId],
    },
  });
  expect(((await vendorNotice.json()) as { code: number }).code).toBe(0);
  // A long request path in the request log (a refused write is logged with its path).
  await page.request.put(`/api/system/Notice/${'9'.repeat(90)}`, { headers, data: {} });
  await signIn(page, 'admin');
  // Titles and a request path wrap inside their column (the shared ListTable cuts no text),
  // and the log, with its IP and request-id columns, is wider than the window anyway.
  for (const [path, table, title, cutShort] of [
    ['/system/notice', 'notice-table', `公告${key}`, true],
    ['/base/vendorNotice', 'vendor-notice-table', `通知${key}`, true],
    ['/system/log', 'request-log-table', '9999999999', false],
  ] as const) {
    await page.goto(path);
    if (path === '/system/log') await page.getByRole('tab', { name: '请求日志' }).click();
    const cell = page.getByTestId(table).locator('tbody tr.ant-table-row td', { hasText: title }).first();
    await expect(cell, path).toBeVisible({ timeout: 30_000 });
    // The text stays inside its column...
    const cut = await cell.evaluate((td) => {
      const text = (td.querySelector('.ant-table-cell-content, a, span') as HTMLElement | null) ?? td;
      return {
        cut: text.scrollWidth > text.clientWidth || td.scrollWidth > td.clientWidth,
        width: td.clientWidth,
      };
    });
    expect(cut.cut, `${path}: the long text is cut`).toBe(false);
    expect(cut.width, `${path}: the column keeps its width`).toBeLessThan(600);
    await shot(page, `long-title-1440${path.replaceAll('/', '-')}`);
    // The count under the list reads as a count (the log's once showed its text key).
    await expect(page.locator('.ant-pagination-total-text:visible')).toHaveText(/^共 \d+ 条$/);
    if (!cutShort) continue;
    // ...and the table needs no sideways scrolling for it: the last column ends inside the window.
    const overflow = await page
      .getByTestId(table)
      .locator('.ant-table-content')
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `${path}: the table scrolls sideways`).toBeLessThanOrEqual(0);
    const last = page.getByTestId(table).locator('thead th').last();
    const box = await last.boundingBox();
    expect(box && box.x + box.width, path).toBeLessThanOrEqual(1440);
  }
  await context.close();
});

test('the home greeting uses the punctuation of the chosen language', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('home-welcome')).toContainText('，');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  const welcome = page.getByTestId('home-welcome');
  await expect(welcome).toContainText('Welcome back');
  await expect(welcome).not.toContainText('，');
  await expect(welcome).toHaveText(/^Good (morning|afternoon|evening)\. Welcome back, /);
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-zh-CN').click();
  await expect(welcome).toContainText('欢迎回来');
});

test('dictionary types keep one line each in the tree at 1440 px; at 390 px the hint points to no side', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await page.goto('/systemData/dictionary');
  const tree = page.getByTestId('dict-tree');
  await expect(tree.locator('.srm-dict-node').first()).toBeVisible({ timeout: 30_000 });
  // Every type's row is one line high (a wrapped "name (code)" was two or three).
  const heights = await tree
    .locator('.srm-dict-node')
    .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(5);
  const line = Math.min(...heights);
  for (const height of heights) expect(height).toBeLessThan(line * 1.5);
  // A cut name is whole in the node's title.
  const first = tree.locator('.srm-dict-node').first();
  await expect(first).toHaveAttribute('title', (await first.textContent()) ?? '');

  // On a phone the tree sits above the list: the hint says where to choose, not "on the left".
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('dict-none')).toContainText('请在类型列表中选择一个字典类型');
  const box = await page.getByTestId('dict-none').boundingBox();
  const treeBox = await tree.boundingBox();
  expect((box?.y ?? 0) > (treeBox?.y ?? 0)).toBe(true);
});

/** How far inside the square mark its letters' box keeps, each side, as a share of the square's side. */
const letterMargins = (mark: Locator) =>
  mark.evaluate((svg) => {
    const square = svg.querySelector('rect')?.getBoundingClientRect();
    const letters = svg.querySelector('text')?.getBoundingClientRect();
    if (!square || !letters) return null;
    return {
      left: (letters.left - square.left) / square.width,
      right: (square.right - letters.right) / square.width,
      top: (letters.top - square.top) / square.height,
      bottom: (square.bottom - letters.bottom) / square.height,
    };
  });

test('the "SRM" letters keep inside the square mark on the sign-in and registration pages, in each language', async ({
  page,
}) => {
  const pages = [
    { path: '/login', mark: 'login-logo', languages: page.getByTestId('login-language').getByRole('button') },
    {
      path: '/base/vendor/register',
      mark: 'register-logo',
      languages: page.getByTestId('register-language').locator('.ant-segmented-item'),
    },
  ];
  for (const { path, mark, languages } of pages) {
    await page.goto(path);
    await expect(page.getByTestId(mark)).toBeVisible();
    for (let i = 0; i < 3; i++) {
      await languages.nth(i).click();
      await expect(page.locator('html')).toHaveAttribute('lang', ['zh-CN', 'en-US', 'zh-TW'][i] as string);
      // Not touching the edges either (they did, edge to edge, and ran over in wider fonts): a
      // sixteenth of the side at least, where the rounded corners start to bite.
      const margins = await letterMargins(page.getByTestId(mark));
      expect(margins, `${path} ${i}`).not.toBeNull();
      for (const [side, share] of Object.entries(margins ?? {}))
        expect(share, `${path} language ${i}: ${side}`).toBeGreaterThanOrEqual(1 / 16);
    }
    await shot(page, `product-mark${path.replaceAll('/', '-')}`);
  }
});
