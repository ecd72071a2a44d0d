// A vitest reporter for `npm test`: writes the run's passed, flaky (passed on a retry), failed and
// skipped counts, and the flaky tests' names, as JSON to the file in SRM_VITEST_COUNTS. Vitest's own JSON report counts a test
// that passed on a retry as a plain pass, which would hide it.
import { writeFileSync } from 'node:fs';
import { countVitestResults } from './test-summary.mjs';

export default class CountsReporter {
  onTestRunEnd(testModules) {
    const out = process.env.SRM_VITEST_COUNTS;
    if (!out) return;
    const results = [];
    const flakyTests = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const flaky = test.diagnostic()?.flaky === true;
        results.push({ state: test.result().state, flaky });
        if (flaky) flakyTests.push(`${testModule.relativeModuleId} › ${test.fullName}`);
      }
    }
    writeFileSync(out, JSON.stringify({ ...countVitestResults(results), flakyTests }));
  }
}
