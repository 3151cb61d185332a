import { athensDate } from '@tessera/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { csrfOf, serverProcesses, type ServerProcess } from '../../../test/server-processes';

/*
 * Issue 19 §3: two server processes, as `npm start` runs them, on one PostgreSQL. Both run the
 * scheduler's pass for the same day at once; then one is killed (SIGKILL) in the middle of a run,
 * the other runs the day, the killed one is started again and runs it too. Each rule's run and
 * orders are counted: one run per rule and period, never two, never half of one.
 */
const target = inject('testDatabase');

describe.skipIf(target.kind !== 'postgres')(
  'recurring runs with two server processes on one PostgreSQL',
  () => {
    let processes: Awaited<ReturnType<typeof serverProcesses>>;
    let db: pg.Client;
    const servers: ServerProcess[] = [];

    async function start(): Promise<ServerProcess> {
      const server = await processes.start();
      servers.push(server);
      return server;
    }

    /** The scheduler's pass for `today` on one process, with a CSRF token of its own. */
    async function tick(server: ServerProcess, today: string, ruleId: string, holdMs = 0): Promise<Response> {
      const csrf = await csrfOf(server);
      return fetch(`${server.base}/api/test/recurring/tick`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.token, cookie: csrf.cookie },
        body: JSON.stringify({ today, holdMs, ruleId }),
      });
    }

    async function ruleFor(cardIds: string[], name: string): Promise<string> {
      const today = athensDate(new Date());
      const { rows } = await db.query<{ id: string }>(
        `insert into recurring_rules (company_id, name, product, amount_mode, amount_cents, schedule, start_day,
         submit_mode, payment_method, runs_from, created_by)
       values ('C1001', $1, 'TICKET_RESTAURANT', 'sameForAll', 2000, '{"kind":"everyTwoWeeks","workingDaysOnly":false}',
         $2, 'submit', 'RF', $2, (select id from users where email = 'om1@tessera.demo'))
       returning id`,
        [name, today],
      );
      const ruleId = rows[0]!.id;
      for (const [position, cardId] of cardIds.entries()) {
        await db.query(`insert into recurring_rule_lines (rule_id, card_id, position) values ($1, $2, $3)`, [
          ruleId,
          cardId,
          position,
        ]);
      }
      return ruleId;
    }

    async function counts(ruleId: string): Promise<{ runs: number; drafts: number; orders: number }> {
      const { rows } = await db.query<{ runs: number; drafts: number; orders: number }>(
        `select (select count(*)::int from recurring_runs where rule_id = $1) as runs,
              (select count(*)::int from recurring_run_drafts d join recurring_runs r on r.id = d.run_id
                where r.rule_id = $1) as drafts,
              (select count(*)::int from orders o join recurring_run_drafts d on d.draft_id = o.source_draft_id
                 join recurring_runs r on r.id = d.run_id where r.rule_id = $1) as orders`,
        [ruleId],
      );
      return rows[0]!;
    }

    beforeAll(async () => {
      processes = await serverProcesses(target);
      // Both start from the demo, seeded once for the run (`serverProcesses`).
      await start();
      await start();
      db = new pg.Client({ connectionString: processes.url });
      await db.connect();
    }, 300_000);

    afterAll(async () => {
      await db?.end();
      await processes?.close();
    });

    it('makes each rule run once when both processes run the same day at once, and once after a kill mid-run', async () => {
      const { rows: cards } = await db.query<{ id: string; family: string }>(
        `select id, family from cards where company_id = 'C1001' and product = 'TICKET_RESTAURANT' and status = 'active'
         and replaced_by_card_id is null and expiry_date > current_date + 30 order by id limit 6`,
      );
      expect(cards.length).toBe(6);
      const families = (ids: { family: string }[]) => new Set(ids.map((card) => card.family)).size;
      const today = athensDate(new Date());
      const [a, b] = servers as [ServerProcess, ServerProcess];

      // Both processes, the same day, at the same moment: each run is held open a moment once claimed.
      const first = await ruleFor(
        cards.slice(0, 3).map((card) => card.id),
        'Δύο διεργασίες',
      );
      const answers = await Promise.all([tick(a, today, first, 300), tick(b, today, first, 300)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const made = (await Promise.all(answers.map((answer) => answer.json()))) as { created: number }[];
      expect(made.reduce((sum, entry) => sum + entry.created, 0)).toBe(1);
      expect(await counts(first)).toEqual({
        runs: 1,
        drafts: families(cards.slice(0, 3)),
        orders: families(cards.slice(0, 3)),
      });

      // A process killed while its run's transaction is open leaves nothing of the run.
      const second = await ruleFor(
        cards.slice(3).map((card) => card.id),
        'Διακοπή στη μέση',
      );
      const held = tick(a, today, second, 20_000).catch(() => null);
      const deadline = Date.now() + 30_000;
      // Wait until the run is claimed (its insert waits in an open transaction), then kill.
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'recurring_runs' and l.mode = 'RowExclusiveLock'`,
        );
        if (rows[0]!.n > 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      a.child.kill('SIGKILL');
      await held;
      if (a.child.exitCode === null && a.child.signalCode === null) {
        await new Promise((resolve) => a.child.once('exit', resolve));
      }
      expect(await counts(second)).toEqual({ runs: 0, drafts: 0, orders: 0 });

      // The other process runs the day; the killed one, started again, runs it too and makes nothing.
      expect((await tick(b, today, second)).status).toBe(200);
      const restarted = await start();
      expect((await tick(restarted, today, second)).status).toBe(200);
      expect(await counts(second)).toEqual({
        runs: 1,
        drafts: families(cards.slice(3)),
        orders: families(cards.slice(3)),
      });
      expect(await counts(first)).toEqual({
        runs: 1,
        drafts: families(cards.slice(0, 3)),
        orders: families(cards.slice(0, 3)),
      });
    }, 300_000);
  },
);
