import { createHash } from 'node:crypto';

/**
 * Which server test files `npm test` runs on which engine when it runs both (ADR 038, rounds eight
 * and nine). Until round nine it ran the whole server suite on PGlite and again on PostgreSQL, and
 * the split was the measured fallback for when the run outgrew its budget; stop 45's CI took 21 min
 * of its 20, so the split is on by default now (`TEST_ENGINE_SPLIT=off` runs every file on both).
 *
 * The two runs are half of the server suite's time, and most of it the same JavaScript (routes,
 * validation, rules) asking the same questions twice, of two builds of the same PostgreSQL 17. What the engines can differ in is the database's side:
 * one connection against many (locks, concurrency, isolation), the queue (pg-boss against the
 * in-process one), notifications, the roles and triggers, migrations, backup and restore. The
 * files that test those run on both engines in every run (`BOTH_ENGINES`); a file that only makes
 * sense on one engine runs there (`ONLY_ON`); every other file runs on one engine, half on each,
 * chosen afresh for each commit (`splitByEngine`), so every file meets both engines over a few
 * commits and one commit always gets the same split (the summary prints the seed). Each test
 * still runs in every such run, once.
 */

/** The files of the database's own behaviour: every run, on both engines. */
export const BOTH_ENGINES: readonly string[] = [
  // Migrations, backup and restore: the schema's and the dump's engine-specific paths.
  'server/src/db/migrations.test.ts',
  'server/src/db/backup.test.ts',
  // Constraints, triggers and locks: one connection (PGlite) against many (PostgreSQL).
  'server/src/platform/concurrent-creation.test.ts',
  'server/src/platform/pglite-queue.test.ts',
  'server/src/modules/orders/idempotency-replay.test.ts',
  'server/src/modules/ledger/ledger.test.ts',
  // Append-only audit log (a trigger, and the application role's grants on PostgreSQL).
  'server/src/modules/audit/audit.test.ts',
  // The job queue: pg-boss on PostgreSQL, the in-process queue on PGlite.
  'server/src/modules/webhooks/webhooks-jobs.test.ts',
  // Readiness and outage, which ask the database itself.
  'server/src/modules/health/health.test.ts',
  'server/src/platform/platform.test.ts',
  // The principal kept by the process, dropped by the database's notifications (ADR 050): the pool's
  // connections and the listening one on PostgreSQL, PGlite's own listen() on the embedded one.
  'server/src/modules/auth/principal-cache.test.ts',
  'server/src/modules/auth/session-principal.test.ts',
  // The authorisation in one statement: a PL/pgSQL function migrated on both engines (ADR 053).
  'server/src/modules/terminals/authorise-function.test.ts',
  // Invoice numbers gapless under concurrency, from two pools on one database (ADR 058).
  'server/src/modules/invoicing/invoicing.test.ts',
  // The generated-input properties and the schema fuzz: each engine runs part of the count
  // (server/test/engine-share.ts), so every property and route meets both engines.
  'server/src/modules/orders/order-money.property.test.ts',
  'server/src/modules/terminals/terminals.property.test.ts',
  'server/src/platform/schema-fuzz.test.ts',
];

export type Engine = 'pglite' | 'postgres';

/** Files that skip themselves on the other engine: run only where they test something. */
export const ONLY_ON: Readonly<Record<string, Engine>> = {
  'server/src/platform/two-instances.test.ts': 'postgres',
  'server/src/platform/chaos.test.ts': 'postgres',
  'server/src/modules/recurring/two-processes.test.ts': 'postgres',
  'server/src/platform/compiled-server.test.ts': 'pglite',
};

export type EngineSplit = Record<Engine, string[]>;

/**
 * `files` shared between the engines: `BOTH_ENGINES` on both, `ONLY_ON` where it says, the rest
 * ordered by a hash of the seed and the path and dealt alternately, so each engine gets half of
 * them (the first one more when the count is odd) and another seed deals them differently.
 */
export function splitByEngine(files: readonly string[], seed: string): EngineSplit {
  const split: EngineSplit = { pglite: [], postgres: [] };
  const rest: string[] = [];
  for (const file of files) {
    if (BOTH_ENGINES.includes(file)) {
      split.pglite.push(file);
      split.postgres.push(file);
    } else if (ONLY_ON[file]) split[ONLY_ON[file]].push(file);
    else rest.push(file);
  }
  const key = (file: string) => createHash('sha256').update(`${seed}\0${file}`).digest('hex');
  const dealt = rest.map((file) => ({ file, key: key(file) })).sort((a, b) => a.key.localeCompare(b.key));
  dealt.forEach(({ file }, index) => split[index % 2 === 0 ? 'pglite' : 'postgres'].push(file));
  split.pglite.sort();
  split.postgres.sort();
  return split;
}
