import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp, type AppServices } from '../app';
import { seedContent } from '../modules/content';
import { invoicingSettingsAtStart } from '../modules/invoicing';
import { loadConfig, type Config } from '../platform/config';
import type { Db } from '../platform/db';
import { migrateDatabase, openDatabase, type Database } from '../platform/db';
import { seedDemo } from './seed/demo';
import { seedDemoInvoices } from './seed/demo-invoices';
import { seedDemoMerchants } from './seed/demo-merchants';
import { seedDemoOrders } from './seed/demo-orders';
import { seedDemoRecurring } from './seed/demo-recurring';

/**
 * The demo seed in a process of its own (issue 36 §5, ADR 055). Seeding an empty database makes
 * a few hundred megabytes of garbage (six months of merchant trade through the services), and on
 * the embedded database it also grows PGlite's WebAssembly memory, which never shrinks: in the
 * server's process both stayed for its whole life. A child process (`main.ts` with
 * `SEED_APART_ARGUMENT`) opens the database, seeds it and exits; the server then opens the seeded
 * database as on any later start and holds only what serving needs.
 *
 * On PGlite the child must own the data folder alone (ADR 003), so it runs before the server opens
 * it, when the folder holds no database yet; an in-memory database, or a folder holding an
 * unseeded database, is seeded in the server's process as before. On PostgreSQL the server asks
 * after its migrations whether the database is empty.
 */

/** The argument that makes `main.ts` seed the demo and exit instead of serving. */
export const SEED_APART_ARGUMENT = '--seed-apart';

/** Whether the demo seed runs apart before PGlite's folder is opened: a folder with no database yet. */
export function isFreshPgliteFolder(config: Config): boolean {
  if (config.DATABASE_URL || config.DATA_DIR.startsWith('memory://')) return false;
  return !existsSync(path.join(path.resolve(config.DATA_DIR), 'PG_VERSION'));
}

/** Whether a database the server opened is still empty (no user yet): the demo seed then runs apart. */
export async function isEmptyDatabase(database: Database): Promise<boolean> {
  const { rows } = await database.pool.query<{ any: boolean }>('select exists (select from users) as any');
  return rows[0]?.any !== true;
}

/**
 * The demo made through the services, after `seedDemo` made its companies, users and cards: orders,
 * recurring rules, merchants with their trade, and the invoices of it all. `mark` names each step
 * done (the server logs how long its start took, by phase).
 */
export async function seedThroughServices(
  db: Db,
  services: AppServices,
  mark: (phase: string) => void = () => undefined,
): Promise<void> {
  await seedDemoOrders(db, services);
  mark('demoOrders');
  await seedDemoRecurring(db, services);
  mark('demoRecurring');
  await seedDemoMerchants(db, services);
  mark('demoMerchants');
  // The demo's invoices and credit notes, issued with its facts, get their MARKs from the sandbox
  // AADE whatever the configured gateway: a fictitious company's invoice reaches no tax authority.
  await seedDemoInvoices(db, services);
  mark('demoInvoices');
}

/**
 * Runs the demo seed in a child process — this same program with `SEED_APART_ARGUMENT`, the same
 * Node options (but a debugger's) and environment — and waits for it. Its output goes where the
 * server's does; a child that fails fails the start.
 */
export function seedApart(): Promise<void> {
  const script = process.argv[1];
  if (!script) return Promise.reject(new Error('the server was started without a script to run again'));
  const nodeOptions = process.execArgv.filter((option) => !option.startsWith('--inspect'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeOptions, script, SEED_APART_ARGUMENT], {
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the demo seed stopped (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/**
 * The child's work: the database opened and migrated as the server would, its content and the
 * demo seeded (nothing when it has users already), then closed.
 */
export async function runSeedApart(): Promise<void> {
  const config = loadConfig();
  const invoicing = invoicingSettingsAtStart(process.env, {
    nodeEnv: config.NODE_ENV,
    demoSeed: config.DEMO_SEED,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    migrationUrl: config.DATABASE_MIGRATION_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
  });
  try {
    await migrateDatabase(database);
    await seedContent(database.db);
    const demo = await seedDemo(database, { sessionSecret: config.sessionSecret });
    if (!demo.seeded) return;
    const app = await buildApp({ config, database, invoicing: invoicing.settings });
    try {
      await seedThroughServices(database.db, app.services);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
