import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export const ACCOUNTS = {
  admin: { account: 'admin', password: 'admin123' },
  buyer: { account: 'buyer', password: 'buyer123' },
  vendor: { account: 'vendor', password: 'vendor123' },
} as const;

/** The brand settings as seeded: a spec that changes them puts these back (the specs share the server). */
export const SEEDED_BRAND = {
  sysName: 'SRM 供应商关系管理平台',
  sysNameEn: 'SRM Supplier Relationship Management',
  sysNameTw: 'SRM 供應商關係管理平台',
  logoUrl: '',
  loginTitle: '',
  loginSubtitle: '',
  copyright: '',
};

/** Signs in through the login form and waits until the shell is shown. */
export async function signIn(page: Page, who: keyof typeof ACCOUNTS, path = '/login') {
  const { account, password } = ACCOUNTS[who];
  await signInAs(page, account, password, path);
}

const defaultSettingsPages = new WeakSet<Page>();

/**
 * The settings drawer's choices are saved for the user and applied at sign-in, so a spec that
 * switches the shared demo admin to dark or another layout would change what every later sign-in
 * shows. Sign-ins through these helpers start from the defaults instead; a spec about the saved
 * settings passes `keepStoredSettings`.
 */
export async function startFromDefaultSettings(page: Page) {
  if (defaultSettingsPages.has(page)) return;
  defaultSettingsPages.add(page);
  // By path: every call carries a timestamp query parameter.
  await page.route(
    (url) => url.pathname === '/api/sys/login',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { code: number; data?: Record<string, unknown> };
      if (body.code === 0 && body.data) body.data = { ...body.data, theme: 'classic', settings: {} };
      await route.fulfill({ response, json: body });
    },
  );
}

/**
 * Signs in with any account (one a test made) and waits until the shell is shown. By default the
 * session is made through the sign-in API and handed to the page as the web stores it (the form's
 * own specs, auth.spec.ts and the a11y sweep, sign in by typing): most specs need a signed-in
 * shell, not the form, and the form's page load and the default-settings route (any page.route
 * turns the browser's HTTP cache off) cost every one of them. A fresh context then starts from the
 * default settings, since only a sign-in through the form applies the ones the server keeps.
 * `viaForm` (or `keepStoredSettings`) types into the form instead: the last-login notice and the
 * settings saved for the user come only that way; an account the API refuses (a password to
 * change, a locked account) goes through the form too, where the test sees what the user sees.
 */
export async function signInAs(
  page: Page,
  account: string,
  password: string,
  path = '/login',
  options: { keepStoredSettings?: boolean; viaForm?: boolean } = {},
) {
  if (!options.viaForm && !options.keepStoredSettings && (await signInByApi(page, account, password, path)))
    return;
  if (!options.keepStoredSettings) await startFromDefaultSettings(page);
  await page.goto(path);
  await page.getByTestId('login-username').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // A first sign-in of a worker loads the shell's chunks while the other worker's spec runs beside it.
  await expect(page.getByTestId('layout-root')).toBeVisible({ timeout: 30_000 });
}

let sessionHandOvers = 0;

/** The API's session put where the web keeps it (utils/storage.ts), then `path` opened. */
async function signInByApi(page: Page, account: string, password: string, path: string): Promise<boolean> {
  const answer = await page.request.post('/api/sys/login', {
    data: { userName: account, passWord: password },
  });
  const body = (await answer.json().catch(() => null)) as { code: number; data?: { token?: string } } | null;
  const token = body?.code === 0 ? body.data?.token : undefined;
  if (!token) return false;
  // Once per hand-over: a later sign-out, reload or second sign-in of the same page must not
  // bring this token back (the tab's sessionStorage remembers that it was handed over).
  sessionHandOvers += 1;
  await page.addInitScript(
    ({ mark, value }) => {
      try {
        if (window.sessionStorage.getItem(mark)) return;
        window.sessionStorage.setItem(mark, '1');
        window.localStorage.setItem('srm_token', value);
      } catch {
        // about:blank and other opaque origins have no storage: nothing to hand over there.
      }
    },
    { mark: `e2e-session-${process.pid}-${sessionHandOvers}`, value: `String|${token}` },
  );
  const url = new URL(path, 'http://x');
  const target = url.pathname === '/login' ? (url.searchParams.get('redirect') ?? '/home') : path;
  await page.goto(target);
  await expect(page.getByTestId('layout-root')).toBeVisible({ timeout: 30_000 });
  return true;
}

/**
 * Saves a screenshot for people to look at (e2e/screenshots, not committed). Nobody looks at them
 * in CI, where 165 of them cost a minute: there they are taken only with E2E_SHOTS=1 (a failed
 * test's own screenshot is Playwright's and is always kept).
 */
const TAKE_SHOTS = process.env.CI !== 'true' || process.env.E2E_SHOTS === '1';
export async function shot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: false });
}

/**
 * `shot` once the page is at rest (a drawer or a dialog done sliding in). Where no screenshots are
 * taken (CI) it waits for nothing: the motion matters to the picture only.
 */
export async function shotAtRest(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  await settled(page);
  await shot(page, name);
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('navbar-user').click();
}

export async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
}

/** Headers of a fresh session of `userName` made through the API (beside any browser's). */
export async function sessionHeaders(
  request: APIRequestContext,
  userName: string,
  passWord: string,
): Promise<Record<string, string>> {
  const login = await request.post('/api/sys/login', { data: { userName, passWord } });
  const body = (await login.json()) as { code: number; msg: string; data: { token: string } };
  expect(body.code, body.msg).toBe(0);
  return { authorization: `Bearer ${body.data.token}` };
}

/** An API call's data; the test fails with the server's message unless the answer's code is 0. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put',
  url: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

/** Headers of a fresh admin session made through the API (another session beside the browser's). */
export const adminHeaders = (request: APIRequestContext) => sessionHeaders(request, 'admin', 'admin123');

/** A mobile number of the test's own (unique within the tenant, whatever other specs made). */
export const randomMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A buyer-role user of the test's own, made through the API as admin; answers the user's id. */
export async function createUser(
  request: APIRequestContext,
  headers: Record<string, string>,
  user: { account: string; realName: string; password: string },
): Promise<string> {
  const roles = await request.get('/api/sys/role/list?keyword=buyer', { headers });
  const roleId = (
    (await roles.json()) as { data: { list: { id: string; enCode: string }[] } }
  ).data.list.find((r) => r.enCode === 'buyer')?.id;
  const mobile = randomMobile();
  const created = await request.post('/api/permission/Users', {
    headers,
    data: { ...user, mobile, roleIds: [roleId] },
  });
  const body = (await created.json()) as { code: number; msg: string; data: { id: string } | null };
  expect(body.code, body.msg).toBe(0);
  return String(body.data?.id);
}

/** Signs out through the user menu and its confirmation. */
export async function signOut(page: Page) {
  await openUserMenu(page);
  await page.getByTestId('menu-logout').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByTestId('login-page')).toBeVisible();
}

/** What is still loading or moving: spinners, the progress bar, skeletons, antd motions. */
const BUSY =
  '.ant-spin-spinning, #nprogress, .ant-skeleton-active, [class*="-motion-"][class*="-active"], [class*="-appear"], [class*="-leave"]';

/**
 * Waits until the page stopped loading and animating: spinners, the progress bar, antd motions,
 * then until its DOM stayed unchanged for 100 ms. Each condition is polled in the page every 50 ms
 * (one call, not expect.poll's round trips at growing intervals, which overshot the end of a load
 * by up to a second), and the quiet spell replaces a fixed pause of 250 ms: it ends as soon as the
 * page is at rest and waits longer while it still changes.
 */
export async function settled(page: Page) {
  // A screen that keeps something moving (a live count, a refreshing chart) is checked as it is:
  // this only waits, the caller's assertions decide.
  await page
    .waitForFunction((busy) => document.querySelectorAll(busy).length === 0, BUSY, {
      polling: 50,
      timeout: 15_000,
    })
    .catch(() => undefined);
  // CSS transitions too (a button's colour fading in after a load): axe reading a colour half-way
  // reports a contrast no user sees at rest. Endless animations (a live indicator) are left alone.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { polling: 50, timeout: 5_000 },
    )
    .catch(() => undefined);
  // Nothing changed for 100 ms (a late answer re-rendering a list, a chunk replacing its fallback);
  // a page that keeps changing (a clock, a live count) is taken as it is after 2 s.
  await page
    .evaluate(
      () =>
        new Promise<void>((resolve) => {
          let quiet = setTimeout(done, 100);
          const observer = new MutationObserver(() => {
            clearTimeout(quiet);
            quiet = setTimeout(done, 100);
          });
          const cap = setTimeout(done, 2_000);
          function done() {
            observer.disconnect();
            clearTimeout(quiet);
            clearTimeout(cap);
            resolve();
          }
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
        }),
    )
    .catch(() => undefined);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * A new axe run of `page`. Only the violations are reported in full: by default axe also builds a
 * selector and an HTML excerpt for every node that passed, a quarter of its time on our screens,
 * which nothing here reads. Which rules run and what they find stay the same.
 */
export const axeBuilder = (page: Page) =>
  new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);

/**
 * The rules whose outcome depends on the colours: all that dark mode changes. A dark sweep of a
 * screen whose light sweep (same language, same width) is made elsewhere checks these only; the
 * structure (names, roles, labels, landmarks) is the same in both themes.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What axe (WCAG 2.2 AA, or only `rules`) finds on the page, or inside `include` (a drawer, a
 * dialog), one line per rule.
 */
export async function axeViolations(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  // The navigation progress bar (nprogress) comes and goes with route changes: not a screen's own.
  const base = axeBuilder(page);
  let builder = (rules ? base.withRules(rules) : base.withTags(WCAG_TAGS)).exclude('#nprogress');
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/**
 * Escape closes `layer` (a drawer or dialog). On a busy machine the first Escape can land while a
 * select's list is still in its closing motion, which takes that Escape, as it would a user's; a
 * user then presses again, and so does this (at most three times).
 */
/**
 * An option of the select dropdown that is open now, by its text (a RegExp for an exact match).
 * A dropdown on its way out (antd's leave motion, when motion is on) is not the open one.
 */
export const dropdownOption = (page: Page, text: string | RegExp) =>
  page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"]) .ant-select-item-option', { hasText: text })
    .first();

export async function escapeUntilHidden(page: Page, layer: Locator) {
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Escape');
    try {
      await expect(layer).toBeHidden({ timeout: 3_000 });
      return;
    } catch {
      // pressed again below
    }
  }
  await expect(layer).toBeHidden();
}

/** A screenshot, then axe on the page (or `include`) at rest: no hover colours, motion settled. */
export async function expectAxeClean(page: Page, name: string, include?: string, rules?: string[]) {
  await page.mouse.move(0, 0);
  await settled(page);
  await shot(page, name);
  expect(await axeViolations(page, include, rules), name).toEqual([]);
}

/**
 * `expectAxeClean` with the colour rules only: for a dark sweep of a screen whose light sweep at the
 * same width and in the same language is made elsewhere (named where it is called).
 */
export const expectAxeColoursClean = (page: Page, name: string, include?: string) =>
  expectAxeClean(page, name, include, COLOUR_RULES);

/** Dark mode from the settings drawer, which is closed again. */
export async function darkMode(page: Page) {
  await page.getByTestId('settings-button').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Escape');
}

/** Approves from the task page with an opinion; done when the history shows it (the same user may
 * hold the next to-do, so the approve button can come back). */
export async function approveTask(page: Page, opinion: string) {
  await page.getByTestId('flow-do-audit').click();
  await page.getByTestId('flow-opinion').fill(opinion);
  await page.getByTestId('flow-action-ok').click();
  await expect
    .poll(async () => (await page.getByTestId('flow-history-opinion').allTextContents()).includes(opinion))
    .toBe(true);
}

/** Signs in a page of a fresh browser context `width` px wide (`beforeSignIn` can start waiting for
 * an answer of the sign-in). */
type SignedInPage = (
  who: keyof typeof ACCOUNTS | { account: string; password: string },
  width?: number,
  beforeSignIn?: (page: Page) => void,
) => Promise<Page>;

/**
 * Playwright's `test` with a `signedInPage` fixture: the contexts it opens are closed when the test
 * ends (a context left open keeps its socket, its polling and its timers running through every
 * later spec of the worker).
 */
export const test = base.extend<{ signedInPage: SignedInPage }>({
  signedInPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (who, width = 1400, beforeSignIn) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      beforeSignIn?.(page);
      if (typeof who === 'string') await signIn(page, who);
      else await signInAs(page, who.account, who.password);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  },
});

/**
 * A page in a fresh browser context `width` px wide whose unread announcements are answered empty:
 * the announcements spec owns the forced announcement dialog, which would stand in the way here.
 */
export async function quietPage(browser: Browser, width = 1400): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.route(
    (url) => url.pathname === '/api/message/Notice/Unread',
    (route) => route.fulfill({ json: { code: 0, msg: '', data: { list: [] } } }),
  );
  return page;
}
