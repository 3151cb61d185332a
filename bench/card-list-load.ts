import autocannon from 'autocannon';

/**
 * The load generator of `bench/card-list.ts`, run as a child process so that it does not share an
 * event loop with the server it measures: `node --import tsx bench/card-list-load.ts '<json>'`. It
 * POSTs one card-list request body over and over and prints one JSON line of figures.
 */
export type CardListLoadOptions = {
  url: string;
  /** Extra headers (the signed-in browser's cookie, CSRF token and company). */
  headers: Record<string, string>;
  /** The JSON body of every request. */
  body: string;
  connections: number;
  warmupSeconds: number;
  seconds: number;
};

export type CardListLoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response body size, bytes. */
  bytesPerResponse: number;
};

async function run(options: CardListLoadOptions): Promise<CardListLoadResult> {
  const base = {
    url: options.url,
    connections: options.connections,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
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
    bytesPerResponse:
      result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

const argument = process.argv[2];
if (!argument) {
  console.error('usage: node --import tsx bench/card-list-load.ts <options as JSON>');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(await run(JSON.parse(argument) as CardListLoadOptions))}\n`);
