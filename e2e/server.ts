import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * The compiled server as `npm start` serves it (issue 20 §6), on PGlite with the demo seed. The
 * seed (six months of merchant trade: 25 s on the idle 2-core machine, twice that with two at once)
 * is made once per run by e2e/global-setup.ts in SEED_DIR; each worker's server starts on its own
 * copy of it (a tenth of a second to copy, 2.5 s to start), so every worker still has a database of
 * its own, as it had with `DATA_DIR=memory://` (ADR 038).
 */
export const SERVER_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  DEMO_SEED: 'true',
  DEV_MAILBOX: 'true',
  // The recurring scheduler's pass for a given day (issue 19), instead of waiting for the clock.
  TEST_HOOKS: 'true',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000',
  // Journeys sign in many times a minute from one address; the limits themselves are tested in the server suites.
  LOGIN_RATE_LIMIT: '10000',
  RESET_RATE_LIMIT: '10000',
  // No PUBLIC_URL, as a newcomer runs it: every journey signs in at 127.0.0.1 while the default
  // public address names localhost (issue 13 §1).
};

/** The seeded data directory, made once per run. */
export const seedDir = (root: string) => path.join(root, '.tmp', 'e2e-seed');

/**
 * Starting once needed more than 180 s with both workers' servers at a load average of 12; the
 * seed alone takes ~25 s on the idle machine.
 */
export const SERVER_START_TIMEOUT_MS = 300_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = { baseURL: string; stop: () => Promise<void> };

/** Starts the compiled server on `dataDir` and resolves once /api/health answers. */
export async function startServer(root: string, dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port) };
  delete env.PUBLIC_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The server's warnings and errors show in the output of the test that was running.
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const stop = async () => {
    if (exitCode !== undefined) return;
    // SIGTERM closes the database cleanly, so a seeded directory can be copied afterwards.
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let last = 'no answer yet';
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode} before it was ready`);
    // Each probe gives up after 5 s, so a stuck answer cannot outlast the deadline.
    const healthy = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) })
      .then((response) => {
        last = `HTTP ${response.status}`;
        return response.ok;
      })
      .catch((error: unknown) => {
        last = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        return false;
      });
    if (healthy) break;
    if (Date.now() - started > SERVER_START_TIMEOUT_MS) {
      await stop();
      throw new Error(
        `the server did not answer ${baseURL}/api/health in ${SERVER_START_TIMEOUT_MS} ms (${last})`,
      );
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  // How long the start took shows in the output, to tell a slow machine from a slow server.
  process.stderr.write(`e2e: server ${baseURL} ready in ${Date.now() - started} ms\n`);
  return { baseURL, stop };
}

/** Seeds a fresh data directory once: the server starts on it with the demo seed and stops. */
export async function seedDataDir(root: string): Promise<void> {
  const dir = seedDir(root);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const server = await startServer(root, dir);
  await server.stop();
}

/** A copy of the seeded directory for one worker's server; removed by the returned function. */
export function copyOfSeed(root: string): { dataDir: string; remove: () => void } {
  const dataDir = path.join(root, '.tmp', 'e2e-db', `${process.pid}-${Date.now()}`);
  cpSync(seedDir(root), dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}
