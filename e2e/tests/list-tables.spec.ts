import { expect, type Page, test } from '@playwright/test';
import { shot, signIn } from './helpers';

// At 1440 px in English (the longest of the three languages' headings), every list shows its
// columns in full: no cell's text is cut, and a table wider than its place keeps its scroll bar in
// view at the window's bottom; the pinned action column stands over no data cell beside it (in a
// table that scrolls, over none once scrolled to the end, where the last columns come out).

const PAGES = [
  '/workFlow/flowMonitor',
  '/system/task',
  '/permission/user',
  '/permission/role',
  '/permission/userOnline',
  '/system/log',
  '/system/notice',
  '/system/language',
  '/base/vendor/supplier',
  '/base/vendor/invitation',
];

interface TableReport {
  cut: string[];
  covered: string[];
  scrolls: boolean;
  stickyBarInView: boolean;
}

function measureTables(page: Page): Promise<TableReport[]> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const cutIn = (cell: Element) =>
      [cell, ...Array.from(cell.querySelectorAll('*'))].some((el) => {
        if (!(el instanceof HTMLElement) || !el.checkVisibility()) return false;
        const clips = el === cell || getComputedStyle(el).textOverflow === 'ellipsis';
        return clips && el.scrollWidth > el.clientWidth + 1;
      });
    const wrappers = Array.from(
      document.querySelectorAll('[data-testid="app-main"] .ant-table-wrapper'),
    ).filter((wrapper) => (wrapper as HTMLElement).checkVisibility());
    const reports: TableReport[] = [];
    for (const wrapper of wrappers) {
      {
        const content = wrapper.querySelector('.ant-table-content') as HTMLElement | null;
        const scrolls = Boolean(content && content.scrollWidth > content.clientWidth + 1);
        const bar = wrapper.parentElement?.querySelector(
          '[data-testid="list-scrollbar"]',
        ) as HTMLElement | null;
        const barBox = bar?.checkVisibility() ? bar.getBoundingClientRect() : null;
        const stickyBarInView = Boolean(barBox && barBox.height > 0 && barBox.bottom <= window.innerHeight);
        const cells = Array.from(wrapper.querySelectorAll('thead th, tbody tr.ant-table-row > td'));
        const cut = cells.filter(cutIn).map((cell) => (cell.textContent ?? '').trim().slice(0, 40));
        if (content && scrolls) {
          content.scrollLeft = content.scrollWidth;
          await frame();
        }
        const covered: string[] = [];
        for (const row of Array.from(wrapper.querySelectorAll('thead tr, tbody tr.ant-table-row'))) {
          const pinned = Array.from(row.children).filter((c) => c.matches('.ant-table-cell-fix-end'));
          const others = Array.from(row.children).filter(
            (c) =>
              !c.matches('.ant-table-cell-fix-end, .ant-table-cell-fix-start, .ant-table-selection-column'),
          );
          for (const pin of pinned) {
            const p = pin.getBoundingClientRect();
            for (const other of others) {
              const o = other.getBoundingClientRect();
              if (o.width > 0 && o.right > p.left + 1 && o.left < p.right - 1) {
                covered.push((other.textContent ?? '').trim().slice(0, 40));
              }
            }
          }
        }
        if (content) content.scrollLeft = 0;
        reports.push({ cut, covered, scrolls, stickyBarInView });
      }
    }
    return reports;
  });
}

test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

test('at 1440 px every list column reads in full, and the action column covers no data', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  const found: Record<string, TableReport[]> = {};
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('[data-testid="app-main"] .ant-table-thead').first()).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.locator('[data-testid="app-main"] .ant-spin-spinning')).toHaveCount(0);
    await shot(page, `list-table${path.replaceAll('/', '-')}`);
    // Measured again until it holds or 10 s pass: the sticky scroll bar comes once the table's
    // width is known (a ResizeObserver after the rows), a frame or more after the spinner goes.
    let wrong: TableReport[] = [];
    let tables = 0;
    await expect
      .poll(
        async () => {
          const reports = await measureTables(page);
          tables = reports.length;
          wrong = reports.filter(
            (r) =>
              r.covered.length > 0 ||
              (r.cut.length > 0 && !r.stickyBarInView) ||
              (r.scrolls && !r.stickyBarInView),
          );
          return reports.length > 0 && wrong.length === 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true)
      .catch(() => undefined);
    expect(tables, path).toBeGreaterThan(0);
    if (wrong.length) found[path] = wrong;
  }
  expect(found).toEqual({});
});

test('the launch drawer gives its line table the room to type a price without a sideways scroll', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await page.goto('/workFlow/flowLaunch');
  await page.getByTestId('flow-launch-purchaseRequisition').click();
  const drawer = page.getByTestId('flow-launch-drawer');
  await drawer.getByTestId('flow-form-lines-add').click();
  await drawer.getByTestId('flow-form-lines-0-item').fill('Stainless steel sheet 2 mm');
  await drawer.getByTestId('flow-form-lines-0-price').fill('1234567.89');
  const content = drawer.getByTestId('flow-form-lines').locator('.ant-table-content');
  const widths = await content.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client + 1);
  await shot(page, 'list-table-launch-lines');
});
