import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { seedDataDir, seedDir } from './server';

/**
 * Builds what changed (`npm run build`: the web client the server serves from web/dist, and the
 * compiled server; nothing when neither changed), so a lone `npx playwright test` journeys against
 * the current sources, and seeds the demo database once; each worker then starts its own server on
 * a copy of it (e2e/server.ts, e2e/fixtures.ts).
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  // `npm test` built and seeded already, beside the PostgreSQL suite (scripts/test.ts, e2e/seed.ts).
  if (process.env.E2E_PREPARED === '1' && existsSync(seedDir(root))) return;
  // The web client and the server, each built when its sources changed since its last build.
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  await seedDataDir(root);
}
