import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { seedDataDir, seedDir } from './server';

/**
 * Builds the compiled server once per run (half a second), so a lone `npx playwright test` has it
 * too, and seeds the demo database once; each worker then starts its own server on a copy of it
 * (e2e/server.ts, e2e/fixtures.ts). The web client is built by `npm run build` (the server serves
 * web/dist), and here when it is missing.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  // `npm test` built and seeded already, beside the PostgreSQL suite (scripts/test.ts, e2e/seed.ts).
  if (process.env.E2E_PREPARED === '1' && existsSync(seedDir(root))) return;
  // Without a web build, every page would be the server's 404 answer: build it when it is missing.
  if (!existsSync(path.join(root, 'web', 'dist', 'index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: root, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build:server', '--silent'], { cwd: root, stdio: 'inherit' });
  await seedDataDir(root);
}
