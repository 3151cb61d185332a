import { seedDataDir } from './server';

/**
 * The demo database the journeys' servers start from, seeded by the compiled server on its first
 * start (`npm run build` first). `npm test` runs it beside the PostgreSQL suite (scripts/test.ts);
 * a lone `npx playwright test` seeds in its global set-up instead.
 */
await seedDataDir(process.cwd());
