import { ROLE } from '@tessera/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import { createCompany, createUser } from '../../db/seed/factories';
import type { Database } from '../../platform/db';
import {
  INVALIDATION_CHANNEL,
  LISTENER_APPLICATION_NAME,
  type InvalidationListener,
  type Invalidations,
} from '../../platform/db-invalidation';
import { createPrincipalCache } from './principal-cache';
import { createPortalSessionStore, hashSessionId } from './sessions';

/*
 * Issue 36 §1 (ADR 050): what the database tells the process (migration 0032's triggers), and how
 * the principal cache keeps and drops what it was told of.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => database?.close());

const query = (text: string, params: unknown[] = []) => database.pool.query(text, params);

/** The payloads the database notifies while the file runs (the process's own writes come back at once). */
const told: string[] = [];
let stopListening: (() => void) | undefined;
beforeAll(async () => {
  stopListening = await database.invalidations.subscribe({
    onInvalidate: (payload) => told.push(payload),
    onReset: () => undefined,
  });
});
afterAll(() => stopListening?.());

/** What the database notified while `body` ran (its own notifications arrive before it returns). */
async function toldDuring(body: () => Promise<unknown>): Promise<string[]> {
  const from = told.length;
  await body();
  return told.slice(from);
}

/**
 * What one statement notifies. On PostgreSQL it runs on a connection of its own that listens
 * first: it hears only what commits after that, and its own notifications before the statement
 * returns (not the pool's listeners' late copies of earlier ones). PGlite delivers in-band.
 */
async function notifiedBy(text: string, params: unknown[] = []): Promise<string[]> {
  if (database.kind !== 'postgres') return toldDuring(() => query(text, params));
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    const heard: string[] = [];
    client.on('notification', (message) => heard.push(message.payload ?? ''));
    await client.query(text, params);
    return heard;
  } finally {
    await client.end();
  }
}

async function newSession(userId: string) {
  const store = createPortalSessionStore({ db: database.db, idleSeconds: 1800, absoluteSeconds: 43_200 });
  const { id } = await store.create(userId, { companyId: null });
  return { id, idHash: hashSessionId(id) };
}

describe('what the database notifies', () => {
  it('is live on this engine once listened to', () => {
    expect(database.invalidations.isLive()).toBe(true);
  });

  it('names the session when its company, acting or second factor changes or it is made older, and not when it is used', async () => {
    const user = await createUser(database.db);
    const { idHash } = await newSession(user.id);
    const session = `session:${idHash}`;
    expect(
      await notifiedBy(`update portal_sessions set last_seen_at = now() where id_hash = $1`, [idHash]),
    ).not.toContain(session);
    expect(
      await notifiedBy(`update portal_sessions set access_token = 'x' where id_hash = $1`, [idHash]),
    ).not.toContain(session);
    for (const change of [
      `last_seen_at = last_seen_at - interval '31 minutes'`,
      `company_id = 'C-none'`,
      `acting_reason = 'why', acting_since = now()`,
      `acting_merchant_id = 'M-none'`,
      `amr = array['pwd','otp']`,
      `second_factor_at = now()`,
    ]) {
      expect(
        await notifiedBy(`update portal_sessions set ${change} where id_hash = $1`, [idHash]),
        change,
      ).toContain(session);
    }
    expect(await notifiedBy(`delete from portal_sessions where id_hash = $1`, [idHash])).toContain(session);
  });

  it('names each session a statement ends, or says `all` past fifty', async () => {
    const user = await createUser(database.db);
    const few = [await newSession(user.id), await newSession(user.id)];
    const ended = await notifiedBy(`delete from portal_sessions where user_id = $1`, [user.id]);
    expect(ended).toEqual(expect.arrayContaining(few.map(({ idHash }) => `session:${idHash}`)));
    for (let index = 0; index < 51; index += 1) await newSession(user.id);
    expect(await notifiedBy(`delete from portal_sessions where user_id = $1`, [user.id])).toContain('all');
  });

  it('names the user when their standing, role, details or password change, and not for a failed sign-in', async () => {
    const user = await createUser(database.db);
    const named = `user:${user.id}`;
    expect(
      await notifiedBy(`update users set failed_attempts = 1, last_login_at = now() where id = $1`, [
        user.id,
      ]),
    ).not.toContain(named);
    for (const change of [
      `is_locked = true`,
      `is_locked = false`,
      `is_confirmed = false`,
      `role_id = ${ROLE.FINANCE_USER}`,
      `first_name = 'Άλλο'`,
      `email = 'changed-' || id || '@tessera.test'`,
      `preferred_language = 'en'`,
      `password_hash = 'x', password_changed_at = now()`,
    ]) {
      expect(await notifiedBy(`update users set ${change} where id = $1`, [user.id]), change).toContain(
        named,
      );
    }
  });

  it('names the user when their companies or second factor change, and everyone when a company’s two-factor rule does', async () => {
    const company = await createCompany(database.db);
    const user = await createUser(database.db);
    const named = `user:${user.id}`;
    expect(await notifiedBy(`insert into user_companies values ($1, $2)`, [user.id, company.id])).toContain(
      named,
    );
    expect(
      await notifiedBy(`delete from user_companies where user_id = $1 and company_id = $2`, [
        user.id,
        company.id,
      ]),
    ).toContain(named);
    expect(
      await notifiedBy(`insert into user_second_factors (user_id, secret_ciphertext) values ($1, 'x')`, [
        user.id,
      ]),
    ).toContain(named);
    expect(
      await notifiedBy(`update user_second_factors set last_used_step = 1 where user_id = $1`, [user.id]),
    ).not.toContain(named);
    expect(
      await notifiedBy(`update user_second_factors set enrolled_at = now() where user_id = $1`, [user.id]),
    ).toContain(named);
    expect(
      await notifiedBy(`update companies set name = 'Άλλο όνομα' where id = $1`, [company.id]),
    ).not.toContain('all');
    expect(
      await notifiedBy(`update companies set second_factor_role_ids = '{4}' where id = $1`, [company.id]),
    ).toContain('all');
  });

  it('tells a transaction’s changes when it commits, and nothing of one rolled back', async () => {
    const user = await createUser(database.db);
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      const inside = await toldDuring(() =>
        client.query(`update users set is_locked = true where id = $1`, [user.id]),
      );
      expect(inside).not.toContain(`user:${user.id}`);
      expect(await toldDuring(() => client.query('rollback'))).not.toContain(`user:${user.id}`);
      await client.query('begin');
      await client.query(`update users set is_locked = true where id = $1`, [user.id]);
      expect(await toldDuring(() => client.query('commit'))).toContain(`user:${user.id}`);
    } finally {
      client.release();
    }
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')('the listening connection (PostgreSQL)', () => {
  it('hears what other connections write, and after it drops, forgets everything and listens again', async () => {
    let resets = 0;
    const stop = await database.invalidations.subscribe({
      onInvalidate: () => undefined,
      onReset: () => (resets += 1),
    });
    // Another instance's write: a connection of its own, not the pool's.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      const user = await createUser(database.db);
      await other.query(`update users set is_locked = true where id = $1`, [user.id]);
      await expect.poll(() => told.includes(`user:${user.id}`)).toBe(true);

      const { rows } = await query(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
         where application_name = $1 and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(rows).toEqual([{ ended: true }]);
      // Dropped (the cache forgets), then connected and listening again (it forgets once more).
      await expect.poll(() => resets >= 2 && database.invalidations.isLive()).toBe(true);
      const listening = await query(
        `select query from pg_stat_activity where application_name = $1 and datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(listening.rows).toEqual([{ query: 'LISTEN tessera_invalidate' }]);
      const heard = () => told.filter((payload) => payload === `user:${user.id}`).length;
      const before = heard();
      await other.query(`update users set is_locked = false where id = $1`, [user.id]);
      await expect.poll(() => heard() > before).toBe(true);
    } finally {
      await other.end();
      stop();
    }
  });
});

/** Notifications under the test's control: live or not, told or never told. */
function controlledInvalidations() {
  let listener: InvalidationListener | undefined;
  let isLive = true;
  const invalidations: Invalidations = {
    isLive: () => isLive,
    async subscribe(added) {
      listener = added;
      return () => (listener = undefined);
    },
    close: async () => undefined,
  };
  return {
    invalidations,
    tell: (payload: string) => listener?.onInvalidate(payload),
    setLive(live: boolean) {
      isLive = live;
      listener?.onReset();
    },
  };
}

/** A session store with a cache of `lifetimeMs` over controlled notifications and a clock the test moves. */
async function cachedStore(lifetimeMs = 5_000) {
  const control = controlledInvalidations();
  const cache = createPrincipalCache({ invalidations: control.invalidations, lifetimeMs });
  await cache.ready;
  let clock = Date.parse('2026-12-01T09:00:00Z');
  const store = createPortalSessionStore({
    db: database.db,
    idleSeconds: 1800,
    absoluteSeconds: 43_200,
    now: () => new Date(clock),
    cache,
  });
  const user = await createUser(database.db, { lastName: 'Πρώτο' });
  const { id } = await store.create(user.id, { companyId: null });
  return {
    ...control,
    cache,
    store,
    user,
    id,
    idHash: hashSessionId(id),
    /** Moves the clock by `ms`. */
    later(ms: number) {
      clock += ms;
    },
    /** The user's last name as the store resolves the session, and how many reads it took. */
    async lastName(): Promise<{ lastName: string | undefined; reads: number }> {
      let reads = 0;
      const original = database.pool.query.bind(database.pool);
      database.pool.query = ((...args: Parameters<typeof original>) => {
        const [first] = args as unknown as [string | { text: string }];
        if (/from "portal_sessions" left join "users"/.test(typeof first === 'string' ? first : first.text)) {
          reads += 1;
        }
        return original(...args);
      }) as typeof original;
      try {
        const row = await store.resolve(id);
        return { lastName: row?.user?.lastName, reads };
      } finally {
        database.pool.query = original;
      }
    },
  };
}

describe('the principal cache', () => {
  it('bounds a change whose notification never comes by its safety lifetime', async () => {
    const kept = await cachedStore(5_000);
    expect(await kept.lastName()).toEqual({ lastName: 'Πρώτο', reads: 1 });
    // Changed, and the controlled notifications say nothing of it.
    await query(`update users set last_name = 'Δεύτερο' where id = $1`, [kept.user.id]);
    kept.later(4_999);
    expect(await kept.lastName()).toEqual({ lastName: 'Πρώτο', reads: 0 });
    kept.later(1);
    expect(await kept.lastName()).toEqual({ lastName: 'Δεύτερο', reads: 1 });
  });

  it('drops the session a notification names, and every session of a user it names', async () => {
    const kept = await cachedStore();
    const other = await kept.store.create(kept.user.id, { companyId: null });
    await kept.lastName();
    await kept.store.resolve(other.id);
    expect(kept.cache.size()).toBe(2);
    kept.tell(`session:${hashSessionId(other.id)}`);
    expect(kept.cache.size()).toBe(1);
    expect((await kept.lastName()).reads).toBe(0);
    kept.tell(`user:${kept.user.id}`);
    expect(kept.cache.size()).toBe(0);
    expect((await kept.lastName()).reads).toBe(1);
    kept.tell('all');
    expect(kept.cache.size()).toBe(0);
  });

  it('does not keep a read that a notification overlapped', async () => {
    const kept = await cachedStore();
    const row = await kept.store.resolve(kept.id);
    kept.tell('all');
    const since = kept.cache.generation();
    kept.tell(`user:${kept.user.id}`);
    kept.cache.set(kept.idHash, row!, since, Date.now());
    expect(kept.cache.size()).toBe(0);
  });

  it('keeps nothing while notifications are not live, and forgets everything when they stop', async () => {
    const kept = await cachedStore();
    expect((await kept.lastName()).reads).toBe(1);
    expect((await kept.lastName()).reads).toBe(0);
    kept.setLive(false);
    expect(kept.cache.size()).toBe(0);
    expect((await kept.lastName()).reads).toBe(1);
    expect((await kept.lastName()).reads).toBe(1);
    kept.setLive(true);
    expect((await kept.lastName()).reads).toBe(1);
    expect((await kept.lastName()).reads).toBe(0);
  });

  it('records activity and ends an idle session as it did without the cache', async () => {
    const kept = await cachedStore(5_000);
    await kept.lastName();
    const seen = async () =>
      (await query(`select last_seen_at from portal_sessions where id_hash = $1`, [kept.idHash])).rows[0]
        ?.last_seen_at as Date | undefined;
    const before = await seen();
    // A minute on, the next request records the activity (once a minute at most), cache or not.
    kept.later(60_000);
    expect((await kept.lastName()).reads).toBe(1);
    expect((await seen())!.getTime()).toBe(before!.getTime() + 60_000);
    expect((await kept.lastName()).reads).toBe(0);
    // Past the idle timeout the session ends, though it was kept a moment ago.
    kept.later(1_800_000);
    expect(await kept.lastName()).toEqual({ lastName: undefined, reads: 1 });
    expect(await seen()).toBeUndefined();
  });

  it('is off with a lifetime of 0', async () => {
    const kept = await cachedStore(0);
    expect((await kept.lastName()).reads).toBe(1);
    expect((await kept.lastName()).reads).toBe(1);
  });
});
