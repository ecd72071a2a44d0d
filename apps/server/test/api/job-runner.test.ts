import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../src/jobs/runner';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The job runner's batches: a backlog larger than one fetch is worked to the end, and a job that
 * fails in a batch is retried alone — its neighbours ran once and stay done.
 */
let t: TestApp;
let runner: JobRunner;
const runs = new Map<number, number>();
const failOnce = new Set([7, 23]);

beforeAll(async () => {
  t = await createTestApp();
  runner = new JobRunner(t.handle, { workers: true, pollingIntervalSeconds: 0.5 });
  runner.define<{ n: number }>({
    name: 'test.batch',
    retryLimit: 2,
    retryDelaySeconds: 1,
    retryBackoff: false,
    handler: async ({ n }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (failOnce.has(n) && runs.get(n) === 1) throw new Error(`job ${n} fails its first attempt`);
    },
  });
  await runner.start();
});

afterAll(async () => {
  await runner?.stop();
  await t?.close();
});

describe('job runner batches', () => {
  // A retry is a job whose start time comes later: found by polling, with NOTIFY on as well.
  it('works a backlog of 50 jobs; the two that fail once are retried alone', async () => {
    for (let n = 0; n < 50; n++) await runner.send('test.batch', { n });
    const done = () => [...Array(50).keys()].every((n) => (runs.get(n) ?? 0) >= (failOnce.has(n) ? 2 : 1));
    for (let i = 0; i < 80 && !done(); i++) await new Promise((r) => setTimeout(r, 250));
    expect(done()).toBe(true);
    for (let n = 0; n < 50; n++) expect(runs.get(n), `job ${n}`).toBe(failOnce.has(n) ? 2 : 1);
  });
});
