import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { smsInbox } from './sms-inbox';

// Browser tests drive Debian's Chromium (CHROMIUM_PATH) against the built server on its own
// port and a fresh embedded database seeded with the demo data.
const port = Number(process.env.E2E_PORT ?? 3210);
// The tenant-wide specs' own server (see the projects below).
const tenantWidePort = port + 1;
// A fake WeChat official-account API (fake-wechat.mjs) for the bind dialog; specs reach its control
// endpoint through E2E_WECHAT_PORT (workers load this file too, so they see the same value).
const wechatPort = Number(process.env.E2E_WECHAT_PORT ?? port + 10000);
process.env.E2E_WECHAT_PORT = String(wechatPort);
// The token the server checks WeChat's callback signatures with; specs sign their scan events with it.
const wechatToken = process.env.E2E_WECHAT_TOKEN || 'e2e-mp-token';
process.env.E2E_WECHAT_TOKEN = wechatToken;

// The identity providers of sso.spec.ts (identity-providers.mjs): oidc-provider and a small CAS server.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 10001);
const casPort = Number(process.env.E2E_CAS_PORT ?? port + 10002);
process.env.E2E_OIDC_PORT = String(oidcPort);
process.env.E2E_CAS_PORT = String(casPort);

const TENANT_WIDE = /(sys-config|area-language|ops|menu-names|model-page|portal|data-screen|sso)\.spec\.ts$/;

/** The built server on `serverPort` with a fresh embedded database seeded with the demo data. */
const productServer = (serverPort: number) => ({
  command: `node ${process.env.E2E_SERVER ?? 'apps/server/dist/main.js'}`,
  cwd: '..',
  url: `http://127.0.0.1:${serverPort}/api/health`,
  timeout: 120_000,
  reuseExistingServer: false,
  env: {
    PORT: String(serverPort),
    // The embedded database always, even where the shell exports DATABASE_URL (CI does, for
    // the API tests): specs read PGlite-only screens (backup restore, monitor) and start clean;
    // one process, so no Redis (the API tests' events must not reach it).
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'srm-e2e-')),
    SEED_DEMO: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Every spec signs in from this one address, two workers at once: the default 20 sign-ins a
    // minute per address (the API tests' subject) made a sign-in answer 429 now and then.
    LOGIN_RATE_LIMIT: '1000',
    // Likewise the supplier registrations per address (10 per 10 minutes): the registration
    // spec and the suppliers other specs admit through the API, with their retries.
    REGISTER_RATE_LIMIT: '100',
    // The platform operator of platform.spec.ts (made at start, with a password of its own).
    PLATFORM_OPERATOR: 'operator',
    PLATFORM_OPERATOR_PASSWORD: 'operator123',
    // The machine's MariaDB, the one host data-source.spec.ts connects to.
    DATA_SOURCE_HOSTS: '127.0.0.1:3306',
    // The identity providers sso.spec.ts signs in with, on this machine over plain http.
    IDENTITY_PROVIDER_HOSTS: `127.0.0.1:${oidcPort},127.0.0.1:${casPort}`,
    IDENTITY_PROVIDER_ALLOW_HTTP: '1',
    // The recording SMS gateway's inbox, which sms-code.spec.ts reads as the phone would.
    SMS_RECORD_FILE: smsInbox(serverPort),
    WECHAT_MP_APP_ID: 'wx-e2e-app',
    WECHAT_MP_APP_SECRET: 'e2e-secret',
    WECHAT_MP_TOKEN: wechatToken,
    WECHAT_API_BASE: `http://127.0.0.1:${wechatPort}`,
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  },
});

export default defineConfig({
  testDir: './tests',
  // Per build name, so parallel runs (scripts/e2e.mjs with E2E_BUILD) keep their artifacts apart.
  outputDir: `../node_modules/.cache/e2e-results${process.env.E2E_BUILD ? `-${process.env.E2E_BUILD}` : ''}`,
  // Budgets for a loaded 2-vCPU machine (two workers, up to three browsers each, the server and
  // PostgreSQL on the same cores): first attempts ran out of 60 s, then of 90 s, there while
  // nothing was wrong. Speed itself is the benchmark's subject, never a test's.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The product honours the system's reduced motion (theme/reducedMotion.ts): no opening and
    // closing animations, so a spec never meets a dropdown on its way out or a colour mid-fade
    // under axe. a11y-keyboard.spec.ts keeps the motion on, for focus after antd's closing motion.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Specs that change what every user of the tenant sees (security and brand settings, text
    // overrides, emptied caches) run one at a time against a server of their own (tenantWidePort,
    // its own database): beside them on the shared server another spec would meet a lockout after
    // three attempts or an English text that is not the shipped one. Their own server lets them run
    // beside the rest instead of in a one-worker tail after it; listed first, their files are first in
    // the queue, so one worker takes them one after another while the other works through the rest.
    {
      name: 'tenant-wide',
      testMatch: TENANT_WIDE,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${tenantWidePort}`,
      },
    },
    { name: 'chromium', testIgnore: TENANT_WIDE, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      command: 'node e2e/fake-wechat.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${wechatPort}/health`,
      timeout: 20_000,
      reuseExistingServer: false,
      env: { FAKE_WECHAT_PORT: String(wechatPort) },
    },
    {
      command: 'node e2e/identity-providers.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${casPort}/health`,
      timeout: 20_000,
      reuseExistingServer: false,
      env: { E2E_OIDC_PORT: String(oidcPort), E2E_CAS_PORT: String(casPort) },
    },
    productServer(port),
    productServer(tenantWidePort),
  ],
});
