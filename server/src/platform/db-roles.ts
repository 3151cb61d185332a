import type pg from 'pg';

/**
 * The two database roles of a PostgreSQL deployment (ADR 041): an owner role that runs the
 * migrations, owns every table and makes pg-boss's schema and queues, and the application role
 * the server's pool connects as, which owns nothing, is no superuser, may read and append to the
 * audit log but neither change nor delete a row of it, and may TRUNCATE nothing. The owner grants
 * the application role what it needs after every migration (`grantApplicationRole`). PGlite has
 * one role: none of this applies there.
 */

/** Tables the application role may only read and append to: no UPDATE, no DELETE. */
export const APPEND_ONLY_TABLES = ['audit_log'] as const;

/** The schemas whose tables the application role works on (pg-boss's is added by the job queue). */
export const APPLICATION_SCHEMAS = ['public'] as const;

/** Any fixed 64-bit number: one grant step at a time (concurrent GRANTs on one object fail). */
const GRANT_LOCK = 7_341_002_041;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The same connection string as another user (no password: trust, `.pgpass` or PGPASSWORD). */
export function withUser(url: string, user: string): string {
  const address = new URL(url);
  address.username = encodeURIComponent(user);
  address.password = '';
  return address.toString();
}

/** The role a connection acts as. */
export async function currentRole(client: pg.ClientBase | pg.Pool): Promise<string> {
  const { rows } = await client.query<{ role: string }>('select current_user as role');
  return rows[0]!.role;
}

export type RoleReport = {
  role: string;
  isSuperuser: boolean;
  /** Tables, sequences, views or schemas of this database the role owns. */
  ownedObjects: number;
};

/** What the server's own role may do beyond its grants: a superuser or an owner can undo them. */
export async function describeRole(pool: pg.Pool): Promise<RoleReport> {
  const { rows } = await pool.query<RoleReport>(
    `select current_user as role,
            (select rolsuper from pg_roles where rolname = current_user) as "isSuperuser",
            ((select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where c.relowner = (select oid from pg_roles where rolname = current_user)
                 and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema')
             + (select count(*) from pg_namespace
                 where nspowner = (select oid from pg_roles where rolname = current_user)
                   and nspname not like 'pg\\_%' and nspname <> 'information_schema'))::int as "ownedObjects"`,
  );
  return rows[0]!;
}

/**
 * Grants `role` exactly what the server needs in `schemas` (those of them that exist), and nothing else: USAGE on the schema, SELECT, INSERT, UPDATE and DELETE
 * on its tables (SELECT and INSERT only on the append-only ones), USAGE and SELECT on its
 * sequences, EXECUTE on the owner's functions, and the same by default for what the owner makes
 * there later. Never TRUNCATE, REFERENCES or TRIGGER; never CREATE. Idempotent: every privilege the
 * role had on those tables is revoked first, in the same transaction, under an advisory lock.
 * Runs after every migration and after pg-boss's schema or queues change.
 */
export async function grantApplicationRole(
  client: pg.ClientBase,
  role: string,
  schemas: readonly string[] = APPLICATION_SCHEMAS,
): Promise<void> {
  const app = quoteIdent(role);
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [GRANT_LOCK]);
    // `public` belongs to pg_database_owner, whose member the database's owner is.
    const { rows: present } = await client.query<{ name: string; isOwned: boolean }>(
      `select nspname as name, pg_has_role(current_user, nspowner, 'USAGE') as "isOwned" from pg_namespace
        where nspname = any($1::text[]) order by nspname`,
      [schemas],
    );
    for (const { name, isOwned } of present) {
      const schema = quoteIdent(name);
      await client.query(`revoke all on all tables in schema ${schema} from ${app}`);
      await client.query(`revoke all on all sequences in schema ${schema} from ${app}`);
      if (isOwned) await client.query(`grant usage on schema ${schema} to ${app}`);
      await client.query(`grant select, insert, update, delete on all tables in schema ${schema} to ${app}`);
      await client.query(`grant usage, select on all sequences in schema ${schema} to ${app}`);
      await client.query(
        `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${app}`,
      );
      await client.query(
        `alter default privileges in schema ${schema} grant usage, select on sequences to ${app}`,
      );
      await client.query(`alter default privileges in schema ${schema} grant execute on functions to ${app}`);
      // The owner's own functions only: an extension's (pg_trgm's) belong to the superuser that
      // installed it, and PUBLIC may execute them anyway.
      const { rows: functions } = await client.query<{ signature: string }>(
        `select p.oid::regprocedure::text as signature from pg_proc p
          where p.pronamespace = (select oid from pg_namespace where nspname = $1)
            and p.proowner = (select oid from pg_roles where rolname = current_user)`,
        [name],
      );
      for (const { signature } of functions) {
        await client.query(`grant execute on function ${signature} to ${app}`);
      }
      // The audit log takes rows and keeps them: refused by privilege, not only by its trigger.
      for (const table of APPEND_ONLY_TABLES) {
        const { rows } = await client.query<{ present: boolean }>(
          'select to_regclass($1) is not null as present',
          [`${schema}.${quoteIdent(table)}`],
        );
        if (rows[0]?.present) {
          await client.query(`revoke update, delete, truncate on ${schema}.${quoteIdent(table)} from ${app}`);
        }
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
