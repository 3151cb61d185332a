import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { HealthOptions } from '../src/modules/health';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import { bytesBlob, openDatabase, type Database } from '../src/platform/db';
import { quoteIdent, withUser } from '../src/platform/db-roles';
import { createJobs, type Jobs } from '../src/platform/jobs';
import type { ResolveHost } from '../src/platform/outbound-address';

export type TestContext = { app: App; database: Database; config: Config; close(): Promise<void> };

/**
 * Which template a file's database starts from: `true`, the demo world (companies, users, accounts)
 * without cards; with a `cardScale` the run has a template for (`DEMO_CARD_SCALES`), with its cards
 * too, otherwise as `true` (the file seeds its cards: `seedDemoWorld`).
 */
export type DemoWorld = boolean | { cardScale: number };

const templateTarballs = new Map<string, Blob>();

/**
 * A fresh database for this test file, cloned from the run's migrated template: PGlite loaded from
 * the template tarball, or a new PostgreSQL database made with CREATE DATABASE … TEMPLATE, owned by
 * the owner role; its pool connects as the application role and `migrationUrl` as the owner, as the
 * server runs in production (ADR 041). A test that needs a superuser connects through
 * `inject('testDatabase').baseUrl` by name.
 */
export async function openTestDatabase(options: { demoWorld?: DemoWorld } = {}): Promise<Database> {
  const target = inject('testDatabase');
  const withCards =
    typeof options.demoWorld === 'object'
      ? target.demoCardTemplates[String(options.demoWorld.cardScale)]
      : undefined;
  const template = withCards ?? (options.demoWorld ? target.demoTemplate : target.template);
  if (target.kind === 'postgres') {
    const name = `${target.template}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.baseUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${template} owner ${quoteIdent(target.ownerUser)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(target.baseUrl);
    url.pathname = `/${name}`;
    // A test database is thrown away at the file's end: its commits need not wait for the disk
    // (the cluster keeps fsync on; a crash would only lose this file's rows). ADR 038, round five.
    url.search = `?options=${encodeURIComponent('-c synchronous_commit=off')}`;
    const database = await openDatabase({
      url: withUser(url.toString(), target.appUser),
      migrationUrl: withUser(url.toString(), target.ownerUser),
      poolSize: 4,
    });
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: target.baseUrl });
        await cleanup.connect();
        // The pool's clients may still be saying goodbye: a forced drop would kill them mid-way and
        // their error would surface as an unhandled one. Wait (briefly) until they are gone.
        for (let attempt = 0; attempt < 40; attempt += 1) {
          const { rows } = await cleanup.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  let tarball = templateTarballs.get(template);
  if (!tarball) {
    tarball = bytesBlob(await readFile(template));
    templateTarballs.set(template, tarball);
  }
  return openDatabase({ loadDataDir: tarball, poolSize: 4 });
}

const QUIET = process.env.JOBS_TEST_LOG
  ? {
      info: (object: object, message: string) =>
        process.stderr.write(`JOBS ${message} ${JSON.stringify(object)}\n`),
      error: (object: object, message: string) =>
        process.stderr.write(`JOBS ${message} ${String((object as { err?: unknown }).err)}\n`),
    }
  : { info: () => undefined, error: () => undefined };

/** Jobs for a test app: polled every half second, retried after a second, no cron. */
export function testJobs(database: Database): Jobs {
  return createJobs({
    url: database.url,
    migrationUrl: database.migrationUrl,
    log: QUIET,
    max: 2,
    pollingIntervalSeconds: 0.5,
    schedule: false,
    retryDelaySeconds: 1,
  });
}

/** The whole app on a fresh database, for `app.inject()`. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    extend?: (app: App) => void;
    /** The app's job queue on its database (`testJobs` for one whose workers a test starts). */
    jobs?: (database: Database) => Jobs;
    health?: HealthOptions;
    /** The DNS look-up of outbound targets (webhooks): a test resolver instead of the system's. */
    resolveHost?: ResolveHost;
    /**
     * Start from the run's template with the demo world already seeded (`seedDemo` with the test
     * config's session secret; its cards too for a common `cardScale`): what `demoWorldTestFile()`
     * would seed, made once.
     */
    demoWorld?: DemoWorld;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase({ demoWorld: options.demoWorld ?? false });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '.tmp/no-web-dist', ...options.env });
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(options.jobs ? { jobs: options.jobs(database) } : {}),
    ...(options.health ? { health: options.health } : {}),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Fetches a CSRF token and its cookie, as the web client does before a state change. */
export async function csrfHeaders(app: App): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/csrf' });
  const { csrfToken } = response.json<{ csrfToken: string }>();
  return { 'x-csrf-token': csrfToken, cookie: `tessera.csrf=${csrfToken}` };
}
