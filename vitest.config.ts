import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './scripts/test-sequencer';

/**
 * One vitest run, four projects: `domain` (pure rules), `tools` (the scripts' own rules), `web`
 * (components in happy-dom; a file that needs jsdom's fidelity says `@vitest-environment jsdom`)
 * and `server` (integration through `app.inject()` on a fresh database per file, cloned from a
 * migrated template: PGlite, or PostgreSQL when TEST_DATABASE_URL is set). Two workers: the
 * machine's two cores (vitest's default leaves one idle). ADR 038 has the figures.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    // The longest server files start first, so that no worker runs one alone at the end (ADR 038).
    sequence: { sequencer: LongestFirstSequencer },
    // `npm run test:coverage`: statements and branches of domain/ and server/ (issue 32 §3, ADR 038).
    coverage: {
      provider: 'v8',
      // Code only: the migrations' JSON snapshots, the seed's JSON and SQL are data, not statements.
      include: ['domain/src/**/*.ts', 'server/src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.tmp/coverage',
    },
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
          environment: 'happy-dom',
          isolate: false,
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
          // One module graph per worker, not per file (ADR 038): the app, drizzle and PGlite's
          // WebAssembly load once a worker; each file still builds its own app on its own database.
          isolate: false,
          // Its own worker limit needs its own group when all projects run together.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
