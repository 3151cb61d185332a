import autocannon from 'autocannon';

/**
 * A load generator in its own process, so that it never shares an event loop (or a core's time
 * slice of it) with the server it measures: `node --import tsx bench/load-child.ts '<json>'` runs
 * autocannon against one URL and prints one JSON line of figures. `runLoad` in `bench/figures.ts`
 * spawns it.
 */
export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A sequence of paths on `url`'s server that each connection asks for in turn (instead of `url`'s path). */
  paths?: string[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
};

export type LoadFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean bytes per response over the wire (headers and body as sent). */
  bytesPerResponse: number;
};

async function run(options: LoadOptions): Promise<LoadFigures> {
  const base = {
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
    ...(options.paths ? { requests: options.paths.map((path) => ({ path })) } : {}),
  };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}

const argument = process.argv[2];
if (!argument) {
  console.error('usage: node --import tsx bench/load-child.ts <options as JSON>');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(await run(JSON.parse(argument) as LoadOptions))}\n`);
