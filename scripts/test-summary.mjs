// The counting behind `npm test`'s last line. A test that passed only on a retry is "flaky": it
// does not fail the run, but it is counted apart from the passes so that it stays visible.

/** Empty totals. */
export function emptyTotals() {
  return { passed: 0, flaky: 0, failed: 0, skipped: 0 };
}

/** Adds counts into totals (missing figures count as 0). */
export function addCounts(totals, counts) {
  for (const key of Object.keys(totals)) totals[key] += counts[key] ?? 0;
  return totals;
}

/** Counts vitest results, each `{ state: 'passed' | 'failed' | 'skipped' | 'pending', flaky }`. */
export function countVitestResults(results) {
  const counts = emptyTotals();
  for (const { state, flaky } of results) {
    if (state === 'passed') counts[flaky ? 'flaky' : 'passed'] += 1;
    else if (state === 'failed') counts.failed += 1;
    else counts.skipped += 1;
  }
  return counts;
}

/** Counts from the `stats` of Playwright's JSON report (`expected` are first-try passes). */
export function countPlaywrightStats(stats = {}) {
  return {
    passed: stats.expected ?? 0,
    flaky: stats.flaky ?? 0,
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  };
}

/**
 * Titles ("file › describe › test") of the tests Playwright's JSON report gives a status: "flaky"
 * (passed on a retry) or "unexpected" (failed every try).
 */
export function playwrightTitles(report, status) {
  const titles = [];
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((test) => test.status === status)) titles.push([...here, spec.title].join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return titles;
}

/** A failed test's line at the end of the run: its name and its error's first line, short. */
export function failedTestLine(title, message = '') {
  const first = message.split('\n').find((line) => line.trim() !== '') ?? '';
  const short = first.length > 200 ? `${first.slice(0, 200)}…` : first;
  return short ? `Failed: ${title} — ${short.trim()}` : `Failed: ${title}`;
}

/** The final line: "N passed, N flaky, N failed, N skipped". */
export function summaryLine(totals) {
  return `${totals.passed} passed, ${totals.flaky} flaky, ${totals.failed} failed, ${totals.skipped} skipped`;
}

/** Whether the run fails: a failed step or a failed test; flaky tests alone do not fail it. */
export function runFailed(failedSteps, totals) {
  return failedSteps.length > 0 || totals.failed > 0;
}

/**
 * Durations (ms) of the tests in Playwright's JSON report, `{ title, ms }`: each test's attempts
 * summed (a retried test cost the run both tries).
 */
export function playwrightDurations(report) {
  const out = [];
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        out.push({ title: [...here, spec.title].join(' › '), ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}

/** The `count` slowest of `{ title, ms }`, slowest first, as lines "  12.3 s  title". */
export function slowestLines(durations, count = 15) {
  return [...durations]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ title, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${title}`);
}
