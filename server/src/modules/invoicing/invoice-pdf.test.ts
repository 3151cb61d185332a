import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pdfImages, pdfInfo, pdfText, type PdfImage } from '../../../test/pdf-text';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice-pdf';
import type { InvoiceLineRow, InvoiceRow } from './repository';

/**
 * Issue 37 §4: the printed invoice and credit note, read back from the PDF the way a reader's
 * copy-paste (or a screen reader) would, and its QR code decoded from the image in the file.
 */

const QR_URL =
  'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=Y2VkNTIzYzRjZjE0NDE2OTliOGE0ZTZmZDEyZjY2YjE%3D';
const MARK = '400001234567890';
const UID = '3F2A9C1D8E7B6A5F4E3D2C1B0A9F8E7D6C5B4A39';

function invoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: '6f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a10',
    documentType: '2.1',
    issuerVat: '099999999',
    issuerBranch: 0,
    series: 'TPY',
    number: 1042,
    issueDate: '2026-03-05',
    companyId: 'C1001',
    merchantId: null,
    counterpart: {
      vatNumber: '094019245',
      country: 'GR',
      branch: 0,
      name: 'Ακμή Τροφίμων Α.Ε.',
      street: 'Λεωφόρος Κηφισίας',
      streetNumber: '124',
      postalCode: '11526',
      city: 'Αθήνα',
      taxOffice: 'ΦΑΕ Αθηνών',
    },
    locale: 'el',
    currency: 'EUR',
    netCents: 1_350,
    vatCents: 324,
    grossCents: 1_674,
    state: 'transmitted',
    transmissionFailure: null,
    mydataUid: UID,
    mark: MARK,
    authenticationCode: null,
    qrUrl: QR_URL,
    cancellationMark: null,
    transmittedAt: new Date('2026-03-05T10:00:05Z'),
    correlatedInvoiceId: null,
    orderId: '00000000-0000-4000-8000-000000006042',
    settlementId: null,
    merchantChargeId: null,
    ledgerTransactionId: null,
    idempotencyKey: 'order:x:invoice',
    requestHash: 'x',
    createdBy: null,
    createdAt: new Date('2026-03-05T10:00:00Z'),
    ...overrides,
  };
}

function line(
  lineNumber: number,
  kind: InvoiceLineRow['kind'],
  words: [string, string],
  netCents: number,
  vatCents: number,
  quantity: number | null = null,
): InvoiceLineRow {
  return {
    invoiceId: invoiceRow().id,
    lineNumber,
    kind,
    descriptionEl: `${words[0]} — #1042`,
    descriptionEn: `${words[1]} — #1042`,
    detail: '#1042',
    quantity,
    netCents,
    vatCategory: 1,
    vatExemptionCategory: null,
    vatCents,
    incomeCategory: 'category1_3',
    incomeType: 'E3_561_001',
  };
}

const LINES = [
  line(1, 'cardFee', ['Τέλος έκδοσης κάρτας', 'Card issuance fee'], 700, 168, 2),
  line(2, 'serviceFee', ['Αμοιβή υπηρεσιών επί των φορτώσεων', 'Service fee on loaded amounts'], 150, 36),
  line(3, 'deliveryFee', ['Έξοδα αποστολής καρτών', 'Card delivery fee'], 500, 120),
];

const input = (
  overrides: Partial<InvoiceRow> = {},
  extra: Partial<InvoicePdfInput> = {},
): InvoicePdfInput => ({
  invoice: invoiceRow(overrides),
  lines: LINES,
  orderNumber: 1042,
  ...extra,
});

/** The text of a PDF as one line: fragments and wrapped lines joined by a space. */
function flat(pdf: Buffer): string {
  return pdfText(pdf).replace(/\s+/g, ' ');
}

async function textOf(pdfInput: InvoicePdfInput, locale: 'el' | 'en'): Promise<string> {
  return flat(await renderInvoicePdf(pdfInput, locale));
}

/** The text a QR code image of the PDF holds, decoded from its pixels. */
function decodeQr(image: PdfImage): string | null {
  const channels = image.colorSpace === 'DeviceRGB' ? 3 : 1;
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
    for (let channel = 0; channel < 3; channel += 1) {
      rgba[pixel * 4 + channel] = image.samples[pixel * channels + (channels === 3 ? channel : 0)]!;
    }
    rgba[pixel * 4 + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}

describe('the printed invoice', () => {
  it('prints a transmitted services invoice in Greek: parties, number, lines, VAT analysis, totals in words, MARK and UID', async () => {
    const pdf = await renderInvoicePdf(input(), 'el');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfInfo(pdf, 'Title')).toBe('Τιμολόγιο Παροχής Υπηρεσιών TPY-1042');
    const text = flat(pdf);
    for (const expected of [
      'ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ',
      'TPY-1042',
      '05/03/2026',
      // The issuer and the customer with their ΑΦΜ, tax office and address.
      '099999999',
      'Ακμή Τροφίμων Α.Ε.',
      '094019245',
      'ΦΑΕ Αθηνών',
      'Λεωφόρος Κηφισίας 124, 11526 Αθήνα',
      '#1042',
      // The lines with quantity, net, rate and VAT.
      'Τέλος έκδοσης κάρτας — #1042',
      '7,00 €',
      '24%',
      '1,68 €',
      'Ανάλυση ΦΠΑ',
      // The totals: net, VAT, gross, and the gross in words.
      '13,50 €',
      '3,24 €',
      '16,74 €',
      'Δεκαέξι ευρώ και εβδομήντα τέσσερα λεπτά',
      MARK,
      UID,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The loads are vouchers, on no invoice (ADR 056): the document says so.
    expect(text).toContain('κουπόνια πολλαπλών χρήσεων');
    // Greek only for a Greek customer.
    expect(text).not.toContain('Invoice for services');
    expect(text).not.toContain('VAT no.');
  });

  it('prints English beside the Greek for an English-speaking customer', async () => {
    const text = await textOf(input(), 'en');
    for (const expected of [
      'ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ',
      'Invoice for services',
      'ΑΦΜ / VAT no.',
      'Περιγραφή Description',
      'Card issuance fee — #1042',
      'Τέλος έκδοσης κάρτας — #1042',
      'Συνολική αξία / Total amount',
      'Δεκαέξι ευρώ και εβδομήντα τέσσερα λεπτά',
      'multi-purpose vouchers',
      MARK,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('draws the QR code of the QR URL AADE gave, which decodes to that URL', async () => {
    const pdf = await renderInvoicePdf(input(), 'el');
    const images = pdfImages(pdf);
    expect(images).toHaveLength(1);
    expect(decodeQr(images[0]!)).toBe(QR_URL);
    // The matrix is qrcode's for the URL: 4 pixels a module, a quiet zone of two modules.
    const modules = QRCode.create(QR_URL, { errorCorrectionLevel: 'M' }).modules.size;
    expect(images[0]!.width).toBe((modules + 4) * 4);
  });

  it('names the invoice a credit note credits, with its date and MARK', async () => {
    const text = await textOf(
      input(
        {
          documentType: '5.1',
          series: 'PT',
          number: 7,
          correlatedInvoiceId: invoiceRow().id,
          mark: '400009999999999',
        },
        { credited: { series: 'TPY', number: 1042, issueDate: '2026-03-05', mark: MARK } },
      ),
      'el',
    );
    expect(text).toContain('ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ / ΣΥΣΧΕΤΙΖΟΜΕΝΟ');
    expect(text).toContain('PT-7');
    expect(text).toContain('Πιστώνει το');
    expect(text).toContain('TPY-1042 (05/03/2026)');
    expect(text).toContain(MARK);
    expect(text).toContain('Συνολική αξία πίστωσης');
  });

  it('prints the loss-of-interconnection notice, and no MARK or QR code, on a document issued while AADE was unreachable', async () => {
    const waiting = input({
      state: 'transmission_failed',
      transmissionFailure: 3,
      mark: null,
      mydataUid: null,
      qrUrl: null,
      transmittedAt: null,
    });
    const pdf = await renderInvoicePdf(waiting, 'en');
    const text = flat(pdf);
    expect(text).toContain('Απώλεια Διασύνδεσης ERP – ΑΑΔΕ (myDATA)');
    expect(text).toContain('Loss of interconnection between the issuer’s ERP and AADE (myDATA)');
    expect(text).toContain('Α.1138/2020');
    expect(text).not.toContain('ΜΑΡΚ / MARK');
    expect(pdfImages(pdf)).toEqual([]);

    // Once sent with its flag, the notice stays and the MARK and QR code join it.
    const sent = await textOf(input({ transmissionFailure: 3 }), 'el');
    expect(sent).toContain('Απώλεια Διασύνδεσης ERP – ΑΑΔΕ (myDATA)');
    expect(sent).toContain('Διαβιβάστηκε στην ΑΑΔΕ μετά την αποκατάσταση της σύνδεσης.');
    expect(sent).toContain(MARK);

    // Through a provider the flag is 1: the entity could not reach it.
    expect(
      await textOf(
        input({ state: 'transmission_failed', transmissionFailure: 1, mark: null, qrUrl: null }),
        'el',
      ),
    ).toContain('Απώλεια Διασύνδεσης Οντότητας – Παρόχου');
  });

  it('says a document not yet sent waits for its MARK, and a refused one has none', async () => {
    const pending = await textOf(input({ state: 'issued', mark: null, mydataUid: null, qrUrl: null }), 'el');
    expect(pending).toContain('Σε αναμονή διαβίβασης στην ΑΑΔΕ');
    expect(pending).not.toContain('Απώλεια Διασύνδεσης');
    const refused = await textOf(input({ state: 'refused', mark: null, mydataUid: null, qrUrl: null }), 'en');
    expect(refused).toContain('Το παραστατικό απορρίφθηκε από την ΑΑΔΕ');
    expect(refused).toContain('AADE refused this document');
  });

  it('renders the same bytes for the same document, and many lines over several pages', async () => {
    expect((await renderInvoicePdf(input(), 'el')).equals(await renderInvoicePdf(input(), 'el'))).toBe(true);
    const many = Array.from({ length: 60 }, (_, index) =>
      line(index + 1, 'redemptionFee', ['Προμήθεια εξαργύρωσης', 'Commission on redemptions'], 100, 24, 3),
    );
    const text = await textOf(
      { invoice: invoiceRow({ netCents: 6_000, vatCents: 1_440, grossCents: 7_440 }), lines: many },
      'en',
    );
    expect(text).toMatch(/Σελίδα 2 από [23] · Page 2 of [23]/);
    expect(text).toContain('74,40 €');
    expect(text).not.toContain('κουπόνια');
  });
});
