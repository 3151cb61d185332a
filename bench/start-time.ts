import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from './database';
import { median } from './figures';
import { freePort, serverArgs, startServer, stop } from './server-process';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 7);
const SECRET = 'bench-start-session-secret-0123456789abcdef';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Issue 20 §6: how long the server as `npm start` runs it (`node --enable-source-maps
 * server/dist/main.js`, NODE_ENV=production, its default JSON logging) takes to start on an
 * existing database: from the spawn of the process to the first 200 of `/api/health/ready` (the
 * database and the job queue answer), and to its `started in` log line (job workers running too).
 * The database is made first by one start with the demo seed (migrated, seeded, content), then
 * stopped; each round starts on it again. On embedded PGlite (a data folder on disk) and on
 * PostgreSQL (BENCH_DATABASE_URL, default the local server). The target is under 3 s.
 */
export async function startTimeBenchmark(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'tessera-bench-start-'));
  try {
    await measure('PGlite (data folder on disk)', { DATA_DIR: path.join(work, 'data') }, work);
    await measureNpmStart({ DATA_DIR: path.join(work, 'data') }, work);
    const scratch = await createScratchDatabase('start');
    try {
      await measure('PostgreSQL', { DATABASE_URL: scratch.url }, work);
    } finally {
      await scratch.drop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function measure(label: string, database: Record<string, string>, work: string): Promise<void> {
  // The existing database: one start with the demo seed, stopped cleanly.
  const first = await startServer({ ...database, DEMO_SEED: 'true' }, path.join(work, 'seed.log'));
  await stop(first.child);

  const ready: number[] = [];
  const started: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const figures = await startOnce(database, path.join(work, `round-${round}.log`));
    ready.push(figures.readyMs);
    started.push(figures.startedMs);
  }
  const ms = (values: number[]) =>
    `median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
  console.log(
    `start on an existing database, ${label}, ${ROUNDS} starts: ready (200 from /api/health/ready) ${ms(ready)}; ` +
      `job workers running ${ms(started)}; target < 3000 ms`,
  );
}

/**
 * Issue 36 §6: `npm start` itself, again, with nothing changed since its last build: npm, the build
 * step finding both builds up to date (scripts/build.ts), then the server, on the database the first
 * measurement left. The build is made once first (`npm run build`), as a first `npm start` would.
 */
async function measureNpmStart(database: Record<string, string>, work: string): Promise<void> {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const ready: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const figures = await startOnce(database, path.join(work, `npm-start-${round}.log`), 'npm start');
    ready.push(figures.readyMs);
  }
  console.log(
    `npm start again with nothing changed, PGlite, ${ROUNDS} starts: ready (200 from /api/health/ready) ` +
      `median ${median(ready).toFixed(0)} ms, max ${Math.max(...ready).toFixed(0)} ms; target ≤ 3000 ms`,
  );
}

async function startOnce(
  database: Record<string, string>,
  logFile: string,
  how: 'node' | 'npm start' = 'node',
): Promise<{ readyMs: number; startedMs: number }> {
  const port = await freePort();
  const args = how === 'node' ? await serverArgs() : [];
  const log = openSync(logFile, 'w');
  const spawnedAt = performance.now();
  // `npm start` runs a shell and two node processes: its own process group, stopped as one.
  const child = spawn(how === 'node' ? process.execPath : 'npm', how === 'node' ? args : ['start'], {
    cwd: ROOT,
    detached: how !== 'node',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
      SESSION_SECRET: SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...database,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let readyMs = 0;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${readFileSync(logFile, 'utf8')}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
        if (response.status === 200) {
          readyMs = performance.now() - spawnedAt;
          break;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The server's own figure for the whole start, job workers included (main.ts logs it).
    for (;;) {
      const line = readFileSync(logFile, 'utf8')
        .split('\n')
        .find((entry) => entry.includes('"startupMs"'));
      if (line) {
        const { startupMs } = JSON.parse(line) as { startupMs: { jobs: number } };
        return { readyMs, startedMs: startupMs.jobs };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await (how === 'node' ? stop(child) : stopGroup(child.pid));
  }
}

/**
 * Stops a process started in a group of its own and everything it started, and waits until the
 * last of them is gone (the server lets go of the PGlite folder only as it exits).
 */
async function stopGroup(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 10_000;
  while (alive()) {
    if (Date.now() > deadline) process.kill(-pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
