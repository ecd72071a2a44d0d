import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminHeaders, expectAxeClean, sessionHeaders, signIn } from './helpers';

/**
 * Who may launch a flow: one the administrator opens to suppliers in the designer is what a
 * supplier's user finds in his portal's launch catalogue (not the staff's purchase requisition),
 * and he launches it. (The requisition starting with the buyer's own name and department is
 * flow-task.spec's `fillRequisition`.)
 */
test.slow();

type Envelope<T> = { code: number; msg: string; data: T };
async function ok<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as Envelope<T>;
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** Types a date into the picker of `testId` in the drawer and takes it. */
async function pickDate(page: Page, testId: string, day: string) {
  await page.getByTestId('flow-launch-drawer').getByTestId(testId).click();
  await page.keyboard.type(day);
  await page.keyboard.press('Enter');
}

/**
 * A leave flow of the test's own, a draft closed to suppliers; the manager approves it (whose
 * to-dos no other spec counts).
 */
async function draftFlow(request: APIRequestContext, code: string, name: string): Promise<void> {
  const headers = await adminHeaders(request);
  const manager = await ok<{ userId: string }>(
    request.get('/api/sys/user/info', { headers: await sessionHeaders(request, 'manager', 'manager123') }),
  );
  await ok(
    request.post('/api/flow/FlowEngine/save', {
      headers,
      data: {
        enCode: code,
        fullName: name,
        category: 'hr',
        formName: 'LeaveApply',
        flowTemplateJson: {
          id: 'start',
          type: 'start',
          name: '发起',
          next: {
            id: 'a1',
            type: 'approver',
            name: '审批',
            assignee: { kind: 'users', userIds: [manager.userId] },
            signMode: 'or',
            next: { id: 'end', type: 'end', name: '结束' },
          },
        },
      },
    }),
  );
}

test('a flow opened to suppliers in the designer is the one a supplier’s user launches', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const code = `e2e.suppliers${stamp}`;
  const name = `供应商开放${stamp}`;
  await draftFlow(request, code, name);

  // The administrator opens it to suppliers in its basic settings and releases it.
  const admin = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(admin, 'admin');
  await admin.goto('/workFlow/flowEngine');
  const openDesigner = async () => {
    await admin.getByTestId('flow-keyword').fill(code);
    await admin.getByTestId('flow-search').click();
    const row = admin.getByTestId('flow-table').locator('tr', { hasText: code });
    await expect(row).toHaveCount(1);
    await row.getByTestId('flow-design').click();
    await admin.getByTestId('flow-designer').getByRole('tab', { name: '基础设置' }).click();
    return admin.getByTestId('flow-openToSuppliers');
  };
  const open = await openDesigner();
  await expect(open).toHaveAttribute('aria-checked', 'false');
  await open.click();
  const released = admin.waitForResponse((r) => r.url().includes('/api/flow/FlowEngine/release/'));
  await admin.getByTestId('flow-release').click();
  expect((await released).ok()).toBe(true);
  await expect(admin.getByText('已发布为版本 1')).toBeVisible();
  // Saved: the designer opened again shows it on.
  await admin.getByTestId('flow-designer').locator('.ant-drawer-close').click();
  await expect(admin.getByTestId('flow-designer')).toBeHidden();
  await expect(await openDesigner()).toHaveAttribute('aria-checked', 'true');
  await admin.context().close();

  // The supplier's user: his catalogue holds the open flow, not the staff's requisition.
  const supplier = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(supplier, 'vendor');
  // The portal's launch page: a supplier's user has the portal's menu only.
  await supplier.goto('/vendorPortal/flowLaunch');
  const card = supplier.getByTestId(`flow-launch-${code}`);
  await expect(card).toBeVisible();
  await expect(supplier.getByTestId('flow-launch-purchaseRequisition')).toHaveCount(0);
  await card.click();
  const drawer = supplier.getByTestId('flow-launch-drawer');
  await drawer.getByTestId('flow-launch-form-leaveType').click();
  await supplier.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await pickDate(supplier, 'flow-launch-form-startDate', '2030-12-01');
  await pickDate(supplier, 'flow-launch-form-endDate', '2030-12-02');
  await drawer.getByTestId('flow-launch-form-reason').fill('E2E 供应商发起');
  await expectAxeClean(supplier, 'flow-parties-supplier-launch', '.ant-drawer-content-wrapper');
  await supplier.getByTestId('flow-launch-submit').click();
  await expect(drawer).toBeHidden();
  await supplier.context().close();
});
