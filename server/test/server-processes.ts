import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { quoteIdent, withUser } from '../src/platform/db-roles';

/**
 * Server processes for the tests that need more than one (issue 19 §3, issue 20 §5): each started
 * as `node --import tsx server/src/main.ts` on one PostgreSQL database made for the test, with the
 * test hooks. The processes connect as the application role and migrate as the owner role
 * (DATABASE_URL, DATABASE_MIGRATION_URL: ADR 041); `url` is the superuser's, for the test's own
 * look at the database.
 *
 * The test's database is a copy of the demo: the run's migrated template seeded once per run by
 * the server's own seed process (`main.ts --seed-apart`, ADR 055), kept as a template of its own
 * (`<template>_procs_demo`, dropped with the run's other databases) and copied for each test. The
 * demo's six months of merchant trade took some 40 s of a core for each of the three files that
 * start processes (ADR 038, round nine).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = { port: number; base: string; child: ChildProcess; output: string[] };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `baseUrl` naming the database `name`. */
function databaseUrl(baseUrl: string, name: string): string {
  const address = new URL(baseUrl);
  address.pathname = `/${name}`;
  return address.toString();
}

/** What every server process of the tests runs with on the database at `url` (and its seed). */
function processEnv(target: { appUser: string; ownerUser: string }, url: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: withUser(url, target.appUser),
    DATABASE_MIGRATION_URL: withUser(url, target.ownerUser),
    DEMO_SEED: 'true',
    LOG_LEVEL: 'warn',
  };
  // The development session secret: the demo's staff second factors are sealed with it.
  delete env.SESSION_SECRET;
  return env;
}

/**
 * The run's demo template for server processes, seeded by the first file that asks (the others
 * wait on an advisory lock, then find it): the migrated template copied, the demo seeded into it by
 * `main.ts --seed-apart`, which exits when done (no connection is left on it to stop its copies).
 */
async function demoTemplate(target: {
  baseUrl: string;
  template: string;
  appUser: string;
  ownerUser: string;
}): Promise<string> {
  const demo = `${target.template}_procs_demo`;
  const admin = new pg.Client({ connectionString: target.baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [demo]);
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [demo]);
    if (rows.length > 0) return demo;
    await admin.query(
      `create database ${demo} template ${target.template} owner ${quoteIdent(target.ownerUser)}`,
    );
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', '--seed-apart'], {
      cwd: ROOT,
      env: processEnv(target, databaseUrl(target.baseUrl, demo)),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) {
      await admin.query(`drop database if exists ${demo} with (force)`);
      throw new Error(`the demo seed of the server processes' template failed: ${output.join('')}`);
    }
    return demo;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [demo]).catch(() => undefined);
    await admin.end();
  }
}

/** A database of its own for the processes, and a way to start them on it and to stop them all. */
export async function serverProcesses(target: {
  baseUrl: string;
  template: string;
  appUser: string;
  ownerUser: string;
}) {
  const name = `tessera_procs_${randomBytes(4).toString('hex')}`;
  const demo = await demoTemplate(target);
  const admin = new pg.Client({ connectionString: target.baseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${demo} owner ${quoteIdent(target.ownerUser)}`);
  await admin.end();
  const url = databaseUrl(target.baseUrl, name);
  const started: ServerProcess[] = [];

  return {
    url,

    /** Starts a process and waits until it answers its health check. */
    async start(env: Record<string, string> = {}): Promise<ServerProcess> {
      const port = await freePort();
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          ...processEnv(target, url),
          PORT: String(port),
          HOST: '127.0.0.1',
          TEST_HOOKS: 'true',
          RATE_LIMIT_MAX: '100000',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const server = { port, base: `http://127.0.0.1:${port}`, child, output };
      started.push(server);
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
        try {
          if ((await fetch(`${server.base}/api/health`)).ok) return server;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },

    /** Kills a process at once (SIGKILL) and waits until it is gone. */
    async kill(server: ServerProcess): Promise<void> {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      const gone = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await gone;
    },

    /** Kills every process started and drops the database. */
    async close(): Promise<void> {
      for (const server of started) server.child.kill('SIGKILL');
      const cleanup = new pg.Client({ connectionString: target.baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A CSRF token and its cookie from one process (for a call without a session). */
export async function csrfOf(server: ServerProcess): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${server.base}/api/auth/csrf`);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { token: csrfToken, cookie };
}
