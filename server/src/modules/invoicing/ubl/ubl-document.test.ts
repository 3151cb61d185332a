import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feeOf,
  orderInvoiceLines,
  priceOrder,
  rentalInvoiceLines,
  settlementInvoiceLines,
  supplyPriceOf,
  suppliesInvoiceLines,
  type CardCategory,
  type InvoiceLineInput,
} from '@tessera/domain';
import { openTestDatabase } from '../../../../test/harness';
import { CUSTOMER_VAT, MERCHANT_VAT } from '../../../../test/invoicing-helper';
import type { Database } from '../../../platform/db';
import { issueInvoice, type IssueInvoiceOptions, type IssuedInvoice } from '../issue-invoice';
import type { InvoiceRow } from '../repository';
import { greekInvoiceId, ublInvoiceXml, type UblContext } from './ubl-document';
import { describeFailure, validateEn16931 } from './validate-en16931';
import { validateUblXsd } from './xsd';

/**
 * Issue 37 §5 (ADR 060): each invoice and credit note as a UBL 2.1 document following EN 16931,
 * checked with OASIS's UBL 2.1 schemas (xmllint) and the European Commission's EN 16931 rules
 * (their XSLT, run by SaxonJS): documents issued through `issueInvoice` as the ledger facts issue
 * them — an order's fees, a settlement day's commission, a rental, a supply order, a credit note, a
 * line exempt from VAT — and a broken document, so that the check is seen to fail. On PGlite, and
 * on PostgreSQL with TESSERA_TEST_DB=postgres.
 */

const ISSUER = '099999999';
let database: Database;

/** The document is valid UBL 2.1 and breaks no EN 16931 rule, fatal or warning (ADR 060). */
async function expectCompliant(xml: string): Promise<void> {
  const [schema, rules] = await Promise.all([validateUblXsd(xml), validateEn16931(xml)]);
  const problems = [
    ...(schema.valid ? [] : schema.errors.map((error) => `UBL 2.1 XSD: ${error}`)),
    ...rules.fatal.map(describeFailure),
    ...rules.warnings.map((warning) => `warning: ${describeFailure(warning)}`),
  ];
  if (problems.length > 0) {
    expect.fail(`the document breaks ${problems.length} rule(s):\n${problems.join('\n')}\n\n${xml}`);
  }
}

/** The text of the first `element` (a `prefix:Name`) of `xml`, or each one's. */
const textOf = (xml: string, element: string) => new RegExp(`<${element}[^>]*>([^<]*)</`).exec(xml)?.[1];
const textsOf = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}[^>]*>([^<]*)</`, 'g'))].map((match) => match[1]);

beforeAll(async () => {
  database = await openTestDatabase();
  await database.pool.query(
    `insert into companies (id, name, vat, postal_code, city, street, street_number)
     values ('C-UBL-1', 'Ακμή Τροφίμων Α.Ε.', $1, '10564', 'Αθήνα', 'Σταδίου', '10')`,
    [CUSTOMER_VAT],
  );
  await database.pool.query(
    `with account as (
       insert into ledger_accounts (kind, merchant_id, allow_negative) values ('merchant', 'M-UBL-1', true) returning id)
     insert into merchants (id, legal_name, trade_name, vat_number, iban, contact_name, contact_email, fee_plan, ledger_account_id)
     select 'M-UBL-1', 'Φούρνος Γάμμα Ο.Ε.', 'Γάμμα', $1, 'GR1601101250000000012300695', 'Γ. Γάμμα', 'g@gamma.example', '{}', id from account`,
    [MERCHANT_VAT],
  );
});

afterAll(async () => {
  await database?.close();
});

const company = {
  customer: { companyId: 'C-UBL-1' },
  counterpart: {
    vatNumber: CUSTOMER_VAT,
    country: 'GR' as const,
    name: 'Ακμή Τροφίμων Α.Ε.',
    street: 'Σταδίου',
    streetNumber: '10',
    postalCode: '10564',
    city: 'Αθήνα',
  },
};
const merchant = {
  customer: { merchantId: 'M-UBL-1' },
  counterpart: {
    vatNumber: MERCHANT_VAT,
    country: 'GR' as const,
    name: 'Φούρνος Γάμμα Ο.Ε.',
    street: 'Ερμού',
    streetNumber: '5',
    postalCode: '54624',
    city: 'Θεσσαλονίκη',
  },
};

function issue(
  lines: readonly InvoiceLineInput[],
  options: Partial<IssueInvoiceOptions> & Pick<IssueInvoiceOptions, 'customer' | 'counterpart'>,
): Promise<IssuedInvoice> {
  return database.db.transaction((tx) =>
    issueInvoice(tx, {
      idempotencyKey: `ubl:${randomUUID()}`,
      kind: 'invoice',
      issuer: { vatNumber: ISSUER },
      issueDate: '2026-11-30',
      lines,
      ...options,
    }),
  );
}

/**
 * What AADE and the fact give a stored row later or elsewhere: its MARK and page once transmitted,
 * and what it charges (an order, a settlement, a merchant charge: rows of other modules).
 */
function asTransmitted(invoice: InvoiceRow, overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    ...invoice,
    state: 'transmitted',
    mydataUid: 'C5C3A2B8B1A0F0E9D8C7B6A5F4E3D2C1B0A9F8E7',
    mark: '400001234567890',
    qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc&r=1',
    ...overrides,
  };
}

describe('UBL documents of invoices and credit notes (EN 16931)', () => {
  let orderInvoice: IssuedInvoice;

  beforeAll(async () => {
    // An order of three new plastic cards and a replacement: card fees, replacement fee, the
    // service fee on the loads and the delivery, the order's VAT spread over them to the cent.
    const price = priceOrder({
      orderType: 'NEW',
      family: 'plastic',
      lines: [
        { tempCardId: 'a', amountCents: 5_000 },
        { tempCardId: 'b', amountCents: 3_333 },
        { tempCardId: 'c', amountCents: 1_250 },
      ],
    });
    orderInvoice = await issue(orderInvoiceLines(price, '#1042'), { ...company, locale: 'en' });
  });

  it('builds a services invoice of an order’s fees with several lines: totals to the cent, the MARK, paid with the order', async () => {
    const { invoice, lines } = orderInvoice;
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const xml = ublInvoiceXml(asTransmitted(invoice, { orderId: randomUUID() }), lines, {
      orderNumber: 1042,
    });
    await expectCompliant(xml);
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(textOf(xml, 'cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017');
    expect(textOf(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(textOf(xml, 'cbc:ID')).toBe(`${ISSUER}|30/11/2026|0|2.1|TPY|${invoice.number}`);
    expect(textOf(xml, 'cbc:DocumentCurrencyCode')).toBe('EUR');
    // Seller and buyer with their VAT ids, EL for Greece, and their addresses.
    expect(textsOf(xml, 'cbc:CompanyID')).toEqual([`EL${ISSUER}`, `EL${CUSTOMER_VAT}`]);
    expect(textsOf(xml, 'cbc:StreetName')).toEqual(['Λεωφόρος Κηφισίας 124', 'Σταδίου 10']);
    expect(textsOf(xml, 'cbc:PostalZone')).toEqual(['11526', '10564']);
    // The MARK, as the Greek CIUS describes it, and AADE's page of the document.
    expect(xml).toMatch(
      /<cac:AdditionalDocumentReference>\s*<cbc:ID>400001234567890<\/cbc:ID>\s*<cbc:DocumentDescription>##M\.AR\.K##</,
    );
    expect(xml).toContain('<cbc:URI>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc&amp;r=1</cbc:URI>');
    expect(textOf(xml, 'cbc:LineExtensionAmount')).toBe((invoice.netCents / 100).toFixed(2));
    expect(textOf(xml, 'cbc:TaxInclusiveAmount')).toBe((invoice.grossCents / 100).toFixed(2));
    expect(textOf(xml, 'cbc:PrepaidAmount')).toBe((invoice.grossCents / 100).toFixed(2));
    expect(textOf(xml, 'cbc:PayableAmount')).toBe('0.00');
    expect(textOf(xml, 'cac:OrderReference>\\s*<cbc:ID')).toBe('1042');
    // English beside the Greek, as the customer's language asks.
    expect(textsOf(xml, 'cbc:Description')[0]).toMatch(/^Card issuance fee — #1042$/);
    expect(textsOf(xml, 'cbc:Name')).toContain('Τέλος έκδοσης κάρτας — #1042');
    // Issued before AADE answered: no MARK yet, and still compliant.
    const untransmitted = ublInvoiceXml(invoice, lines, { locale: 'el' });
    await expectCompliant(untransmitted);
    expect(untransmitted).not.toContain('AdditionalDocumentReference');
    expect(untransmitted).not.toContain('<cbc:Description>');
  });

  it('keeps each settled product’s own VAT, as the ledger posted it, in the breakdown: the sums hold to the cent', async () => {
    const products: [CardCategory, number][] = [
      ['SPENDEO', 12_345],
      ['MY_BENEFITS', 133],
      ['TICKET_RESTAURANT', 133],
      ['VOUCHER', 133],
      ['COPMLIMENT', 54_321],
    ];
    const { charge } = settlementInvoiceLines(
      products.map(([product, sales]) => {
        const { feeCents, vatCents } = feeOf(sales, 150);
        return { product, fee: feeCents, vat: vatCents, count: 3 };
      }),
    );
    const { invoice, lines } = await issue(charge, { ...merchant, series: 'MTPY' });
    // Per product the VAT rounds 2.40 in all; 24 % of the 10.06 together would be 2.41.
    expect([invoice.netCents, invoice.vatCents]).toEqual([1_006, 240]);
    const xml = ublInvoiceXml(asTransmitted(invoice, { settlementId: randomUUID() }), lines);
    await expectCompliant(xml);
    expect(textOf(xml, 'cac:TaxTotal>\\s*<cbc:TaxAmount')).toBe('2.40');
    expect(textOf(xml, 'cbc:TaxableAmount')).toBe('10.06');
    // The commission is set off in the day's payout.
    expect(textOf(xml, 'cbc:PaymentMeansCode')).toBe('97');
    expect(textOf(xml, 'cbc:PayableAmount')).toBe('0.00');
    expect(textsOf(xml, 'cbc:Note')).toContain('3 συναλλαγές');
  });

  it('builds a sales invoice of a merchant’s supplies and a rental, payable by transfer to the provider', async () => {
    const supplies = supplyPriceOf(3, 1);
    const lines = [
      ...suppliesInvoiceLines({
        amountCents: supplies.grossCents,
        vatCents: supplies.vatCents,
        bags: 3,
        stickers: 1,
      }),
      ...rentalInvoiceLines({ amountCents: 1_228, vatCents: 238, period: '2026-11', mid: '000000001' }),
    ];
    const issued = await issue(lines, { ...merchant, series: 'MTP' });
    expect(issued.invoice.documentType).toBe('1.1');
    const context: UblContext = {
      payment: {
        meansCode: '58',
        payeeIban: 'GR3101700100000000001234567',
        paymentId: 'RF18539007547034',
      },
    };
    const xml = ublInvoiceXml({ ...issued.invoice, merchantChargeId: randomUUID() }, issued.lines, context);
    await expectCompliant(xml);
    expect(textOf(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(textOf(xml, 'cbc:ID')).toMatch(/\|1\.1\|MTP\|\d+$/);
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="XPK">3</cbc:InvoicedQuantity>');
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="MON">1</cbc:InvoicedQuantity>');
    expect(textOf(xml, 'cbc:PaymentID')).toBe('RF18539007547034');
    expect(textOf(xml, 'cbc:PayableAmount')).toBe((issued.invoice.grossCents / 100).toFixed(2));
    expect(xml).not.toContain('PrepaidAmount');
    // A credit transfer without the account to pay to is no payment instruction (BR-61).
    expect(() => ublInvoiceXml(issued.invoice, issued.lines, { payment: { meansCode: '58' } })).toThrow(
      /BR-61/,
    );
  });

  it('builds a credit note naming the invoice it credits', async () => {
    const invoice = orderInvoice.invoice;
    const credit = await issue([{ kind: 'serviceFee', netCents: 150, vatCents: 36 }], {
      ...company,
      kind: 'credit-note',
      correlatedInvoiceId: invoice.id,
      issueDate: '2026-12-02',
    });
    const xml = ublInvoiceXml(asTransmitted(credit.invoice, { mark: '400001234567999' }), credit.lines, {
      credited: invoice,
    });
    await expectCompliant(xml);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(textOf(xml, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(textOf(xml, 'cbc:ID')).toBe(`${ISSUER}|02/12/2026|0|5.1|PT|${credit.invoice.number}`);
    expect(xml).toMatch(
      new RegExp(
        `<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${greekInvoiceId(invoice).replace(/[|.]/g, '\\$&')}</cbc:ID>\\s*<cbc:IssueDate>2026-11-30</cbc:IssueDate>`,
      ),
    );
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="C62">1</cbc:CreditedQuantity>');
    expect(textOf(xml, 'cbc:PayableAmount')).toBe('1.86');
    // Without the invoice it credits (or with another), there is no credit note to build.
    expect(() => ublInvoiceXml(credit.invoice, credit.lines)).toThrow(/needs the invoice it credits/);
    expect(() =>
      ublInvoiceXml(credit.invoice, credit.lines, { credited: { ...invoice, id: randomUUID() } }),
    ).toThrow(/needs the invoice it credits/);
  });

  it('puts a line exempt from VAT in category E with its exemption reason', async () => {
    const { invoice, lines } = await issue(
      [
        {
          kind: 'terminalRental',
          netCents: 990,
          vatCents: 238,
          quantity: 1,
          detail: '2026-11 · MID 000000002',
        },
        { kind: 'redemptionFee', netCents: 1_000, vatCents: 0, vatCategory: 7, vatExemptionCategory: 1 },
      ],
      { ...merchant, series: 'MTPYE' },
    );
    const xml = ublInvoiceXml(invoice, lines);
    await expectCompliant(xml);
    expect(textsOf(xml, 'cac:TaxCategory>\\s*<cbc:ID')).toEqual(['E', 'S']);
    expect(textOf(xml, 'cbc:TaxExemptionReason')).toBe(
      'Απαλλαγή από ΦΠΑ, κατηγορία εξαίρεσης myDATA 1 (ν. 5144/2024)',
    );
    expect(textOf(xml, 'cbc:TaxInclusiveAmount')).toBe('22.28');
  });

  it('prices units that do not divide the net as the net for all of them', async () => {
    const { invoice, lines } = await issue(
      [{ kind: 'replacementFee', netCents: 1_000, vatCents: 240, quantity: 3 }],
      company,
    );
    const xml = ublInvoiceXml(invoice, lines);
    await expectCompliant(xml);
    expect(xml).toMatch(
      /<cbc:PriceAmount currencyID="EUR">10\.00<\/cbc:PriceAmount>\s*<cbc:BaseQuantity unitCode="C62">3</,
    );
  });
});

describe('the EN 16931 check', () => {
  it('refuses a document whose sums do not hold, or whose seller has no VAT id, naming the rules', async () => {
    const { invoice, lines } = await issue([{ kind: 'serviceFee', netCents: 1_000, vatCents: 240 }], company);
    const xml = ublInvoiceXml(invoice, lines);
    await expectCompliant(xml);

    const brokenSum = xml.replace(
      '<cbc:TaxInclusiveAmount currencyID="EUR">12.40</cbc:TaxInclusiveAmount>',
      '<cbc:TaxInclusiveAmount currencyID="EUR">12.41</cbc:TaxInclusiveAmount>',
    );
    expect(brokenSum).not.toBe(xml);
    await expect(validateUblXsd(brokenSum)).resolves.toEqual({ valid: true });
    const sums = await validateEn16931(brokenSum);
    expect(sums.fatal.map((failure) => failure.id)).toEqual(expect.arrayContaining(['BR-CO-15', 'BR-CO-16']));
    expect(sums.fatal.find((failure) => failure.id === 'BR-CO-15')?.text).toBe(
      '[BR-CO-15]-Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).',
    );
    await expect(expectCompliant(brokenSum)).rejects.toThrow(
      /BR-CO-15 \[BR-CO-15\]-Invoice total amount with VAT/,
    );

    const sellerWithoutVat = xml.replace(
      /(<cac:AccountingSupplierParty>[\s\S]*?)<cac:PartyTaxScheme>[\s\S]*?<\/cac:PartyTaxScheme>/,
      '$1',
    );
    expect(sellerWithoutVat).not.toContain(`EL${ISSUER}`);
    const seller = await validateEn16931(sellerWithoutVat);
    expect(seller.fatal.map((failure) => failure.id)).toEqual(
      expect.arrayContaining(['BR-S-02', 'BR-CO-26']),
    );

    // And OASIS's schema: an element where UBL's sequence has none.
    const misplaced = await validateUblXsd(
      xml.replace(
        '<cbc:IssueDate>',
        '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:IssueDate>',
      ),
    );
    expect(misplaced.valid).toBe(false);
  });
});
