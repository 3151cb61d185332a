import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app';
import { DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { DEMO_TOTP_SECRET, demoOtpauthUrl } from './db/seed/demo-second-factor';
import { demoMerchantLogins, DEMO_CARD_TOKENS, DEMO_TERMINAL } from './db/seed/demo-merchants';
import {
  isEmptyDatabase,
  isFreshPgliteFolder,
  runSeedApart,
  SEED_APART_ARGUMENT,
  seedApart,
  seedThroughServices,
} from './db/seed-apart';
import { invoicingSettingsAtStart } from './modules/invoicing';
import { loadConfig } from './platform/config';
import { hasOwnerRole, migrateDatabase, openDatabase } from './platform/db';
import { describeRole } from './platform/db-roles';
import { seedContent } from './modules/content';

/** config → database → migrations → content and demo seed → HTTP server; clean shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Issue 37 (ADR 059): production refuses to start without AADE's settings and the issuer's ΑΦΜ
  // (a production demo that sets none invoices through the sandbox, and is warned about below).
  const invoicing = invoicingSettingsAtStart(process.env, {
    nodeEnv: config.NODE_ENV,
    demoSeed: config.DEMO_SEED,
  });
  const productionWarnings = [
    ...config.productionWarnings,
    ...(invoicing.warning ? [invoicing.warning] : []),
  ];
  // Development conveniences switched on in production by name: said loudly, on stderr, first.
  if (productionWarnings.length > 0) {
    const bar = '!'.repeat(100);
    process.stderr.write(
      [
        bar,
        '  WARNING: production with development conveniences on:',
        ...productionWarnings.map((line) => `  - ${line}`),
        bar,
        '',
      ].join('\n'),
    );
  }
  // Milliseconds since the process started, by phase: logged once it listens (issue 20 §6).
  const phases: Record<string, number> = { modules: Math.round(performance.now()) };
  const mark = (phase: string) => (phases[phase] = Math.round(performance.now()));
  // The demo seed of a new database runs in a process of its own, so that its garbage (and on
  // PGlite its WebAssembly memory) does not stay in the server's (ADR 055). PGlite's folder is
  // seeded before the server opens it: one process owns it at a time.
  if (config.DEMO_SEED && isFreshPgliteFolder(config)) await seedApart();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    migrationUrl: config.DATABASE_MIGRATION_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DB_POOL_SIZE,
  });
  mark('database');
  // As the owner role when DATABASE_MIGRATION_URL names one; it then grants the server's role (ADR 041).
  await migrateDatabase(database);
  mark('migrations');
  const role = database.kind === 'postgres' ? await describeRole(database.pool) : undefined;
  if (config.DEMO_SEED && database.kind === 'postgres' && (await isEmptyDatabase(database)))
    await seedApart();
  await seedContent(database.db);
  const demo = config.DEMO_SEED ? await seedDemo(database, { sessionSecret: config.sessionSecret }) : null;
  mark('seed');

  const app = await buildApp({ config, database, invoicing: invoicing.settings });
  mark('app');
  // Seeded here only when it could not be apart: an in-memory PGlite, or a folder left unseeded.
  if (demo?.seeded) await seedThroughServices(database.db, app.services, mark);
  let closing = false;
  // A signal soon after the server listens waits for the background work to have started, so that
  // stopping it does not race its start (the e2e set-up stops a freshly seeded server at once).
  let jobsStarted: Promise<unknown> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await jobsStarted.catch(() => undefined);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Background work (bulk imports, recurring loads, the purge, settlements) once the server listens;
  // stopped by app.close() at shutdown.
  mark('listening');
  jobsStarted = app.services.jobs.start();
  await jobsStarted;
  mark('jobs');
  collectStartupGarbage();
  app.log.info({ startupMs: phases }, `started in ${phases.jobs} ms`);
  // A server role that is a superuser or owns the tables can switch the audit log's trigger off.
  const roleWarning =
    role && (role.isSuperuser || role.ownedObjects > 0)
      ? `the server's database role ${role.role} ${role.isSuperuser ? 'is a superuser' : 'owns tables'}: it could switch off the append-only audit log's trigger. Run it as a role of its own and migrate through DATABASE_MIGRATION_URL (README, ADR 041).`
      : undefined;
  if (roleWarning) app.log.warn(roleWarning);
  const where =
    database.kind === 'pglite'
      ? `embedded PGlite in ${config.DATA_DIR}`
      : `PostgreSQL (DATABASE_URL) as role ${role?.role ?? '?'}${hasOwnerRole(database) ? ', migrated as DATABASE_MIGRATION_URL' : ''}`;
  const lines = [
    '',
    `  Tessera is running at ${config.publicUrl}/  (English: ${config.publicUrl}/en)`,
    `  Database: ${where}`,
    ...(roleWarning ? [`  WARNING: ${roleWarning}`] : []),
    ...(config.isDevMailbox
      ? [
          `  Development mailbox (signed in as admin@tessera.demo or another admin): ${config.publicUrl}/dev/mailbox`,
        ]
      : []),
    ...(config.isApiDocs ? [`  API documentation: ${config.publicUrl}/api/docs`] : []),
    ...(demo
      ? [
          '',
          `  Demo logins (password ${DEMO_PASSWORD}):`,
          ...[...demo.logins, ...demoMerchantLogins()].map((login) => `    ${login}`),
          '',
          `  Demo second factor of provider staff (add it to an authenticator app): key ${DEMO_TOTP_SECRET}`,
          `    ${demoOtpauthUrl('admin@tessera.demo')}`,
          '',
          `  Demo terminal: client id ${DEMO_TERMINAL.clientId}, secret ${DEMO_TERMINAL.clientSecret}, MID ${DEMO_TERMINAL.mid}`,
          `  Demo card tokens: ${DEMO_CARD_TOKENS.meal} (meal), ${DEMO_CARD_TOKENS.gift} (gift), ${DEMO_CARD_TOKENS.expired} (expired: declined cardExpired)`,
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * One full garbage collection once start-up is over. Opening PGlite (on a new folder: initdb's own
 * WebAssembly instance, the file-system bundle) and seeding leave a few hundred MB of dead buffers
 * that an idle server, allocating little, would keep for hours before V8 collects them (ADR 022).
 */
function collectStartupGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

(process.argv.includes(SEED_APART_ARGUMENT) ? runSeedApart() : main()).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
