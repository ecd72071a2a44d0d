import { expect, type Page, type Response } from '@playwright/test';
import { adminHeaders, createUser, openSettings, shot, test } from './helpers';

const PASSWORD = 'pass1234';

// This file owns the vendor account: the announcements it releases open the vendor's forced dialog.

const badge = (page: Page) => page.getByTestId('message-badge').locator('.ant-scroll-number');
/** The bell's unread number (0 without a badge). */
const unreadOf = async (page: Page) =>
  (await badge(page).count()) ? Number(await badge(page).first().getAttribute('title')) : 0;

/** Writes an announcement in the notice page and releases it. */
async function writeAndRelease(
  admin: Page,
  title: string,
  text: string,
  audience: '全部供应商' | '指定企业' | '全体员工',
) {
  await admin.getByTestId('notice-add').click();
  const form = admin.getByTestId('notice-form');
  await form.getByTestId('notice-form-title').fill(title);
  await form.getByTestId('notice-form-audience').getByText(audience).click();
  if (audience === '指定企业') {
    await form.getByTestId('notice-form-ents').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '示例供应商有限公司' }).click();
    await admin.keyboard.press('Escape');
  }
  const editor = form.locator('.srm-rte-content');
  await editor.click();
  await admin.keyboard.type(`${text} `);
  // Bold text through the toolbar.
  await form.getByRole('button', { name: '加粗' }).click();
  await admin.keyboard.type('请务必阅读');
  await form.getByTestId('notice-form-release').click();
  await expect(form).toBeHidden();
  const row = admin.getByTestId('notice-table').locator('tr', { hasText: title });
  await expect(row.getByTestId('notice-state')).toHaveText('已发布');
}

test('announcements: written with rich text and previewed, released, and a vendor clicks through two forced ones', async ({
  signedInPage,
}) => {
  // Two browser contexts, three announcements and a vendor's sign-in: longer than one page's journey.
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await signedInPage('admin');
  await admin.goto('/system/notice');
  // The announcement page's chunk carries the rich-text editor: the largest page to download.
  await expect(admin.getByTestId('notice-page')).toBeVisible({ timeout: 30_000 });

  // Preview before saving shows the formatted text as readers will see it.
  await admin.getByTestId('notice-add').click();
  const form = admin.getByTestId('notice-form');
  await form.getByTestId('notice-form-title').fill(`预览 ${stamp}`);
  await form.locator('.srm-rte-content').click();
  await form.getByRole('button', { name: '加粗' }).click();
  await admin.keyboard.type('加粗的字');
  await form.getByTestId('notice-form-preview').click();
  await expect(admin.getByTestId('notice-preview-title')).toHaveText(`预览 ${stamp}`);
  await expect(admin.getByTestId('notice-preview-body').locator('strong')).toHaveText('加粗的字');
  await shot(admin, 'notice-preview');
  await admin.getByTestId('notice-preview').locator('.ant-modal-close').click();
  // The preview closed (its closing modal hands focus back to the form) before the title is emptied.
  await expect(admin.getByTestId('notice-preview-title')).toBeHidden();
  // A title is required.
  await form.getByTestId('notice-form-title').fill('');
  await expect(form.getByTestId('notice-form-title')).toHaveValue('');
  await form.getByTestId('notice-form-save').click();
  await expect(form).toContainText('请输入公告标题');
  await form.getByTestId('notice-form-title').fill(`草稿 ${stamp}`);
  await form.getByTestId('notice-form-save').click();
  await expect(form).toBeHidden();
  const draftRow = admin.getByTestId('notice-table').locator('tr', { hasText: `草稿 ${stamp}` });
  await expect(draftRow.getByTestId('notice-state')).toHaveText('草稿');

  await writeAndRelease(admin, `停电通知 ${stamp}`, '周六厂区停电', '全部供应商');
  await writeAndRelease(admin, `对账通知 ${stamp}`, '请于月底前完成对账', '指定企业');
  await shot(admin, 'notice-list');

  // The vendor gets both, oldest first, in a dialog that neither Escape nor a mask click closes.
  const vendor = await signedInPage('vendor');
  const dialogTitle = vendor.getByTestId('notice-title');
  await expect(dialogTitle).toHaveText(`停电通知 ${stamp}`);
  await expect(vendor.getByTestId('notice-body').locator('strong')).toHaveText('请务必阅读');
  await expect(vendor.locator('.srm-notice-count')).toContainText('2');
  await shot(vendor, 'notice-forced-dialog');
  await vendor.keyboard.press('Escape');
  await vendor.mouse.click(5, 5);
  await expect(dialogTitle).toHaveText(`停电通知 ${stamp}`);
  await vendor.getByTestId('notice-ack').click();
  await expect(dialogTitle).toHaveText(`对账通知 ${stamp}`);
  await vendor.getByTestId('notice-ack').click();
  await expect(dialogTitle).toBeHidden();
  // Both were marked read: a reload shows none.
  await vendor.reload();
  await expect(vendor.getByTestId('layout-root')).toBeVisible();
  await expect(dialogTitle).toBeHidden();

  // A supplier user has no mail centre.
  await vendor.goto('/base/mailCenter/tenant');
  await expect(vendor.getByTestId('mail-centre-denied')).toBeVisible();

  // The administrator sees the read progress; withdrawing takes it back.
  await admin.reload();
  const row = admin.getByTestId('notice-table').locator('tr', { hasText: `停电通知 ${stamp}` });
  // Read by one of the live supplier users it reached: the demo's two (vendor, vendor2; vendor3's
  // supplier is frozen, so never it) and those other specs made before it was released.
  // After the reload the screen's code and list load again: slow while the other worker runs.
  const progress = row.getByRole('progressbar');
  await expect(progress).toHaveAccessibleName(/^阅读进度 1\/\d+$/, { timeout: 30_000 });
  const count = (await row.getByText(/^1\/\d+$/).textContent()) ?? '';
  const reached = Number(count.split('/')[1]);
  expect(reached).toBeGreaterThanOrEqual(2);
  await row.getByTestId('notice-withdraw').click();
  await admin.getByTestId('notice-withdraw-ok').click();
  await expect(row.getByTestId('notice-state')).toHaveText('已撤回');
});

test('messages: the badge updates live, the message centre reads, filters and deletes, a staff member marks all read', async ({
  signedInPage,
}) => {
  // Two browser contexts and the whole message centre: longer than one page's journey.
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await signedInPage('admin');
  // The buyer's unread count as the bell first loads it (earlier runs may have read some).
  const countAnswers: Promise<Response>[] = [];
  const buyer = await signedInPage('buyer', 1400, (page) => {
    countAnswers.push(page.waitForResponse((r) => r.url().includes('/api/message/UnreadCount')));
  });
  const [firstCount] = await Promise.all(countAnswers);
  if (!firstCount) throw new Error('the bell never asked for its count');
  const before: number = (await firstCount.json()).data.unreadMessageCount;

  // An announcement to all staff reaches every staff member as an internal message, pushed live.
  await admin.goto('/system/notice');
  await writeAndRelease(admin, `培训通知 ${stamp}`, '周五下午三点培训', '全体员工');
  // At least one more: other specs beside this one (the buyer launches flows there) may add theirs.
  await expect.poll(() => unreadOf(buyer)).toBeGreaterThanOrEqual(before + 1);

  // The drawer lists it first; clicking it reads it and opens its detail in the message centre.
  await buyer.getByTestId('navbar-message').click();
  const first = buyer
    .getByTestId('message-item')
    .filter({ hasText: `培训通知 ${stamp}` })
    .first();
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('data-unread', '1');
  await shot(buyer, 'message-drawer');
  const unreadBefore = await unreadOf(buyer);
  await first.click();
  await expect(buyer).toHaveURL(/\/messageRecord\?id=/);
  await expect(buyer.getByTestId('message-detail-title')).toHaveText(`培训通知 ${stamp}`);
  await expect(buyer.getByTestId('message-detail-body')).toContainText('周五下午三点培训');
  // Reading it takes one off the bell (another spec's message may have arrived meanwhile).
  await expect.poll(() => unreadOf(buyer)).toBeLessThan(unreadBefore);
  await buyer.getByTestId('message-detail-close').click();

  // Filters: keyword and type.
  const table = buyer.getByTestId('message-table');
  await buyer.getByTestId('message-keyword').fill(`培训通知 ${stamp}`);
  await buyer.getByTestId('message-search').click();
  await expect(table.getByTestId('message-row-title')).toHaveCount(1);
  await expect(table).toContainText('已读');
  await buyer.getByTestId('message-keyword').fill('');
  await buyer.getByTestId('message-type').click();
  await buyer.locator('.ant-select-item-option').filter({ hasText: '流程消息' }).click();
  await buyer.getByTestId('message-search').click();
  // Workflow messages only: the announcement (a system message) is not among them.
  await expect(table.getByTestId('message-row-title').filter({ hasText: `培训通知 ${stamp}` })).toHaveCount(
    0,
  );
  await expect(table.getByTestId('message-row-title').filter({ hasText: '请修改初始密码' })).toHaveCount(0);
  await buyer.getByTestId('message-type').click();
  await buyer.locator('.ant-select-item-option').filter({ hasText: '系统消息' }).click();
  await buyer.getByTestId('message-search').click();
  await expect(table.getByTestId('message-row-title').filter({ hasText: '请修改初始密码' })).toHaveCount(1);
  await shot(buyer, 'message-centre');

  // The seeded message opens the page it names.
  await table.getByTestId('message-row-title').filter({ hasText: '请修改初始密码' }).click();
  await buyer.getByTestId('message-detail-open').click();
  await expect(buyer).toHaveURL(/\/profile$/);
  // A bill address without a bill view says so on /pageLink.
  await buyer.goto('/pageLink?formUrl=%2Fworkflow%2FflowTodo&id=12');
  await expect(buyer.getByTestId('page-link-unavailable')).toBeVisible();

  // Delete, with the confirmation.
  await buyer.goto('/messageRecord');
  await buyer.getByTestId('message-keyword').fill(`培训通知 ${stamp}`);
  await buyer.getByTestId('message-search').click();
  await expect(table.getByTestId('message-row-title')).toHaveCount(1);
  await table.getByTestId('message-row-delete').click();
  await expect(buyer.locator('.ant-modal-confirm')).toContainText('此操作将永久删除该数据');
  await buyer.getByTestId('message-delete-ok').click();
  await expect(table.getByTestId('message-row-title')).toHaveCount(0);

  // The mail centre groups the buyer's mail by sender.
  await buyer.getByTestId('mail-centre-link').click();
  await expect(buyer.getByTestId('mail-centre')).toBeVisible();
  await expect(buyer.getByTestId('mail-sender').first()).toBeVisible();
  await shot(buyer, 'mail-centre');

  // A staff member with unread messages of their own reads them all. A user of this test's own:
  // the shared accounts get messages from the specs running beside this one (flows, approvals).
  const headers = await adminHeaders(admin.request);
  const account = `ra${stamp}`;
  const userId = await createUser(admin.request, headers, {
    account,
    realName: '全部已读',
    password: PASSWORD,
  });
  for (let i = 0; i < 2; i++) {
    // Each password reset sends the user the template's message.
    const reset = await admin.request.post(`/api/permission/Users/${userId}/Actions/ResetPassword`, {
      headers,
      data: { password: PASSWORD },
    });
    expect(((await reset.json()) as { code: number }).code).toBe(0);
  }
  const reader = await signedInPage({ account, password: PASSWORD });
  await expect(badge(reader).first()).toHaveAttribute('title', '2');
  // The bell's name says the count; the number is the badge beside the button, never the button's
  // own content (so the name matches what the button shows while the badge zooms in or out).
  await expect(reader.getByTestId('navbar-message')).toHaveAccessibleName(/\b2\b/);
  await expect(reader.getByTestId('navbar-message')).toHaveText('');
  await reader.getByTestId('navbar-message').click();
  await reader.getByTestId('message-read-all').click();
  await expect(reader.locator('.ant-modal-confirm')).toContainText('您确定全部为已读状态, 是否继续?');
  await reader.locator('#message-read-all-ok').click();
  await expect(badge(reader)).toHaveCount(0);
  await expect(reader.locator('[data-testid=message-item][data-unread="1"]')).toHaveCount(0);
  await reader.reload();
  await expect(reader.getByTestId('layout-root')).toBeVisible();
  await expect(badge(reader)).toHaveCount(0);
});

test('the message centre on a narrow window', async ({ signedInPage }) => {
  const buyer = await signedInPage('buyer', 390);
  await buyer.goto('/messageRecord');
  await expect(buyer.getByTestId('message-table')).toBeVisible();
  await shot(buyer, 'message-centre-mobile');
});

test('the message centre, mail centre and announcement page in dark mode with the top menu, and in English', async ({
  signedInPage,
}) => {
  const admin = await signedInPage('admin');
  await openSettings(admin);
  await admin.getByTestId('theme-dark').click();
  await admin.getByTestId('layout-functional').click();
  await expect(admin.locator('html')).toHaveAttribute('data-theme', 'dark');
  await admin.keyboard.press('Escape');
  await admin.goto('/messageRecord');
  await expect(admin.getByTestId('message-table')).toBeVisible();
  await shot(admin, 'message-centre-dark');
  await admin.goto('/base/mailCenter/tenant');
  await expect(admin.getByTestId('mail-sender').first()).toBeVisible();
  await shot(admin, 'mail-centre-dark');
  await admin.goto('/system/notice');
  await admin.getByTestId('notice-add').click();
  await expect(admin.getByTestId('notice-form').locator('.srm-rte-content')).toBeVisible();
  await shot(admin, 'notice-form-dark');
  await admin.getByTestId('notice-form').locator('.ant-modal-close').click();

  // English: the page and its editor speak it too.
  await admin.getByTestId('lang-switch').click();
  await admin.getByTestId('lang-en-US').click();
  await expect(admin.getByTestId('notice-add')).toHaveText(/New announcement/);
  await admin.getByTestId('notice-add').click();
  await expect(admin.getByTestId('notice-form').getByRole('button', { name: 'Bold' })).toBeVisible();
  await shot(admin, 'notice-form-english');
});
