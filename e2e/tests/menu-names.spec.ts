import { expect, type Page, test } from '@playwright/test';
import { adminHeaders, expectAxeClean, signIn } from './helpers';

// A menu whose English name is longer than the sidebar is wide: the name shows whole in a tooltip.
// Tenant-wide (playwright.config.ts): the extra menu would show in every other spec's admin sidebar.

async function toEnglish(page: Page) {
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
}

test('an English menu name the sidebar cuts shows whole in a tooltip, by pointer and by keyboard', async ({
  page,
}) => {
  const headers = await adminHeaders(page.request);
  const tree = (await (await page.request.get('/api/system/Menu', { headers })).json()) as {
    data: { id: string; menuPerms: string }[];
  };
  const system = tree.data.find((m) => m.menuPerms === 'system');
  const long = 'Supplier Qualification Documents Review';
  const created = await page.request.post('/api/system/Menu', {
    headers,
    data: {
      parentId: system?.id,
      menuName: '资质文件审核',
      menuNameEn: long,
      menuPerms: `e2e.longName${Date.now().toString(36)}`,
      menuType: 1,
      menuUrl: '/system/icons',
      orderNum: 0,
    },
  });
  const body = (await created.json()) as { code: number; msg: string; data: { id: string } };
  expect(body.code, body.msg).toBe(0);
  try {
    await signIn(page, 'admin');
    await toEnglish(page);
    const sidebar = page.getByTestId('layout-sidebar');
    await sidebar.getByText('Suppliers', { exact: true }).click();
    // The seeded names fit: the admission page is "Onboarding", not "Invitations & Admis…".
    await expect(sidebar.getByText('Onboarding', { exact: true })).toBeVisible();
    await sidebar.getByText('System', { exact: true }).click();
    const entry = sidebar.locator('.ant-menu-item').filter({ hasText: long });
    await entry.scrollIntoViewIfNeeded();
    await entry.hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: long });
    await expect(tooltip).toBeVisible();
    await page.mouse.move(700, 500);
    await expect(tooltip).toBeHidden();
    // A name that fits shows none.
    await sidebar.locator('.ant-menu-item').filter({ hasText: 'Onboarding' }).hover();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Onboarding' })).toHaveCount(0);
    // By keyboard: the menu's arrow keys move the focus onto the entry.
    await entry.focus();
    await expect(tooltip).toBeVisible();
    await expectAxeClean(page, 'menu-long-name-tooltip');
  } finally {
    await page.request.delete(`/api/system/Menu/${body.data.id}`, { headers });
  }
});
