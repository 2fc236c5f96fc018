import { defineConfig } from 'vitest/config';

// One `npm test` runs every project. Database suites loop over SQLite and, when
// DATABASE_URL is set, PostgreSQL (see apps/server/test/harness.ts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'lint-rules', root: 'eslint-rules', include: ['*.test.js'], sequence: { groupOrder: 0 } } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['tests/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
