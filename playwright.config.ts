import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the built portal. Each worker
 * starts its own server on a free port with a database of its own: a copy of the demo database
 * that e2e/global-setup.ts seeds once per run (e2e/server.ts), where the server is built too. A
 * file runs wholly in one worker, in order, so it sees one database. `E2E_WORKERS` sets how many (default 2: three
 * workers were slower on the two cores and timed the screenshot journey out; ADR 038).
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  workers,
  globalSetup: './e2e/global-setup.ts',
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A trace only when a failed test runs again (CI retries once): recording one for every test
    // (screencast frames, DOM snapshots) cost a third of the e2e time (ADR 038, round four).
    // Locally, `npx playwright test --trace on` records one for the test being debugged.
    trace: 'on-first-retry',
    // No transitions: the accessibility scans see drawers and modals as they end up, not mid-way.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's chromium-headless-shell (ADR 038, round six); CHROMIUM_PATH=/usr/bin/chromium for
      // the desktop build's new headless mode.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
