import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db';
import { AppError } from './errors';
import { idempotencyKeys } from './schema';

/** The header a client sends so a retried request is answered, not repeated (ARCHITECTURE §5). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** How a refusal names the header, as the documents spell it. */
export const IDEMPOTENCY_FIELD = 'Idempotency-Key';

/** How long a key is remembered; a retry comes within seconds, a replay after a day is a new request. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;

/** What the operation of an idempotent request runs in: the transaction that also holds its key. */
export type IdempotentExecutor = Pick<
  Db,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'
>;

/**
 * The request's `Idempotency-Key`, or null without one. Visible ASCII, 1–128 characters (a UUID is
 * what the web client sends); anything else is a 400 naming the header.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  const key = value.trim();
  if (!/^[\x21-\x7e]{1,128}$/.test(key)) {
    throw new AppError('VALIDATION', 'malformed Idempotency-Key', {
      fields: [{ field: IDEMPOTENCY_FIELD, key: 'invalidValue' }],
    });
  }
  return key;
}

/** The request's `Idempotency-Key` and the route it was sent to (ARCHITECTURE §5). */
export type IdempotencyOptions = { key: string | null; route: string };

/** The idempotency of a request: its key (or null) scoped to the route it was sent to. */
export function idempotencyOf(request: FastifyRequest): IdempotencyOptions {
  return { key: idempotencyKeyOf(request), route: `${request.method} ${request.routeOptions.url}` };
}

/** JSON with object keys sorted, so two equal requests hash alike whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type IdempotencyScope = {
  /** Keys are the user's own: two users never share a key's response. */
  userId: string;
  /** The route the key is for, e.g. `POST /api/v1/orders/saveDraftOrder`. */
  route: string;
  /** The request's key; null runs the operation once, plainly, in a transaction. */
  key: string | null;
  /** The company acted for: part of the request, so a key cannot answer for another company. */
  companyId?: string | null;
  /** The validated request; a key reused with a different request is refused (409). */
  request: unknown;
};

/** The scope of a keyed request made for a company: the user's key on its route, for that company. */
export function companyScope(
  actor: { userId: string; companyId: string },
  idempotency: IdempotencyOptions,
  request: unknown,
): IdempotencyScope {
  return {
    userId: actor.userId,
    route: idempotency.route,
    key: idempotency.key,
    companyId: actor.companyId,
    request,
  };
}

/**
 * Runs `run` at most once per user, route and key (ARCHITECTURE §5: a replay returns the first
 * response and changes nothing). A replay is answered from the stored response before anything
 * else, `prepare` included (the reads and checks the operation needs outside its transaction). The
 * key is claimed by inserting its row at the start of the operation's own transaction: a concurrent
 * request with the same key waits on that row (the primary key) until the first commits, then finds
 * it and answers with the stored response. The operation's writes, the key and the response commit
 * together, so a failed first attempt (a refused request, a crash) leaves no key behind and its
 * retry runs afresh: only successes are remembered. The response is stored as JSON and every
 * caller, the first included, gets the stored form, so replies are identical byte for byte.
 */
export async function idempotent<T, P = undefined>(
  db: Db,
  scope: IdempotencyScope,
  run: (tx: IdempotentExecutor, prepared: P) => Promise<T>,
  prepare?: () => Promise<P>,
): Promise<T> {
  const key = scope.key;
  const requestHash = createHash('sha256')
    .update(stableJson({ companyId: scope.companyId ?? null, request: scope.request }))
    .digest('hex');
  const where = and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.route, scope.route),
    eq(idempotencyKeys.key, key ?? ''),
  );
  const replay = (stored: typeof idempotencyKeys.$inferSelect | undefined): T => {
    // The refusal names the header and says why (issue 34 §3 item 10): an API client has no page
    // to refresh, so the catalogue's browser wording of a conflict is not its answer.
    if (!stored || stored.response === null) {
      throw new AppError('CONFLICT', `Idempotency-Key ${key} is being used by a request in progress`, {
        fields: [{ field: IDEMPOTENCY_FIELD, key: 'idempotencyKeyInProgress' }],
      });
    }
    if (stored.requestHash !== requestHash) {
      throw new AppError('CONFLICT', `Idempotency-Key ${key} was used for a different request`, {
        fields: [{ field: IDEMPOTENCY_FIELD, key: 'idempotencyKeyReused' }],
      });
    }
    return stored.response as T;
  };

  if (key !== null) {
    const [stored] = await db.select().from(idempotencyKeys).where(where);
    if (stored?.response != null) return replay(stored);
  }
  let prepared: P;
  try {
    prepared = (prepare ? await prepare() : undefined) as P;
  } catch (error) {
    // The first request may have committed since the look above, and its effect can be what the
    // preparation now refuses (a submitted draft is gone): its stored response is the answer.
    if (key !== null) {
      const [stored] = await db.select().from(idempotencyKeys).where(where);
      if (stored?.response != null) return replay(stored);
    }
    throw error;
  }
  if (key === null) return db.transaction((tx) => run(tx, prepared));
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        userId: scope.userId,
        route: scope.route,
        key,
        companyId: scope.companyId ?? null,
        requestHash,
        response: null,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(where);
      return replay(stored);
    }
    const response = JSON.parse(JSON.stringify(await run(tx, prepared))) as T;
    await tx.update(idempotencyKeys).set({ response }).where(where);
    return response;
  });
}

/** Forgets keys older than the retention (run with the other periodic purges). */
export async function purgeIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
