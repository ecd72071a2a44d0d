import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../src/jobs/runner';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The job runner's batches: a backlog larger than one fetch is worked to the end, and a job that
 * fails in a batch is retried alone — its neighbours ran once and stay done. A job with a batch
 * handler gets a fetch at once; a batch that fails is run again job by job.
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

  it('hands a fetched batch to the batch handler; a failed batch runs job by job, only the bad job fails', async () => {
    // Queued by a runner that does not work, then worked by another: the fetches are full batches.
    // The retry policy is the queue's, stamped on each job when it is sent: the same for both.
    const policy = { name: 'test.whole', retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false };
    const sender = new JobRunner(t.handle, { workers: false });
    sender.define<{ n: number }>({ ...policy, handler: async () => {} });
    for (let n = 0; n < 40; n++) await sender.send('test.whole', { n });
    await sender.stop();

    const batches: number[][] = [];
    const alone = new Map<number, number>();
    const worker = new JobRunner(t.handle, { workers: true, pollingIntervalSeconds: 0.5 });
    worker.define<{ n: number }>({
      ...policy,
      batchHandler: async (jobs) => {
        const ns = jobs.map((j) => j.data.n);
        batches.push(ns);
        if (ns.includes(13)) throw new Error('a batch with job 13 fails');
      },
      handler: async ({ n }) => {
        alone.set(n, (alone.get(n) ?? 0) + 1);
        if (n === 13 && alone.get(n) === 1) throw new Error('job 13 fails its first attempt alone');
      },
    });
    try {
      await worker.start();
      const done = () =>
        [...Array(40).keys()].every(
          (n) => batches.some((b) => b.includes(n) && !b.includes(13)) || alone.has(n),
        ) && (alone.get(13) ?? 0) >= 2;
      for (let i = 0; i < 80 && !done(); i++) await new Promise((r) => setTimeout(r, 250));
      expect(done(), JSON.stringify({ batches, alone: [...alone] })).toBe(true);
      expect(batches.some((b) => b.length > 1)).toBe(true);
      const failed = batches.find((b) => b.includes(13)) ?? [];
      // The failed batch's jobs ran alone once (13 twice: its retry); the others only in their batch.
      for (let n = 0; n < 40; n++) {
        const expected = n === 13 ? 2 : failed.includes(n) ? 1 : 0;
        expect(alone.get(n) ?? 0, `job ${n} alone`).toBe(expected);
      }
    } finally {
      await worker.stop();
    }
  });
});
