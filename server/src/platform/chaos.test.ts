import { athensDate, formatRf } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, type PortalSession } from '../../../bench/portal-sign-in';
import { csrfOf, serverProcesses, type ServerProcess } from '../../test/server-processes';
import { createLedgerService } from '../modules/ledger';
import { openDatabase, type Database } from './db';

/*
 * Issue 20 §4: the server killed with SIGKILL at random moments of a recurring run (which makes an
 * order and its RF payment) and of a bank statement import (which pays it and loads the cards),
 * then started again, the run asked for again and the statement imported again, as people would.
 * After each round: one run per rule, one order, one payment, the cards loaded once, and the
 * ledger's invariants hold. CHAOS_KILLS kills (6 in `npm test`; `npm run bench chaos` asks for 50).
 */
const target = inject('testDatabase');
const KILLS = Number(process.env.CHAOS_KILLS ?? 6);

/** A random delay in ms, seeded (the same kills each run). */
function randomDelays(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % 400;
  };
}

describe.skipIf(target.kind !== 'postgres')(
  'killed at random moments, nothing lost and nothing twice',
  () => {
    let processes: Awaited<ReturnType<typeof serverProcesses>>;
    let server: ServerProcess;
    let admin: PortalSession;
    let database: Database;

    beforeAll(async () => {
      processes = await serverProcesses(target);
      server = await processes.start();
      admin = await signIn(server.base, 'admin@tessera.demo', 'Tessera-2026');
      database = await openDatabase({ url: processes.url, poolSize: 2 });
    }, 300_000);
    afterAll(async () => {
      await database?.close();
      await processes?.close();
    });

    async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      return (await database.pool.query(sql, params)).rows as T[];
    }

    /** Sends a request, kills the server after `delay` ms (the answer may or may not come), restarts it. */
    async function killDuring(send: () => Promise<unknown>, delay: number): Promise<void> {
      const sent = send().catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, delay));
      await processes.kill(server);
      await sent;
      server = await processes.start();
    }

    async function tick(ruleId: string, holdMs = 0): Promise<Response> {
      const csrf = await csrfOf(server);
      return fetch(`${server.base}/api/test/recurring/tick`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.token, cookie: csrf.cookie },
        body: JSON.stringify({ today: athensDate(new Date()), ruleId, holdMs }),
      });
    }

    function importStatement(csv: string): Promise<Response> {
      return fetch(`${server.base}/api/v1/orders/importBankStatement`, {
        method: 'POST',
        headers: {
          cookie: admin.cookie,
          'x-csrf-token': admin.csrfToken,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ csv }),
      });
    }

    it(`keeps the runs, orders, payments and ledger whole through ${KILLS} kills`, async () => {
      const delay = randomDelays(20_261_126);
      const cards = await query<{ id: string }>(
        `select id from cards where company_id = 'C1001' and product = 'TICKET_RESTAURANT' and status = 'active'
         and family = 'plastic' and replaced_by_card_id is null and expiry_date > current_date + 30
       order by id limit 40`,
      );
      let kills = 0;
      for (let round = 0; kills < KILLS; round += 1) {
        const card = cards[round % cards.length]!.id;
        const [rule] = await query<{ id: string }>(
          `insert into recurring_rules (company_id, name, product, amount_mode, amount_cents, schedule, start_day,
           submit_mode, payment_method, runs_from, created_by)
         values ('C1001', $1, 'TICKET_RESTAURANT', 'sameForAll', 1500, '{"kind":"everyTwoWeeks","workingDaysOnly":false}',
           current_date, 'submit', 'RF', current_date, (select id from users where email = 'om1@tessera.demo'))
         returning id`,
          [`Χάος ${round}`],
        );
        await query(`insert into recurring_rule_lines (rule_id, card_id, position) values ($1, $2, 0)`, [
          rule!.id,
          card,
        ]);
        const [before] = await query<{ balance: string }>(
          `select a.balance_cents as balance from cards c join ledger_accounts a on a.id = c.account_id where c.id = $1`,
          [card],
        );

        // Killed during the run (held open a moment once claimed), then run again.
        await killDuring(() => tick(rule!.id, 200), delay());
        kills += 1;
        expect((await tick(rule!.id)).status).toBe(200);
        const orders = await query<{ id: string; total: string; rf: string; status: string }>(
          `select o.id, o.total_cents as total, o.rf_code as rf, o.status from recurring_runs r
           join recurring_run_drafts d on d.run_id = r.id join orders o on o.source_draft_id = d.draft_id
          where r.rule_id = $1`,
          [rule!.id],
        );
        expect(orders, `round ${round}: one order`).toHaveLength(1);
        const order = orders[0]!;
        expect(order.status).toBe('awaiting_payment');

        // Killed during the statement import that pays it, then imported again.
        const amount = (Number(order.total) / 100).toFixed(2).replace('.', ',');
        const csv = [
          'id;date;amount;reference;payer',
          `CH${round};2026-11-26;${amount};ΠΛΗΡΩΜΗ ${formatRf(order.rf)};ΑΚΜΗ`,
        ].join('\n');
        if (kills < KILLS) {
          await killDuring(() => importStatement(csv), delay() / 4);
          kills += 1;
        }
        const again = await importStatement(csv);
        expect(again.status, await again.clone().text()).toBe(200);

        const [paid] = await query<{ status: string; payments: number; lines: number }>(
          `select o.status,
                (select count(*)::int from payments p where p.order_id = o.id and p.status = 'succeeded') as payments,
                (select count(*)::int from bank_notices n where n.id = 'statement:' || $2) as lines
           from orders o where o.id = $1`,
          [order.id, `CH${round}`],
        );
        expect(paid, `round ${round}`).toEqual({ status: 'loaded', payments: 1, lines: 1 });
        const [after] = await query<{ balance: string }>(
          `select a.balance_cents as balance from cards c join ledger_accounts a on a.id = c.account_id where c.id = $1`,
          [card],
        );
        expect(Number(after!.balance) - Number(before!.balance), `round ${round}: loaded once`).toBe(1_500);
        const problems = await createLedgerService().checkInvariants(database.db);
        expect(problems).toEqual({ unbalancedTransactions: [], balanceMismatches: [], negativeAccounts: [] });
      }
      console.log(
        `chaos: ${kills} kills (recurring runs and statement imports), nothing lost, nothing twice`,
      );
    }, 1_800_000);
  },
);
