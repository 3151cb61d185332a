import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TYPES, shipmentOf, type OrderType } from './orders';
import { basisPointsOf, DEFAULT_PRICING, priceOrder, termsWithContract, type PricingTerms } from './pricing';
import { CARD_FAMILIES, type CardFamily } from './products';

const orderType = fc.constantFrom(...ORDER_TYPES);
const family = fc.constantFrom(...CARD_FAMILIES);
const amounts = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 30 });
const terms: fc.Arbitrary<PricingTerms> = fc.record({
  cardFeeCents: fc.record({
    plastic: fc.integer({ min: 0, max: 2_000 }),
    virtual: fc.integer({ min: 0, max: 2_000 }),
    spendeo: fc.integer({ min: 0, max: 2_000 }),
    mybenefits: fc.integer({ min: 0, max: 2_000 }),
  }),
  replacementFeeCents: fc.record({
    DAMAGED: fc.integer({ min: 0, max: 2_000 }),
    LOST: fc.integer({ min: 0, max: 2_000 }),
    EXPIRED: fc.integer({ min: 0, max: 2_000 }),
    UPGRADE: fc.integer({ min: 0, max: 2_000 }),
  }),
  serviceFeeBasisPoints: fc.integer({ min: 0, max: 1_000 }),
  deliveryFeeCents: fc.integer({ min: 0, max: 5_000 }),
  vatBasisPoints: fc.integer({ min: 0, max: 3_000 }),
});

function order(type: OrderType, fam: CardFamily, values: number[]) {
  return {
    orderType: type,
    family: fam,
    lines: values.map((amountCents, index) => ({ tempCardId: `l${index}`, amountCents })),
  };
}

describe('basisPointsOf', () => {
  it.each([
    [10_000, 150, 150],
    [3_333, 150, 50], // 49.995 → 50 (half up)
    [3_300, 150, 50], // 49.5 → 50
    [3_299, 150, 49], // 49.485 → 49
    [0, 2_400, 0],
  ])('%i × %i bp = %i', (amount, bp, expected) => expect(basisPointsOf(amount, bp)).toBe(expected));
});

describe('priceOrder (ADR 009)', () => {
  it('prices a new plastic Ticket Restaurant order by hand', () => {
    const price = priceOrder(order('NEW', 'plastic', [0, 10_000, 3_333]));
    expect(price).toEqual({
      lines: [
        { tempCardId: 'l0', loadCents: 0, cardFeeCents: 350, replacementFeeCents: 0, serviceFeeCents: 0 },
        {
          tempCardId: 'l1',
          loadCents: 10_000,
          cardFeeCents: 350,
          replacementFeeCents: 0,
          serviceFeeCents: 150,
        },
        {
          tempCardId: 'l2',
          loadCents: 3_333,
          cardFeeCents: 350,
          replacementFeeCents: 0,
          serviceFeeCents: 50,
        },
      ],
      loadCents: 13_333,
      cardFeesCents: 1_050,
      replacementFeesCents: 0,
      serviceFeesCents: 200,
      deliveryFeeCents: 600,
      feesNetCents: 1_850,
      vatCents: 444,
      totalCents: 15_627,
    });
  });

  it('charges no card fee and no delivery for loads, the replacement fee for replacements, no delivery for virtual cards', () => {
    expect(priceOrder(order('LOAD', 'plastic', [5_000]))).toMatchObject({
      cardFeesCents: 0,
      deliveryFeeCents: 0,
    });
    expect(priceOrder(order('LOST', 'plastic', [0, 0]))).toMatchObject({
      cardFeesCents: 0,
      replacementFeesCents: 1_000,
      deliveryFeeCents: 600,
    });
    expect(priceOrder(order('EXPIRED', 'plastic', [0])).replacementFeesCents).toBe(0);
    expect(priceOrder(order('NEW', 'virtual', [0])).deliveryFeeCents).toBe(0);
    expect(priceOrder(order('NEW', 'plastic', [])).deliveryFeeCents).toBe(0);
  });

  it('charges the delivery fee exactly when the order ships something, by the rule the order page states', () => {
    fc.assert(
      fc.property(
        orderType,
        family,
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 5 }),
        (type, fam, values) => {
          const price = priceOrder(order(type, fam, values), { ...DEFAULT_PRICING, deliveryFeeCents: 600 });
          expect(price.deliveryFeeCents).toBe(shipmentOf({ orderType: type, family: fam }).ships ? 600 : 0);
        },
      ),
    );
  });

  it('total = loads + fees + VAT, VAT on the fees only, every figure an integer', () => {
    fc.assert(
      fc.property(orderType, family, amounts, terms, (type, fam, values, given) => {
        const price = priceOrder(order(type, fam, values), given);
        const sum = (pick: (line: (typeof price.lines)[number]) => number) =>
          price.lines.reduce((total, line) => total + pick(line), 0);
        expect(price.loadCents).toBe(values.reduce((a, b) => a + b, 0));
        expect(price.cardFeesCents).toBe(sum((line) => line.cardFeeCents));
        expect(price.replacementFeesCents).toBe(sum((line) => line.replacementFeeCents));
        expect(price.serviceFeesCents).toBe(sum((line) => line.serviceFeeCents));
        expect(price.feesNetCents).toBe(
          price.cardFeesCents + price.replacementFeesCents + price.serviceFeesCents + price.deliveryFeeCents,
        );
        expect(price.vatCents).toBe(basisPointsOf(price.feesNetCents, given.vatBasisPoints));
        expect(price.totalCents).toBe(price.loadCents + price.feesNetCents + price.vatCents);
        const figures = [
          ...Object.values(price).filter((value): value is number => typeof value === 'number'),
          ...price.lines.flatMap((line) => [
            line.loadCents,
            line.cardFeeCents,
            line.replacementFeeCents,
            line.serviceFeeCents,
          ]),
        ];
        for (const figure of figures) expect(Number.isSafeInteger(figure) && figure >= 0).toBe(true);
      }),
    );
  });

  it('VAT does not depend on the loads: the same fees, any loads, the same VAT', () => {
    fc.assert(
      fc.property(orderType, family, amounts, terms, (type, fam, values, given) => {
        const free = { ...given, serviceFeeBasisPoints: 0 };
        const loaded = priceOrder(order(type, fam, values), free);
        const empty = priceOrder(
          order(
            type,
            fam,
            values.map(() => 0),
          ),
          free,
        );
        expect(loaded.vatCents).toBe(empty.vatCents);
        expect(loaded.totalCents - empty.totalCents).toBe(loaded.loadCents);
      }),
    );
  });

  it('is monotonic: raising any line’s amount never lowers the total', () => {
    fc.assert(
      fc.property(
        orderType,
        family,
        amounts.filter((values) => values.length > 0),
        fc.nat(),
        fc.integer({ min: 0, max: 1_000_000 }),
        terms,
        (type, fam, values, at, raise, given) => {
          const index = at % values.length;
          const raised = values.map((value, i) => (i === index ? value + raise : value));
          const before = priceOrder(order(type, fam, values), given);
          const after = priceOrder(order(type, fam, raised), given);
          expect(after.totalCents).toBeGreaterThanOrEqual(before.totalCents);
          expect(after.serviceFeesCents).toBeGreaterThanOrEqual(before.serviceFeesCents);
        },
      ),
    );
  });
});

describe('termsWithContract', () => {
  it('overrides the card fee of the order’s family and the service fee, nothing else', () => {
    const terms = termsWithContract('spendeo', { cardFeeCents: 123, loadFeeBasisPoints: 77 });
    expect(terms).toEqual({
      ...DEFAULT_PRICING,
      cardFeeCents: { ...DEFAULT_PRICING.cardFeeCents, spendeo: 123 },
      serviceFeeBasisPoints: 77,
    });
    expect(termsWithContract('plastic', null)).toBe(DEFAULT_PRICING);
  });
});
