import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel the database's triggers notify when something a process may cache has changed
 * (migration 0032, ADR 050). Payloads: `session:<id hash>`, `user:<id>`, `all`.
 */
export const INVALIDATION_CHANNEL = 'tessera_invalidate';

/** What a cache of the process does with the database's notifications. */
export type InvalidationListener = {
  /** A notification's payload: what changed. */
  onInvalidate(payload: string): void;
  /**
   * Delivery stopped or started again (the listening connection dropped, or came back): what
   * changed in between may never be told, so everything cached must go.
   */
  onReset(): void;
};

/**
 * The database's notifications on `INVALIDATION_CHANNEL`, delivered in this process (ADR 050).
 *
 * - Every connection of the server's pool listens too, so a write the process makes itself is
 *   told before its own statement (or its transaction's COMMIT) returns: PostgreSQL sends a
 *   session's own notifications before it reports the command done. The process can never read
 *   back, from its cache, what it has just changed.
 * - On PostgreSQL, one connection of its own listens for the other instances' writes; while it is
 *   down (never connected yet, dropped, reconnecting) `isLive()` is false and caches must stay
 *   off. It reconnects by itself.
 * - On PGlite the pool's connections share the embedded instance's one session: what a pool
 *   connection writes comes back on that connection; what is written on the instance itself
 *   (`pglite.query`) comes through PGlite's own `listen()`. Nothing can drop, so it is always live
 *   once listening.
 */
export type Invalidations = {
  /** Whether every notification since the last reset reaches this process. */
  isLive(): boolean;
  /**
   * Adds a listener; starts listening on first use and resolves once the first attempt to
   * connect is over (live or not: a database that refuses it only leaves caches off). Returns the
   * function that removes it.
   */
  subscribe(listener: InvalidationListener): Promise<() => void>;
  /** Stops listening (the database is closing). */
  close(): Promise<void>;
};

/** The hooks `openDatabase` installs on the pool, and the process's notifications. */
export type DatabaseInvalidations = {
  invalidations: Invalidations;
  /** The pool's `connect` event: a new connection passes its notifications on. */
  watchConnection(client: pg.PoolClient): void;
  /** The pool's `verify` (PostgreSQL): a new connection listens before its first query. */
  verifyConnection?(client: pg.PoolClient, done: (error?: Error) => void): void;
};

/** How the listening connection names itself to PostgreSQL (`pg_stat_activity.application_name`). */
export const LISTENER_APPLICATION_NAME = 'tessera-listen';

/** Reconnection waits of the listening connection: from 100 ms, doubling, at most 5 s. */
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

export function createDatabaseInvalidations(
  source: { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite },
): DatabaseInvalidations {
  const listeners = new Set<InvalidationListener>();
  let isListening = false;
  let started: Promise<void> | undefined;
  let isClosed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RETRY_MIN_MS;

  function deliver(payload: string): void {
    for (const each of listeners) each.onInvalidate(payload);
  }
  function reset(): void {
    for (const each of listeners) each.onReset();
  }
  function fromConnection(message: pg.Notification): void {
    if (message.channel === INVALIDATION_CHANNEL) deliver(message.payload ?? 'all');
  }

  /** The listening connection of a PostgreSQL server: one attempt, and the next on failure. */
  async function connect(url: string): Promise<void> {
    if (isClosed) return;
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let isDropped = false;
    const dropped = () => {
      if (isDropped) return;
      isDropped = true;
      client.removeAllListeners('notification');
      if (listener === client) {
        listener = null;
        isListening = false;
        reset();
      }
      void client.end().catch(() => undefined);
      if (!isClosed) {
        retryTimer = setTimeout(() => void connect(url), retryMs);
        retryTimer.unref();
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    };
    client.on('notification', fromConnection);
    client.on('error', (error) => {
      process.emitWarning(`database notifications connection closed: ${error.message}`);
      dropped();
    });
    client.on('end', dropped);
    try {
      await client.connect();
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch {
      dropped();
      return;
    }
    if (isDropped || isClosed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    retryMs = RETRY_MIN_MS;
    isListening = true;
    // Whatever was cached before this point may have missed a notification.
    reset();
  }

  const invalidations: Invalidations = {
    isLive: () => isListening,

    async subscribe(added) {
      listeners.add(added);
      started ??=
        source.kind === 'pglite'
          ? source.pglite.listen(INVALIDATION_CHANNEL, deliver).then(() => {
              isListening = true;
            })
          : connect(source.url);
      await started;
      return () => {
        listeners.delete(added);
      };
    },

    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      isListening = false;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
      }
    },
  };

  return {
    invalidations,
    watchConnection(client) {
      client.on('notification', fromConnection);
    },
    ...(source.kind === 'postgres'
      ? {
          verifyConnection(client: pg.PoolClient, done: (error?: Error) => void) {
            client.query(`LISTEN ${INVALIDATION_CHANNEL}`).then(
              () => done(),
              (error: Error) => done(error),
            );
          },
        }
      : {}),
  };
}
