import { defineConfig } from 'vitest/config';

// One config, several projects: `npm test` runs them in the order scripts/test.mjs sets.
export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'web-unit',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          // Not jsdom: its current majors need a Node 22 newer than our 22.12 floor.
          environment: 'happy-dom',
        },
      },
    ],
  },
});
