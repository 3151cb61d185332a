import { spawn, type ChildProcess } from 'node:child_process';
import type { LoadFigures, LoadOptions } from './load-child';

/**
 * What the side-by-side benchmarks share: load from a child process, a floor server in a child
 * process, and the min/median summary printed beside a target.
 */

/** One autocannon run in a child process (`bench/load-child.ts`). */
export function runLoad(options: LoadOptions): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/load-child.ts', JSON.stringify(options)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop()!) as LoadFigures);
    });
  });
}

/** Starts `node --import tsx <script>` which prints `listening <port>`; resolves with the port. */
export function startFloor(
  script: string,
  env: Record<string, string>,
  children: ChildProcess[],
  stderr: 'inherit' | 'ignore' = 'inherit',
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve({ child, port: Number(match[1]) });
    });
    // Whatever else it prints (a reference server's log lines) is read and dropped.
    child.stdout!.resume();
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type LoadSummary = {
  minRps: number;
  medianRps: number;
  medianP50: number;
  medianP99: number;
  maxP99: number;
};

export function summarise(
  runs: readonly Pick<LoadFigures, 'requestsPerSecond' | 'p50Ms' | 'p99Ms'>[],
): LoadSummary {
  return {
    minRps: Math.min(...runs.map((run) => run.requestsPerSecond)),
    medianRps: median(runs.map((run) => run.requestsPerSecond)),
    medianP50: median(runs.map((run) => run.p50Ms)),
    medianP99: median(runs.map((run) => run.p99Ms)),
    maxP99: Math.max(...runs.map((run) => run.p99Ms)),
  };
}

export function runLine(label: string, run: LoadFigures): string {
  return (
    `${label.padEnd(40)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${String(run.p50Ms).padStart(3)} ms   ` +
    `p99 ${String(run.p99Ms).padStart(4)} ms   ${run.bytesPerResponse.toFixed(0)} B/response   non-2xx ${run.non2xx}, errors ${run.errors}`
  );
}

export function summaryLine(label: string, value: LoadSummary): string {
  return `${label.padEnd(40)} min ${value.minRps.toFixed(0).padStart(6)} req/s   median ${value.medianRps.toFixed(0).padStart(6)} req/s   median p50 ${value.medianP50} ms   median p99 ${value.medianP99} ms (max ${value.maxP99} ms)`;
}

/** `met` or `MISSED` beside a figure. */
export const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
