import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

/** Drives `url` with autocannon after a short warm-up and returns its figures. */
export async function load(
  url: string,
  options: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
  } = {},
): Promise<LoadResult> {
  const base = {
    url,
    connections: options.connections ?? 20,
    headers: options.headers ?? {},
    method: options.method ?? 'GET',
    ...(options.body ? { body: options.body } : {}),
  };
  await autocannon({ ...base, duration: 2 });
  const result = await autocannon({ ...base, duration: options.seconds ?? 8 });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function line(label: string, result: LoadResult): string {
  return `${label.padEnd(34)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(result.p99Ms).padStart(4)} ms   errors ${result.errors}   non-2xx ${result.non2xx}`;
}
