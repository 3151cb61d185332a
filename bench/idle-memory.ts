import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './figures';
import { residentMb, startServer, stop } from './server-process';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_IDLE_ROUNDS ?? 3);

/**
 * Resident memory of an idle server on embedded PGlite (issue 17 §3, ADR 022): the server as
 * `npm start` runs it (`server/dist/main.js` in its own process, production mode, the demo seed
 * on a fresh data folder), left alone for IDLE_SECONDS after it answers; its RSS (VmRSS) is
 * printed at the first answer and after the idle time, ROUNDS times (min and median). No floor:
 * the figure is read against the budget in the ADR.
 */
export async function idleMemoryBenchmark(): Promise<void> {
  const atStart: number[] = [];
  const idle: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const work = mkdtempSync(path.join(tmpdir(), 'tessera-bench-idle-'));
    try {
      const server = await startServer(
        { DATA_DIR: path.join(work, 'data'), DEMO_SEED: process.env.BENCH_IDLE_DEMO ?? 'true' },
        path.join(work, 'server.log'),
      );
      const first = residentMb(server.child.pid!);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const after = residentMb(server.child.pid!);
      console.log(
        `#${round}  RSS at the first answer ${first.toFixed(0)} MB, after ${IDLE_SECONDS} s idle ${after.toFixed(0)} MB`,
      );
      atStart.push(first);
      idle.push(after);
      await stop(server.child);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  console.log(
    `idle RSS on PGlite with the demo data: min ${Math.min(...idle).toFixed(0)} MB, median ${median(idle).toFixed(0)} MB ` +
      `(at the first answer: min ${Math.min(...atStart).toFixed(0)}, median ${median(atStart).toFixed(0)} MB)`,
  );
}
