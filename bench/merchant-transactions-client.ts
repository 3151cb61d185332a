import { signIn } from './portal-sign-in';

/**
 * The browser's side of `bench/merchant-transactions.ts`, in its own process: signs in as the
 * merchant, then pages through the transaction list as the balance sheet does — the first page of
 * each filter and a walk of many pages by cursor — timing each whole request (HTTP, session, policy,
 * query, serialisation). Prints one JSON line of timings per shape.
 */
const base = process.env.BASE_URL!;
const repeats = Number(process.env.REPEATS ?? 60);
const walk = Number(process.env.WALK ?? 200);

const session = await signIn(base, process.env.EMAIL!, process.env.PASSWORD!);
const stores = (await (
  await fetch(`${base}/api/v1/merchants/retrieveStoreList`, { headers: { cookie: session.cookie } })
).json()) as { stores: { storeId: string; terminals: { terminalId: string }[] }[] };
const store = stores.stores[1]!;
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

async function timed(query: string): Promise<{ ms: number; nextCursor: string | null; rows: number }> {
  const started = performance.now();
  const response = await fetch(`${base}/api/v1/merchants/retrieveTransactionList?${query}`, {
    headers: { cookie: session.cookie },
  });
  const body = (await response.json()) as { transactions?: unknown[]; nextCursor?: string | null };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${query}`);
  return { ms, nextCursor: body.nextCursor ?? null, rows: body.transactions?.length ?? 0 };
}

const shapes: Record<string, string> = {
  'first page': 'pageSize=25',
  'declined only': 'pageSize=25&outcome=declined',
  'one store': `pageSize=25&storeId=${store.storeId}`,
  'one terminal, declined': `pageSize=25&terminalId=${store.terminals[0]!.terminalId}&outcome=declined`,
  'meal cards, last 30 days': `pageSize=25&product=TICKET_RESTAURANT&from=${monthAgo}&to=${today}`,
  'refunds only': 'pageSize=25&kind=refund',
  'page of 100': 'pageSize=100',
};
const results: Record<string, number[]> = {};
for (const [name, query] of Object.entries(shapes)) {
  await timed(query); // warm the plan
  results[name] = [];
  for (let index = 0; index < repeats; index += 1) results[name].push((await timed(query)).ms);
}
// A walk through `walk` pages of 25 by cursor: the 5,000th row costs what the first does.
const walked: number[] = [];
results[`walk of ${walk} pages by cursor`] = walked;
let cursor: string | null = null;
for (let index = 0; index < walk; index += 1) {
  const page = await timed(`pageSize=25${cursor ? `&cursor=${cursor}` : ''}`);
  walked.push(page.ms);
  cursor = page.nextCursor;
  if (!cursor) break;
}
process.stdout.write(`${JSON.stringify(results)}\n`);
