import { describe, expect, it } from 'vitest';
import {
  addCounts,
  countPlaywrightStats,
  countVitestResults,
  emptyTotals,
  failedTestLine,
  playwrightDurations,
  playwrightTitles,
  runFailed,
  slowestLines,
  summaryLine,
} from '../test-summary.mjs';

describe("npm test's summary", () => {
  it('counts a vitest test that passed only on a retry as flaky, not as passed', () => {
    const counts = countVitestResults([
      { state: 'passed', flaky: false },
      { state: 'passed', flaky: true },
      { state: 'failed', flaky: false },
      { state: 'skipped', flaky: false },
      { state: 'pending', flaky: false },
    ]);
    expect(counts).toEqual({ passed: 1, flaky: 1, failed: 1, skipped: 2 });
  });

  it("takes Playwright's flaky apart from its first-try passes", () => {
    expect(countPlaywrightStats({ expected: 40, flaky: 2, unexpected: 1, skipped: 3 })).toEqual({
      passed: 40,
      flaky: 2,
      failed: 1,
      skipped: 3,
    });
    expect(countPlaywrightStats(undefined)).toEqual(emptyTotals());
  });

  it('names the flaky browser tests by file, describe and title', () => {
    const report = {
      suites: [
        {
          title: 'user.spec.ts',
          specs: [{ title: 'creates a user', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'reset',
              specs: [{ title: 'resets the password', tests: [{ status: 'flaky' }] }],
            },
          ],
        },
      ],
    };
    expect(playwrightTitles(report, 'flaky')).toEqual(['user.spec.ts › reset › resets the password']);
    expect(playwrightTitles(report, 'unexpected')).toEqual([]);
  });

  it('names a failed test with the first line of its error, cut at 200 characters', () => {
    expect(
      failedTestLine('API tests on PGlite: auth.test.ts › signs in', '\nexpected 401 to be 200\n  at x.ts:3'),
    ).toBe('Failed: API tests on PGlite: auth.test.ts › signs in — expected 401 to be 200');
    expect(failedTestLine('Browser tests: user.spec.ts › creates a user')).toBe(
      'Failed: Browser tests: user.spec.ts › creates a user',
    );
    expect(failedTestLine('t', 'x'.repeat(300))).toBe(`Failed: t — ${'x'.repeat(200)}…`);
  });

  it('prints "N passed, N flaky, N failed, N skipped" over every step', () => {
    const totals = emptyTotals();
    addCounts(totals, { passed: 10, flaky: 1, failed: 0, skipped: 2 });
    addCounts(totals, countPlaywrightStats({ expected: 5, flaky: 1 }));
    expect(summaryLine(totals)).toBe('15 passed, 2 flaky, 0 failed, 2 skipped');
  });

  it('fails the run on a failed test or step, never on flaky tests alone', () => {
    expect(runFailed([], { passed: 3, flaky: 2, failed: 0, skipped: 0 })).toBe(false);
    expect(runFailed([], { passed: 3, flaky: 0, failed: 1, skipped: 0 })).toBe(true);
    expect(runFailed(['Type check'], emptyTotals())).toBe(true);
  });

  it('names the slowest tests first, a retried browser test costing both its tries', () => {
    const report = {
      suites: [
        {
          title: 'flow.spec.ts',
          specs: [
            { title: 'approves', tests: [{ results: [{ duration: 30_000 }, { duration: 25_000 }] }] },
            { title: 'rejects', tests: [{ results: [{ duration: 40_000 }] }] },
          ],
          suites: [
            { title: 'narrow', specs: [{ title: 'fits', tests: [{ results: [{ duration: 1_000 }] }] }] },
          ],
        },
      ],
    };
    const durations = [...playwrightDurations(report), { title: 'api › signs in', ms: 2_500 }];
    expect(slowestLines(durations, 3)).toEqual([
      '   55.0 s  flow.spec.ts › approves',
      '   40.0 s  flow.spec.ts › rejects',
      '    2.5 s  api › signs in',
    ]);
  });
});
