import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';

/**
 * Builds the compiled server once per run (half a second), as the single web server's command did,
 * so a lone `npx playwright test` has it too; each worker then starts its own (e2e/fixtures.ts).
 * The web client is built by `npm run build` (the server serves web/dist).
 */
export default function globalSetup(config: FullConfig): void {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  execFileSync('npm', ['run', 'build:server', '--silent'], { cwd: root, stdio: 'inherit' });
}
