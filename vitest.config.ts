import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One config, several projects: `npm test` runs them in the order scripts/test.mjs sets.
export default defineConfig({
  test: {
    // Vitest's default outside watch mode is one worker fewer than the cores: one file at a time on
    // the 2-core CI machine, while the API tests spend much of each file waiting on a database.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server-unit', include: ['apps/server/test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server-api',
          include: ['apps/server/test/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // Under CI a test that fails once is tried once more; if it then passes, npm test names
          // it and counts it as flaky (as Playwright's retries do), so it stays visible.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        // Code generation end to end (apps/server/test/codegen): a patch applied to a copy of the
        // repository, type-checked and tested there. Apart from server-api, which runs per database.
        test: {
          name: 'codegen',
          include: ['apps/server/test/codegen/**/*.test.ts'],
          environment: 'node',
          testTimeout: 900000,
        },
      },
      {
        test: {
          name: 'web-unit',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          // A form rendered in happy-dom takes seconds of its first test on a loaded 2-core machine
          // (two files at once): over Vitest's default 5 s there while nothing was wrong.
          testTimeout: 20_000,
          // Not jsdom: its current majors need a Node 22 newer than our 22.12 floor.
          environment: 'happy-dom',
        },
      },
    ],
  },
});
