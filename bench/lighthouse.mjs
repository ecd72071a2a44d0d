#!/usr/bin/env node
// Lighthouse's mobile performance score (its default preset: a mid-range phone, simulated slow 4G
// and 4× CPU slowdown) of the sign-in page, the home page, the to-do list and the supplier
// registration page, each the median of --runs (3) cold loads, against the built server with the
// demo seeded. The signed-in pages sign in through the API as the demo admin and put the session
// where the web keeps it (localStorage) before Lighthouse loads them; the browser's HTTP cache is
// emptied before every run, so each is a first visit with a session.
//
//   npm run build && node bench/lighthouse.mjs [--runs 3] [--only login,home,todo,register]
//   BENCH_SERVER=.build/x/server/main.js WEB_DIST=.build/x/web node bench/lighthouse.mjs
//   BENCH_VERBOSE=1 prints every run; LIGHTHOUSE_JSON=dir keeps each run's report there.
//
// Chromium: CHROME_PATH, else CHROMIUM_PATH or /usr/bin/chromium. Run it on a quiet machine: the
// scores follow the CPU that is left over.
//
// Lighthouse is large and only this bench needs it, so it is not a dependency of the workspace: it
// is installed on demand into LIGHTHOUSE_DIR (default /tmp/lh) and loaded from there:
//   npm install --prefix /tmp/lh lighthouse@13.5.0 puppeteer-core chrome-launcher
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium } from '../scripts/chromium.mjs';
import { arg, main, requireBuild, root, sleep } from './lib.mjs';

const lighthouseDir = path.resolve(process.env.LIGHTHOUSE_DIR ?? '/tmp/lh');
const fromLighthouseDir = createRequire(path.join(lighthouseDir, 'package.json'));
async function load(name) {
  try {
    return (await import(pathToFileURL(fromLighthouseDir.resolve(name)).href)).default;
  } catch {
    throw new Error(
      `${name} is not in ${lighthouseDir}: npm install --prefix ${lighthouseDir} lighthouse@13.5.0 puppeteer-core chrome-launcher`,
    );
  }
}
const lighthouse = await load('lighthouse');
const puppeteer = await load('puppeteer-core');
const { launch } = await import(pathToFileURL(fromLighthouseDir.resolve('chrome-launcher')).href);

const RUNS = Number(arg('runs', 3));
const PAGES = [
  { name: 'login', title: 'sign-in', path: '/login', signedIn: false },
  { name: 'home', title: 'home', path: '/home', signedIn: true },
  { name: 'todo', title: 'to-do list', path: '/workFlow/flowTodo', signedIn: true },
  { name: 'register', title: 'supplier registration', path: '/base/vendor/register', signedIn: false },
];
const only = arg('only', undefined);
const pages = typeof only === 'string' ? PAGES.filter((p) => only.split(',').includes(p.name)) : PAGES;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A session token of the demo admin, made through the API. */
async function signInToken(base) {
  const res = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', passWord: 'admin123' }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`sign-in: ${body.code} ${body.msg}`);
  return body.data.token;
}

/**
 * The web keeps its session in localStorage (utils/storage.ts: prefix, then `{type}|{value}`), set
 * from a page of its own: the page Lighthouse records starts blank.
 */
async function storeSession(browser, base, token) {
  const page = await browser.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate((t) => {
    localStorage.clear();
    sessionStorage.clear();
    if (t) localStorage.setItem('srm_token', `String|${t}`);
  }, token);
  await page.close();
}

async function measure(browser, port, base, target, token, run) {
  await storeSession(browser, base, target.signedIn ? token : '');
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    // The run keeps the storage (the session), so it empties the HTTP cache itself.
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      `${base}${target.path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
        locale: 'en-US',
      },
      undefined,
      page,
    );
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
    if (process.env.LIGHTHOUSE_JSON) {
      mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${target.name}-${run}.json`), result.report);
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      // Lighthouse's own measure of the machine's speed: below about 1,300 its 4× slowdown makes a
      // slower phone than the one it means, and the scores drop with it.
      benchmarkIndex: lhr.environment.benchmarkIndex,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await page.close();
  }
}

/** The built server with the demo seeded, on a free port, in a data folder of its own. */
async function startSeeded() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'srm-bench-lh-'));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...(process.env.WEB_DIST ? { WEB_DIST: path.resolve(process.env.WEB_DIST) } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {}
    if (i >= 3000) {
      await stop();
      throw new Error(`${base} did not answer within 5 minutes`);
    }
    await sleep(100);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

requireBuild();
const chromePath = process.env.CHROME_PATH ?? findChromium();
if (!chromePath) throw new Error('no Chromium (set CHROME_PATH)');
// Seeding the demo can take more than bench/lib.mjs's minute on a loaded machine: the server is
// started here, with five minutes to answer.
const server = await startSeeded();
let chrome;
// Stopped from outside: the server and Chromium go too.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    chrome?.kill();
    void server.stop().finally(() => process.exit(130));
  });
try {
  chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const token = await signInToken(server.base);
  const rows = [];
  for (const target of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART): that run again.
      let r;
      for (let attempt = 1; !r; attempt++) {
        try {
          r = await measure(browser, chrome.port, server.base, target, token, run);
        } catch (error) {
          if (attempt >= 3) throw error;
          console.error(`${target.name} #${run + 1}: ${error.message}; again`);
        }
      }
      if (!r.finalUrl.includes(target.path)) throw new Error(`${target.name}: ended on ${r.finalUrl}`);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `${target.name} #${run + 1}: ${r.score} (FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}, benchmark index ${Math.round(r.benchmarkIndex)})`,
        );
      runs.push(r);
    }
    const m = (key) => median(runs.map((r) => r[key]));
    rows.push({
      page: target.title,
      score: m('score'),
      scores: runs.map((r) => r.score).join(', '),
      fcp: m('fcp'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
      benchmarkIndex: m('benchmarkIndex'),
    });
  }
  await browser.disconnect();
  console.log(`Lighthouse mobile performance, median of ${RUNS}`);
  console.log('| page | performance | runs | FCP | LCP | TBT | CLS | benchmark index |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  for (const r of rows)
    console.log(
      `| ${r.page} | **${r.score}** | ${r.scores} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(2)} | ${Math.round(r.benchmarkIndex)} |`,
    );
} finally {
  chrome?.kill();
  await server.stop();
}
