import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedContent } from '../src/modules/content';
import { migrateDatabase, openDatabase } from '../src/platform/db';

const CACHE = fileURLToPath(new URL('../../.cache/', import.meta.url));

/**
 * Prepares the test database once per run (STYLE: a template copied per test file): a migrated,
 * content-seeded PGlite dumped to a tarball, or, with TESSERA_TEST_DB=postgres, a template database
 * on the server of TEST_DATABASE_URL that each file clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = process.env.TESSERA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('TESSERA_TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `tessera_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await migrateDatabase(database);
    await seedContent(database.db);
    await database.close();
    project.provide('testDatabase', { kind, template, baseUrl });
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
  await database.pool.query('checkpoint');
  // The socket server and pool are closed by close(); dump first through the PGlite handle.
  const tarball = await dumpPglite(database);
  await database.close();
  await mkdir(CACHE, { recursive: true });
  const file = path.join(CACHE, `test-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('testDatabase', { kind, template: file, baseUrl: '' });
  return async () => undefined;
}

async function dumpPglite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!database.pglite) throw new Error('not a PGlite database');
  return database.pglite.dumpDataDir('none');
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite' | 'postgres'; template: string; baseUrl: string };
  }
}
