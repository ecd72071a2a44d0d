import { expect, type Page, test } from '@playwright/test';
import { shot, signIn } from './helpers';

/** Tree node of the area screen by code (its switcher opens the next level). */
const treeNode = (page: Page, code: string) =>
  page.getByTestId('area-tree').locator('.ant-tree-treenode', { has: page.getByTestId(`area-node-${code}`) });

test('areas: the tree loads a level when opened, search finds by code, a correction shows in the cascader', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/system/Area') asked.push(url.searchParams.get('parentCode') ?? '');
  });
  await signIn(page, 'admin');
  await page.goto('/system/area');
  await expect(page.getByTestId('area-node-330000')).toHaveText(/浙江省/);
  // Only the provinces so far: a level is read when its node opens.
  expect(asked).not.toContain('330000');
  await treeNode(page, '330000').locator('.ant-tree-switcher').click();
  await expect(page.getByTestId('area-node-330100')).toHaveText(/杭州市/);
  expect(asked).toContain('330000');
  expect(asked).not.toContain('330100');
  await treeNode(page, '330100').locator('.ant-tree-switcher').click();
  await expect(page.getByTestId('area-node-330106')).toHaveText(/西湖区/);

  // Search by code, pick the match, correct its name.
  await page.getByTestId('area-search').locator('input').fill('330106');
  await page.getByTestId('area-search').locator('input').press('Enter');
  await page.getByTestId('area-match-330106').click();
  await expect(page.getByTestId('area-detail')).toContainText('330106');
  // Clearing the search brings the tree back as it was.
  await page.getByTestId('area-search').locator('input').fill('');
  await expect(page.getByTestId('area-node-330106')).toBeVisible();

  // Correct a city: the tree shows the new name and the form's cascader offers it.
  await page.getByTestId('area-node-330100').click();
  await page.getByTestId('area-form-name').fill('杭州市（测试）');
  await page.getByTestId('area-form-short').fill('杭州');
  await page.getByTestId('area-form-save').click();
  await expect(page.getByTestId('area-node-330100')).toHaveText(/杭州市（测试）/);
  await expect(page.getByTestId('area-node-330100')).toContainText(/已修改/);

  // The add form picks its parent with the cascader: opened level by level…
  await page.getByTestId('area-add').click();
  const cascader = page.getByTestId('area-add-parent');
  await cascader.click();
  await page.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
  await expect(page.locator('.ant-cascader-menu-item', { hasText: '杭州市（测试）' })).toBeVisible();
  await shot(page, 'area-cascader-levels');
  await page.keyboard.press('Escape');
  // …or found by typing: its pinyin, as a user who works in English spells it…
  await cascader.locator('input').fill('hangzhou');
  await expect(page.locator('.ant-cascader-menu-item', { hasText: '杭州市（测试）' })).toContainText(
    '浙江省',
  );
  // …or its name.
  await cascader.locator('input').fill('测试');
  const found = page.locator('.ant-cascader-menu-item', { hasText: '杭州市（测试）' });
  await expect(found).toContainText('浙江省');
  await found.click();
  await expect(cascader).toContainText('杭州市（测试）');
  await page.getByTestId('area-add-code').fill('330198');
  await page.getByTestId('area-add-name').fill('测试新区');
  await page.getByTestId('area-add-submit').click();
  await expect(page.getByTestId('area-detail')).toContainText('330198');
  await expect(page.getByTestId('area-node-330198')).toContainText('测试新区');
  await shot(page, 'area-screen');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('area-node-110000')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'area-screen-390');
});

test('language: an English text overridden for the tenant shows at once and after a reload, and resets', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/system/language');
  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.getByTestId('language-search')).toHaveText(/Search/);

  // Find the text by namespace and key.
  await page.getByTestId('language-namespace').click();
  await page.locator('.ant-select-item-option', { hasText: /^common$/ }).click();
  await page.getByTestId('language-keyword').fill('search');
  await page.getByTestId('language-keyword').press('Enter');
  const row = page
    .getByTestId('language-table')
    .locator('tr', { has: page.locator('td', { hasText: /^common\s*search$/ }) });
  await row.getByTestId('language-edit').click();
  await page.getByTestId('language-form-en-US').fill('Look up');
  await page.getByTestId('language-form-submit').click();
  // At once for the administrator who made it…
  await expect(page.getByTestId('language-search')).toHaveText(/Look up/);
  await expect(row.getByTestId('language-override-text')).toContainText('Look up');
  // …and after a reload, from the start-up load.
  await page.reload();
  await expect(page.getByTestId('language-search')).toHaveText(/Look up/);
  await page.getByTestId('language-overridden').click();
  await expect(page.getByTestId('language-table')).toContainText('Look up');
  await shot(page, 'language-overridden');

  await page.setViewportSize({ width: 390, height: 844 });
  // The shell turns to its phone layout on the resize event: the width once it has.
  await expect(page.getByTestId('layout-root')).toHaveAttribute('data-device', 'mobile');
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'language-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to the shipped text.
  await page.getByTestId('language-table').getByTestId('language-reset').first().click();
  await expect(page.getByTestId('language-search')).toHaveText(/^\s*Search$/);
});
