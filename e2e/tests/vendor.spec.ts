import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import {
  adminHeaders,
  darkMode,
  escapeUntilHidden,
  expectAxeClean,
  expectAxeColoursClean,
  quietPage,
  settled,
  signIn,
  signInAs,
} from './helpers';
import { admittedSupplier, publishedNotice, removeNotice, withCheckChar } from './vendor-helpers';

/**
 * Suppliers (issue 16 §3–§5): staff find a supplier and open its record; write a vendor notice and
 * publish it to a chosen supplier; the supplier (`vendor`) reads and replies in its own browser; the
 * buyer sees "replied" in the progress; a second supplier never sees it. The supplier's
 * administrator adds a sub-account, which signs in as mobile@account. Every new screen passes axe,
 * light and dark, and works at 390 px and by keyboard.
 *
 * The announcements spec owns the forced announcement dialog of the supplier users: here their
 * unread announcements are answered empty, so no dialog of another spec stands in the way and
 * nothing here marks an announcement read.
 */

// Several browsers and servers share a small machine: screens may take long to appear.
const expect = baseExpect.configure({ timeout: 30_000 });

const contextFor = quietPage;

async function staff(browser: Browser, who: 'admin' | 'buyer', width = 1400): Promise<Page> {
  const page = await contextFor(browser, width);
  await signIn(page, who);
  return page;
}

async function supplier(browser: Browser, account: string, password = 'vendor123', width = 1400) {
  const page = await contextFor(browser, width);
  await signInAs(page, account, password);
  return page;
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stamp = Date.now().toString(36);
const title = `质量整改通知 ${stamp}`;

test('staff find a supplier and open its record; its detail tabs and life-cycle actions show', async ({
  browser,
  request,
}) => {
  // The newest supplier has a long name and a credit code of wide letters (M and W): its row fits
  // like any other, the name ending in an ellipsis.
  const digits = String(Math.floor(Math.random() * 1e4)).padStart(4, '0');
  await admittedSupplier(request, {
    supplierName: `宽码供应商${stamp}新材料科技发展有限公司`,
    account: `wide${stamp}`,
    password: 'abc12345',
    creditCode: withCheckChar(`91110000MAWWW${digits}`),
  });
  const admin = await staff(browser, 'admin');
  await admin.goto('/base/vendor/supplier');
  await expect(admin.getByTestId('supplier-table')).toBeVisible();
  // At 1,400 px beside the sidebar the whole row shows: nothing hides under the fixed actions.
  await expect(admin.getByTestId('supplier-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  const overflow = await admin
    .getByTestId('supplier-table')
    .locator('.ant-table-content')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // By keyboard: the name filter, Enter searches.
  await admin.getByTestId('supplier-keyword').focus();
  await admin.keyboard.type('华东钢材');
  await admin.keyboard.press('Enter');
  const rows = admin.getByTestId('supplier-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('华东钢材有限公司');
  // By state: the frozen demo supplier.
  await admin.getByTestId('supplier-reset').click();
  await admin.getByTestId('supplier-filter-state').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '冻结' }).click();
  await admin.getByTestId('supplier-search').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('旧物资回收有限公司');
  await expectAxeClean(admin, 'vendor-supplier-list');

  // The record, opened by keyboard from its row.
  await admin.getByTestId('supplier-reset').click();
  const row = rows.filter({ hasText: '示例供应商有限公司' });
  await row.locator('[data-testid^="supplier-open-"]').focus();
  await admin.keyboard.press('Enter');
  const detail = admin.getByTestId('supplier-detail');
  await expect(detail.getByTestId('supplier-company')).toContainText('示例供应商有限公司');
  await expect(detail.getByTestId('supplier-action-freeze')).toBeVisible();
  await expect(admin).toHaveURL(/\?id=\d+/);
  await expectAxeClean(admin, 'vendor-supplier-detail', '.ant-drawer-content-wrapper');
  for (const tab of ['联系人', '银行信息', '供货类别', '资质', '用户', '通知', '变更记录']) {
    await detail.getByRole('tab', { name: tab }).click();
  }
  await detail.getByRole('tab', { name: '用户' }).click();
  await expect(detail.getByTestId('supplier-users')).toContainText('vendor');
  await detail.getByRole('tab', { name: '通知' }).click();
  await expect(detail.getByTestId('supplier-notices')).toContainText('资质年审');
  await admin.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await admin.context().close();
});

test('staff write a notice to a chosen supplier and publish it; the supplier reads and replies; the buyer sees it replied; another supplier never sees it', async ({
  browser,
}) => {
  const admin = await staff(browser, 'admin');
  await admin.goto('/base/vendorNotice');
  await admin.getByTestId('vendor-notice-add').click();
  const form = admin.getByTestId('vendor-notice-form');
  await form.getByTestId('vendor-notice-form-title').fill(title);
  // The search for the typed name answers slowly: the supplier offered before it (every supplier
  // is offered at first) can still be chosen while it is on its way.
  await admin.route(
    (url) => url.pathname === '/api/base/vendor/Supplier' && url.searchParams.has('keyword'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    },
  );
  await form.getByTestId('vendor-notice-pick-one').click();
  const offered = admin.locator('.ant-select-dropdown:visible .ant-select-item-option', {
    hasText: '示例供应商有限公司',
  });
  await expect(offered).toBeVisible();
  await admin.keyboard.type('示例供应商');
  await admin.waitForRequest((r) => new URL(r.url()).searchParams.get('keyword') === '示例供应商');
  await offered.click();
  await expect(form.getByTestId('vendor-notice-target-table')).toContainText('示例供应商有限公司');
  // A stray Escape asks before throwing the notice away; keeping on editing keeps all of it.
  await form.getByTestId('vendor-notice-form-title').click();
  await expect(admin.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await admin.keyboard.press('Escape');
  await admin.getByTestId('discard-cancel').click();
  await expect(form.getByTestId('vendor-notice-form-title')).toHaveValue(title);
  await expect(form.getByTestId('vendor-notice-target-table')).toContainText('示例供应商有限公司');
  await form.locator('.srm-rte-content').click();
  await admin.keyboard.type('请于本周内提交整改报告。');
  await form.getByTestId('vendor-notice-form-reply').click();
  await expectAxeClean(admin, 'vendor-notice-form', '.ant-modal');
  await form.getByTestId('vendor-notice-form-publish').click();
  await expect(form).toBeHidden();
  const noticeRow = admin.getByTestId('vendor-notice-table').locator('tr', { hasText: title });
  await expect(noticeRow.getByTestId('vendor-notice-state')).toHaveText('已发布');
  await expectAxeClean(admin, 'vendor-notice-list');

  // The supplier, in its own browser: the home lists it, the inbox opens it (read), it replies.
  const vendor = await supplier(browser, 'vendor');
  await expect(vendor.getByTestId('vendor-home-notices')).toContainText(title);
  await expectAxeClean(vendor, 'vendor-home');
  await vendor.getByTestId('vendor-home-notices').getByText(title).click();
  const drawer = vendor.getByTestId('inbox-drawer');
  await expect(drawer.getByTestId('vendor-notice-body')).toContainText('请于本周内提交整改报告');
  await expectAxeClean(vendor, 'vendor-inbox-drawer', '.ant-drawer-content-wrapper');
  await drawer.getByTestId('inbox-reply-text').fill('已收到，整改报告周五前提交。');
  // A stray Escape asks before throwing the reply away; keeping on editing keeps it.
  await vendor.keyboard.press('Escape');
  await vendor.getByTestId('discard-cancel').click();
  await expect(drawer.getByTestId('inbox-reply-text')).toHaveValue('已收到，整改报告周五前提交。');
  await drawer.getByTestId('inbox-reply-save').click();
  await expect(drawer.getByText('回复草稿已保存')).toBeVisible();
  // Saved, nothing is lost: Escape closes at once, and the draft is there when it opens again.
  await vendor.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(vendor.getByTestId('discard-ok')).toHaveCount(0);
  await vendor.getByTestId('inbox-table').locator('tr', { hasText: title }).getByTestId('inbox-open').click();
  await expect(drawer.getByTestId('inbox-reply-text')).toHaveValue('已收到，整改报告周五前提交。');
  await drawer.getByTestId('inbox-reply-send').click();
  await vendor.getByTestId('inbox-send-ok').click();
  await expect(drawer.getByTestId('inbox-reply-sent')).toContainText('整改报告周五前提交');
  // The drawer says it was sent; no toast over its title, no lone "none" for the absent files, and
  // no "type: -" row for a notice without a type.
  await expect(drawer.getByTestId('inbox-reply-sent')).not.toContainText('无');
  await expect(vendor.getByText('回复已发送')).toHaveCount(0);
  await expect(drawer).not.toContainText('通知类型');
  await vendor.keyboard.press('Escape');
  const inboxRow = vendor.getByTestId('inbox-table').locator('tr', { hasText: title });
  await expect(inboxRow).toContainText('已回复');
  await expectAxeClean(vendor, 'vendor-inbox');

  // The buyer sees "replied" with the reply in the progress.
  const buyer = await staff(browser, 'buyer');
  await buyer.goto('/base/vendorNotice');
  await buyer
    .getByTestId('vendor-notice-table')
    .locator('tr', { hasText: title })
    .getByTestId('vendor-notice-progress')
    .click();
  const progress = buyer.getByTestId('vendor-notice-progress-drawer');
  const line = progress.getByTestId('vendor-notice-items').locator('tr', { hasText: '示例供应商有限公司' });
  await expect(line.getByTestId('item-status')).toHaveText('已回复');
  await expect(line.getByTestId('progress-reply')).toHaveText('已收到，整改报告周五前提交。');
  await expect(progress.getByTestId('summary-replied')).toContainText('1');
  await expectAxeClean(buyer, 'vendor-notice-progress', '.ant-drawer-content-wrapper');

  // The second supplier's inbox does not hold it.
  const vendor2 = await supplier(browser, 'vendor2');
  await vendor2.goto('/vendorPortal/inbox');
  await expect(vendor2.getByTestId('inbox-table')).toContainText('资质年审');
  await expect(vendor2.getByTestId('inbox-table')).not.toContainText(title);
  for (const page of [admin, vendor, buyer, vendor2]) await page.context().close();
});

test('a reply to send is checked before the question; a refusal of the server closes the question and shows under the field', async ({
  browser,
  request,
}) => {
  // A notice of this test's own to the demo supplier, published through the API.
  const headers = await adminHeaders(request);
  const replyTitle = `回复校验 ${stamp}`;
  const noticeId = await publishedNotice(request, headers, {
    title: replyTitle,
    bodyHtml: '<p>请回复。</p>',
    replyRequired: true,
  });

  const vendor = await supplier(browser, 'vendor');
  const uncaught: string[] = [];
  vendor.on('pageerror', (error) => uncaught.push(error.message));
  vendor.on('console', (m) => {
    if (m.type() === 'error' && /Uncaught/i.test(m.text())) uncaught.push(m.text());
  });
  await vendor.goto('/vendorPortal/inbox');
  await vendor
    .getByTestId('inbox-table')
    .locator('tr', { hasText: replyTitle })
    .getByTestId('inbox-open')
    .click();
  const drawer = vendor.getByTestId('inbox-drawer');
  await expect(drawer.getByTestId('vendor-notice-body')).toContainText('请回复');
  const text = drawer.getByTestId('inbox-reply-text');
  // The message shown (not one still leaving in antd's motion).
  const error = drawer.locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  const question = vendor.getByTestId('inbox-send-ok');

  // Nothing written: the rule's message under the field and the keyboard there, no question.
  await drawer.getByTestId('inbox-reply-send').focus();
  await vendor.keyboard.press('Enter');
  await expect(error).toHaveText('此项不能为空');
  await expect(text).toBeFocused();
  await expect(question).toHaveCount(0);
  await expectAxeClean(vendor, 'vendor-inbox-reply-required', '.ant-drawer-content-wrapper');
  // Spaces only are nothing too; a NUL is refused as the server refuses it.
  await text.fill('   ');
  await drawer.getByTestId('inbox-reply-send').click();
  await expect(error).toHaveText('此项不能为空');
  await expect(question).toHaveCount(0);
  await text.fill('含空字符\u0000的回复');
  await drawer.getByTestId('inbox-reply-send').click();
  await expect(error).toHaveText('包含不允许的字符（如空字符）');
  await expect(question).toHaveCount(0);

  // The server refuses what reaches it (a NUL put into the request on its way): the question
  // closes, the server's message is under the field, focus is there, nothing is left unhandled.
  await vendor.route(
    (url) => url.pathname.startsWith('/api/base/vendorNotice/reply/'),
    (route) =>
      route.continue({
        postData: JSON.stringify({
          ...(route.request().postDataJSON() as Record<string, unknown>),
          replyText: '途中\u0000',
        }),
      }),
  );
  await text.fill('已收到，按期回复。');
  await expect(error).toHaveCount(0);
  await drawer.getByTestId('inbox-reply-send').click();
  await question.click();
  await expect(vendor.locator('.ant-modal-confirm')).toBeHidden();
  await expect(error).toHaveText('包含不允许的字符（如空字符）');
  await expect(text).toBeFocused();
  await expect(drawer.getByTestId('inbox-reply-sent')).toHaveCount(0);
  await expectAxeClean(vendor, 'vendor-inbox-reply-refused', '.ant-drawer-content-wrapper');
  expect(uncaught, 'uncaught errors and rejections').toEqual([]);
  await vendor.context().close();

  // Nothing of it stays in the supplier's inbox for the other tests.
  await removeNotice(request, headers, noticeId);
});

test("a notice published while the supplier's inbox is open shows there at once; its message in the bell opens it and marks it read", async ({
  browser,
  request,
}) => {
  const headers = await adminHeaders(request);
  const vendor = await supplier(browser, 'vendor');
  // The page's socket is up (its first frame read) and the list loaded before the notice comes.
  const socketUp = new Promise<void>((resolve) =>
    vendor.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"initMessage"')) resolve();
      }),
    ),
  );
  await vendor.goto('/vendorPortal/inbox');
  await socketUp;
  await expect(vendor.getByTestId('inbox-table').locator('.ant-table-tbody')).toBeVisible();
  await settled(vendor);
  const liveTitle = `实时通知 ${stamp}`;
  const noticeId = await publishedNotice(request, headers, {
    title: liveTitle,
    bodyHtml: '<p>实时送达。</p>',
  });
  // No reload: the socket's push reads the list again.
  const row = vendor.getByTestId('inbox-table').locator('tr', { hasText: liveTitle });
  await expect(row).toContainText('未读');

  await vendor.getByTestId('navbar-message').click();
  await vendor
    .getByTestId('message-drawer')
    .getByTestId('message-item')
    .filter({ hasText: liveTitle })
    .click();
  const drawer = vendor.getByTestId('inbox-drawer');
  await expect(drawer.getByTestId('vendor-notice-body')).toContainText('实时送达');
  await expect(vendor).toHaveURL(new RegExp(`/vendorPortal/inbox\\?id=${noticeId}$`));
  await escapeUntilHidden(vendor, drawer);
  // The list read again from the server: the notice is read there, not only on this screen.
  await expect(row).toContainText('已读');
  await expect(row).not.toContainText('未读');
  await vendor.context().close();
  await removeNotice(request, headers, noticeId);
});

test("the supplier's administrator adds a sub-account, which signs in as mobile@account", async ({
  browser,
  request,
}) => {
  const vendor = await supplier(browser, 'vendor');
  await vendor.goto('/vendorPortal/users');
  await expect(vendor.getByTestId('vendor-user-vendor')).toBeVisible();
  await expectAxeClean(vendor, 'vendor-users');
  const mobile = `137${String(Date.now()).slice(-8)}`;
  await vendor.getByTestId('vendor-users-add').click();
  const form = vendor.getByTestId('vendor-user-form');
  await form.getByTestId('vendor-user-name').fill('子账号乙');
  await form.getByTestId('vendor-user-mobile').fill(mobile);
  await form.getByTestId('vendor-user-password').fill('sub12345');
  await expect(form).toContainText(`${mobile}@vendor`);
  await expectAxeClean(vendor, 'vendor-user-form', '.ant-modal');
  await vendor.getByTestId('vendor-user-form-submit').click();
  await expect(vendor.getByTestId(`vendor-user-${mobile}@vendor`)).toBeVisible();

  const sub = await supplier(browser, `${mobile}@vendor`, 'sub12345');
  await sub.goto('/vendorPortal/users');
  // A sub-account sees its company's accounts, and no administrator's buttons.
  await expect(sub.getByTestId('vendor-users-table')).toContainText(`${mobile}@vendor`);
  await expect(sub.getByTestId('vendor-users-add')).toHaveCount(0);
  await sub.goto('/vendorPortal/inbox');
  await expect(sub.getByTestId('inbox-table')).toContainText(title);

  // The administrator disables it: its session ends.
  await vendor.getByTestId(`vendor-user-state-${mobile}@vendor`).click();
  await expect(vendor.getByTestId(`vendor-user-state-${mobile}@vendor`)).not.toBeChecked();
  // Its session ends at once: the page goes to the sign-in page by itself (the push) or at the next
  // request (the reload); the reload may meet the navigation already under way.
  await sub.reload().catch(() => undefined);
  await expect(sub.getByTestId('login-page')).toBeVisible();

  // Not left behind as a live supplier user (other specs count the suppliers' users).
  const headers = await adminHeaders(request);
  const found = await request.get(`/api/permission/Users?keyword=${mobile}`, { headers });
  const id = ((await found.json()) as { data: { list: { id: string }[] } }).data.list[0]?.id;
  if (id) await request.delete(`/api/permission/Users/${id}`, { headers });
  for (const page of [vendor, sub]) await page.context().close();
});

test("a supplier's user has no organisation switch, wide or narrow; staff keep theirs", async ({
  browser,
}) => {
  for (const width of [1400, 390]) {
    const vendor = await supplier(browser, 'vendor', 'vendor123', width);
    await expect(vendor.getByTestId('navbar')).toBeVisible();
    await expect(vendor.getByTestId('navbar-user')).toBeVisible();
    await expect(vendor.getByTestId('company-switch')).toHaveCount(0);
    await vendor.getByTestId('navbar-user').click();
    await expect(vendor.getByTestId('menu-logout')).toBeVisible();
    await expect(vendor.locator('.ant-dropdown:visible')).not.toContainText('切换组织');
    await vendor.context().close();
    const buyer = await staff(browser, 'buyer', width);
    await expect(buyer.getByTestId('company-switch')).toBeVisible();
    await buyer.context().close();
  }
});

test("the supplier's screens pass axe in dark mode and work at 390 px", async ({ browser }) => {
  const vendor = await supplier(browser, 'vendor');
  await darkMode(vendor);
  for (const path of ['/home', '/vendorPortal/inbox', '/vendorPortal/company', '/vendorPortal/users']) {
    await vendor.goto(path);
    await expect(vendor.getByTestId('layout-root')).toBeVisible();
    // Dark: the colour rules. Each screen's light sweep: the home and the inbox in the notice test
    // above, the users in the sub-account test, the company in vendor-change.spec.ts.
    await expectAxeColoursClean(vendor, `vendor-dark-${path.split('/').pop()}`);
  }
  await vendor.goto('/vendorPortal/company');
  await vendor.getByTestId('company-edit').click();
  await expect(vendor.getByTestId('profile-form')).toBeVisible();
  // Nothing changed: Escape closes at once, with no question.
  await vendor.keyboard.press('Escape');
  await expect(vendor.getByTestId('profile-form')).toBeHidden();
  await expect(vendor.getByTestId('discard-ok')).toHaveCount(0);
  await vendor.getByTestId('company-edit').click();
  await expect(vendor.getByTestId('profile-form')).toBeVisible();
  await expectAxeClean(vendor, 'vendor-dark-profile-form', '.ant-drawer-content-wrapper');
  await vendor.getByTestId('profile-address').fill('新地址 18 号');
  await vendor.getByTestId('profile-form-submit').click();
  await expect(vendor.getByTestId('supplier-company')).toContainText('新地址 18 号');
  await vendor.context().close();

  const admin = await staff(browser, 'admin');
  await darkMode(admin);
  await admin.goto('/base/vendor/supplier');
  // Dark: the colour rules; both lists' light sweeps are the first two tests' (and a11y.spec.ts's).
  await expectAxeColoursClean(admin, 'vendor-dark-supplier-list');
  await admin.goto('/base/vendorNotice');
  await expectAxeColoursClean(admin, 'vendor-dark-notice-list');
  await admin.context().close();

  const narrow = await supplier(browser, 'vendor', 'vendor123', 390);
  for (const path of ['/home', '/vendorPortal/inbox', '/vendorPortal/company', '/vendorPortal/users']) {
    await narrow.goto(path);
    await expect(narrow.getByTestId('layout-root')).toBeVisible();
    await expectAxeClean(narrow, `vendor-390-${path.split('/').pop()}`);
    // Nothing wider than the window.
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await narrow.goto('/vendorPortal/inbox');
  await narrow.getByTestId('inbox-open').first().click();
  await expectAxeClean(narrow, 'vendor-390-inbox-drawer', '.ant-drawer-content-wrapper');
  await narrow.context().close();

  const narrowStaff = await staff(browser, 'buyer', 390);
  for (const [path, table] of [
    ['/base/vendor/supplier', 'supplier-table'],
    ['/base/vendorNotice', 'vendor-notice-table'],
  ] as const) {
    await narrowStaff.goto(path);
    await expect(narrowStaff.getByTestId(table)).toBeVisible();
    await expectAxeClean(narrowStaff, `vendor-390${path.replaceAll('/', '-')}`);
    expect(await narrowStaff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await narrowStaff.context().close();
});
