import type { TerminalAnswer } from '@tessera/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestMerchant, type TestTerminal } from '../../../test/merchant-helper';
import { demoWorldTestFile } from '../../../test/tenant-helper';
import { engineShare, shareNote } from '../../../test/engine-share';

/**
 * Generated sequences of terminal calls (issue 15 §7): loads onto cards, authorisations, reversals,
 * partial refunds, repeats of earlier calls (same content → same answer; other content →
 * `duplicate`) and calls out of order (a reversal or refund before its authorisation →
 * `originalNotFound`, the authorisation arriving after), over a few fresh cards and two terminals
 * of a merchant. A model predicts every answer and balance; after each sequence the ledger must
 * agree with it, hold no negative balance, have created or lost no money, and show each terminal
 * transaction once.
 *
 * TERMINAL_PROPERTY_RUNS sets the number of sequences (1,000 in `npm test`; `npm run bench --
 * pos-properties` runs 10,000). The service is called directly (the HTTP layer has its own tests);
 * the file shares one app and one merchant (a terminal's secret is argon2-hashed, too slow to make
 * 1,000 times): each sequence gets fresh cards and terminal transaction ids of its own, and measures
 * the merchant's account from where the sequence found it.
 */
const RUNS = Number(process.env.TERMINAL_PROPERTY_RUNS ?? 1_000);
/** This engine's part of them when both engines run (server/test/engine-share.ts). */
const ENGINE_RUNS = engineShare(RUNS);
const CARDS_PER_RUN = 3;
const COMPANY = 'C1003';

const world = demoWorldTestFile({ cardScale: 0, timeoutMs: 60_000 });

type Step =
  | { op: 'load'; card: number; amount: number }
  | { op: 'authorise'; terminal: number; card: number; amount: number; early: number | null }
  | { op: 'reverse'; otherTerminal: boolean; original: number }
  | { op: 'refund'; otherTerminal: boolean; original: number; amount: number }
  | { op: 'early'; terminal: number; kind: 'reverse' | 'refund'; amount: number }
  | { op: 'repeat'; call: number; same: boolean };

const terminalIndex = fc.integer({ min: 0, max: 1 });
const cardIndex = fc.integer({ min: 0, max: CARDS_PER_RUN - 1 });
const small = fc.integer({ min: 1, max: 3_000 });
/** A reversal or refund sent by the other terminal than its purchase's (which does not know it): one in four. */
const otherTerminal = fc.constantFrom(false, false, false, true);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('load' as const), card: cardIndex, amount: small }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('authorise' as const),
      terminal: terminalIndex,
      card: cardIndex,
      amount: small,
      // Which waiting early call's original this authorisation is, if any (modulo their number).
      early: fc.option(fc.nat(), { nil: null, freq: 2 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('reverse' as const),
      otherTerminal,
      original: fc.nat(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      otherTerminal,
      original: fc.nat(),
      amount: fc.integer({ min: 1, max: 1_500 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('early' as const),
      terminal: terminalIndex,
      kind: fc.constantFrom('reverse' as const, 'refund' as const),
      amount: small,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('repeat' as const), call: fc.nat(), same: fc.boolean() }),
  },
);

type Card = { cardId: string; token: string; accountId: string };

/** A call as made: who, what, and the answer it got (a repeat must get the same). */
type Call = {
  terminal: number;
  id: string;
  kind: 'authorise' | 'reverse' | 'refund';
  body: Record<string, unknown>;
  answer: TerminalAnswer;
};

/** An approved authorisation in the model: what is left to give back. */
type Purchase = {
  terminal: number;
  id: string;
  card: number;
  amount: number;
  refunded: number;
  reversed: boolean;
};

let terminals: TestTerminal[];
let merchantAccountId: string;
const spare: Card[] = [];

/** Fresh active gift-voucher cards (no spend rule, no daily cap) with empty accounts. */
async function freshCards(count: number): Promise<Card[]> {
  while (spare.length < count) {
    const created = await world.ctx.app.services.cards.createCards(
      world.ctx.database.db,
      COMPANY,
      Array.from({ length: 200 }, (_, index) => ({
        product: 'VOUCHER' as const,
        family: 'virtual' as const,
        status: 'active' as const,
        cardholder: { firstName: 'Δοκιμή', lastName: `Ιδιότητας ${spare.length + index}` },
      })),
    );
    spare.push(...created.map((card) => ({ cardId: card.id, token: card.token, accountId: card.accountId })));
  }
  return spare.splice(0, count);
}

beforeAll(async () => {
  const merchant = await createTestMerchant(world.ctx, { mids: ['66600001', '66600002'] });
  terminals = merchant.terminals;
  const { rows } = await world.ctx.database.pool.query<{ id: string }>(
    'select ledger_account_id as id from merchants where id = $1',
    [merchant.merchantId],
  );
  merchantAccountId = rows[0]!.id;
}, 60_000);

describe('terminal calls over generated sequences (fast-check)', () => {
  it(
    `keep every balance as modelled, create and lose no money and apply each call once (${RUNS} sequences${shareNote(RUNS)})`,
    async () => {
      const { app, database } = world.ctx;
      const { terminals: service, ledger } = app.services;
      const bank = await ledger.bankAccount(database.db);
      let run = 0;
      const started = performance.now();

      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 0, max: 8_000 }), {
            minLength: CARDS_PER_RUN,
            maxLength: CARDS_PER_RUN,
          }),
          fc.array(step, { minLength: 1, maxLength: 6 }),
          async (initialLoads, steps) => {
            run += 1;
            const prefix = `P${run}-${Date.now().toString(36)}`;
            const cards = await freshCards(CARDS_PER_RUN);
            const merchantStart = await ledger.balance(database.db, merchantAccountId);
            const balances = cards.map(() => 0);
            let loaded = 0;
            let merchantDelta = 0;
            let approvedCalls = 0;
            let sequence = 0;
            const calls: Call[] = [];
            const purchases: Purchase[] = [];
            /** Early reversals/refunds whose original id is still unused: the authorisation comes later. */
            const waiting: { terminal: number; id: string }[] = [];
            const time = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString();
            const caller = (terminal: number) => ({
              terminalId: terminals[terminal]!.terminalId,
              mid: terminals[terminal]!.mid,
            });

            const send = (terminal: number, kind: Call['kind'], body: Record<string, unknown>) => {
              const request = { ...body, mid: terminals[terminal]!.mid } as never;
              const options = { locale: 'en' as const };
              if (kind === 'authorise') return service.authorise(caller(terminal), request, options);
              if (kind === 'reverse') return service.reverse(caller(terminal), request, options);
              return service.refund(caller(terminal), request, options);
            };
            const expectApproved = (answer: TerminalAnswer, amount: number, balance: number) => {
              expect(answer).toMatchObject({
                outcome: 'approved',
                amountCents: amount,
                balanceCents: balance,
              });
              approvedCalls += 1;
            };
            const expectDeclined = (answer: TerminalAnswer, reason: string) =>
              expect(answer).toMatchObject({ outcome: 'declined', reason });

            /** A reversal or refund by the model: the original of this terminal, if approved. */
            async function giveBack(
              terminal: number,
              kind: 'reverse' | 'refund',
              originalId: string,
              amount: number,
            ) {
              sequence += 1;
              const id = `${prefix}-${sequence}`;
              const body = {
                terminalTransactionId: id,
                originalTerminalTransactionId: originalId,
                time: time(sequence),
                ...(kind === 'refund' ? { amountCents: amount } : {}),
              };
              const answer = await send(terminal, kind, body);
              const purchase = purchases.find((p) => p.id === originalId && p.terminal === terminal);
              if (!purchase) expectDeclined(answer, 'originalNotFound');
              else if (purchase.reversed || (kind === 'reverse' && purchase.refunded > 0)) {
                expectDeclined(answer, 'alreadyReversed');
              } else {
                const back = kind === 'reverse' ? purchase.amount : amount;
                if (kind === 'refund' && back > purchase.amount - purchase.refunded) {
                  expectDeclined(answer, 'amountAboveRefundable');
                } else {
                  if (kind === 'reverse') purchase.reversed = true;
                  else purchase.refunded += back;
                  balances[purchase.card]! += back;
                  merchantDelta -= back;
                  expectApproved(answer, back, balances[purchase.card]!);
                }
              }
              calls.push({ terminal, id, kind, body, answer });
              return id;
            }

            /** Loads onto cards: a ledger posting bank → cards, as a paid order's. */
            async function load(amounts: number[]) {
              const entries = amounts.flatMap((amount, card) =>
                amount > 0 ? [{ accountId: cards[card]!.accountId, amountCents: amount }] : [],
              );
              if (entries.length === 0) return;
              const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
              await ledger.post(database.db, {
                kind: 'load',
                companyId: COMPANY,
                reference: prefix,
                entries: [{ accountId: bank, amountCents: -total }, ...entries],
              });
              amounts.forEach((amount, card) => (balances[card]! += amount));
              loaded += total;
            }

            await load(initialLoads);
            for (const s of steps) {
              if (s.op === 'load') {
                await load(cards.map((_, card) => (card === s.card ? s.amount : 0)));
              } else if (s.op === 'authorise') {
                // The original an early reversal/refund of this terminal named, or a new id.
                const candidates = waiting.filter((w) => w.terminal === s.terminal);
                const early =
                  s.early !== null && candidates.length > 0 ? candidates[s.early % candidates.length]! : null;
                if (early) waiting.splice(waiting.indexOf(early), 1);
                sequence += 1;
                const id = early?.id ?? `${prefix}-${sequence}`;
                const body = {
                  terminalTransactionId: id,
                  cardToken: cards[s.card]!.token,
                  amountCents: s.amount,
                  time: time(sequence),
                };
                const answer = await send(s.terminal, 'authorise', body);
                if (s.amount > balances[s.card]!) expectDeclined(answer, 'insufficientBalance');
                else {
                  balances[s.card]! -= s.amount;
                  merchantDelta += s.amount;
                  expectApproved(answer, s.amount, balances[s.card]!);
                  purchases.push({
                    terminal: s.terminal,
                    id,
                    card: s.card,
                    amount: s.amount,
                    refunded: 0,
                    reversed: false,
                  });
                }
                calls.push({ terminal: s.terminal, id, kind: 'authorise', body, answer });
              } else if (s.op === 'reverse' || s.op === 'refund') {
                // An earlier authorisation, approved or not (now and then sent by the other terminal:
                // not found there), or, before any, one that never was.
                const authorisations = calls.filter((call) => call.kind === 'authorise');
                const original = authorisations[s.original % Math.max(1, authorisations.length)];
                const terminal = original ? (s.otherTerminal ? 1 - original.terminal : original.terminal) : 0;
                await giveBack(
                  terminal,
                  s.op,
                  original?.id ?? `${prefix}-none`,
                  s.op === 'refund' ? s.amount : 0,
                );
              } else if (s.op === 'early') {
                sequence += 1;
                const originalId = `${prefix}-${sequence}`;
                await giveBack(s.terminal, s.kind, originalId, s.amount);
                waiting.push({ terminal: s.terminal, id: originalId });
              } else if (calls.length > 0) {
                // A repeat: same id, same content → the first answer again; other content → duplicate.
                // (The time is not content: a retry stamped later is the same call, ADR 016.)
                const call = calls[s.call % calls.length]!;
                const body = s.same
                  ? call.body
                  : 'amountCents' in call.body
                    ? { ...call.body, amountCents: (call.body.amountCents as number) + 1 }
                    : {
                        ...call.body,
                        time: time(10_000 + sequence),
                        originalTerminalTransactionId: `${String(call.body.originalTerminalTransactionId)}-other`,
                      };
                const answer = await send(call.terminal, call.kind, body);
                if (s.same) expect(answer).toEqual(call.answer);
                else expectDeclined(answer, 'duplicate');
              }
            }

            // The ledger agrees with the model.
            const accountIds = cards.map((card) => card.accountId);
            const actual = await ledger.balances(database.db, accountIds);
            expect(accountIds.map((id) => actual.get(id))).toEqual(balances);
            const merchantNow = await ledger.balance(database.db, merchantAccountId);
            expect(merchantNow - merchantStart).toBe(merchantDelta);
            expect(balances.reduce((sum, balance) => sum + balance, 0) + merchantDelta).toBe(loaded);
            const { rows } = await database.pool.query<{
              negative: number;
              unbalanced: number;
              effects: number;
              linked: number;
              records: number;
              repeated: number;
            }>(
              `select
               (select count(*)::int from ledger_accounts
                 where (id = any($1::uuid[]) or id = $2) and balance_cents < 0) as negative,
               (select count(*)::int from (
                  select e.transaction_id from ledger_entries e
                   where e.transaction_id in (select transaction_id from ledger_entries where account_id = any($1::uuid[]))
                   group by e.transaction_id having sum(e.amount_cents) <> 0) u) as unbalanced,
               (select count(distinct e.transaction_id)::int from ledger_entries e
                  join ledger_transactions t on t.id = e.transaction_id
                 where e.account_id = any($1::uuid[]) and t.kind <> 'load') as effects,
               (select count(distinct ledger_transaction_id)::int from terminal_transactions
                 where terminal_id = any($3::uuid[]) and terminal_transaction_id like $4 and ledger_transaction_id is not null) as linked,
               (select count(*)::int from terminal_transactions
                 where terminal_id = any($3::uuid[]) and terminal_transaction_id like $4) as records,
               (select count(*)::int from (
                  select 1 from terminal_transactions
                   where terminal_id = any($3::uuid[]) and terminal_transaction_id like $4
                   group by terminal_id, terminal_transaction_id having count(*) > 1) r) as repeated`,
              [accountIds, merchantAccountId, terminals.map((t) => t.terminalId), `${prefix}-%`],
            );
            const facts = rows[0]!;
            expect(facts.negative).toBe(0);
            expect(facts.unbalanced).toBe(0);
            // Each approved call moved money exactly once; every first call left one record, repeats none.
            expect(facts.effects).toBe(approvedCalls);
            expect(facts.linked).toBe(approvedCalls);
            expect(facts.records).toBe(calls.length);
            expect(facts.repeated).toBe(0);
          },
        ),
        { numRuns: ENGINE_RUNS },
      );

      // Money is neither created nor destroyed anywhere: all entries of the database sum to zero.
      const { rows } = await database.pool.query<{ total: string }>(
        'select coalesce(sum(amount_cents), 0)::text as total from ledger_entries',
      );
      expect(rows[0]!.total).toBe('0');
      expect(await ledger.checkInvariants(database.db)).toEqual({
        unbalancedTransactions: [],
        balanceMismatches: [],
        negativeAccounts: [],
      });
      console.log(
        `terminal property: ${ENGINE_RUNS} sequences${shareNote(RUNS)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    Math.max(120_000, ENGINE_RUNS * 300),
  );
});
