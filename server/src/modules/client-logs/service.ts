import {
  CLIENT_LOG_LIMITS,
  CLIENT_LOG_RETENTION_DAYS,
  ClientLogEntrySchema,
  redactSecrets,
  type ClientErrorGroup,
  type ClientLogLevel,
} from '@tessera/domain';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { clientLogs } from './schema';

export type ClientLogsService = ReturnType<typeof createClientLogsService>;

/** What the beacon's request brings besides its body. */
export type BeaconContext = { requestId: string; userAgent: string };

const DAY_MS = 86_400_000;
/** Old rows are purged when a beacon arrives, at most this often. */
const PURGE_EVERY_MS = 3_600_000;
const GROUPS_SHOWN = 200;
const PATHS_PER_GROUP = 10;

/** A beacon body as text: the JSON the web sends, or any other text taken as the message. */
function entryOf(body: unknown) {
  let value: unknown = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      value = { message: body };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) value = { message: String(value) };
  return ClientLogEntrySchema.parse(value);
}

/** Control characters (a forged log line's `\r`, a NUL) become spaces; tabs and new lines stay. */
const withoutControls = (text: string) =>
  [...text].map((char) => (/\p{Cc}/u.test(char) && char !== '\n' && char !== '\t' ? ' ' : char)).join('');

const clean = (text: string, max: number) => redactSecrets(withoutControls(text)).slice(0, max);

/**
 * The client log beacon (SPEC §7; issue 18 §8; ADR 026): every entry is redacted (card numbers,
 * tokens, passwords) before it is logged or stored, kept `CLIENT_LOG_RETENTION_DAYS`, and shown to
 * the administrator grouped by message.
 */
export function createClientLogsService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  let lastPurge = 0;

  async function purge(at: Date): Promise<number> {
    lastPurge = at.getTime();
    const deleted = await deps.db
      .delete(clientLogs)
      .where(lt(clientLogs.at, new Date(at.getTime() - CLIENT_LOG_RETENTION_DAYS * DAY_MS)))
      .returning({ id: clientLogs.id });
    return deleted.length;
  }

  return {
    /** Stores one beacon, redacted; answers what was stored (for the request's log line). */
    async record(body: unknown, context: BeaconContext) {
      const entry = entryOf(body);
      const at = now();
      const row = {
        at,
        level: entry.level,
        kind: entry.kind,
        message: clean(entry.message, CLIENT_LOG_LIMITS.message),
        stack: clean(entry.stack, CLIENT_LOG_LIMITS.stack),
        path: clean(entry.path.split(/[?#]/)[0] ?? '', CLIENT_LOG_LIMITS.path),
        userAgent: clean(context.userAgent, CLIENT_LOG_LIMITS.userAgent),
        requestId: context.requestId,
      };
      await deps.db.insert(clientLogs).values(row);
      if (at.getTime() - lastPurge > PURGE_EVERY_MS) await purge(at);
      return row;
    },

    purge: () => purge(now()),

    /** The last day's entries grouped by message and level, the most frequent first. */
    async lastDay(): Promise<{ since: Date; total: number; groups: ClientErrorGroup[] }> {
      const since = new Date(now().getTime() - DAY_MS);
      const result = await deps.db.execute<{
        message: string;
        level: ClientLogLevel;
        count: number;
        first_seen: string | Date;
        last_seen: string | Date;
        paths: string[] | null;
        user_agent: string;
        request_id: string;
      }>(sql`
        select message, level, count(*)::int as count, min(at) as first_seen, max(at) as last_seen,
               array_agg(distinct path) filter (where path <> '') as paths,
               max(user_agent) as user_agent, max(request_id) as request_id
          from client_logs
         where at >= ${since.toISOString()}::timestamptz
         group by message, level
         order by count(*) desc, max(at) desc
         limit ${GROUPS_SHOWN}`);
      const groups = result.rows.map((row) => ({
        message: row.message,
        level: row.level,
        count: Number(row.count),
        firstSeen: new Date(row.first_seen).toISOString(),
        lastSeen: new Date(row.last_seen).toISOString(),
        paths: (row.paths ?? []).slice(0, PATHS_PER_GROUP),
        sampleUserAgent: row.user_agent,
        sampleRequestId: row.request_id,
      }));
      return { since, total: groups.reduce((sum, group) => sum + group.count, 0), groups };
    },
  };
}
