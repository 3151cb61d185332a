import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeGreekTaxId } from './greek';
import {
  allocateCredit,
  allocateVat,
  CREDIT_NOTE,
  creditableCents,
  documentTypeFor,
  documentTypeLabel,
  formatInvoiceNumber,
  INVOICE_DOCUMENT_TYPES,
  INVOICE_LINE_KINDS,
  INVOICE_STATES,
  InvoiceCounterpartSchema,
  invoiceLinesOf,
  invoiceProblems,
  invoiceStateLabel,
  invoiceTotals,
  invoiceTypeFor,
  isVatOfNet,
  lineDescription,
  MERCHANT_SERIES,
  MYDATA_VAT_CATEGORIES,
  orderInvoiceLines,
  parseInvoiceNumber,
  postalAddressOf,
  rentalInvoiceLines,
  settlementInvoiceLines,
  STANDARD_VAT_BASIS_POINTS,
  suppliesInvoiceLines,
  transmissionDelayMs,
  transmissionFailureFlag,
  type InvoiceLineInput,
  type MydataVatCategory,
} from './invoicing';
import { supplyPriceOf, TERMINAL_RENTAL_CENTS, withVat } from './merchant-billing';
import { ORDER_TYPES } from './orders';
import { basisPointsOf, DEFAULT_PRICING, priceOrder } from './pricing';
import { CARD_FAMILIES } from './products';
import { settlementOf } from './settlements';
import { FEE_PRODUCTS } from './merchants';

const RATED_CATEGORIES = [1, 2, 3, 4, 5, 6, 9, 10] as const satisfies readonly MydataVatCategory[];

/** A line whose VAT is its net's at its category's rate, rounded half up. */
const ratedLine: fc.Arbitrary<InvoiceLineInput> = fc
  .record({
    kind: fc.constantFrom(...INVOICE_LINE_KINDS),
    netCents: fc.integer({ min: 0, max: 50_000_000 }),
    vatCategory: fc.constantFrom(...RATED_CATEGORIES),
  })
  .map((line) => ({
    ...line,
    vatCents: basisPointsOf(line.netCents, MYDATA_VAT_CATEGORIES[line.vatCategory]),
  }));

describe('document types', () => {
  it('invoices services on a services invoice, anything with goods on a sales invoice, credits on 5.1', () => {
    expect(documentTypeFor('invoice', [{ kind: 'serviceFee' }, { kind: 'deliveryFee' }])).toBe('2.1');
    expect(documentTypeFor('invoice', [{ kind: 'terminalRental' }, { kind: 'supplies' }])).toBe('1.1');
    expect(documentTypeFor('credit-note', [{ kind: 'supplies' }])).toBe(CREDIT_NOTE);
  });

  it('names every type and state in Greek and in English', () => {
    for (const type of INVOICE_DOCUMENT_TYPES) {
      expect(documentTypeLabel(type, 'el')).toMatch(/[Α-ω]/);
      expect(documentTypeLabel(type, 'en')).toMatch(/^[A-Za-z ()]+$/);
    }
    for (const state of INVOICE_STATES) {
      expect(invoiceStateLabel(state, 'el')).not.toBe(invoiceStateLabel(state, 'en'));
    }
  });

  it('classifies services as category1_3 and goods as category1_1, both E3_561_001', () => {
    const [fee, bags] = invoiceLinesOf([
      { kind: 'redemptionFee', netCents: 1_000, vatCents: 240 },
      { kind: 'supplies', netCents: 450, vatCents: 108 },
    ]);
    expect(fee).toMatchObject({
      lineNumber: 1,
      vatCategory: 1,
      incomeCategory: 'category1_3',
      incomeType: 'E3_561_001',
    });
    expect(bags).toMatchObject({
      lineNumber: 2,
      vatCategory: 1,
      incomeCategory: 'category1_1',
      incomeType: 'E3_561_001',
    });
    expect(lineDescription({ kind: 'terminalRental', detail: '2026-11' }, 'el')).toBe(
      'Μίσθωση τερματικού — 2026-11',
    );
    expect(lineDescription({ kind: 'terminalRental', detail: '' }, 'en')).toBe('Terminal rental');
  });

  it('marks a document issued while unreachable with the flag of its channel', () => {
    expect(transmissionFailureFlag('erp')).toBe(3);
    expect(transmissionFailureFlag('provider')).toBe(1);
  });
});

describe('totals', () => {
  it('are the sums of the lines, per document, per VAT category and per classification', () => {
    fc.assert(
      fc.property(fc.array(ratedLine, { minLength: 1, maxLength: 40 }), (inputs) => {
        const lines = invoiceLinesOf(inputs);
        const totals = invoiceTotals(lines);
        const sum = (pick: (line: InvoiceLineInput) => number) =>
          inputs.reduce((s, line) => s + pick(line), 0);
        expect(totals.netCents).toBe(sum((line) => line.netCents));
        expect(totals.vatCents).toBe(sum((line) => line.vatCents));
        expect(totals.grossCents).toBe(totals.netCents + totals.vatCents);
        expect(totals.byVatCategory.reduce((s, c) => s + c.netCents, 0)).toBe(totals.netCents);
        expect(totals.byVatCategory.reduce((s, c) => s + c.vatCents, 0)).toBe(totals.vatCents);
        expect(new Set(totals.byVatCategory.map((c) => c.vatCategory)).size).toBe(
          totals.byVatCategory.length,
        );
        for (const category of totals.byVatCategory) {
          const of = inputs.filter((line) => (line.vatCategory ?? 1) === category.vatCategory);
          expect(category.netCents).toBe(of.reduce((s, line) => s + line.netCents, 0));
        }
        expect(totals.byClassification.reduce((s, c) => s + c.netCents, 0)).toBe(totals.netCents);
      }),
    );
  });

  it('of a rated line are VAT within a cent of the rate: no line of a generated document is a problem', () => {
    fc.assert(
      fc.property(fc.array(ratedLine, { minLength: 1, maxLength: 20 }), (inputs) => {
        const charged = inputs.some((line) => line.netCents > 0);
        expect(invoiceProblems(inputs)).toEqual(charged ? [] : [{ code: 'nothingToInvoice' }]);
      }),
    );
  });
});

describe('allocateVat: the ledger’s VAT on the sum, spread over the lines', () => {
  const nets = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 30 });
  const rate = fc.constantFrom(2_400, 1_300, 600, 1_700, 900, 400, 300, 0);

  it('adds up to the VAT of the sum rounded half up, each line within a cent of its own VAT', () => {
    fc.assert(
      fc.property(nets, rate, (values, basisPoints) => {
        const total = basisPointsOf(
          values.reduce((s, v) => s + v, 0),
          basisPoints,
        );
        const vat = allocateVat(values, total, basisPoints);
        expect(vat.reduce((s, v) => s + v, 0)).toBe(total);
        vat.forEach((amount, index) => {
          expect(isVatOfNet(values[index]!, amount, basisPoints)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        });
        expect(allocateVat(values, total, basisPoints)).toEqual(vat);
      }),
    );
  });

  it('also takes any total between the lines’ rounded-down and rounded-up VAT (another rounding of the ledger)', () => {
    fc.assert(
      fc.property(nets, rate, fc.double({ min: 0, max: 1, noNaN: true }), (values, basisPoints, at) => {
        const low = values.reduce((s, v) => s + Math.floor((v * basisPoints) / 10_000), 0);
        const high = values.reduce((s, v) => s + Math.ceil((v * basisPoints) / 10_000), 0);
        const total = low + Math.floor(at * (high - low));
        expect(allocateVat(values, total, basisPoints).reduce((s, v) => s + v, 0)).toBe(total);
      }),
    );
  });

  it('refuses a VAT that is not the VAT of the nets', () => {
    expect(() => allocateVat([1_000, 1_000], 481, 2_400)).toThrow(RangeError);
    expect(() => allocateVat([1_000, 1_000], 479, 2_400)).toThrow(RangeError);
    expect(() => allocateVat([-5], 0, 2_400)).toThrow(RangeError);
    // 3 × 0.24 cent: the exact VAT is 0.72, so 0 or 1 cent in total, each line 0 or 1.
    expect(allocateVat([1, 1, 1], 1, 2_400)).toEqual([1, 0, 0]);
    expect(allocateVat([1, 1, 1], 0, 2_400)).toEqual([0, 0, 0]);
  });
});

describe('invoiceProblems', () => {
  const fee = (line: Partial<InvoiceLineInput>): InvoiceLineInput => ({
    kind: 'serviceFee',
    netCents: 1_000,
    vatCents: 240,
    ...line,
  });

  it('names what the law or myDATA would refuse', () => {
    expect(invoiceProblems([])).toEqual([{ code: 'noLines' }]);
    // 10.01 € at 24 % is 2.4024 €: 2.40 or 2.41 (a sum's rounding), never 2.39.
    expect(invoiceProblems([fee({ netCents: 1_001, vatCents: 241 })])).toEqual([]);
    expect(invoiceProblems([fee({ netCents: 1_001, vatCents: 239 })])).toEqual([
      { code: 'vatNotOfNet', line: 1 },
    ]);
    expect(invoiceProblems([fee({ vatCents: 239 })])).toEqual([{ code: 'vatNotOfNet', line: 1 }]);
    expect(invoiceProblems([fee({}), fee({ netCents: -1, vatCents: 0 })])).toEqual([
      { code: 'negativeAmount', line: 2 },
    ]);
    expect(invoiceProblems([fee({ netCents: 10.5 })])).toEqual([{ code: 'notWholeCents', line: 1 }]);
    expect(invoiceProblems([fee({ vatCategory: 7, vatCents: 0 })])).toEqual([
      { code: 'exemptionRequired', line: 1 },
    ]);
    expect(invoiceProblems([fee({ vatCategory: 7, vatCents: 0, vatExemptionCategory: 1 })])).toEqual([]);
    expect(invoiceProblems([fee({ vatExemptionCategory: 1 })])).toEqual([
      { code: 'exemptionNotAllowed', line: 1 },
    ]);
    expect(invoiceProblems([fee({ vatCategory: 8, vatCents: 0 })])).toEqual([
      { code: 'vatCategoryNotAllowed', line: 1 },
    ]);
    expect(invoiceProblems([fee({ netCents: 0, vatCents: 0 })])).toEqual([{ code: 'nothingToInvoice' }]);
  });

  it('leaves a credit note no more to credit than its invoice had', () => {
    expect(creditableCents(12_400, 0)).toBe(12_400);
    expect(creditableCents(12_400, 12_400)).toBe(0);
    expect(creditableCents(12_400, 13_000)).toBe(0);
  });
});

describe('from the ledger', () => {
  const order = fc.record({
    orderType: fc.constantFrom(...ORDER_TYPES),
    family: fc.constantFrom(...CARD_FAMILIES),
    lines: fc
      .array(fc.integer({ min: 0, max: 2_000_000 }), { maxLength: 25 })
      .map((amounts) => amounts.map((amountCents, index) => ({ tempCardId: `t${index}`, amountCents }))),
  });

  it('invoices an order’s fees and VAT exactly as priced, and never its loads', () => {
    fc.assert(
      fc.property(order, (input) => {
        const price = priceOrder(input, DEFAULT_PRICING);
        const lines = orderInvoiceLines(price, '#1042');
        const totals = invoiceTotals(invoiceLinesOf(lines));
        expect(totals.netCents).toBe(price.feesNetCents);
        expect(totals.vatCents).toBe(price.vatCents);
        expect(totals.grossCents).toBe(price.totalCents - price.loadCents);
        expect(lines.every((line) => line.kind !== 'supplies' && line.netCents > 0)).toBe(true);
        if (lines.length > 0) expect(invoiceProblems(lines)).toEqual([]);
        else expect(price.feesNetCents).toBe(0);
      }),
    );
  });

  it('names the cards an order’s card fee is for', () => {
    const price = priceOrder(
      {
        orderType: 'NEW',
        family: 'plastic',
        lines: [
          { tempCardId: 'a', amountCents: 5_000 },
          { tempCardId: 'b', amountCents: 5_000 },
        ],
      },
      DEFAULT_PRICING,
    );
    const lines = orderInvoiceLines(price, '#7');
    expect(lines.map((line) => [line.kind, line.netCents, line.quantity])).toEqual([
      ['cardFee', 700, 2],
      ['serviceFee', 150, null],
      ['deliveryFee', 600, null],
    ]);
    expect(lines.reduce((s, line) => s + line.vatCents, 0)).toBe(price.vatCents);
  });

  it('charges a settlement’s positive fees and credits its negative ones, per product, to the cent', () => {
    const sales = fc.array(
      fc.record({
        product: fc.constantFrom(...FEE_PRODUCTS),
        purchasesCents: fc.integer({ min: 0, max: 5_000_000 }),
        purchaseCount: fc.integer({ min: 0, max: 500 }),
        givenBackCents: fc.integer({ min: 0, max: 5_000_000 }),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(sales, fc.integer({ min: 0, max: 1_000 }), (day, basisPoints) => {
        const unique = [...new Map(day.map((line) => [line.product, line])).values()];
        const plan = Object.fromEntries(unique.map((line) => [line.product, basisPoints]));
        const settlement = settlementOf(unique, plan);
        const { charge, credit } = settlementInvoiceLines(settlement.lines);
        const net = (lines: InvoiceLineInput[]) => lines.reduce((s, line) => s + line.netCents, 0);
        const vat = (lines: InvoiceLineInput[]) => lines.reduce((s, line) => s + line.vatCents, 0);
        expect(net(charge) - net(credit)).toBe(settlement.feeCents);
        expect(vat(charge) - vat(credit)).toBe(settlement.vatCents);
        for (const lines of [charge, credit]) {
          expect(
            invoiceProblems(lines).filter((p) => p.code !== 'noLines' && p.code !== 'nothingToInvoice'),
          ).toEqual([]);
        }
      }),
    );
  });
});

describe('numbers and customers', () => {
  it('prints a number as series and number, and reads it back', () => {
    expect(formatInvoiceNumber('TPY', 1042)).toBe('TPY-1042');
    expect(parseInvoiceNumber('TPY-1042')).toEqual({ series: 'TPY', number: 1042 });
    expect(parseInvoiceNumber(' tpy 001042 ')).toEqual({ series: 'TPY', number: 1042 });
    expect(parseInvoiceNumber('TPY-0')).toBeNull();
    expect(parseInvoiceNumber('1042')).toBeNull();
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{1,10}$/),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (series, number) => {
          expect(parseInvoiceNumber(formatInvoiceNumber(series, number))).toEqual({ series, number });
        },
      ),
    );
  });

  it('takes a Greek business with a valid ΑΦΜ and nobody else', () => {
    const vatNumber = completeGreekTaxId('09401924');
    const parsed = InvoiceCounterpartSchema.parse({
      vatNumber: ` ${vatNumber} `,
      country: 'GR',
      name: 'Ακμή Α.Ε.',
    });
    expect(parsed).toMatchObject({ vatNumber, branch: 0, postalCode: '', taxOffice: '' });
    expect(
      InvoiceCounterpartSchema.safeParse({ vatNumber: '094019240', country: 'GR', name: 'X' }).success,
    ).toBe(vatNumber === '094019240');
    expect(InvoiceCounterpartSchema.safeParse({ vatNumber, country: 'CY', name: 'X' }).success).toBe(false);
  });

  it('keeps the standard rate at 24 %', () => {
    expect(STANDARD_VAT_BASIS_POINTS).toBe(2_400);
  });
});

describe('merchants’ charges, credits and transmission (ADR 059)', () => {
  it('invoices a rental and a supply order from their charges, to the cent', () => {
    const rental = withVat(TERMINAL_RENTAL_CENTS);
    expect(
      rentalInvoiceLines({
        amountCents: rental.grossCents,
        vatCents: rental.vatCents,
        period: '2026-11',
        mid: '20020101',
      }),
    ).toEqual([
      {
        kind: 'terminalRental',
        netCents: TERMINAL_RENTAL_CENTS,
        vatCents: rental.vatCents,
        quantity: 1,
        detail: '2026-11 · MID 20020101',
      },
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 20 }), (bags, stickers) => {
        fc.pre(bags + stickers > 0);
        const price = supplyPriceOf(bags, stickers);
        const lines = suppliesInvoiceLines({
          amountCents: price.grossCents,
          vatCents: price.vatCents,
          bags,
          stickers,
        });
        expect(lines.map((line) => line.quantity)).toEqual([bags, stickers].filter((count) => count > 0));
        expect(lines.every((line) => line.kind === 'supplies')).toBe(true);
        expect(lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(price.netCents);
        expect(lines.reduce((sum, line) => sum + line.vatCents, 0)).toBe(price.vatCents);
        expect(invoiceProblems(lines)).toEqual([]);
        expect(invoiceTypeFor(lines)).toBe('1.1');
      }),
    );
    expect(() => suppliesInvoiceLines({ amountCents: 1_000, vatCents: 240, bags: 1, stickers: 0 })).toThrow(
      RangeError,
    );
    expect(MERCHANT_SERIES).toEqual({ '2.1': 'MTPY', '1.1': 'MTP', '5.1': 'MPT' });
  });

  it('spreads a credit over the invoices in order, none beyond what it has open, splitting a line to the cent', () => {
    const creditLine = fc.integer({ min: 1, max: 500_000 }).map((net): InvoiceLineInput => ({
      kind: 'redemptionFee',
      netCents: net,
      vatCents: basisPointsOf(net, 2_400),
    }));
    fc.assert(
      fc.property(
        fc.array(creditLine, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 400_000 }), { maxLength: 5 }),
        (lines, opens) => {
          const invoices = opens.map((open, index) => ({ invoiceId: `i${index}`, openGrossCents: open }));
          const { notes, left } = allocateCredit(lines, invoices);
          const all = [...notes.flatMap((note) => note.lines), ...left];
          const sum = (pick: (line: InvoiceLineInput) => number, of: InvoiceLineInput[]) =>
            of.reduce((total, line) => total + pick(line), 0);
          // Nothing lost or made: what was credited and what is left add up to what was asked.
          expect(sum((line) => line.netCents, all)).toBe(sum((line) => line.netCents, lines));
          expect(sum((line) => line.vatCents, all)).toBe(sum((line) => line.vatCents, lines));
          for (const note of notes) {
            const open = invoices.find((invoice) => invoice.invoiceId === note.invoiceId)!.openGrossCents;
            expect(sum((line) => line.netCents + line.vatCents, note.lines)).toBeLessThanOrEqual(open);
            expect(invoiceProblems(note.lines)).toEqual([]);
          }
          // Invoices are used in the order given, and something is left only when they are full.
          expect(notes.map((note) => note.invoiceId)).toEqual(
            invoices
              .filter((invoice) => notes.some((note) => note.invoiceId === invoice.invoiceId))
              .map((i) => i.invoiceId),
          );
          // Something is left only when every invoice is full, to the cent or two a split cannot use.
          if (left.length > 0) {
            for (const invoice of invoices) {
              const note = notes.find((candidate) => candidate.invoiceId === invoice.invoiceId);
              const used = note ? sum((line) => line.netCents + line.vatCents, note.lines) : 0;
              expect(invoice.openGrossCents - used).toBeLessThanOrEqual(2);
            }
          }
        },
      ),
    );
    expect(
      allocateCredit(
        [{ kind: 'redemptionFee', netCents: 1_000, vatCents: 240 }],
        [
          { invoiceId: 'a', openGrossCents: 620 },
          { invoiceId: 'b', openGrossCents: 10_000 },
        ],
      ),
    ).toEqual({
      notes: [
        { invoiceId: 'a', lines: [{ kind: 'redemptionFee', netCents: 500, vatCents: 120 }] },
        { invoiceId: 'b', lines: [{ kind: 'redemptionFee', netCents: 500, vatCents: 120 }] },
      ],
      left: [],
    });
  });

  it('reads a one-line Greek address into its parts, or none', () => {
    expect(postalAddressOf('Λεωφόρος Κηφισίας 124, 115 26 Αθήνα')).toEqual({
      street: 'Λεωφόρος Κηφισίας',
      streetNumber: '124',
      postalCode: '11526',
      city: 'Αθήνα',
    });
    expect(postalAddressOf('Αγίου Ανδρέου 18Α, 26221 Πάτρα')).toEqual({
      street: 'Αγίου Ανδρέου',
      streetNumber: '18Α',
      postalCode: '26221',
      city: 'Πάτρα',
    });
    expect(postalAddressOf('Πατριάρχου Ιωακείμ 19')).toEqual({
      street: '',
      streetNumber: '',
      postalCode: '',
      city: '',
    });
  });

  it('waits longer after each unanswered attempt, then every hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(transmissionDelayMs)).toEqual([
      30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(transmissionDelayMs(0)).toBe(30_000);
  });
});
