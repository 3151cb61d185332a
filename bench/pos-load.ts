import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * The load generator of `bench/pos.ts`, run as a child process so that it does not share an event
 * loop with the server it measures: `node --import tsx bench/pos-load.ts '<json>'`. It POSTs
 * purchase requests with a fresh terminal transaction id each (made here, in `setupRequest`) on
 * cards drawn at random from a JSON file of card tokens, and prints one JSON line of figures.
 */
export type PosLoadOptions = {
  url: string;
  /** Extra headers (the full server's Bearer token). */
  headers: Record<string, string>;
  /** A JSON file holding an array of card tokens to spread the purchases over. */
  cardsFile: string;
  mid: string;
  amountCents: number;
  connections: number;
  warmupSeconds: number;
  seconds: number;
  /** Prefix of the terminal transaction ids: unique per run, so no request repeats another. */
  idPrefix: string;
};

export type PosLoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  approved: number;
  declined: number;
  reasons: Record<string, number>;
  /** Approved answers seen in the warm-up and the measured run together (the correctness check). */
  approvedAll: number;
};

async function run(options: PosLoadOptions): Promise<PosLoadResult> {
  const cards = JSON.parse(readFileSync(options.cardsFile, 'utf8')) as string[];
  let sequence = 0;
  let approved = 0;
  let approvedAll = 0;
  let declined = 0;
  const reasons: Record<string, number> = {};
  let counting = false;
  const request: autocannon.Request = {
    method: 'POST',
    setupRequest(req) {
      sequence += 1;
      return {
        ...req,
        body: JSON.stringify({
          terminalTransactionId: `${options.idPrefix}-${sequence}`,
          mid: options.mid,
          cardToken: cards[Math.floor(Math.random() * cards.length)],
          amountCents: options.amountCents,
          time: new Date().toISOString(),
        }),
      };
    },
    onResponse(status, body) {
      if (status !== 200) return;
      const isApproved = body.includes('"outcome":"approved"');
      if (isApproved) approvedAll += 1;
      if (!counting) return;
      if (isApproved) approved += 1;
      else {
        declined += 1;
        const reason = /"reason":"(\w+)"/.exec(body)?.[1] ?? 'unknown';
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
    },
  };
  const base = {
    url: options.url,
    connections: options.connections,
    headers: { 'content-type': 'application/json', ...options.headers },
    requests: [request],
  };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  counting = true;
  const result = await autocannon({ ...base, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    approved,
    declined,
    reasons,
    approvedAll,
  };
}

const argument = process.argv[2];
if (!argument) {
  console.error('usage: node --import tsx bench/pos-load.ts <options as JSON>');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(await run(JSON.parse(argument) as PosLoadOptions))}\n`);
