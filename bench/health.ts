import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from './database';
import { runLine, runLoad, startFloor, summarise, summaryLine, verdict } from './figures';
import type { LoadFigures } from './load-child';
import { startServer, stop } from './server-process';

const ROUNDS = Number(process.env.BENCH_HEALTH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 5);
const CONNECTIONS = 20;
const TARGET = 0.6;

/**
 * `GET /api/health` of the server as `npm start` runs it (`server/dist/main.js` in its own process,
 * production mode, its default logging to a file; helmet, cookies, rate limit, CSRF hook, metrics,
 * zod serialisation, the database ping) ÷ a bare Fastify hello in a process of its own
 * (`bench/hello-floor.ts`), with autocannon in a third process at 20 connections. Full and floor
 * alternate ROUNDS times; min and median are printed beside the target (≥ 0.6×), on PostgreSQL (a
 * scratch database on BENCH_DATABASE_URL) and on embedded PGlite (a fresh data folder).
 * BENCH_HEALTH_DATABASE=postgres|pglite runs one of them; BENCH_HEALTH_PROFILE=<folder> profiles the server.
 */
export async function healthBenchmark(): Promise<void> {
  const which = process.env.BENCH_HEALTH_DATABASE;
  for (const kind of ['postgres', 'pglite'] as const) {
    if (which && which !== kind) continue;
    await healthOn(kind);
  }
}

async function healthOn(kind: 'postgres' | 'pglite'): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'tessera-bench-health-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase('health') : null;
  const children: ChildProcess[] = [];
  try {
    const logFile = path.join(work, 'server.log');
    // BENCH_HEALTH_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
    const profile = process.env.BENCH_HEALTH_PROFILE;
    const server = await startServer(
      scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: path.join(work, 'data') },
      logFile,
      profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    );
    children.push(server.child);
    const floor = await startFloor('bench/hello-floor.ts', {}, children);
    // A reference, not the floor: the hello with the security headers and a log line to a file.
    const reference = await startFloor(
      'bench/hello-floor.ts',
      { HELLO_WITH: 'headers,log', HELLO_LOG: path.join(work, 'reference.log') },
      children,
      'ignore',
    );
    console.log(
      `${kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}: ${CONNECTIONS} connections, ${SECONDS} s per run after a 1 s warm-up, ${ROUNDS} rounds`,
    );
    const fullRuns: LoadFigures[] = [];
    const floorRuns: LoadFigures[] = [];
    const referenceRuns: LoadFigures[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const options = { connections: CONNECTIONS, warmupSeconds: 1, seconds: SECONDS };
      const full = await runLoad({ ...options, url: `${server.base}/api/health` });
      console.log(runLine(`full  #${round}  GET /api/health`, full));
      fullRuns.push(full);
      const bare = await runLoad({ ...options, url: `http://127.0.0.1:${floor.port}/hello` });
      console.log(runLine(`floor #${round}  bare Fastify hello`, bare));
      floorRuns.push(bare);
      const dressed = await runLoad({ ...options, url: `http://127.0.0.1:${reference.port}/hello` });
      console.log(runLine(`ref   #${round}  hello + headers + log line`, dressed));
      referenceRuns.push(dressed);
    }
    const full = summarise(fullRuns);
    const bare = summarise(floorRuns);
    console.log(summaryLine(`full (${ROUNDS} runs)`, full));
    console.log(summaryLine(`floor (${ROUNDS} runs)`, bare));
    const ratio = full.medianRps / bare.medianRps;
    const ratioMin = full.minRps / bare.minRps;
    const dressed = summarise(referenceRuns);
    console.log(summaryLine(`reference (${ROUNDS} runs)`, dressed));
    console.log(
      `the security headers and a log line alone take the hello to ${(dressed.medianRps / bare.medianRps).toFixed(2)}× of the floor; the rest of the stack to ${(full.medianRps / dressed.medianRps).toFixed(2)}× of that`,
    );
    console.log(
      `ratio full/floor: median ${ratio.toFixed(2)}, min ${ratioMin.toFixed(2)} (target ≥ ${TARGET}) ${verdict(ratio >= TARGET)}`,
    );
    await stop(floor.child);
    await stop(reference.child);
    await stop(server.child);
    const requests = fullRuns.reduce((sum, run) => sum + run.requests, 0);
    console.log(
      `server log: ${(statSync(logFile).size / 1e6).toFixed(1)} MB for ${requests} measured requests (and the warm-ups)`,
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    await scratch?.drop();
  }
}
