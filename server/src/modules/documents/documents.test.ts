import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import {
  DEFAULT_PRICING,
  emailGreeting,
  formatAmount,
  formatRf,
  OrderDetailsSchema,
  priceOrder,
  rfOfOrderNumber,
  type OrderCard,
  type OrderDetails,
} from '@tessera/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import { pdfInfo, pdfText } from '../../../test/pdf-text';
import type { Database } from '../../platform/db';
import { createMailer } from '../../platform/mail';
import { mailOutbox } from '../../platform/schema';
import { writeOrderAnalysisExcel } from './analysis-excel';
import { formatIban, PROVIDER_BANK_ACCOUNT } from '../payments';
import { neutralizeCell } from '@tessera/domain';
import {
  ORDER_EMAIL_KINDS,
  ORDER_EMAIL_PLACEHOLDERS,
  orderLabel,
  renderOrderEmail,
  type OrderEmailTemplates,
} from './order-emails';
import { PROFORMA_MAX_LINES, renderProformaPdf } from './proforma';
import type { DocumentCompany, OrderDocumentInput } from './types';

// ---------------------------------------------------------------- fixtures

const COMPANY: DocumentCompany = { companyId: 'C-000123', name: 'Ελληνικά Τρόφιμα Α.Ε.', vat: '094014201' };

type Holder = OrderCard['cardholder'];
const holder = (index: number): Holder => ({
  firstName: 'Κάτοχος',
  lastName: String(index + 1).padStart(5, '0'),
  email: `holder${index + 1}@example.gr`,
  employeeCode: `E-${index + 1}`,
});

/** Lines of a new-cards-with-load order, priced by the domain's own `priceOrder`. */
function orderCards(count: number, holders: (index: number) => Holder = holder): OrderCard[] {
  const price = priceOrder({
    orderType: 'NEW_LOAD',
    family: 'plastic',
    lines: Array.from({ length: count }, (_, index) => ({
      tempCardId: `t-${index}`,
      amountCents: 5_000 + (index % 3) * 1_000,
    })),
  });
  return price.lines.map((line, index) => ({
    position: index + 1,
    tempCardId: line.tempCardId,
    cardholder: holders(index),
    card:
      index % 4 === 0
        ? null
        : {
            cardId: '33333333-3333-4333-8333-333333333333',
            maskedNumber: `534711******${String(1000 + (index % 9000)).padStart(4, '0')}`,
            cardName: 'Ticket Restaurant',
            status: 'active',
            balanceCents: 0,
          },
    replacedCard: null,
    amountCents: line.loadCents,
    cardFeeCents: line.cardFeeCents,
    replacementFeeCents: line.replacementFeeCents,
    serviceFeeCents: line.serviceFeeCents,
  }));
}

function orderOf(cards: readonly OrderCard[], overrides: Partial<OrderDetails> = {}): OrderDetails {
  const { lines: _lines, ...price } = priceOrder(
    {
      orderType: 'NEW_LOAD',
      family: 'plastic',
      lines: cards.map((card) => ({ tempCardId: card.tempCardId, amountCents: card.amountCents })),
    },
    DEFAULT_PRICING,
  );
  // Parsed by the API's own schema: the fixture is an order the API could return.
  return OrderDetailsSchema.parse({
    orderId: '11111111-1111-4111-8111-111111111111',
    orderNumber: 1042,
    companyId: COMPANY.companyId,
    reason: 'new-card',
    orderType: 'NEW_LOAD',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    draftOrderAlias: 'Μισθοδοσία Νοεμβρίου',
    status: 'awaiting_payment',
    cards: cards.length,
    totalCents: price.totalCents,
    rfCode: rfOfOrderNumber(1042),
    submittedBy: '22222222-2222-4222-8222-222222222222',
    submittedByName: 'Ελένη Παπαδοπούλου',
    // 22:30 UTC on the 20th is 00:30 on the 21st in Athens: the date must be Athens'.
    submittedAt: '2026-11-20T22:30:00.000Z',
    updatedAt: '2026-11-20T22:30:00.000Z',
    invoiceComments: 'Κέντρο κόστους 42, εντολή αγοράς PO-7781',
    deliveryPoint: null,
    price,
    paidCents: 0,
    payments: [],
    timeline: [],
    approval: {
      required: false,
      thresholdCents: null,
      approvalsRequired: 0,
      approvals: [],
      expiresAt: null,
      decidedByName: '',
      decidedAt: null,
      rejectedReason: '',
    },
    trackingNumber: '',
    actions: { approve: false, pay: true, cancel: true, reorder: true, activate: false },
    ...overrides,
  });
}

function documentInput(count: number): OrderDocumentInput {
  const cards = orderCards(count);
  return { order: orderOf(cards), company: COMPANY, cards };
}

// ---------------------------------------------------------------- the proforma

describe('the proforma PDF', () => {
  it('is a PDF in DejaVu Sans whose Greek text, RF code, IBAN and total can be read back', async () => {
    const input = documentInput(3);
    const pdf = await renderProformaPdf(input, 'el');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\n/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\n/);
    // No standard font (which has no Greek) sneaks in.
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);

    const text = pdfText(pdf);
    for (const expected of [
      'Προτιμολόγιο',
      'Tessera Prepaid Cards S.A.',
      'ΑΦΜ 099999999 · ΔΟΥ ΦΑΕ Αθηνών',
      COMPANY.name,
      COMPANY.vat,
      COMPANY.companyId,
      '#1042',
      'Ημερομηνία: 21/11/2026',
      'Μισθοδοσία Νοεμβρίου',
      'Κέντρο κόστους 42, εντολή αγοράς PO-7781',
      'Νέες κάρτες με φόρτιση',
      'Φορτίσεις καρτών (δεν υπόκεινται σε ΦΠΑ)',
      'ΦΠΑ 24% επί των αμοιβών',
      'Πληρωτέο σύνολο',
      formatRf(input.order.rfCode),
      formatIban(PROVIDER_BANK_ACCOUNT.iban),
      PROVIDER_BANK_ACCOUNT.bic,
      'Εθνική Τράπεζα της Ελλάδος',
      formatAmount(input.order.price.totalCents),
      formatAmount(input.order.price.vatCents),
      formatAmount(input.order.price.feesNetCents),
      'Κάτοχος 00003',
      'Το παρόν δεν αποτελεί φορολογικό παραστατικό.',
      'Σελίδα 1 από 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(formatRf(input.order.rfCode)).toBe('RF97 0000 0000 1042');
    expect(text).not.toContain('Proforma invoice');
    expect(text).not.toContain('\ufffd');
  });

  it('speaks English in English, naming the Greek company as it is', async () => {
    const input = documentInput(2);
    const text = pdfText(await renderProformaPdf(input, 'en'));
    for (const expected of [
      'Proforma invoice',
      'Date: 21/11/2026',
      'New cards with a load',
      'Card loads (not subject to VAT)',
      'VAT 24% on fees',
      'Total to pay',
      'National Bank of Greece',
      COMPANY.name,
      formatAmount(input.order.price.totalCents),
      'This is not a tax invoice.',
      'Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Προτιμολόγιο');
  });

  it('carries its metadata, dated from the order, and renders the same bytes twice', async () => {
    const input = documentInput(2);
    const pdf = await renderProformaPdf(input, 'el');
    expect(pdfInfo(pdf, 'Title')).toBe('Προτιμολόγιο #1042');
    expect(pdfInfo(pdf, 'Author')).toBe('Tessera Prepaid Cards S.A.');
    expect(pdfInfo(pdf, 'Subject')).toBe(`Παραγγελία #1042: ${COMPANY.name}`);
    expect(pdfInfo(pdf, 'CreationDate')).toBe('D:20261120223000Z');
    expect((await renderProformaPdf(input, 'el')).equals(pdf)).toBe(true);
  });

  it(`prints a 1,000-card order as its summary and the first ${PROFORMA_MAX_LINES} cards, then points to the Excel`, async () => {
    const input = documentInput(1_000);
    const text = pdfText(await renderProformaPdf(input, 'el'));
    const printed = text.split('\n').filter((line) => /^Κάτοχος \d{5}$/.test(line));
    expect(printed).toHaveLength(PROFORMA_MAX_LINES);
    expect(printed.at(-1)).toBe('Κάτοχος 00200');
    expect(text).not.toContain('Κάτοχος 00201');
    expect(text).toContain('… και 800 ακόμη κάρτες: δείτε το Excel ανάλυσης της παραγγελίας.');
    // The summary counts every card, not only the printed ones.
    expect(text).toMatch(/Φορτίσεις καρτών \(δεν υπόκεινται σε ΦΠΑ\)\n1\.000\n/);
    expect(text).toContain(formatAmount(input.order.price.loadCents));
    expect(text).toMatch(/Σελίδα 1 από [2-9]/);
  });

  it('prints the same proforma from the first cards of an order as from all of them', async () => {
    const input = documentInput(1_000);
    const full = await renderProformaPdf(input, 'el');
    const firstOnly = await renderProformaPdf(
      { ...input, cards: input.cards.slice(0, PROFORMA_MAX_LINES) },
      'el',
    );
    expect(pdfText(firstOnly)).toBe(pdfText(full));
    // Loads differ from card to card: no unit price, one load per card of the order.
    expect(pdfText(firstOnly)).toMatch(/Τέλη έκδοσης καρτών\n1\.000\n3,50\u00a0€\n3\.500,00\u00a0€/);
  });

  it('has no "more cards" note when every card is printed', async () => {
    const text = pdfText(await renderProformaPdf(documentInput(PROFORMA_MAX_LINES), 'en'));
    expect(text.split('\n').filter((line) => /^Κάτοχος \d{5}$/.test(line))).toHaveLength(PROFORMA_MAX_LINES);
    expect(text).not.toContain('more cards');
  });
});

// ---------------------------------------------------------------- the analysis Excel

async function excelOf(
  source: Parameters<typeof writeOrderAnalysisExcel>[0],
  locale: 'el' | 'en',
): Promise<ExcelJS.Workbook> {
  const chunks: Buffer[] = [];
  const output = new PassThrough();
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeOrderAnalysisExcel(source, locale, output);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
  return workbook;
}

async function* streamed<T>(items: Iterable<T>): AsyncIterable<T> {
  for (const item of items) yield item;
}

describe('neutralizeCell', () => {
  it('quotes text a spreadsheet would read as a formula, and leaves other text alone', () => {
    for (const text of ['=1+1', '+30 210', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralizeCell(text)).toBe(`'${text}`);
    }
    for (const text of ['', 'Γιώργος', 'a=1', ' =1', "'quoted", '534711******1234']) {
      expect(neutralizeCell(text)).toBe(text);
    }
  });
});

describe('the order analysis Excel', () => {
  it('names its sheets and headers in the language, freezes and filters the header row', async () => {
    const input = documentInput(3);
    const el = await excelOf({ ...input, cards: streamed(input.cards) }, 'el');
    const en = await excelOf(input, 'en');
    expect(el.worksheets.map((sheet) => sheet.name)).toEqual(['Σύνοψη', 'Κάρτες']);
    expect(en.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Cards']);
    expect(el.getWorksheet('Κάρτες')!.getRow(1).values).toEqual([
      undefined,
      'Α/Α',
      'Όνομα',
      'Επώνυμο',
      'Email',
      'Κωδικός υπαλλήλου',
      'Αριθμός κάρτας',
      'Κάρτα που αντικαθίσταται',
      'Κατάσταση κάρτας',
      'Ποσό φόρτισης',
      'Τέλος κάρτας',
      'Τέλος αντικατάστασης',
      'Αμοιβή υπηρεσίας',
    ]);
    const cards = en.getWorksheet('Cards')!;
    expect(cards.getRow(1).values).toEqual([
      undefined,
      'No.',
      'First name',
      'Last name',
      'Email',
      'Employee code',
      'Card number',
      'Replaced card',
      'Card status',
      'Load amount',
      'Card fee',
      'Replacement fee',
      'Service fee',
    ]);
    expect(cards.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(cards.autoFilter).toBe('A1:L4');
    expect(cards.getColumn(4).width).toBeGreaterThanOrEqual(20);
    expect(en.getWorksheet('Summary')!.getColumn(1).values).toEqual(
      expect.arrayContaining(['Order number', 'Total to pay', 'VAT 24% on fees']),
    );
  });

  it('writes amounts as numbers in euros with a euro format, and the summary from the order', async () => {
    const input = documentInput(3);
    const workbook = await excelOf(input, 'el');
    const row = workbook.getWorksheet('Κάρτες')!.getRow(3);
    expect(row.getCell(1).value).toBe(2);
    expect(row.getCell(2).value).toBe('Κάτοχος');
    expect(row.getCell(6).value).toBe(input.cards[1]!.card!.maskedNumber);
    expect(row.getCell(8).value).toBe('Ενεργή');
    expect(row.getCell(9).value).toBe(input.cards[1]!.amountCents / 100);
    expect(row.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(9).numFmt).toContain('€');
    expect(row.getCell(12).value).toBe(input.cards[1]!.serviceFeeCents / 100);

    const summary = workbook.getWorksheet('Σύνοψη')!;
    const valueOf = (label: string) => {
      let found: ExcelJS.CellValue = null;
      summary.eachRow((r) => {
        if (r.getCell(1).value === label) found = r.getCell(2).value;
      });
      return found;
    };
    expect(valueOf('Πληρωτέο σύνολο')).toBe(input.order.price.totalCents / 100);
    expect(valueOf('Κωδικός πληρωμής (RF)')).toBe('RF97 0000 0000 1042');
    expect(valueOf('Εταιρεία')).toBe(COMPANY.name);
    expect(valueOf('Ημερομηνία')).toBe('21/11/2026');
    expect(valueOf('Πλήθος καρτών')).toBe(3);
  });

  it('never lets a cardholder or an order text become a formula', async () => {
    const hostile = ['=HYPERLINK("x")', '+30 210 0000000', '@SUM(A1)', '-1', '\tTab', '\rReturn'];
    const cards = orderCards(hostile.length, (index) => ({
      firstName: hostile[index]!,
      lastName: hostile[(index + 1) % hostile.length]!,
      email: `=cmd|' /C calc'!A0`,
      employeeCode: '-2+3',
    }));
    const order = orderOf(cards, { draftOrderAlias: '=1+2', invoiceComments: '@evil' });
    const workbook = await excelOf({ order, company: { ...COMPANY, name: '+Company' }, cards }, 'en');

    const texts: ExcelJS.Cell[] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, `${sheet.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          if (cell.type === ExcelJS.ValueType.String) texts.push(cell);
        }),
      );
    }
    const sheet = workbook.getWorksheet('Cards')!;
    hostile.forEach((name, index) => {
      // XML reads a carriage return in text back as a line feed; the quote in front is what counts.
      expect(sheet.getRow(index + 2).getCell(2).value).toBe(`'${name.replace('\r', '\n')}`);
      expect(sheet.getRow(index + 2).getCell(4).value).toBe(`'=cmd|' /C calc'!A0`);
      expect(sheet.getRow(index + 2).getCell(5).value).toBe(`'-2+3`);
    });
    const values = texts.map((cell) => String(cell.value));
    expect(values).toEqual(expect.arrayContaining(["'=1+2", "'@evil", "'+Company"]));
    expect(values.filter((value) => /^[=+\-@\t\r]/.test(value))).toEqual([]);
  });

  it('streams 20,000 lines from an async source', async () => {
    const count = 20_000;
    async function* lines(): AsyncIterable<OrderCard> {
      const template = orderCards(3);
      for (let index = 0; index < count; index += 1) {
        yield { ...template[index % 3]!, position: index + 1, cardholder: holder(index) };
      }
    }
    const order = orderOf(orderCards(3), { cards: count });
    const workbook = await excelOf({ order, company: COMPANY, cards: lines() }, 'en');
    const sheet = workbook.getWorksheet('Cards')!;
    expect(sheet.rowCount).toBe(count + 1);
    expect(sheet.getRow(count + 1).getCell(1).value).toBe(count);
    expect(sheet.getRow(count + 1).getCell(3).value).toBe(String(count).padStart(5, '0'));
    expect(sheet.autoFilter).toBe(`A1:L${count + 1}`);
  });

  it('fails, and destroys its output, when the source of lines fails', async () => {
    async function* failing(): AsyncIterable<OrderCard> {
      yield orderCards(1)[0]!;
      throw new Error('cursor lost');
    }
    const output = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    output.on('error', () => undefined);
    const input = documentInput(1);
    await expect(writeOrderAnalysisExcel({ ...input, cards: failing() }, 'el', output)).rejects.toThrow(
      'cursor lost',
    );
    expect(output.destroyed).toBe(true);
  });
});

// ---------------------------------------------------------------- the emails

function seededTemplates(locale: 'el' | 'en'): OrderEmailTemplates {
  const file = new URL(`../../db/seed/content/${locale}/order-emails.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as OrderEmailTemplates;
}

const EMAIL_VALUES = {
  firstName: 'Ελένη',
  order: '#1042 «Μισθοδοσία Νοεμβρίου»',
  orderUrl: 'https://portal.tessera.example/order-details/11111111-1111-4111-8111-111111111111',
  amount: formatAmount(123_456),
  submitter: 'Νίκος Γεωργίου',
  approver: 'Μαρία Ιωάννου',
  reason: 'Λάθος κέντρο κόστους {budget}',
  rfCode: 'RF97 0000 0000 1042',
  beneficiary: PROVIDER_BANK_ACCOUNT.beneficiary,
  bankName: PROVIDER_BANK_ACCOUNT.bankName,
  iban: formatIban(PROVIDER_BANK_ACCOUNT.iban),
  retryUrl: 'https://portal.tessera.example/payment/retry',
  trackingNumber: 'ACS-123456789',
  cancelledBy: 'Νίκος Γεωργίου',
  /** returned (ADR 026). */
  courier: 'ACS Courier',
  /** approvalExpired (ADR 032). */
  days: 14,
};

describe('order emails', () => {
  it.each(['el', 'en'] as const)(
    'render every kind in %s, each naming the order and linking to it',
    (locale) => {
      const templates = seededTemplates(locale);
      expect(Object.keys(templates).sort()).toEqual([...ORDER_EMAIL_KINDS].sort());
      const values = { ...EMAIL_VALUES, greeting: emailGreeting(EMAIL_VALUES.firstName, locale) };
      for (const kind of ORDER_EMAIL_KINDS) {
        const { subject, text } = renderOrderEmail(templates, kind, values);
        expect(subject, kind).toContain(EMAIL_VALUES.order);
        expect(text, kind).toContain(EMAIL_VALUES.order);
        expect(text, kind).toContain(EMAIL_VALUES.orderUrl);
        // Greeted by name, in the vocative in Greek: "Αγαπητή Ελένη,", "Dear Ελένη,".
        expect(text.startsWith(`${values.greeting}\n\n`), kind).toBe(true);
        expect(text, kind).not.toMatch(/\/ή|ο\/η|τον\/την/);
        for (const name of ORDER_EMAIL_PLACEHOLDERS[kind]) {
          expect(text, `${kind} uses ${name}`).toContain(
            String(EMAIL_VALUES[name as keyof typeof EMAIL_VALUES]),
          );
        }
        // The only braces left are those of the user's own reason, inserted as typed.
        expect(`${subject}\n${text}`.replace('{budget}', ''), kind).not.toMatch(/[{}]/);
      }
    },
  );

  it('refuse to render with a placeholder left unfilled', () => {
    const templates = seededTemplates('el');
    const withGreeting = { ...EMAIL_VALUES, greeting: 'Αγαπητή Ελένη,' };
    const { reason: _reason, ...withoutReason } = withGreeting;
    expect(() => renderOrderEmail(templates, 'rejected', withoutReason)).toThrow(/rejected.*\{reason\}/);
    const { orderUrl: _orderUrl, ...withoutUrl } = withGreeting;
    expect(() => renderOrderEmail(templates, 'paid', withoutUrl)).toThrow(/\{orderUrl\}/);
  });

  it('fill a made-up template once, leaving braces inside values alone', () => {
    const templates = Object.fromEntries(
      ORDER_EMAIL_KINDS.map((kind) => [kind, { subject: '{order}', text: '{reason} / {order}' }]),
    ) as OrderEmailTemplates;
    expect(renderOrderEmail(templates, 'rejected', { order: '#1', reason: '{order}' })).toEqual({
      subject: '#1',
      text: '{order} / #1',
    });
  });

  it('name the order by number, and by its name when it has one, quoted as each language quotes', () => {
    expect(orderLabel({ orderNumber: 1042, draftOrderAlias: 'Μισθοδοσία' }, 'el')).toBe('#1042 «Μισθοδοσία»');
    expect(orderLabel({ orderNumber: 1042, draftOrderAlias: 'Payroll' }, 'en')).toBe('#1042 “Payroll”');
    expect(orderLabel({ orderNumber: 7, draftOrderAlias: '  ' }, 'el')).toBe('#7');
  });
});

// ---------------------------------------------------------------- mail attachments

describe('mail with attachments', () => {
  let database: Database;
  let server: SMTPServer;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
  });

  it('sends the proforma as a PDF attachment and names it in the outbox copy', async () => {
    const mailer = createMailer(database, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'orders@tessera.example',
    });
    const pdf = await renderProformaPdf(documentInput(2), 'el');
    const sent = await mailer.send({
      to: 'finance@example.gr',
      subject: 'Προτιμολόγιο #1042',
      text: 'Σας επισυνάπτουμε το προτιμολόγιο.',
      attachments: [{ filename: 'proforma-1042.pdf', content: pdf, contentType: 'application/pdf' }],
    });

    const message = received.at(-1)!;
    expect(message).toMatch(/Content-Type: application\/pdf; name=proforma-1042\.pdf/);
    expect(message).toContain('filename=proforma-1042.pdf');
    const base64 = /filename=proforma-1042\.pdf\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(message)?.[1];
    expect(Buffer.from(base64!.replace(/\r\n/g, ''), 'base64').equals(pdf)).toBe(true);

    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    expect(row!.text).toBe('Σας επισυνάπτουμε το προτιμολόγιο.\n\nAttachments: proforma-1042.pdf');
  });

  it('keeps the text of a mail without attachments as it was', async () => {
    const mailer = createMailer(database, { from: 'orders@tessera.example' });
    const sent = await mailer.send({ to: 'a@example.gr', subject: 'Γεια', text: 'Κείμενο' });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    expect(row!.text).toBe('Κείμενο');
    expect(sent.transport).toBe('outbox');
  });
});
