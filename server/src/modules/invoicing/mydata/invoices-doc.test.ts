import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { documentOf, MERCHANT_VAT, orderFeeLines } from '../../../../test/invoicing-helper';
import { parseInvoicesDoc } from './aade-xml';
import { invoicesDocXml, type MydataDocument } from './invoices-doc';
import { MYDATA_XSD_FOLDER, MYDATA_XSD_VERSION, validateMydataXml } from './xsd';

/**
 * Issue 37 §2: every myDATA document the portal builds validates against AADE's published XSD
 * (`xsd/`, v2.0.1) — an invoice, a credit note, one issued under transmission failure, one mixing
 * VAT treatments and goods with services — and a broken document does not, so the check cannot
 * pass silently.
 */

async function expectValid(xml: string) {
  const verdict = await validateMydataXml(xml);
  expect(verdict, xml).toEqual({ valid: true });
}

const invoice = documentOf(orderFeeLines(), { aa: 1042 });

describe('the InvoicesDoc builder', () => {
  it('builds a services invoice for an order’s fees that AADE’s schema accepts', async () => {
    const xml = invoicesDocXml([invoice]);
    await expectValid(xml);
    expect(xml).toContain('<InvoicesDoc xmlns="http://www.aade.gr/myDATA/invoice/v1.0"');
    expect(xml).toContain('xmlns:icls="https://www.aade.gr/myDATA/incomeClassificaton/v1.0"');
    expect(xml).toContain('<invoiceType>2.1</invoiceType>');
    expect(xml).toContain('<aa>1042</aa>');
    // card fees 7.00, service fee 1.50, delivery 6.00: 14.50 net, 3.48 VAT at 24 %.
    expect(xml).toContain('<totalNetValue>14.50</totalNetValue>');
    expect(xml).toContain('<totalVatAmount>3.48</totalVatAmount>');
    expect(xml).toContain('<totalGrossValue>17.98</totalGrossValue>');
    expect(xml).toContain('<icls:classificationCategory>category1_3</icls:classificationCategory>');
    // A Greek issuer sends no name or address; a Greek counterpart no name, its address yes.
    const [read] = parseInvoicesDoc(xml);
    expect(read).toMatchObject({ issuerVat: '099999999', invoiceType: '2.1', series: 'TPY', aa: '1042' });
    expect(xml).not.toContain('<name>');
    expect(xml).toContain('<postalCode>10564</postalCode>');
    expect(xml).not.toContain('transmissionFailure');
  });

  it('builds a credit note that names the MARK of the invoice it credits', async () => {
    const xml = invoicesDocXml([
      documentOf([{ kind: 'serviceFee', netCents: 150, vatCents: 36 }], {
        kind: 'credit-note',
        correlatedMark: '400001234567890',
      }),
    ]);
    await expectValid(xml);
    expect(xml).toContain('<invoiceType>5.1</invoiceType>');
    expect(xml).toContain('<correlatedInvoices>400001234567890</correlatedInvoices>');
  });

  it('builds an invoice issued while AADE was unreachable, flagged as such', async () => {
    const xml = invoicesDocXml([documentOf(orderFeeLines(), { transmissionFailure: 3 })]);
    await expectValid(xml);
    expect(xml).toMatch(/<invoice>\s*<transmissionFailure>3<\/transmissionFailure>\s*<issuer>/);
  });

  it('builds a document mixing goods and services and two VAT treatments, with the exemption where needed', async () => {
    const mixed = documentOf(
      [
        { kind: 'terminalRental', netCents: 990, vatCents: 238, quantity: 1, detail: '2026-11' },
        { kind: 'supplies', netCents: 450, vatCents: 108 },
        // A line without VAT names its reason (category 7, exemption 1: outside the scope, arts 2–3).
        { kind: 'redemptionFee', netCents: 1_000, vatCents: 0, vatCategory: 7, vatExemptionCategory: 1 },
        { kind: 'redemptionFee', netCents: 333, vatCents: 20, vatCategory: 3 },
      ],
      { counterpartVat: MERCHANT_VAT, series: 'TP' },
    );
    const xml = invoicesDocXml([mixed]);
    await expectValid(xml);
    expect(xml).toContain('<invoiceType>1.1</invoiceType>');
    expect(xml.match(/<vatExemptionCategory>/g)).toHaveLength(1);
    expect(xml).toContain('<vatExemptionCategory>1</vatExemptionCategory>');
    expect(xml).toContain('<icls:classificationCategory>category1_1</icls:classificationCategory>');
    expect(xml).toContain('<totalNetValue>27.73</totalNetValue>');
    expect(xml).toContain('<totalVatAmount>3.66</totalVatAmount>');
    // The summary sums the classifications: services 23.23, goods 4.50.
    const summary = xml.slice(xml.indexOf('<invoiceSummary>'));
    expect(summary).toContain('<icls:amount>23.23</icls:amount>');
    expect(summary).toContain('<icls:amount>4.50</icls:amount>');
  });

  it('puts several documents in one InvoicesDoc, and names a foreign counterpart', async () => {
    const foreign: MydataDocument = {
      ...invoice,
      aa: 1043,
      counterpart: {
        vatNumber: 'CY10259033P',
        country: 'CY',
        branch: 0,
        name: 'Cyprus Foods Ltd',
        address: null,
      },
    };
    const xml = invoicesDocXml([invoice, foreign]);
    await expectValid(xml);
    expect(parseInvoicesDoc(xml).map((read) => read.aa)).toEqual(['1042', '1043']);
    expect(xml).toContain('<name>Cyprus Foods Ltd</name>');
  });

  it('refuses to build an empty document', () => {
    expect(() => invoicesDocXml([])).toThrow(RangeError);
    expect(() => invoicesDocXml([{ ...invoice, lines: [] }])).toThrow(RangeError);
  });
});

describe('the schema check', () => {
  const good = invoicesDocXml([invoice]);

  it('rejects a broken document, naming what is wrong', async () => {
    const cases = [
      // A VAT category myDATA does not have.
      good.replace('<vatCategory>1</vatCategory>', '<vatCategory>11</vatCategory>'),
      // The summary left out.
      good.replace(/<invoiceSummary>[\s\S]*<\/invoiceSummary>/, ''),
      // Elements out of the schema's order.
      good.replace(/(<series>TPY<\/series>)(\s*)(<aa>1042<\/aa>)/, '$3$2$1'),
      // A third decimal (AmountType has two; 14.500 would pass, its zero is not significant).
      good.replace('<totalNetValue>14.50</totalNetValue>', '<totalNetValue>14.505</totalNetValue>'),
      // Not even XML.
      good.replace('</InvoicesDoc>', ''),
    ];
    for (const broken of cases) {
      expect(broken).not.toBe(good);
      const verdict = await validateMydataXml(broken);
      expect(verdict.valid, broken).toBe(false);
      if (!verdict.valid) expect(verdict.errors.join(' ')).not.toBe('');
    }
  });

  it('checks against the vendored schemas of the version it names', async () => {
    const files = (await readdir(MYDATA_XSD_FOLDER)).filter((name) => name.endsWith('.xsd'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.every((name) => name.includes(`-v${MYDATA_XSD_VERSION}.xsd`))).toBe(true);
    expect(await validateMydataXml(good, 'ResponseDoc')).toMatchObject({ valid: false });
  });
});
