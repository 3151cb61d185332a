import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { quoteIdent, withUser } from '../src/platform/db-roles';

/**
 * Server processes for the tests that need more than one (issue 19 §3, issue 20 §5): each started
 * as `node --import tsx server/src/main.ts` on one PostgreSQL database made for the test from the
 * run's migrated template, with the demo seed and the test hooks. The processes connect as the
 * application role and migrate as the owner role (DATABASE_URL, DATABASE_MIGRATION_URL: ADR 041);
 * `url` is the superuser's, for the test's own look at the database.
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

/** A database of its own for the processes, and a way to start them on it and to stop them all. */
export async function serverProcesses(target: {
  baseUrl: string;
  template: string;
  appUser: string;
  ownerUser: string;
}) {
  const name = `tessera_procs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.baseUrl });
  await admin.connect();
  await admin.query(
    `create database ${name} template ${target.template} owner ${quoteIdent(target.ownerUser)}`,
  );
  await admin.end();
  const address = new URL(target.baseUrl);
  address.pathname = `/${name}`;
  const url = address.toString();
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
          DATABASE_URL: withUser(url, target.appUser),
          DATABASE_MIGRATION_URL: withUser(url, target.ownerUser),
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO_SEED: 'true',
          TEST_HOOKS: 'true',
          LOG_LEVEL: 'warn',
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
