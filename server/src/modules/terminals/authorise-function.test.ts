import {
  CARD_CATEGORIES,
  CARD_STATUSES,
  CORE_CATEGORY_OF_STORE,
  ENROLMENT_STATES,
  MATCH_FOLD_FROM,
  MATCH_FOLD_TO,
  SPEND_CATEGORIES,
  SPEND_PERIODS,
  declineReasonOf,
  foldForMatch,
  type AuthorisationFacts,
  type AuthorisationRule,
} from '@tessera/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { openTestDatabase } from '../../../test/harness';
import { engineSeed, engineShare, shareNote } from '../../../test/engine-share';

/**
 * The database's transcription of the purchase rule (migration 0033, ADR 053) held to the domain's:
 * `terminal_decline_reason` must answer every generated set of facts as `declineReasonOf` does, and
 * the constants it carries (the fold of names, the core category of each store category) must be
 * the domain's. Generated inputs on a small alphabet of Greek and Latin letters, capitals, accents
 * and final sigma, so that merchant-name rules often match, nearly match or miss.
 */
const RUNS = 600;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await database.db.execute<{ value: T }>(query);
  return result.rows[0]!.value;
}

const LETTERS = ['a', 'A', 'á', 'α', 'Α', 'ά', 'Ά', 'σ', 'ς', 'Σ', 'ι', 'ΐ', 'Ϊ', 'é', 'E', 'ß', 'Я', ' '];
const name = (maxLength: number) => fc.string({ unit: fc.constantFrom(...LETTERS), maxLength });
const day = fc.constantFrom('2026-11-28', '2026-11-29', '2026-11-30');

const rule: fc.Arbitrary<AuthorisationRule> = fc.record({
  product: fc.constantFrom(...CARD_CATEGORIES),
  target: fc.oneof(
    fc.record({ kind: fc.constant('category' as const), category: fc.constantFrom(...SPEND_CATEGORIES) }),
    fc.record({ kind: fc.constant('merchant' as const), merchant: name(3) }),
    fc.record({ kind: fc.constant('period' as const) }),
    fc.record({
      kind: fc.constant('core' as const),
      coreCategory: fc.constantFrom('food', 'fuel', 'transport', 'culture', 'education', 'health'),
    }),
  ),
  period: fc.constantFrom(...SPEND_PERIODS),
  limitCents: fc.option(fc.integer({ min: 0, max: 6_000 }), { nil: null, freq: 4 }),
  spentCents: fc.integer({ min: 0, max: 5_000 }),
});

const generatedFacts: fc.Arbitrary<AuthorisationFacts> = fc.record({
  amountCents: fc.oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: 5_000 })),
  today: fc.constant('2026-11-29'),
  terminal: fc.record({ state: fc.constantFrom('enrolled', 'enrolled', 'enrolled', ...ENROLMENT_STATES) }),
  store: fc.record({
    category: fc.constantFrom(...SPEND_CATEGORIES),
    acceptedProducts: fc.subarray([...CARD_CATEGORIES]),
    merchantName: name(8),
  }),
  card: fc.record({
    status: fc.constantFrom('active', 'active', 'active', ...CARD_STATUSES),
    expiryDate: day,
    product: fc.constantFrom(...CARD_CATEGORIES),
    balanceCents: fc.integer({ min: 0, max: 6_000 }),
    spentTodayCents: fc.oneof(fc.integer({ min: 1_500, max: 2_600 }), fc.integer({ min: 0, max: 3_000 })),
    isLocked: fc.constantFrom(false, false, false, true),
  }),
  rules: fc.array(rule, { maxLength: 4 }),
});
/** Most stores accept the card's product, and most rules are of it: the later branches are reached. */
const facts = fc
  .tuple(generatedFacts, fc.boolean(), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
  .map(([f, accepts, ownRules]) => ({
    ...f,
    store: {
      ...f.store,
      acceptedProducts: accepts
        ? [...new Set([...f.store.acceptedProducts, f.card.product])]
        : f.store.acceptedProducts,
    },
    rules: f.rules.map((r, index) => (ownRules[index] ? { ...r, product: f.card.product } : r)),
  }));

/** A meal card that may buy `amountCents` after `spentTodayCents` today, under one Spendeo-like rule. */
function boundary(
  product: AuthorisationFacts['card']['product'],
  spentTodayCents: number,
  amountCents: number,
  rules: AuthorisationRule[] = [],
): [AuthorisationFacts] {
  return [
    {
      amountCents,
      today: '2026-11-29',
      terminal: { state: 'enrolled' },
      store: { category: 'restaurants', acceptedProducts: [product], merchantName: 'ΤΑΒΕΡΝΑ ΚΩΣΤΑΣ' },
      card: {
        status: 'active',
        expiryDate: '2026-11-29',
        product,
        balanceCents: 5_000,
        spentTodayCents,
        isLocked: false,
      },
      rules,
    },
  ];
}
const limit = (limitCents: number | null, spentCents: number): AuthorisationRule[] => [
  {
    product: 'SPENDEO',
    target: { kind: 'merchant', merchant: 'Κώστας' },
    period: 'day',
    limitCents,
    spentCents,
  },
];
/** The edges the generator may miss: the daily cap and a rule's limit met exactly and passed by a cent. */
const EDGES = [
  boundary('TICKET_RESTAURANT', 2_000, 500),
  boundary('TICKET_RESTAURANT', 2_000, 501),
  boundary('SPENDEO', 0, 700, limit(1_000, 300)),
  boundary('SPENDEO', 0, 701, limit(1_000, 300)),
  boundary('SPENDEO', 0, 1, limit(null, 0)),
];

describe('terminal_authorise (the purchase in one statement) against the domain', () => {
  it('folds names exactly as foldForMatch does', async () => {
    expect(await one<string>(sql`select tessera_fold(${MATCH_FOLD_FROM}) as value`)).toBe(MATCH_FOLD_TO);
    await fc.assert(
      fc.asyncProperty(name(12), async (text) => {
        expect(await one<string>(sql`select tessera_fold(${text}) as value`)).toBe(foldForMatch(text));
      }),
      { numRuns: 100, seed: engineSeed(36_2) },
    );
  });

  it('knows the core category of every store category as the domain does', async () => {
    for (const category of [...SPEND_CATEGORIES, 'unknown']) {
      const value = await one<string | null>(sql`select terminal_core_category(${category}) as value`);
      expect(value, category).toBe(
        CORE_CATEGORY_OF_STORE[category as keyof typeof CORE_CATEGORY_OF_STORE] ?? null,
      );
    }
  });

  it(`declines or approves every generated purchase as declineReasonOf does (${RUNS} cases${shareNote(RUNS)})`, async () => {
    let declined = 0;
    let refusedByRule = 0;
    await fc.assert(
      fc.asyncProperty(facts, async (f) => {
        const expected = declineReasonOf(f);
        const actual = await one<string | null>(sql`
          select terminal_decline_reason(
            ${f.amountCents}::bigint, ${f.today}::date, ${f.terminal.state}, ${f.store.category},
            ${sql.param(f.store.acceptedProducts)}::text[], ${f.store.merchantName}, ${f.card.status},
            ${f.card.isLocked ?? false}, ${f.card.expiryDate}::date, ${f.card.product},
            ${f.card.balanceCents}::bigint, ${f.card.spentTodayCents}::bigint, ${JSON.stringify(f.rules)}::jsonb
          ) as value`);
        expect(actual).toBe(expected);
        if (expected !== null) declined += 1;
        if (expected === 'spendRuleRefused') refusedByRule += 1;
      }),
      { numRuns: engineShare(RUNS), seed: engineSeed(36_3), examples: EDGES },
    );
    // The generator reaches both answers and the rules' branch, not only the early declines.
    expect(declined).toBeGreaterThan(0);
    expect(declined).toBeLessThan(engineShare(RUNS) - 10);
    expect(refusedByRule).toBeGreaterThan(0);
  });
});
