import { expect, type Page } from '@playwright/test';
import { expectAxeClean, shot, test } from './helpers';

/** Chooses a category or type in the dictionary tree by its shown text. */
const pick = (page: Page, text: string) =>
  page.getByTestId('dict-tree').getByText(text, { exact: true }).click();

async function addItem(page: Page, names: { zh: string; en: string; code: string }) {
  await page.getByTestId('dict-item-add').click();
  const form = page.getByTestId('dict-item-form');
  await form.getByTestId('dict-item-name').fill(names.zh);
  await form.getByTestId('dict-item-name-en').fill(names.en);
  await form.getByTestId('dict-item-code').fill(names.code);
  await page.getByTestId('dict-item-form-submit').click();
  await expect(form).toBeHidden();
  await expect(
    page.getByTestId('dict-items').getByRole('cell', { name: names.code, exact: true }),
  ).toBeVisible();
}

test('dictionaries: a new type with items, an item added to a form’s list reaching another tab at once, refusals and a bad import', async ({
  signedInPage,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await signedInPage('admin');
  // A second tab of the tenant with the announcement form's list already loaded.
  const other = await signedInPage('admin');
  await other.goto('/system/notice');
  await expect(other.getByTestId('notice-page')).toBeVisible({ timeout: 30_000 });
  await other.getByTestId('notice-add').click();
  await other.getByTestId('notice-form-type').click();
  await other.locator('.ant-select-item-option').filter({ hasText: '制度' }).click();
  await other.getByRole('button', { name: /取\s*消/ }).click();
  // Something was chosen: the dialog asks before throwing it away.
  await other.getByTestId('discard-ok').click();
  await expect(other.getByTestId('notice-form-title')).toBeHidden();

  await admin.goto('/systemData/dictionary');
  await expect(admin.getByTestId('dict-tree')).toBeVisible({ timeout: 30_000 });

  // A new flat type in the business category, with two items.
  await pick(admin, '业务字典');
  await admin.getByTestId('dict-type-add').click();
  const typeForm = admin.getByTestId('dict-type-form');
  await typeForm.getByTestId('dict-type-name').fill(`会议类型${stamp}`);
  await typeForm.getByTestId('dict-type-code').fill(`meeting${stamp}`);
  await admin.getByTestId('dict-type-form-submit').click();
  await expect(typeForm).toBeHidden();
  await expect(admin.getByTestId('dict-items-panel')).toContainText(`meeting${stamp}`);
  await addItem(admin, { zh: '周会', en: 'Weekly', code: 'weekly' });
  await addItem(admin, { zh: '月会', en: 'Monthly', code: 'monthly' });
  // Order by keyboard: move the second one up with its button.
  const monthlyRow = admin.getByTestId('dict-items').locator('tr', { hasText: 'monthly' });
  await monthlyRow.getByTestId('dict-item-up').focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByTestId('dict-items').locator('tbody tr.ant-table-row').first()).toContainText(
    'monthly',
  );
  // A type with items cannot be deleted; the message says why.
  await admin.getByTestId('dict-type-delete').click();
  await admin.getByTestId('dict-type-delete-confirm').click();
  await expect(admin.getByText('该字典类型下还有字典项，请先删除字典项')).toBeVisible();
  await shot(admin, 'dictionary-items');

  // An item added to the announcements' notice type shows in the other tab's form without a reload.
  await pick(admin, '公告类型 (noticeType)');
  await addItem(admin, { zh: `紧急${stamp}`, en: `Urgent ${stamp}`, code: `urgent${stamp}` });
  await other.getByTestId('notice-add').click();
  await other.getByTestId('notice-form-type').click();
  await expect(other.locator('.ant-select-item-option').filter({ hasText: `紧急${stamp}` })).toBeVisible();
  await other
    .locator('.ant-select-item-option')
    .filter({ hasText: `紧急${stamp}` })
    .click();
  await other.getByTestId('notice-form-title').fill(`带类型 ${stamp}`);
  await other.getByTestId('notice-form-save').click();
  await expect(other.getByTestId('notice-form-title')).toBeHidden();
  await expect(other.getByTestId('notice-table').locator('tr', { hasText: `带类型 ${stamp}` })).toContainText(
    `紧急${stamp}`,
  );
  await shot(other, 'dictionary-notice-type');

  // Now in use: deleting it is refused with the reason.
  const urgentRow = admin.getByTestId('dict-items').locator('tr', { hasText: `urgent${stamp}` });
  await urgentRow.getByTestId('dict-item-delete').click();
  await admin.getByTestId('dict-item-delete-confirm').click();
  await expect(admin.getByText('系统公告正在使用该字典项，不能删除（可改为停用）')).toBeVisible();

  // A document with bad rows imports nothing and lists the rows.
  await admin.getByTestId('dict-import').click();
  await admin.getByTestId('dict-import-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        type: { enCode: `bad${stamp}`, fullName: '坏文件', isTree: true },
        items: [
          { enCode: 'a', fullName: 'A' },
          { enCode: 'a', fullName: 'A2' },
          { enCode: 'b', fullName: 'B', parentCode: 'nope' },
        ],
      }),
    ),
  });
  await admin.getByTestId('dict-import-submit').click();
  const error = admin.getByTestId('dict-import-error');
  await expect(error).toContainText('导入文件有错误，未导入任何数据');
  await expect(error).toContainText('第 2 行 enCode: 文件中该编码重复');
  await expect(error).toContainText('第 3 行 parentCode: 上级字典项不存在');
  await admin.keyboard.press('Escape');
  await expect(admin.getByTestId('dict-tree').getByText(`坏文件 (bad${stamp})`)).toHaveCount(0);
});

test('the import dialog: every control named (axe), and it says an existing type keeps its category', async ({
  signedInPage,
}) => {
  const admin = await signedInPage('admin');
  await admin.goto('/systemData/dictionary');
  await expect(admin.getByTestId('dict-tree')).toBeVisible({ timeout: 30_000 });
  await admin.getByTestId('dict-import').click();
  const dialog = admin.locator('.ant-modal').filter({ has: admin.getByTestId('dict-import-file') });
  await expect(dialog).toBeVisible();
  await expectAxeClean(admin, 'dictionary-import-dialog', '.ant-modal');
  await expect(admin.getByLabel('字典文件（JSON）')).toHaveAttribute('type', 'file');
  await expect(dialog).toContainText('已存在的类型保留其原分类');
  // A document of an existing type: the dialog names the category it stays in.
  await admin.getByTestId('dict-import-file').setInputFiles({
    name: 'currency.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ type: { enCode: 'currency', fullName: '币种' }, items: [] })),
  });
  await expect(admin.getByTestId('dict-import-existing')).toContainText('业务字典');
  await expectAxeClean(admin, 'dictionary-import-existing', '.ant-modal');
});

test('dictionary dialogs by keyboard: focus starts in the first field and Enter saves', async ({
  signedInPage,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await signedInPage('admin');
  await admin.goto('/systemData/dictionary');
  await expect(admin.getByTestId('dict-tree')).toBeVisible({ timeout: 30_000 });

  // A category: its name field has the focus; Enter in the code field saves.
  await admin.getByTestId('dict-category-add').focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByTestId('dict-category-name')).toBeFocused();
  await admin.keyboard.type(`键盘分类${stamp}`);
  // Then its English and traditional names (optional), then its code.
  await admin.keyboard.press('Tab');
  await expect(admin.getByTestId('dict-category-name-en')).toBeFocused();
  await admin.keyboard.type(`Keyboard ${stamp}`);
  await admin.keyboard.press('Tab');
  await expect(admin.getByTestId('dict-category-name-tw')).toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(admin.getByTestId('dict-category-code')).toBeFocused();
  await admin.keyboard.type(`kbd${stamp}`);
  await admin.keyboard.press('Enter');
  await expect(admin.getByTestId('dict-category-form')).toBeHidden();
  await expect(admin.getByTestId('dict-category-panel')).toContainText(`kbd${stamp}`);

  // A type in it: the first field (its category, chosen already) has the focus.
  await admin.getByTestId('dict-type-add').focus();
  await admin.keyboard.press('Enter');
  const typeForm = admin.getByTestId('dict-type-form');
  await expect(typeForm.getByTestId('dict-type-category').locator('input')).toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(admin.getByTestId('dict-type-name')).toBeFocused();
  await admin.keyboard.type(`键盘类型${stamp}`);
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('Tab');
  await expect(admin.getByTestId('dict-type-code')).toBeFocused();
  await admin.keyboard.type(`kbdType${stamp}`);
  await admin.keyboard.press('Enter');
  await expect(typeForm).toBeHidden();
  await expect(admin.getByTestId('dict-items-panel')).toContainText(`kbdType${stamp}`);

  // An item of that flat type: the name has the focus; Enter in a field saves; a wrong field keeps it open.
  await admin.getByTestId('dict-item-add').focus();
  await admin.keyboard.press('Enter');
  const itemForm = admin.getByTestId('dict-item-form');
  await expect(admin.getByTestId('dict-item-name')).toBeFocused();
  await admin.keyboard.type('键盘项');
  await admin.keyboard.press('Enter');
  await expect(itemForm.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await admin.getByTestId('dict-item-code').focus();
  await admin.keyboard.type('kbdItem');
  await admin.keyboard.press('Enter');
  await expect(itemForm).toBeHidden();
  await expect(
    admin.getByTestId('dict-items').getByRole('cell', { name: 'kbdItem', exact: true }),
  ).toBeVisible();
  await shot(admin, 'dictionary-keyboard');
});

test('categories and types have English and traditional names, shown to a user working in that language', async ({
  signedInPage,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await signedInPage('admin');
  await admin.goto('/systemData/dictionary');
  await expect(admin.getByTestId('dict-tree')).toBeVisible({ timeout: 30_000 });
  await pick(admin, '业务字典');
  await admin.getByTestId('dict-type-add').click();
  const typeForm = admin.getByTestId('dict-type-form');
  await typeForm.getByTestId('dict-type-name').fill(`车辆类型${stamp}`);
  await typeForm.getByTestId('dict-type-name-en').fill(`Vehicle types ${stamp}`);
  await typeForm.getByTestId('dict-type-name-tw').fill(`車輛類型${stamp}`);
  await typeForm.getByTestId('dict-type-code').fill(`vehicle${stamp}`);
  await admin.getByTestId('dict-type-form-submit').click();
  await expect(typeForm).toBeHidden();
  await expect(admin.getByTestId('dict-tree')).toContainText(`车辆类型${stamp} (vehicle${stamp})`);
  // An item with a remark of 500 characters: the remark ends in an ellipsis, the table keeps its width.
  await admin.getByTestId('dict-item-add').click();
  const itemForm = admin.getByTestId('dict-item-form');
  await itemForm.getByTestId('dict-item-name').fill('货车');
  await itemForm.getByTestId('dict-item-code').fill('truck');
  await itemForm.getByTestId('dict-item-remark').fill('载重'.repeat(250));
  await admin.getByTestId('dict-item-form-submit').click();
  await expect(itemForm).toBeHidden();
  await expect(
    admin.getByTestId('dict-items').getByRole('cell', { name: 'truck', exact: true }),
  ).toBeVisible();
  const overflow = await admin
    .getByTestId('dict-items')
    .locator('.ant-table-content')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await admin.getByTestId('lang-switch').click();
  await admin.getByTestId('lang-en-US').click();
  await expect(admin.locator('html')).toHaveAttribute('lang', 'en-US');
  const tree = admin.getByTestId('dict-tree');
  await expect(tree).toContainText('Business');
  await expect(tree).toContainText('Leave types (leaveType)');
  await expect(tree).toContainText(`Vehicle types ${stamp} (vehicle${stamp})`);
  await expect(tree).not.toContainText('业务字典');
  // Still the chosen type (it was chosen when made): its panel names it in English too.
  await expect(admin.getByTestId('dict-items-panel')).toContainText(
    `Vehicle types ${stamp} (vehicle${stamp})`,
  );
  // Searched by its name in another language too.
  await admin.getByTestId('dict-filter').locator('input').fill(`車輛類型${stamp}`);
  await expect(tree).toContainText(`Vehicle types ${stamp}`);
  await expect(tree).not.toContainText('Leave types');
  await shot(admin, 'dictionary-english');

  await admin.getByTestId('lang-switch').click();
  await admin.getByTestId('lang-zh-TW').click();
  await expect(admin.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await admin.getByTestId('dict-filter').locator('input').fill('');
  await expect(tree).toContainText('業務字典');
  await expect(tree).toContainText(`車輛類型${stamp} (vehicle${stamp})`);
  await admin.getByTestId('lang-switch').click();
  await admin.getByTestId('lang-zh-CN').click();
});
