import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemo, seedDemoCards } from '../src/db/seed/demo';
import { seedContent } from '../src/modules/content';
import { loadConfig } from '../src/platform/config';
import { loadSigningKeys } from '../src/modules/identity';
import { migrateDatabase, openDatabase } from '../src/platform/db';
import { quoteIdent, withUser } from '../src/platform/db-roles';

const CACHE = fileURLToPath(new URL('../../.cache/', import.meta.url));

/**
 * The card scales most demo-world files ask for (`cardScale`: 0.05 in 13 files, 0.1 in 16): each
 * has a template of its own, the demo world with its cards, so those files seed nothing (ADR 038,
 * round six). The cards' history ends when the run starts, not when the file does.
 */
export const DEMO_CARD_SCALES = [0.05, 0.1] as const;

/**
 * Prepares the test database once per run (STYLE: a template copied per test file): a migrated,
 * content-seeded PGlite, with the sign-in's signing key made (an RSA key each file's first start
 * would otherwise generate again; `signing-keys.test.ts` covers that start), dumped to a tarball, or, with TESSERA_TEST_DB=postgres, a template database
 * on the server of TEST_DATABASE_URL that each file clones with CREATE DATABASE … TEMPLATE.
 *
 * On PostgreSQL the tests run as production does (ADR 041): the template is migrated as the owner
 * role (TEST_DATABASE_OWNER_USER, default tessera_owner), which owns the databases, and each file's
 * app connects as the application role (TEST_DATABASE_APP_USER, default tessera_app). Both are made
 * here when missing, as the superuser of TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = process.env.TESSERA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TESSERA_TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `tessera_template_${process.pid}`;
    const appUser = process.env.TEST_DATABASE_APP_USER || 'tessera_app';
    const ownerUser = process.env.TEST_DATABASE_OWNER_USER || 'tessera_owner';
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await ensureRoles(admin, appUser, ownerUser);
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template} owner ${quoteIdent(ownerUser)}`);
    // Each template as the server runs (ADR 041): the app role's pool, migrations as the owner.
    const openTemplate = (name: string) => {
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      return openDatabase({
        url: withUser(url.toString(), appUser),
        migrationUrl: withUser(url.toString(), ownerUser),
        poolSize: 2,
      });
    };
    const database = await openTemplate(template);
    await migrateDatabase(database);
    await seedContent(database.db);
    await loadSigningKeys(database.db);
    await database.close();
    const demoTemplate = `${template}_demo`;
    await admin.query(`create database ${demoTemplate} template ${template} owner ${quoteIdent(ownerUser)}`);
    const demo = await openTemplate(demoTemplate);
    await seedDemoWorldTemplate(demo);
    await demo.close();
    const demoCardTemplates: Record<string, string> = {};
    for (const cardScale of DEMO_CARD_SCALES) {
      const name = `${demoTemplate}_${String(cardScale).replace('.', '_')}`;
      await admin.query(`create database ${name} template ${demoTemplate} owner ${quoteIdent(ownerUser)}`);
      const withCards = await openTemplate(name);
      await seedDemoCards(withCards, { cardScale });
      await withCards.close();
      demoCardTemplates[String(cardScale)] = name;
    }
    project.provide('testDatabase', {
      kind,
      template,
      demoTemplate,
      demoCardTemplates,
      baseUrl,
      appUser,
      ownerUser,
    });
    return async () => {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname like $1 and pid <> pg_backend_pid()`,
        [`${template}%`],
      );
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template}%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname}`);
      await admin.end();
    };
  }

  const database = await openDatabase({ poolSize: 2 });
  await migrateDatabase(database);
  await seedContent(database.db);
  await loadSigningKeys(database.db);
  // A file's copy is never a template for another database: without template0 and template1 the
  // tarball every file loads is 30 MB instead of 45, and opening it 0.8 → 0.5 s (ADR 038, round six).
  await database.pool.query(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await database.pool.query('drop database template0');
  await database.pool.query('drop database template1');
  await database.pool.query('checkpoint');
  // The socket server and pool are closed by close(); dump first through the PGlite handle.
  const tarball = Buffer.from(await (await dumpPglite(database)).arrayBuffer());
  await seedDemoWorldTemplate(database);
  await database.pool.query('checkpoint');
  const demoTarball = Buffer.from(await (await dumpPglite(database)).arrayBuffer());
  await database.close();
  await mkdir(CACHE, { recursive: true });
  const file = path.join(CACHE, `test-template-${process.pid}.tar`);
  const demoFile = path.join(CACHE, `test-template-${process.pid}-demo.tar`);
  await writeFile(file, tarball);
  await writeFile(demoFile, demoTarball);
  const demoCardTemplates: Record<string, string> = {};
  for (const cardScale of DEMO_CARD_SCALES) {
    const withCards = await openDatabase({ loadDataDir: new Blob([demoTarball]), poolSize: 2 });
    await seedDemoCards(withCards, { cardScale });
    await withCards.pool.query('checkpoint');
    const cardsFile = path.join(CACHE, `test-template-${process.pid}-demo-${cardScale}.tar`);
    await writeFile(cardsFile, Buffer.from(await (await dumpPglite(withCards)).arrayBuffer()));
    await withCards.close();
    demoCardTemplates[String(cardScale)] = cardsFile;
  }
  project.provide('testDatabase', {
    kind,
    template: file,
    demoTemplate: demoFile,
    demoCardTemplates,
    baseUrl: '',
    appUser: '',
    ownerUser: '',
  });
  return async () => {
    for (const each of [file, demoFile, ...Object.values(demoCardTemplates)]) await rm(each, { force: true });
  };
}

/**
 * The demo world most server test files start from (`demoWorldTestFile()`): the demo companies and
 * users without cards, seeded as a file would seed them with the test config's session secret (the
 * staff's demo second factor is encrypted with it). Made once a run instead of once a file (ADR 038,
 * round five: 1.2 s a file under load, the password hash and the accounts' rows).
 */
async function seedDemoWorldTemplate(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '.tmp/no-web-dist' });
  await seedDemo(database, { sessionSecret: config.sessionSecret, cardScale: 0 });
}

/**
 * The two roles, made when missing (`login`, nothing else: no superuser, no CREATEDB, no
 * CREATEROLE). Roles are the cluster's, and several runs may start at once: a role another run has
 * just made is no error. The owner may set session_replication_role (PostgreSQL 15+), as the
 * README tells an operator to, for the restore.
 */
async function ensureRoles(admin: pg.Client, appUser: string, ownerUser: string): Promise<void> {
  for (const role of [appUser, ownerUser]) {
    await admin.query(
      `do $$ begin create role ${quoteIdent(role)} login;
         exception when duplicate_object or unique_violation then null; end $$`,
    );
  }
  const { rows } = await admin.query<{ version: number }>(
    `select current_setting('server_version_num')::int as version`,
  );
  if (rows[0]!.version < 150_000) return;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { rows: granted } = await admin.query<{ granted: boolean }>(
        `select has_parameter_privilege($1, 'session_replication_role', 'SET') as granted`,
        [ownerUser],
      );
      if (!granted[0]!.granted) {
        await admin.query(`grant set on parameter session_replication_role to ${quoteIdent(ownerUser)}`);
      }
      return;
    } catch (error) {
      // Another run granting at the same moment: "tuple concurrently updated". Look again.
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function dumpPglite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!database.pglite) throw new Error('not a PGlite database');
  return database.pglite.dumpDataDir('none');
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: {
      kind: 'pglite' | 'postgres';
      template: string;
      /** The same with the demo world seeded (`seedDemoWorldTemplate`). */
      demoTemplate: string;
      /** The demo world with its cards at each of `DEMO_CARD_SCALES`, by `String(cardScale)`. */
      demoCardTemplates: Record<string, string>;
      /** The superuser's connection (TEST_DATABASE_URL): databases are made and dropped through it. */
      baseUrl: string;
      /** The roles of ADR 041: the app connects as `appUser`, migrations run as `ownerUser`. */
      appUser: string;
      ownerUser: string;
    };
  }
}
