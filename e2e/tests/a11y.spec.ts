import { expect, type Page, type Response, test } from '@playwright/test';
import type { NavResult, ServerMenuItem } from '@srm/contracts';
import { API } from '../../packages/contracts/src/api/paths';
import { MenuType } from '../../packages/contracts/src/permission/menu';
import { ACCOUNTS, axeBuilder, COLOUR_RULES, settled, startFromDefaultSettings } from './helpers';

/**
 * axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) over every screen an administrator reaches, in
 * light and dark (there the colour rules, `COLOUR_RULES`), in Chinese and English. The screens are
 * the menu the server returns plus the fixed routes, so a new menu page is checked without touching
 * this file. One browser context
 * per run (`RUNS`) visits the screens in sequence (in-app navigation, no reloads).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FIXED_SCREENS = ['/home', '/profile', '/messageRecord', '/base/mailCenter/tenant', '/404'];

interface Found {
  screen: string;
  rules: string[];
}

/** What axe finds on the page as it is now, one line per rule with the first offending nodes. */
async function violations(page: Page, colourOnly: boolean): Promise<string[]> {
  // An iframe page shows another product's screen (the API docs' own UI): its frame must have a
  // title, its content is that product's, not ours.
  const untitled = await page.locator('iframe:not([title]), iframe[title=""]').count();
  const builder = axeBuilder(page);
  const result = await (colourOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(WCAG_TAGS))
    .exclude('iframe')
    .analyze();
  const frames = untitled ? [`frame-title: ${untitled} iframe(s) without a title`] : [];
  return frames.concat(
    result.violations.map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    ),
  );
}

/** Client-side navigation: the router follows popstate, so the shell is not reloaded. */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await settled(page);
}

const IN_APP_TYPES: readonly number[] = [
  MenuType.page,
  MenuType.dynamicModel,
  MenuType.dynamicDictionary,
  MenuType.dynamicReport,
  MenuType.portal,
];

/**
 * Every in-app screen of the menu the server returned at sign-in, as the web maps it
 * (router/menu.ts): pages and dynamic pages by their address, in-app links by their code;
 * absolute addresses open outside the product and are not screens of it.
 */
function menuScreens(items: ServerMenuItem[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    const url = item.menuUrl.split(/[?#]/)[0] ?? '';
    const external = /^(https?:|mailto:|tel:)/i.test(url);
    if (IN_APP_TYPES.includes(item.menuType) && url && !external)
      out.push(url.startsWith('/') ? url : `/${url}`);
    else if (IN_APP_TYPES.includes(item.menuType) && !url) out.push(`/${item.menuPerms}`);
    else if (item.menuType === MenuType.link && (item.linkTarget || '_self') === '_self')
      out.push(`/${item.menuPerms}`);
    out.push(...menuScreens(item.children ?? []));
  }
  return out;
}

/**
 * The runs: each language in light (the whole of WCAG: names, roles, labels, landmarks and colours
 * in that language's texts), and dark in Chinese for the colour rules. A dark English run would
 * check the same colours again: the theme sets them, the language does not.
 */
const RUNS = [
  { language: 'zh-CN', dark: false },
  { language: 'en-US', dark: false },
  { language: 'zh-CN', dark: true },
] as const;

// The runs are independent: spread them over the workers.
test.describe.configure({ mode: 'parallel' });

for (const { language, dark } of RUNS) {
  test(`axe finds nothing on every administrator screen (${language}, ${dark ? 'dark' : 'light'})`, async ({
    browser,
  }) => {
    // About 40 screens with axe on each, on a shared 2-core machine (8 minutes were not enough
    // once the workflow and supplier screens came).
    test.setTimeout(20 * 60_000);
    const context = await browser.newContext({ locale: language });
    const page = await context.newPage();
    // From the default settings, whatever another spec saved for the shared admin (dark, say).
    await startFromDefaultSettings(page);
    const found: Found[] = [];
    const check = async (screen: string) => {
      const rules = await violations(page, dark);
      if (rules.length) found.push({ screen, rules });
      if (process.env.A11Y_LOG && rules.length) console.log(`${screen}\n  ${rules.join('\n  ')}`);
    };

    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await settled(page);
    if (!dark) await check('/login');

    const navAnswer = page.waitForResponse((r: Response) => r.url().includes(API.nav));
    await page.getByTestId('login-username').fill(ACCOUNTS.admin.account);
    await page.getByTestId('login-password').fill(ACCOUNTS.admin.password);
    await page.getByTestId('login-submit').click();
    const nav = ((await (await navAnswer).json()) as { data: NavResult }).data;
    await expect(page.getByTestId('layout-root')).toBeVisible();
    await settled(page);

    // The settings drawer open (a drawer state), then dark mode switched on in it.
    await page.getByTestId('settings-button').click();
    await expect(page.getByTestId('settings-drawer')).toBeVisible();
    await settled(page);
    // Without the page cache: a visited page would stay in the document, hidden, and axe walks the
    // whole document on every screen, so each check took longer than the one before (fifty screens
    // in). A hidden page is not what axe checks; each screen is checked when it shows.
    const cache = page.getByTestId('switch-useCache');
    if ((await cache.getAttribute('aria-checked')) === 'true') await cache.click();
    await expect(cache).toHaveAttribute('aria-checked', 'false');
    if (dark) {
      await page.getByTestId('theme-dark').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await settled(page);
    }
    await check('settings drawer');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('settings-drawer')).toBeHidden();

    // The user menu open.
    await page.getByTestId('navbar-user').click();
    await expect(page.getByTestId('menu-logout')).toBeVisible();
    await settled(page);
    await check('user menu');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('menu-logout')).toBeHidden();

    const screens = [...new Set([...FIXED_SCREENS, ...menuScreens(nav.menuList ?? [])])];
    expect(screens.length).toBeGreaterThan(FIXED_SCREENS.length);
    for (const screen of screens) {
      await visit(page, screen);
      // One h1 per page, the page's own title (document.title starts with it), and the landmarks.
      // Read together, and again until they agree: the title and the h1 follow the same route
      // change, but a lazily loaded page may land between two separate reads.
      const readHeadings = () =>
        page.evaluate(() => ({
          headings: Array.from(document.querySelectorAll('h1'), (h) => h.textContent?.trim() ?? ''),
          title: document.title,
        }));
      const agree = ({ headings, title }: { headings: string[]; title: string }) =>
        headings.length === 1 && !!headings[0] && title.startsWith(headings[0]);
      let seen = await readHeadings();
      for (let i = 0; i < 20 && !agree(seen); i++) {
        await page.waitForTimeout(250);
        seen = await readHeadings();
      }
      if (!agree(seen)) {
        found.push({
          screen,
          rules: [`h1: ${JSON.stringify(seen.headings)} for the title "${seen.title}"`],
        });
      }
      for (const landmark of ['banner', 'navigation', 'main'] as const) {
        if ((await page.getByRole(landmark).count()) === 0) found.push({ screen, rules: [`no ${landmark}`] });
      }
      await check(screen);
    }

    // A modal form: the role list's "add" dialog.
    const roleScreen = screens.find((s) => s.endsWith('/role'));
    if (roleScreen) {
      await visit(page, roleScreen);
      await page.getByTestId('role-add').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await check('role form dialog');
      await page.keyboard.press('Escape');
    }

    await context.close();
    const report = found.map((f) => `${f.screen}\n  ${f.rules.join('\n  ')}`).join('\n');
    expect(report, `axe violations (${language}, ${dark ? 'dark' : 'light'})`).toBe('');
  });
}
