import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server';

/** Helpers of the benchmarks that start the server as its own process, as `npm start` runs it. */

let built: Promise<unknown> | undefined;

/**
 * The node arguments `npm start` runs the server with: the compiled bundle (issue 20 §6), built
 * once per benchmark run from the current sources. `extra` goes before the script (`--cpu-prof`…).
 */
export async function serverArgs(extra: string[] = []): Promise<string[]> {
  built ??= buildServer();
  await built;
  return [...extra, '--enable-source-maps', SERVER_BUNDLE];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} (see its log)`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The server as `npm start` runs it, in a process of its own: `node --enable-source-maps
 * server/dist/main.js` in production mode with its default logging (JSON lines, info level) going to
 * `logFile`. `env` adds the database (DATABASE_URL or DATA_DIR) and anything else the run needs.
 */
export async function startServer(
  env: Record<string, string>,
  logFile: string,
  extraNodeArgs: string[] = [],
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, await serverArgs(extraNodeArgs), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef-0123',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  return { child, base };
}

/** Resident memory of a process in MB (Linux: VmRSS of /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
