import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createLedgerService } from './service';

const ledger = createLedgerService();
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

async function expectInvariants() {
  expect(await ledger.checkInvariants(database.db)).toEqual({
    unbalancedTransactions: [],
    balanceMismatches: [],
    negativeAccounts: [],
  });
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('posting', () => {
  it('moves money between accounts and keeps each balance equal to the sum of its entries', async () => {
    const bank = await ledger.bankAccount(database.db);
    const funding = await ledger.companyFundingAccount(database.db, 'C-TEST-1');
    const [card] = await ledger.openCardAccounts(database.db, 'C-TEST-1', 1);
    await ledger.post(database.db, {
      kind: 'payment',
      companyId: 'C-TEST-1',
      entries: [
        { accountId: bank, amountCents: -10_000 },
        { accountId: funding, amountCents: 10_000 },
      ],
    });
    await ledger.post(database.db, {
      kind: 'load',
      companyId: 'C-TEST-1',
      entries: [
        { accountId: funding, amountCents: -7_550 },
        { accountId: card!, amountCents: 7_550 },
      ],
    });
    expect(await ledger.balance(database.db, card!)).toBe(7_550);
    expect(await ledger.balance(database.db, funding)).toBe(2_450);
    const { rows } = await database.pool.query('select last_load_at from ledger_accounts where id = $1', [
      card,
    ]);
    expect(rows[0].last_load_at).toBeInstanceOf(Date);
    await expectInvariants();
  });

  it('refuses unbalanced, zero and one-sided postings before they reach the database', async () => {
    const [a, b] = await ledger.openCardAccounts(database.db, 'C-TEST-2', 2);
    const post = (entries: { accountId: string; amountCents: number }[]) =>
      codeOf(ledger.post(database.db, { kind: 'transfer', companyId: 'C-TEST-2', entries }));
    expect(await post([{ accountId: a!, amountCents: 100 }])).toBe('VALIDATION');
    expect(
      await post([
        { accountId: a!, amountCents: 100 },
        { accountId: b!, amountCents: -99 },
      ]),
    ).toBe('VALIDATION');
    expect(
      await post([
        { accountId: a!, amountCents: 0 },
        { accountId: b!, amountCents: 0 },
      ]),
    ).toBe('VALIDATION');
    await expectInvariants();
  });

  it('refuses a posting that would take a card below zero, and leaves nothing half-written', async () => {
    const [a, b] = await ledger.openCardAccounts(database.db, 'C-TEST-3', 2);
    const before = await database.pool.query('select count(*)::int as n from ledger_transactions');
    const code = await codeOf(
      ledger.post(database.db, {
        kind: 'transfer',
        companyId: 'C-TEST-3',
        entries: [
          { accountId: a!, amountCents: -1 },
          { accountId: b!, amountCents: 1 },
        ],
      }),
    );
    expect(code).toBe('INSUFFICIENT_BALANCE');
    const after = await database.pool.query('select count(*)::int as n from ledger_transactions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    await expectInvariants();
  });

  it('posts an idempotency key once', async () => {
    const bank = await ledger.bankAccount(database.db);
    const funding = await ledger.companyFundingAccount(database.db, 'C-TEST-4');
    const posting = {
      kind: 'payment' as const,
      companyId: 'C-TEST-4',
      idempotencyKey: 'pay-C-TEST-4-1',
      entries: [
        { accountId: bank, amountCents: -500 },
        { accountId: funding, amountCents: 500 },
      ],
    };
    await ledger.post(database.db, posting);
    expect(await codeOf(ledger.post(database.db, posting))).toBe('CONFLICT');
    expect(await ledger.balance(database.db, funding)).toBe(500);
  });

  it('reverses a transaction once, with its mirror image', async () => {
    const bank = await ledger.bankAccount(database.db);
    const funding = await ledger.companyFundingAccount(database.db, 'C-TEST-5');
    const id = await ledger.post(database.db, {
      kind: 'payment',
      companyId: 'C-TEST-5',
      entries: [
        { accountId: bank, amountCents: -900 },
        { accountId: funding, amountCents: 900 },
      ],
    });
    await ledger.reverse(database.db, id);
    expect(await ledger.balance(database.db, funding)).toBe(0);
    expect(await codeOf(ledger.reverse(database.db, id))).toBe('CONFLICT');
    await expectInvariants();
  });

  it('is append-only: the database refuses to update or delete entries and to set a balance', async () => {
    const [card] = await ledger.openCardAccounts(database.db, 'C-TEST-6', 1);
    await expect(
      database.pool.query('update ledger_entries set amount_cents = amount_cents + 1'),
    ).rejects.toThrow(/append-only/);
    await expect(database.pool.query('delete from ledger_transactions')).rejects.toThrow(/append-only/);
    await expect(
      database.pool.query('update ledger_accounts set balance_cents = 100 where id = $1', [card]),
    ).rejects.toThrow(/only through entries/);
    await expect(
      database.pool.query(
        `insert into ledger_accounts (kind, company_id, balance_cents) values ('card', 'X', 5)`,
      ),
    ).rejects.toThrow(/opens empty/);
  });
});

describe('reading', () => {
  it("gives a company's prepaid balance, its month's loads and fees, and its card loads by Athens month", async () => {
    const company = 'C-TEST-READ';
    const bank = await ledger.bankAccount(database.db);
    const fees = await ledger.feesAccount(database.db);
    expect(await ledger.prepaidBalance(database.db, company)).toBe(0);
    const funding = await ledger.companyFundingAccount(database.db, company);
    const [a, b] = await ledger.openCardAccounts(database.db, company, 2);
    const post = (kind: 'payment' | 'load' | 'fee', entries: [string, number][], postedAt?: Date) =>
      ledger.post(database.db, {
        kind,
        companyId: company,
        ...(postedAt ? { postedAt } : {}),
        entries: entries.map(([accountId, amountCents]) => ({ accountId, amountCents })),
      });
    await post('payment', [
      [bank, -50_000],
      [funding, 50_000],
    ]);
    // 31 October 23:30 UTC is already November in Athens; 31 October 20:00 UTC is still October.
    await post(
      'load',
      [
        [funding, -3_000],
        [a!, 1_000],
        [b!, 2_000],
      ],
      new Date('2026-10-31T20:00:00Z'),
    );
    await post(
      'load',
      [
        [funding, -4_000],
        [a!, 4_000],
      ],
      new Date('2026-10-31T23:30:00Z'),
    );
    await post(
      'fee',
      [
        [funding, -250],
        [fees, 250],
      ],
      new Date('2026-11-02T10:00:00Z'),
    );

    expect(await ledger.prepaidBalance(database.db, company)).toBe(42_750);
    expect(await ledger.balances(database.db, [a!, b!])).toEqual(
      new Map([
        [a!, 5_000],
        [b!, 2_000],
      ]),
    );
    expect(await ledger.cardLoadsByMonth(database.db, company, new Date('2026-10-01T00:00:00Z'))).toEqual([
      { month: '2026-10', amountCents: 3_000, loads: 2 },
      { month: '2026-11', amountCents: 4_000, loads: 1 },
    ]);
    expect(await ledger.monthFigures(database.db, company, new Date('2026-10-31T22:00:00Z'))).toEqual({
      loaded: 4_000,
      fees: 250,
    });
    await expectInvariants();
  });
});

/** One step of a generated history. Amounts are small so that refusals (insufficient) happen often. */
type Step =
  | { op: 'pay'; amount: number }
  | { op: 'load'; card: number; amount: number }
  | { op: 'unload'; card: number; amount: number }
  | { op: 'transfer'; from: number; to: number; amount: number }
  | { op: 'redeem'; card: number; amount: number }
  | { op: 'reverse'; pick: number }
  | { op: 'replay'; pick: number };

const CARDS = 4;
const amount = fc.integer({ min: 1, max: 20_000 });
const card = fc.integer({ min: 0, max: CARDS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), amount }),
  fc.record({ op: fc.constant('load' as const), card, amount }),
  fc.record({ op: fc.constant('unload' as const), card, amount }),
  fc.record({ op: fc.constant('transfer' as const), from: card, to: card, amount }),
  fc.record({ op: fc.constant('redeem' as const), card, amount }),
  fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }),
);

describe('ledger invariants over generated histories (fast-check)', () => {
  it('never creates or loses money, never takes a card below zero, posts each key once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run += 1;
        const company = `P${run}-${Date.now()}`;
        const db = database.db;
        const bank = await ledger.bankAccount(db);
        const merchant = await ledger.feesAccount(db);
        const funding = await ledger.companyFundingAccount(db, company);
        const cards = await ledger.openCardAccounts(db, company, CARDS);
        // The model: expected balances of this company's accounts, and what was posted.
        const model = new Map<string, number>([[funding, 0], ...cards.map((id) => [id, 0] as const)]);
        let bankDelta = 0;
        let merchantDelta = 0;
        const bankStart = await ledger.balance(db, bank);
        const merchantStart = await ledger.balance(db, merchant);
        const posted: { id: string; key: string; entries: { accountId: string; amountCents: number }[] }[] =
          [];
        const reversed = new Set<string>();

        const apply = (entries: { accountId: string; amountCents: number }[]) => {
          for (const entry of entries) {
            if (entry.accountId === bank) bankDelta += entry.amountCents;
            else if (entry.accountId === merchant) merchantDelta += entry.amountCents;
            else model.set(entry.accountId, model.get(entry.accountId)! + entry.amountCents);
          }
        };
        const wouldGoNegative = (entries: { accountId: string; amountCents: number }[]) =>
          entries.some(
            (entry) =>
              entry.accountId !== bank &&
              (entry.accountId === merchant ? merchantStart + merchantDelta : model.get(entry.accountId)!) +
                entries
                  .filter((e) => e.accountId === entry.accountId)
                  .reduce((sum, e) => sum + e.amountCents, 0) <
                0,
          );

        for (const [index, current] of steps.entries()) {
          let entries: { accountId: string; amountCents: number }[] = [];
          let kind: 'payment' | 'load' | 'unload' | 'transfer' | 'redemption' = 'transfer';
          if (current.op === 'reverse' || current.op === 'replay') {
            const target = posted[current.pick % Math.max(1, posted.length)];
            if (!target) continue;
            if (current.op === 'replay') {
              const code = await codeOf(
                ledger.post(db, {
                  kind: 'transfer',
                  companyId: company,
                  idempotencyKey: target.key,
                  entries: target.entries,
                }),
              );
              expect(code).toBe('CONFLICT');
              continue;
            }
            const mirror = target.entries.map((e) => ({
              accountId: e.accountId,
              amountCents: -e.amountCents,
            }));
            const code = await codeOf(ledger.reverse(db, target.id));
            if (reversed.has(target.id)) expect(code).toBe('CONFLICT');
            else if (wouldGoNegative(mirror)) expect(code).toBe('INSUFFICIENT_BALANCE');
            else {
              expect(code).toBeNull();
              reversed.add(target.id);
              apply(mirror);
            }
            continue;
          }
          switch (current.op) {
            case 'pay':
              kind = 'payment';
              entries = [
                { accountId: bank, amountCents: -current.amount },
                { accountId: funding, amountCents: current.amount },
              ];
              break;
            case 'load':
              kind = 'load';
              entries = [
                { accountId: funding, amountCents: -current.amount },
                { accountId: cards[current.card]!, amountCents: current.amount },
              ];
              break;
            case 'unload':
              kind = 'unload';
              entries = [
                { accountId: cards[current.card]!, amountCents: -current.amount },
                { accountId: funding, amountCents: current.amount },
              ];
              break;
            case 'transfer':
              if (current.from === current.to) continue;
              entries = [
                { accountId: cards[current.from]!, amountCents: -current.amount },
                { accountId: cards[current.to]!, amountCents: current.amount },
              ];
              break;
            case 'redeem':
              kind = 'redemption';
              entries = [
                { accountId: cards[current.card]!, amountCents: -current.amount },
                { accountId: merchant, amountCents: current.amount },
              ];
              break;
          }
          const key = `${company}-${index}`;
          const expectRefusal = wouldGoNegative(entries);
          let id: string | null = null;
          const code = await codeOf(
            ledger.post(db, { kind, companyId: company, idempotencyKey: key, entries }).then((value) => {
              id = value;
            }),
          );
          expect(code).toBe(expectRefusal ? 'INSUFFICIENT_BALANCE' : null);
          if (id) {
            posted.push({ id, key, entries });
            apply(entries);
          }
        }

        // Balances are what the model says; money only moved between accounts.
        const actual = await ledger.balances(db, [...model.keys()]);
        for (const [accountId, expected] of model) expect(actual.get(accountId)).toBe(expected);
        expect(await ledger.balance(db, bank)).toBe(bankStart + bankDelta);
        expect(await ledger.balance(db, merchant)).toBe(merchantStart + merchantDelta);
        const inside = [...model.values()].reduce((sum, value) => sum + value, 0);
        expect(inside + bankDelta + merchantDelta).toBe(0);
        await expectInvariants();
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
