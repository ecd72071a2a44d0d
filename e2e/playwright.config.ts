import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Browser tests drive Debian's Chromium (CHROMIUM_PATH) against the built server on its own
// port and a fresh embedded database seeded with the demo data.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(join(tmpdir(), 'srm-e2e-'));

export default defineConfig({
  testDir: './tests',
  // Per build name, so parallel runs (scripts/e2e.mjs with E2E_BUILD) keep their artifacts apart.
  outputDir: `../node_modules/.cache/e2e-results${process.env.E2E_BUILD ? `-${process.env.E2E_BUILD}` : ''}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node ${process.env.E2E_SERVER ?? 'apps/server/dist/main.js'}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
