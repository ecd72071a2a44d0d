#!/usr/bin/env node
// Gzipped JavaScript that the login page and the first page after sign-in load, measured in a
// real Chromium against the built server: every script response is gzipped at level 9 and summed.
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
    await browser.close();
    const sum = (p) => [...seen.values()].filter((v) => v.phase === p).reduce((a, v) => a + v.gz, 0);
    if (process.env.BENCH_VERBOSE)
      for (const [url, v] of seen) console.log(v.phase, (v.gz / 1024).toFixed(1), url);
    return { loginKb: sum('login') / 1024, afterSignInKb: sum('afterSignIn') / 1024 };
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await measureWebSize();
  console.log(`login page JS (gzip): ${r.loginKb.toFixed(1)} KB`);
  console.log(`first page after sign-in, additional JS (gzip): ${r.afterSignInKb.toFixed(1)} KB`);
}
