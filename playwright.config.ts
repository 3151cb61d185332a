import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the built portal on a free
 * port with a fresh in-memory PGlite database (`DATA_DIR=memory://`).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // No transitions: the accessibility scans see drawers and modals as they end up, not mid-way.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    // The compiled server, as `npm start` serves it (issue 20 §6); built here so a lone
    // `npx playwright test` has it too (half a second).
    command: 'npm run build:server --silent && node --enable-source-maps server/dist/main.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      DEMO_SEED: 'true',
      DEV_MAILBOX: 'true',
      // The recurring scheduler's pass for a given day (issue 19), instead of waiting for the clock.
      TEST_HOOKS: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // Journeys sign in many times a minute from one address; the limits themselves are tested in the server suites.
      LOGIN_RATE_LIMIT: '10000',
      RESET_RATE_LIMIT: '10000',
      // No PUBLIC_URL, as a newcomer runs it: every journey signs in at 127.0.0.1 while the
      // default public address names localhost (issue 13 §1).
    },
  },
});
