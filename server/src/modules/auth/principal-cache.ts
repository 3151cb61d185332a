import type { Invalidations } from '../../platform/db-invalidation';
import type { PortalSessionWithUserRow } from './repository';

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

/** Past this many sessions the cache starts again empty (a flood of one-off sessions). */
const MAX_ENTRIES = 50_000;

/**
 * The principals of this process's recent requests (issue 36 §1, ADR 050): a session's row with its
 * user, companies and second-factor state, keyed by the session id's hash, kept at most
 * `lifetimeMs` (the safety lifetime: what bounds a change whose notification never came).
 *
 * Every change to what a principal is read from is notified by the database (migration 0032),
 * whichever code path makes it, and removes the entries it names: `session:<hash>`, `user:<id>`
 * (every session of the user), `all`. While notifications are not live (the listening connection
 * is down) nothing is kept, and what was is dropped: a cache that cannot be told of a lock is off.
 *
 * A read that overlaps a notification is not kept: `generation()` before the read, `set` after,
 * and any notification in between (it may name what the read saw before the change) makes `set`
 * a no-op.
 */
export function createPrincipalCache(deps: {
  /** The database's notifications (`Database.invalidations`). */
  invalidations: Invalidations;
  /** The safety lifetime of an entry; 0 turns the cache off. */
  lifetimeMs: number;
}) {
  const entries = new Map<string, { row: PortalSessionWithUserRow; until: number }>();
  const sessionsOfUser = new Map<string, Set<string>>();
  let generation = 0;
  let nextSweepAt = 0;

  function forget(idHash: string): void {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const userId = entry.row.userId;
    const hashes = sessionsOfUser.get(userId);
    hashes?.delete(idHash);
    if (hashes?.size === 0) sessionsOfUser.delete(userId);
  }

  function forgetUser(userId: string): void {
    for (const idHash of sessionsOfUser.get(userId) ?? []) entries.delete(idHash);
    sessionsOfUser.delete(userId);
  }

  function clear(): void {
    generation += 1;
    entries.clear();
    sessionsOfUser.clear();
  }

  /** Drops entries past their lifetime, at most once a lifetime (entries of sessions not seen again). */
  function sweep(at: number): void {
    if (at < nextSweepAt) return;
    nextSweepAt = at + deps.lifetimeMs;
    for (const [idHash, entry] of entries) if (entry.until <= at) forget(idHash);
  }

  const ready =
    deps.lifetimeMs > 0
      ? deps.invalidations.subscribe({
          onInvalidate(payload) {
            generation += 1;
            if (payload.startsWith('session:')) forget(payload.slice('session:'.length));
            else if (payload.startsWith('user:')) forgetUser(payload.slice('user:'.length));
            else clear();
          },
          onReset: clear,
        })
      : Promise.resolve(() => undefined);

  return {
    /** Resolves once listening has started (or failed to: the cache then stays off until it is live). */
    ready: ready.then(() => undefined),

    /** Stops listening and forgets everything. */
    async close(): Promise<void> {
      (await ready)();
      clear();
    },

    /** The session's row as last read, if it was read less than the safety lifetime ago. */
    get(idHash: string, at: number): PortalSessionWithUserRow | undefined {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (entry.until > at) return entry.row;
      forget(idHash);
      return undefined;
    },

    /** The notification count before a read, to hand to `set` after it. */
    generation(): number {
      return generation;
    },

    /**
     * Keeps a row read at `at` that started when the generation was `since`, unless a notification
     * came in between, notifications are not live, or the row is of no usable principal (a removed,
     * locked or unconfirmed user: the session ends instead).
     */
    set(idHash: string, row: PortalSessionWithUserRow, since: number, at: number): void {
      if (deps.lifetimeMs <= 0 || since !== generation || !deps.invalidations.isLive()) return;
      if (!row.user || row.user.isLocked || !row.user.isConfirmed) return;
      sweep(at);
      if (entries.size >= MAX_ENTRIES) clear();
      forget(idHash);
      entries.set(idHash, { row, until: at + deps.lifetimeMs });
      let hashes = sessionsOfUser.get(row.userId);
      if (!hashes) {
        hashes = new Set();
        sessionsOfUser.set(row.userId, hashes);
      }
      hashes.add(idHash);
    },

    /** How many sessions are kept (tests, metrics). */
    size(): number {
      return entries.size;
    },
  };
}
