import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server';

/** Helpers of the benchmarks that start the server as its own process, as `npm start` runs it. */

let built: Promise<unknown> | undefined;

/**
 * `npm run serve`'s command line (package.json, the end of `npm start` too): the environment it
 * sets (`MALLOC_ARENA_MAX`) and the node options before the script (`--heap-growing-percent`…,
 * ADR 055). Read from package.json, so a benchmark's server is started exactly as a user's is.
 */
export function serveCommand(): { env: Record<string, string>; nodeOptions: string[] } {
  const { scripts } = JSON.parse(
    readFileSync(path.join(path.dirname(SERVER_BUNDLE), '../../package.json'), 'utf8'),
  ) as {
    scripts: Record<string, string>;
  };
  const words = scripts.serve!.trim().split(/\s+/);
  if (!scripts.start!.endsWith(scripts.serve!))
    throw new Error('npm start no longer ends with npm run serve');
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=') as [string, string];
    env[name] = value;
  }
  if (words.shift() !== 'node' || words.pop() !== 'server/dist/main.js') {
    throw new Error(`npm run serve is not \`node … server/dist/main.js\`: ${scripts.serve}`);
  }
  return { env, nodeOptions: words };
}

/**
 * The node arguments `npm start` runs the server with: its options and the compiled bundle
 * (issue 20 §6), built once per benchmark run from the current sources. `extra` goes before them
 * (`--cpu-prof`…). The environment `npm start` sets is put into this process's, which every
 * server the benchmarks spawn inherits.
 */
export async function serverArgs(extra: string[] = []): Promise<string[]> {
  built ??= buildServer();
  await built;
  const { env, nodeOptions } = serveCommand();
  Object.assign(process.env, env);
  return [...extra, ...nodeOptions, SERVER_BUNDLE];
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
