import { gzipSync } from 'node:zlib';
import { type CDPSession, expect, type Page, type Route, test } from '@playwright/test';
import { ACCOUNTS, openUserMenu, shot, signIn, signInAs, startFromDefaultSettings } from './helpers';

/** Every way the browser reports a Content-Security-Policy violation: console, DOM event, DevTools issue. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (evaluate|execute|load|apply|connect)/i.test(message.text()))
      seen.push(`console: ${message.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') seen.push(`issue: ${JSON.stringify(issue.details)}`);
  });
  await cdp.send('Audits.enable');
  return async () => [
    ...seen,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

test('the login and home pages run without a single Content-Security-Policy violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
  await signIn(page, 'admin');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});

test('the splash shows, centred, from the HTML alone; the page renders once its stylesheet applies', async ({
  page,
}) => {
  // Every stylesheet and script is held back: what paints now needs nothing but the HTML.
  const held: Route[] = [];
  const sheets = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.css')) sheets.set(pathname, (sheets.get(pathname) ?? 0) + 1);
  });
  let released = false;
  await page.route(/\/assets\/[^/]+\.(css|js)$/, (route) => (released ? route.continue() : held.push(route)));
  await page.goto('/login', { waitUntil: 'commit' });
  const mark = page.locator('.srm-splash svg');
  await expect(mark).toBeVisible();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const box = await mark.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  if (!box || !viewport) return;
  // In the middle of the window, with no scroll bar (the body has no margin yet).
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(viewport.height);
  await shot(page, 'splash-before-any-script-or-stylesheet');
  released = true;
  for (const route of held.splice(0)) await route.continue();
  await expect(page.getByTestId('login-form')).toBeVisible();
  // The entry's stylesheet is in force (the page's own margin and height rules), fetched once.
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  const entrySheet = await page.locator('link[data-entry-style]').getAttribute('href');
  expect(entrySheet).toMatch(/^\/assets\/[\w-]+\.css$/);
  expect(sheets.get(entrySheet ?? '')).toBe(1);
});

test('the sign-in page fetches what its answer announced once each: brand, stylesheet, texts in its language', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    requested.set(pathname, (requested.get(pathname) ?? 0) + 1);
  });
  const preloadWarnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  const answer = await page.goto('/login');
  const announced = (answer?.headers().link ?? '')
    .split(', ')
    .map((link) => /^<([^>]+)>/.exec(link)?.[1] ?? '');
  expect(announced).toContain('/api/oauth/LoginConfig');
  expect(announced.filter((url) => /\/(common|auth)\.en-US-[\w-]+\.js$/.test(url))).toHaveLength(2);
  expect(announced.some((url) => url.endsWith('.css'))).toBe(true);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
  await expect(page.getByTestId('login-product-name')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  // A preload the page did not use is reported a few seconds after the load event.
  await page.waitForTimeout(3_500);
  // Each was fetched once: the page's own requests were answered by the announced ones.
  for (const url of announced) expect(requested.get(url), url).toBe(1);
  expect(preloadWarnings).toEqual([]);
  await context.close();
});

test("after sign-in, the user info is asked for before the shell's scripts", async ({ page }) => {
  // Over HTTP/1.1 the browser has six connections: a request queued behind the shell's scripts
  // waits for them on a slow link, and the home page waits for the user info.
  const order: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/sys/user/info' || pathname.startsWith('/assets/')) order.push(pathname);
  });
  await startFromDefaultSettings(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  order.length = 0;
  await page.getByTestId('login-username').fill(ACCOUNTS.admin.account);
  await page.getByTestId('login-password').fill(ACCOUNTS.admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('layout-root')).toBeVisible({ timeout: 30_000 });
  const userInfo = order.indexOf('/api/sys/user/info');
  const firstShellScript = order.findIndex((path) => /^\/assets\/shell-[\w-]+\.js$/.test(path));
  expect(userInfo).toBeGreaterThanOrEqual(0);
  expect(firstShellScript).toBeGreaterThan(userInfo);
  // It is the first request after the sign-in: no script of the shell went before it.
  expect(order.slice(0, userInfo)).toEqual([]);
});

test("a signed-in reload sends its start-up requests together, before the shell's scripts", async ({
  page,
}) => {
  await signIn(page, 'admin');
  // A cold cache, as after each release: the shell's scripts are downloaded again.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const order: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/assets/')) order.push(pathname);
  });
  await page.reload();
  await expect(page.getByTestId('layout-root')).toBeVisible();
  await expect(page.getByTestId('home-page')).toBeVisible();
  const startup = [
    '/api/sys/user/info',
    '/api/sys/menu-ent/nav',
    '/api/common/enums',
    '/api/common/get-conf-dist',
  ];
  const firstShellScript = order.findIndex((path) => /^\/assets\/shell-[\w-]+\.js$/.test(path));
  expect(firstShellScript).toBeGreaterThan(0);
  for (const path of startup) {
    expect(order.indexOf(path), path).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(path), path).toBeLessThan(firstShellScript);
  }
});

/** The JavaScript budgets (docs/PERFORMANCE.md): every script response gzipped at level 9, summed. */
const LOGIN_PAGE_BUDGET = 250 * 1024;
const FIRST_SCREEN_BUDGET = 120 * 1024;

const SIGN_IN_SCRIPTS_AT_MOST = 12;
const FIRST_SCREEN_SCRIPTS_AT_MOST = 16;

test('the sign-in page and the first screen after it stay within their JavaScript budgets', async ({
  page,
}) => {
  await startFromDefaultSettings(page);
  const bytes = { login: new Map<string, number>(), home: new Map<string, number>() };
  let phase: keyof typeof bytes = 'login';
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const into = bytes[phase]; // the phase the script arrived in, not when its body was read
    reads.push(
      response.body().then((body) => {
        if (!bytes.login.has(response.url())) into.set(response.url(), gzipSync(body, { level: 9 }).length);
      }),
    );
  });
  const total = async (map: Map<string, number>) => {
    await Promise.all(reads);
    return [...map.values()].reduce((a, b) => a + b, 0);
  };

  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const login = await total(bytes.login);
  phase = 'home';
  await page.getByTestId('login-username').fill(ACCOUNTS.admin.account);
  await page.getByTestId('login-password').fill(ACCOUNTS.admin.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('home-quick-link').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = await total(bytes.home);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `JavaScript: sign-in page ${kb(login)} in ${bytes.login.size} scripts, first screen after sign-in +${kb(home)}`,
  );
  expect(bytes.login.size).toBeGreaterThan(3);
  // The start-up code comes as one script (vite.config.ts, the start chunk), not two dozen small
  // ones that each wait for a connection: the entry, the start chunk, the sign-in page and its
  // texts, a few more at most.
  expect(bytes.login.size, [...bytes.login.keys()].join('\n')).toBeLessThanOrEqual(SIGN_IN_SCRIPTS_AT_MOST);
  expect(bytes.home.size).toBeGreaterThan(3);
  // The shell and the home page come as one script (vite.config.ts, the shell chunk) beside their
  // texts and the menu's icons, not sixty small ones.
  expect(bytes.home.size, [...bytes.home.keys()].join('\n')).toBeLessThanOrEqual(
    FIRST_SCREEN_SCRIPTS_AT_MOST,
  );
  expect(login, `sign-in page ${kb(login)}`).toBeLessThanOrEqual(LOGIN_PAGE_BUDGET);
  expect(home, `first screen after sign-in ${kb(home)}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
});

/** Scripts the page fetched over the network (not from the browser's cache), with their encoding. */
async function watchScripts(cdp: CDPSession) {
  const scripts = new Map<string, { url: string; cached: boolean }>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (type === 'Script') scripts.set(requestId, { url: request.url, cached: false });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const s = scripts.get(requestId);
    if (s) s.cached = true;
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const s = scripts.get(requestId);
    if (!s) return;
    if (response.fromDiskCache || response.fromPrefetchCache) s.cached = true;
  });
  await cdp.send('Network.enable');
  return scripts;
}

test('scripts arrive compressed and a second visit downloads no JavaScript', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  let scripts = await watchScripts(cdp);
  const encodings = new Map<string, string | null>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      encodings.set(response.url(), await response.headerValue('content-encoding'));
  });
  // Without the helper's default-settings route: any page.route turns the browser's HTTP cache off.
  await signInAs(page, ACCOUNTS.admin.account, ACCOUNTS.admin.password, '/login', {
    keepStoredSettings: true,
  });
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const first = [...scripts.values()];
  expect(first.length).toBeGreaterThan(3);
  // Chromium offers brotli over HTTPS only: on plain HTTP the pre-compressed gzip twin is sent.
  expect(first.filter((s) => !['br', 'gzip'].includes(encodings.get(s.url) ?? ''))).toEqual([]);

  // The same browser comes back: index.html revalidates, every hashed script comes from the cache.
  scripts.clear();
  scripts = await watchScripts(cdp);
  await page.goto('/home');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const second = [...scripts.values()];
  expect(second.length).toBeGreaterThan(3);
  expect(second.filter((s) => !s.cached)).toEqual([]);
});

test('a page whose code is still downloading shows the top progress bar, no spinner', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('home-page')).toBeVisible();
  // Hold back the profile page's chunk (and any script fetched from now on) for a moment.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await openUserMenu(page);
  await page.getByTestId('menu-profile').click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(page.locator('#nprogress .spinner')).toHaveCount(0);
  await shot(page, 'web-weight-progress');
  release();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});
