#!/usr/bin/env node
// Gzipped JavaScript that the login page and the first page after sign-in load, measured in a
// real Chromium against the built server: every script response is gzipped at level 9 and summed,
// and counted. Then the same sign-in on an emulated slow mobile link (Lighthouse's: 150 ms round
// trip, 1.6 Mbit/s down), cold cache, a few times: how long from the click until the home page
// shows, and how long the supplier registration page takes to show its form.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.WEB_SIZE_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;

const SLOW_RUNS = 3;
/** Lighthouse's simulated slow 4G, applied by the browser to every request. */
const SLOW_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1.6e6 / 8,
  uploadThroughput: 750e3 / 8,
};

/** Milliseconds `journey` takes in a new context (cold cache) on the slow link. */
async function onSlowLink(browser, journey) {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
    return await journey(page);
  } finally {
    await context.close();
  }
}

async function signInToHome(page) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.locator('input[autocomplete=username]').fill('admin');
  await page.locator('input[autocomplete=current-password]').fill('admin123');
  const start = performance.now();
  await page.keyboard.press('Enter');
  await page.getByTestId('home-page').waitFor({ timeout: 60_000 });
  return performance.now() - start;
}

async function registerForm(page) {
  const start = performance.now();
  await page.goto(`${base}/base/vendor/register`);
  await page.locator('form input').first().waitFor({ timeout: 60_000 });
  return performance.now() - start;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureWebSize() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium (set CHROMIUM_PATH)');
  const server = spawn(process.execPath, [process.env.E2E_SERVER ?? join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'srm-bench-web-')),
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; i < 240; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
    const page = await browser.newPage();
    const seen = new Map();
    let phase = 'login';
    page.on('response', async (response) => {
      const at = phase; // the phase when the response arrived, not when its body was read
      const url = response.url();
      if (!url.endsWith('.js') && !(response.headers()['content-type'] ?? '').includes('javascript')) return;
      try {
        const body = await response.body();
        if (!seen.has(url))
          seen.set(url, { phase: at, gz: gzipSync(body, { level: 9 }).length, raw: body.length });
      } catch {}
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    phase = 'afterSignIn';
    await page.locator('input[autocomplete=username]').fill('admin');
    await page.locator('input[autocomplete=current-password]').fill('admin123');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
    // The shell and the home page are lazy chunks: wait until they are on screen.
    await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    const slow = { signInMs: [], registerMs: [] };
    for (let run = 0; run < SLOW_RUNS; run++) {
      slow.signInMs.push(await onSlowLink(browser, signInToHome));
      slow.registerMs.push(await onSlowLink(browser, registerForm));
    }
    await browser.close();
    const of = (p) => [...seen.values()].filter((v) => v.phase === p);
    const sum = (p) => of(p).reduce((a, v) => a + v.gz, 0);
    if (process.env.BENCH_VERBOSE)
      for (const [url, v] of seen) console.log(v.phase, (v.gz / 1024).toFixed(1), url);
    return {
      loginKb: sum('login') / 1024,
      loginScripts: of('login').length,
      afterSignInKb: sum('afterSignIn') / 1024,
      afterSignInScripts: of('afterSignIn').length,
      slow,
    };
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await measureWebSize();
  console.log(`login page JS (gzip): ${r.loginKb.toFixed(1)} KB in ${r.loginScripts} scripts`);
  console.log(
    `first page after sign-in, additional JS (gzip): ${r.afterSignInKb.toFixed(1)} KB in ${r.afterSignInScripts} scripts`,
  );
  const list = (ms) => ms.map((v) => Math.round(v)).join(', ');
  console.log(
    `slow link, sign-in to home page: median ${Math.round(median(r.slow.signInMs))} ms (${list(r.slow.signInMs)})`,
  );
  console.log(
    `slow link, registration page to its form: median ${Math.round(median(r.slow.registerMs))} ms (${list(r.slow.registerMs)})`,
  );
}
