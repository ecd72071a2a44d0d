// A vitest reporter for `npm test`: writes the run's passed, flaky (passed on a retry), failed and
// skipped counts, the flaky tests' names and the failed tests' names with their first error, as JSON to the file in SRM_VITEST_COUNTS. Vitest's own JSON report counts a test
// that passed on a retry as a plain pass, which would hide it.
import { writeFileSync } from 'node:fs';
import { countVitestResults } from './test-summary.mjs';

export default class CountsReporter {
  onTestRunEnd(testModules) {
    const out = process.env.SRM_VITEST_COUNTS;
    if (!out) return;
    const results = [];
    const flakyTests = [];
    const failedTests = [];
    const durations = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const flaky = test.diagnostic()?.flaky === true;
        const result = test.result();
        results.push({ state: result.state, flaky });
        const title = `${testModule.relativeModuleId} › ${test.fullName}`;
        if (flaky) flakyTests.push(title);
        durations.push({ title, ms: test.diagnostic()?.duration ?? 0 });
        if (result.state === 'failed')
          failedTests.push({ title, message: result.errors?.[0]?.message ?? '' });
      }
    }
    writeFileSync(
      out,
      JSON.stringify({ ...countVitestResults(results), flakyTests, failedTests, durations }),
    );
  }
}
