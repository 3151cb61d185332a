import { defineConfig } from 'vitest/config';

/**
 * One vitest run, four projects: `domain` (pure rules), `tools` (the scripts' own rules), `web` (components in jsdom) and `server`
 * (integration through `app.inject()` on a fresh database per file: PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Its own worker limit needs its own group when all projects run together.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
