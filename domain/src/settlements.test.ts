import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_PRODUCTS, feeOf, type FeePlan } from './merchants';
import { isoAmount, payoutOf, sepaText, settlementOf, type SalesOfProduct } from './settlements';

const product = fc.constantFrom(...FEE_PRODUCTS);
const plan: fc.Arbitrary<FeePlan> = fc.dictionary(
  product,
  fc.integer({ min: 0, max: 1_000 }),
) as fc.Arbitrary<FeePlan>;

/** One product's day: purchases, and what was given back (up to all of earlier days' purchases). */
const productDay = fc.record({
  product,
  purchasesCents: fc.integer({ min: 0, max: 5_000_000 }),
  purchaseCount: fc.integer({ min: 0, max: 500 }),
  givenBackCents: fc.integer({ min: 0, max: 5_000_000 }),
});
const day = fc.uniqueArray(productDay, { selector: (line) => line.product, maxLength: FEE_PRODUCTS.length });

describe('the settlement arithmetic', () => {
  it('takes the fee of the plan per product and VAT on it, from sales less refunds', () => {
    const sales: SalesOfProduct[] = [
      { product: 'SPENDEO', purchasesCents: 12_000, purchaseCount: 2, givenBackCents: 0 },
      { product: 'VOUCHER', purchasesCents: 5_000, purchaseCount: 1, givenBackCents: 1_000 },
      { product: 'COPMLIMENT', purchasesCents: 700, purchaseCount: 1, givenBackCents: 0 },
    ];
    const figures = settlementOf(sales, { SPENDEO: 150, VOUCHER: 300 });
    expect(figures.lines).toEqual([
      // Sorted by product; COPMLIMENT is not in the plan: no fee.
      {
        product: 'COPMLIMENT',
        purchases: 700,
        count: 1,
        givenBack: 0,
        sales: 700,
        basisPoints: 0,
        fee: 0,
        vat: 0,
        net: 700,
      },
      {
        product: 'SPENDEO',
        purchases: 12_000,
        count: 2,
        givenBack: 0,
        sales: 12_000,
        basisPoints: 150,
        fee: 180,
        vat: 43,
        net: 11_777,
      },
      {
        product: 'VOUCHER',
        purchases: 5_000,
        count: 1,
        givenBack: 1_000,
        sales: 4_000,
        basisPoints: 300,
        fee: 120,
        vat: 29,
        net: 3_851,
      },
    ]);
    expect(figures).toMatchObject({
      purchasesCents: 17_700,
      givenBackCents: 1_000,
      grossCents: 16_700,
      feeCents: 300,
      vatCents: 72,
      netCents: 16_328,
    });
  });

  it('gives the fee back on a day of more refunds than sales', () => {
    const figures = settlementOf(
      [{ product: 'VOUCHER', purchasesCents: 0, purchaseCount: 0, givenBackCents: 5_000 }],
      { VOUCHER: 300 },
    );
    expect(figures).toMatchObject({ grossCents: -5_000, feeCents: -150, vatCents: -36, netCents: -4_814 });
  });

  // 5,000 generated days: the issue asks for ≥ 1,000 generated days in `npm test`; the
  // database-backed property test in server/src/modules/settlements runs fewer, slower ones.
  it('reconciles every generated day to the cent: fee + VAT + net = sales, per line and in total', () => {
    fc.assert(
      fc.property(day, plan, (sales, feePlan) => {
        const figures = settlementOf(sales, feePlan);
        for (const line of figures.lines) {
          expect(line.fee + line.vat + line.net).toBe(line.sales);
          expect(line.sales).toBe(line.purchases - line.givenBack);
          const expected = feeOf(line.sales, feePlan[line.product] ?? 0);
          expect([line.fee, line.vat, line.net]).toEqual([
            expected.feeCents,
            expected.vatCents,
            expected.netCents,
          ]);
          expect(Math.sign(line.fee) * Math.sign(line.sales)).toBeGreaterThanOrEqual(0);
        }
        expect(figures.feeCents + figures.vatCents + figures.netCents).toBe(figures.grossCents);
        expect(figures.grossCents).toBe(figures.purchasesCents - figures.givenBackCents);
      }),
      { numRuns: 5_000 },
    );
  });

  it('pays out over generated runs of days exactly the nets, never more and never below zero', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(day, plan), { minLength: 1, maxLength: 12 }), (days) => {
        let carry = 0;
        let nets = 0;
        let paid = 0;
        for (const [sales, feePlan] of days) {
          const { netCents } = settlementOf(sales, feePlan);
          const { payoutCents, carryCents } = payoutOf(netCents, carry);
          expect(payoutCents).toBeGreaterThanOrEqual(0);
          expect(carryCents).toBeLessThanOrEqual(0);
          nets += netCents;
          paid += payoutCents;
          carry = carryCents;
          // Whatever was not paid is carried, to the cent.
          expect(paid + carry).toBe(nets);
        }
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('SEPA text and amounts', () => {
  it('spells Greek names in Latin letters and keeps to the EPC character set and length', () => {
    expect(sepaText('Ταβέρνα «Ο Θωμάς» Ε.Π.Ε.', 70)).toBe('Taverna O Thomas E.P.E.');
    expect(sepaText('ΨΗΦΙΑΚΌ ΠΑΝΤΟΠΩΛΕΊΟ & Σία', 70)).toBe('PSIFIAKO PANTOPOLEIO Sia');
    expect(sepaText('x'.repeat(100), 70)).toHaveLength(70);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 140 }), (text, max) => {
        const out = sepaText(text, max);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).toMatch(/^[a-zA-Z0-9/\-?:().,'+ ]*$/);
      }),
    );
  });

  it('writes cents as ISO 20022 decimal euros', () => {
    expect(isoAmount(0)).toBe('0.00');
    expect(isoAmount(5)).toBe('0.05');
    expect(isoAmount(123_456)).toBe('1234.56');
    expect(() => isoAmount(-1)).toThrow(RangeError);
  });
});
