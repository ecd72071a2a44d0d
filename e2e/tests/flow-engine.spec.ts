import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, dropdownOption, escapeUntilHidden, expectAxeClean, shot, signIn } from './helpers';

/**
 * The flow designer (workFlow → flowEngine): an administrator designs a purchase flow with a
 * condition on the form's total and a countersign approver, sees the release refused on the node
 * that lacks its condition, fixes it, releases, finds the version in the history, copies and
 * exports it; the designer in English and dark passes axe; a 390 px window can read a flow.
 */
const PAGE = '/workFlow/flowEngine';

/** The open designer and its node drawer (the list behind them is the a11y spec's). */
const DESIGNER = '.ant-drawer-content-wrapper';

/** A released two-step flow made through the API, for the screens that only look. */
async function seedFlow(request: APIRequestContext, code: string): Promise<string> {
  const headers = await adminHeaders(request);
  const res = await request.post('/api/flow/FlowEngine/save', {
    headers,
    data: {
      enCode: code,
      fullName: `Leave ${code.slice(-4)}`,
      category: 'hr',
      formName: 'LeaveApply',
      flowTemplateJson: {
        id: 'start',
        type: 'start',
        name: 'Launcher',
        next: {
          id: 'cond',
          type: 'condition',
          name: 'Days',
          branches: [
            {
              id: 'long',
              name: 'Long leave',
              condition: {
                kind: 'group',
                op: 'and',
                items: [
                  { kind: 'rule', source: 'form', field: 'days', label: 'Days', operator: 'gt', value: 3 },
                ],
              },
              next: {
                id: 'hr',
                type: 'approver',
                name: 'HR',
                assignee: { kind: 'launcher' },
                signMode: 'all',
              },
            },
            { id: 'other', name: 'Otherwise', isDefault: true },
          ],
          next: {
            id: 'mgr',
            type: 'approver',
            name: 'Manager',
            assignee: { kind: 'deptManager' },
            signMode: 'or',
            next: { id: 'end', type: 'end', name: 'End' },
          },
        },
      },
    },
  });
  const { data } = (await res.json()) as { data: { id: string } };
  await request.post(`/api/flow/FlowEngine/release/${data.id}`, { headers });
  return data.id;
}

async function openDesignerOf(page: Page, code: string) {
  await page.getByTestId('flow-keyword').fill(code);
  await page.getByTestId('flow-search').click();
  const row = page.getByTestId('flow-table').locator('tr', { hasText: code });
  await expect(row).toHaveCount(1);
  await row.getByTestId('flow-design').click();
  await expect(page.getByTestId('flow-canvas')).toBeVisible();
}

test('design, refuse, fix, release, version history, copy and export a flow', async ({ page }) => {
  test.setTimeout(180_000);
  const code = `e2e.purchase${Date.now().toString(36)}`;
  await signIn(page, 'admin');
  await page.goto(PAGE);
  await expect(page.getByTestId('flow-engine-page')).toBeVisible();

  // Basic settings of a new flow.
  await page.getByTestId('flow-add').click();
  const designer = page.getByTestId('flow-designer');
  await expect(designer).toBeVisible();
  // Over the list and its filters, every id on the page is still one element's (a label points at
  // its own field).
  const duplicateIds = await page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of Array.from(document.querySelectorAll('[id]')))
      seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
  expect(duplicateIds).toEqual([]);
  await page.getByTestId('flow-fullName').fill('采购审批E2E');
  await page.getByTestId('flow-enCode').fill(code);
  await page.getByTestId('flow-category').click();
  await dropdownOption(page, /^采购管理$/).click();
  await designer.getByRole('tab', { name: '流程设计' }).click();

  // The new tree: launcher, one approver, end. A condition group goes on the edge below the launcher.
  const canvas = page.getByTestId('flow-canvas');
  await expect(canvas.getByTestId('flow-node-start')).toBeVisible();
  await canvas.locator('.fd-edge button').first().click();
  await page.getByTestId('flow-add-condition').click();
  await expect(canvas.getByTestId('flow-group-condition')).toBeVisible();
  await expect(canvas.getByTestId('flow-branch-default')).toContainText('其他情况');

  // Undo takes the group away, redo brings it back.
  await page.getByTestId('flow-undo').click();
  await expect(canvas.getByTestId('flow-group-condition')).toHaveCount(0);
  await page.getByTestId('flow-redo').click();
  await expect(canvas.getByTestId('flow-group-condition')).toHaveCount(1);

  // The approver: the department manager, countersigned by all. Focus goes back to the node.
  const approver = canvas.getByTestId('flow-node-approver').first();
  await approver.locator('.fd-node-main').click();
  const drawer = page.getByTestId('flow-node-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByLabel('部门主管').check();
  await drawer.getByLabel('会签（全部同意）').check();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(approver.locator('.fd-node-main')).toBeFocused();
  await expect(approver).toContainText('部门主管 · 会签（全部同意）');

  // Release: refused, the branch without a condition is marked.
  await page.getByTestId('flow-release').click();
  await expect(page.getByTestId('flow-release-errors')).toBeVisible();
  const branch = canvas.getByTestId('flow-branch').first();
  await expect(branch).toHaveClass(/fd-has-error/);
  await expect(branch).toContainText('分支“条件1”未设置条件');
  await expectAxeClean(page, 'flow-designer-refused', DESIGNER);

  // Fix: total > 50000 on the branch; the sentence follows in the UI language.
  await branch.locator('.fd-node-main').click();
  await expect(drawer).toBeVisible();
  await page.getByTestId('flow-cond-add').click();
  await drawer.getByTestId('flow-cond-field').click();
  await dropdownOption(page, /^合计金额$/).click();
  await drawer.getByTestId('flow-cond-operator').click();
  await dropdownOption(page, /^大于$/).click();
  await drawer.getByTestId('flow-cond-value').locator('xpath=descendant-or-self::input').fill('50000');
  await expect(drawer.getByTestId('flow-cond-sentence')).toHaveText('合计金额 > 50000');
  await escapeUntilHidden(page, drawer);
  await expect(branch.getByTestId('flow-branch-sentence')).toHaveText('合计金额 > 50000');
  await expect(branch).not.toHaveClass(/fd-has-error/);

  await page.getByTestId('flow-release').click();
  await expect(page.getByText('已发布为版本 1')).toBeVisible();
  await expect(page.getByTestId('flow-release-errors')).toHaveCount(0);
  await shot(page, 'flow-designer-released');

  // Back in the list: released, version 1 in the history.
  await designer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(designer).toBeHidden();
  await page.getByTestId('flow-keyword').fill(code);
  await page.getByTestId('flow-search').click();
  const row = page.getByTestId('flow-table').locator('tr', { hasText: code });
  await expect(row).toHaveCount(2 - 1);
  await expect(row.getByTestId('flow-state')).toHaveText('已发布');
  await row.getByTestId('flow-more').click();
  await page.locator('.ant-dropdown:visible').getByTestId('flow-versions-button').click();
  await expect(page.getByTestId('flow-versions')).toContainText('v1');
  // The released version as BPMN 2.0, for Flowable, Camunda 8 and modelers.
  const [bpmn] = await Promise.all([page.waitForEvent('download'), page.getByTestId('flow-bpmn-1').click()]);
  expect(bpmn.suggestedFilename()).toBe(`${code}.v1.bpmn`);
  const xml = readFileSync((await bpmn.path()) as string, 'utf8');
  expect(xml).toContain('<bpmn:definitions');
  expect(xml).toContain('flowable:assignee=');
  await escapeUntilHidden(page, page.getByTestId('flow-versions'));

  // Copy: a new draft with a new code.
  await row.getByTestId('flow-more').click();
  await page.locator('.ant-dropdown:visible').getByTestId('flow-copy').click();
  await expect(page.getByText('已复制为新草稿')).toBeVisible();
  await expect(page.getByTestId('flow-table').locator('tr', { hasText: `${code}.copy` })).toHaveCount(1);

  // Export: a JSON document with the tree.
  await page
    .getByTestId('flow-table')
    .locator('tr', { hasText: code })
    .filter({ hasNotText: '.copy' })
    .getByTestId('flow-more')
    .click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.ant-dropdown:visible').getByTestId('flow-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${code}.json`);
  const doc = JSON.parse(readFileSync((await download.path()) as string, 'utf8')) as {
    enCode: string;
    flowTemplateJson: { type: string; next: { type: string } };
  };
  expect(doc.enCode).toBe(code);
  expect(doc.flowTemplateJson.next.type).toBe('condition');
  await shot(page, 'flow-engine-list');
});

test('the designer in English and dark passes axe, and the keyboard reaches a node', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const code = `e2e.leave${Date.now().toString(36)}`;
  await seedFlow(request, code);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.getByTestId('settings-button').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
  await page.goto(PAGE);
  await expect(page.getByTestId('flow-engine-page')).toBeVisible();
  // The list names a flow in the reader's language, and finds it by that name.
  await page.getByTestId('flow-keyword').fill('Purchase requisition');
  await page.getByTestId('flow-search').click();
  const purchase = page.getByTestId('flow-table').locator('tbody tr', { hasText: 'purchaseRequisition' });
  await expect(purchase).toContainText('Purchase requisition');
  await expect(purchase).not.toContainText('采购申请');
  await openDesignerOf(page, code);
  const canvas = page.getByTestId('flow-canvas');
  await expect(canvas.getByTestId('flow-branch').first()).toContainText('Days > 3');
  await expect(canvas.getByTestId('flow-branch-default')).toContainText('Otherwise');
  await expectAxeClean(page, 'flow-designer-en-dark', DESIGNER);
  // A parallel group too (thrown away with the rename below).
  await canvas.locator('.fd-edge button').first().click();
  await page.getByTestId('flow-add-parallel').click();
  await expect(canvas.getByTestId('flow-group-parallel')).toBeVisible();
  await expectAxeClean(page, 'flow-designer-parallel-en-dark', DESIGNER);

  // Keyboard: Enter on a node opens its drawer, Escape brings focus back to it.
  const manager = canvas.locator('[data-node-id="mgr"] .fd-node-main');
  await manager.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByTestId('flow-node-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Department manager');
  await expectAxeClean(page, 'flow-designer-drawer-en-dark', DESIGNER);
  // The node's English name: the canvas of a reader in English shows it at once.
  const nodeName = canvas.locator('[data-node-id="mgr"] .fd-node-name');
  const savedName = (await nodeName.textContent()) ?? '';
  const nameEn = drawer.getByTestId('flow-node-name-en');
  await nameEn.fill('Manager check');
  await nameEn.press('Enter');
  await expect(nodeName).toHaveText('Manager check');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(manager).toBeFocused();

  // The rename is not saved: closing the designer asks first, and keeping on editing keeps it.
  const designer = page.getByTestId('flow-designer');
  await designer.getByRole('button', { name: /close/i }).click();
  const question = page.getByRole('dialog').filter({ hasText: 'Discard what you entered?' });
  await expect(question).toBeVisible();
  await expectAxeClean(page, 'flow-designer-discard-en-dark', '.ant-modal');
  await page.getByTestId('discard-cancel').click();
  await expect(question).toBeHidden();
  await expect(designer).toBeVisible();
  await expect(nodeName).toHaveText('Manager check');
  // Escape on the designer asks too; discarding closes it, and the flow opens again as saved.
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await page.getByTestId('discard-ok').click();
  await expect(designer).toBeHidden();
  await openDesignerOf(page, code);
  await expect(nodeName).toHaveText(savedName);
  // Nothing changed: it closes at once.
  await designer.getByRole('button', { name: /close/i }).click();
  await expect(designer).toBeHidden();
  await expect(page.getByTestId('discard-ok')).toHaveCount(0);
  await context.close();
});

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('a narrow window lists flows and shows a designed flow', async ({ page, request }) => {
    const code = `e2e.narrow${Date.now().toString(36)}`;
    await seedFlow(request, code);
    await signIn(page, 'admin');
    await page.goto(PAGE);
    await expect(page.getByTestId('flow-table')).toBeVisible();
    await shot(page, 'flow-engine-390-list');
    await openDesignerOf(page, code);
    await expect(page.getByTestId('flow-canvas').getByTestId('flow-node-start')).toBeInViewport();
    // The canvas is zoomed down on a phone; its buttons still measure 24 × 24 px or more (WCAG 2.2).
    await expect(page.getByTestId('flow-zoom')).toHaveText('75%');
    for (const id of ['flow-group-remove', 'flow-node-remove']) {
      const box = await page.getByTestId('flow-canvas').getByTestId(id).first().boundingBox();
      expect(box?.width, id).toBeGreaterThanOrEqual(24);
      expect(box?.height, id).toBeGreaterThanOrEqual(24);
    }
    await shot(page, 'flow-engine-390-designer');
    await page.getByTestId('flow-preview').click();
    await expect(page.getByTestId('flow-preview-canvas')).toBeVisible();
    await shot(page, 'flow-engine-390-preview');
  });
});
