#!/usr/bin/env node
// `npm test`: type check, lint, unit tests, API tests on PGlite, the same API tests on PostgreSQL
// when DATABASE_URL is set, and the browser tests. Ends with one "N passed, N flaky, N failed,
// N skipped" line; flaky tests (passed only on a retry) are named and counted apart and do not fail the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';
import {
  addCounts,
  countPlaywrightStats,
  emptyTotals,
  failedTestLine,
  playwrightDurations,
  playwrightTitles,
  runFailed,
  slowestLines,
  summaryLine,
} from './test-summary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = join(root, 'node_modules/.cache/srm-test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = emptyTotals();
const failedSteps = [];
const flakyTests = [];
// Named again at the very end, so that the last lines of a failed run say which tests failed.
const failedTests = [];
// Each step's time and every test's, for the table and the slowest list at the end.
const stepTimes = [];
const durations = [];

function step(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const seconds = (Date.now() - started) / 1000;
  console.log(`━━ ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s)`);
  stepTimes.push({ name, seconds, ok });
  if (!ok) failedSteps.push(name);
  return ok;
}

function vitest(name, projects, env, reportName) {
  const out = join(reports, `${reportName}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=./scripts/vitest-counts.mjs');
  step(name, 'npx', args, { ...env, SRM_VITEST_COUNTS: out });
  if (!existsSync(out)) return;
  const counts = JSON.parse(readFileSync(out, 'utf8'));
  addCounts(totals, counts);
  flakyTests.push(...(counts.flakyTests ?? []));
  durations.push(...(counts.durations ?? []).map(({ title, ms }) => ({ title: `${name}: ${title}`, ms })));
  failedTests.push(
    ...(counts.failedTests ?? []).map(({ title, message }) => failedTestLine(`${name}: ${title}`, message)),
  );
}

step('Type check', 'npm', ['run', '--silent', 'typecheck']);
step('Lint and format', 'npx', ['biome', 'check', '.']);
vitest('Unit tests', ['contracts', 'web-unit', 'server-unit', 'scripts'], {}, 'unit');
vitest('API tests on PGlite', ['server-api'], { TEST_DB: 'pglite' }, 'api-pglite');
// Once, not per database: a generated patch applied to a copy of the repository, its tests on PGlite.
vitest('Code generation', ['codegen'], { TEST_DB: 'pglite' }, 'codegen');
if (process.env.DATABASE_URL) {
  vitest('API tests on PostgreSQL', ['server-api'], { TEST_DB: 'pg' }, 'api-pg');
} else {
  console.log('\n━━ API tests on PostgreSQL: skipped (set DATABASE_URL to run them) ━━');
}

const chromium = findChromium();
if (!chromium) {
  const line =
    '!!! Browser tests SKIPPED: no Chromium found. Install it (apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH.';
  console.log(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}`);
  if (process.env.CI === 'true') failedSteps.push('Browser tests (no Chromium under CI)');
} else {
  if (step('Build for browser tests', 'npm', ['run', 'build'])) {
    const out = join(reports, 'e2e.json');
    step('Browser tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      addCounts(totals, countPlaywrightStats(report.stats));
      flakyTests.push(...playwrightTitles(report, 'flaky'));
      durations.push(
        ...playwrightDurations(report).map(({ title, ms }) => ({ title: `Browser tests: ${title}`, ms })),
      );
      failedTests.push(
        ...playwrightTitles(report, 'unexpected').map((title) => failedTestLine(`Browser tests: ${title}`)),
      );
    }
  }
}

console.log('\nSteps:');
for (const { name, seconds, ok } of stepTimes)
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${name}${ok ? '' : ' (FAILED)'}`);
const total = stepTimes.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(`${total.toFixed(1).padStart(7)} s  in all`);
console.log('\nThe 15 slowest tests:');
for (const line of slowestLines(durations)) console.log(line);
console.log('');
for (const title of flakyTests) console.log(`Flaky (passed only on a retry): ${title}`);
for (const line of failedTests) console.log(line);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(summaryLine(totals));
process.exit(runFailed(failedSteps, totals) ? 1 : 0);
