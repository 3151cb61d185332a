import QRCode from 'qrcode';
import {
  amountInGreekWords,
  documentTypeLabel,
  formatAmount,
  formatInvoiceNumber,
  invoiceTotals,
  isCreditNote,
  MYDATA_VAT_CATEGORIES,
  type InvoiceLineKind,
  type Locale,
  type MydataVatCategory,
} from '@tessera/domain';
import { loadPdfKit } from '../../platform/file-libraries';
import { DOCUMENT_FONTS as PROFORMA_FONTS, PROVIDER } from '../../platform/letterhead';
import { INVOICE_PDF_TEXTS, TRANSMISSION_FAILURE_NOTICES, type InvoicePdfTextKey } from './invoice-pdf-texts';
import type { InvoiceLineRow, InvoiceRow } from './repository';

/**
 * The printed invoice or credit note (issue 37 §4): an A4 PDF in Greek — with English beside each
 * label for a customer whose language is English — of the issuer and the customer with their ΑΦΜ,
 * tax office and address; the document's myDATA type, series, number and date; its lines (quantity,
 * net, VAT rate, VAT); the VAT analysis per rate; the totals and the total in Greek words; for a
 * credit note the invoice it credits; and what AADE gave it: MARK, UID, authentication code and the
 * QR code of its QR URL (the address AADE's verification page reads). A document issued while AADE
 * could not be reached carries the transmission-failure notice of its flag (ADR 057, Α.1138/2020
 * art. 5 §6); one not sent yet, or refused, says so instead of a MARK.
 */

export type InvoicePdfInput = {
  invoice: InvoiceRow;
  lines: readonly InvoiceLineRow[];
  /** For a credit note: the invoice it credits, as AADE knows it. */
  credited?: Pick<InvoiceRow, 'series' | 'number' | 'issueDate' | 'mark'> | null;
  /** The order whose fees the document charges, by its number (a company's invoice). */
  orderNumber?: number | null;
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 44, left: 46, right: 46, bottom: 60 };
const LEFT = MARGIN.left;
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;

const INK = '#1d1d1f';
const MUTED = '#5f6368';
const ACCENT = '#1f3a5f';
const RULE = '#c9ced6';
const SHADE = '#f1f3f6';
const HEAD = '#e3e7ee';
const WARN_FILL = '#fff4e5';
const WARN_STROKE = '#c77700';

/** The company fees (ADR 056): a document charging them is an order's, whose loads are vouchers. */
const ORDER_FEE_KINDS: readonly InvoiceLineKind[] = [
  'serviceFee',
  'cardFee',
  'replacementFee',
  'deliveryFee',
];

type Doc = PDFKit.PDFDocument;
type Column = { width: number; align: 'left' | 'right' | 'center' };

/**
 * Renders an invoice or credit note as the bytes of an A4 PDF.
 *
 * @param input the document and its lines as issued, the invoice a credit note credits, and the
 *   number of the order it charges when it is an order's.
 * @param locale `el` prints the Greek document; `en` prints it with English beside the Greek.
 */
export async function renderInvoicePdf(input: InvoicePdfInput, locale: Locale): Promise<Buffer> {
  const { invoice } = input;
  const number = formatInvoiceNumber(invoice.series, invoice.number);
  const PDFDocument = await loadPdfKit();
  // Deterministic metadata: the same document in the same state renders the same bytes.
  const created = invoice.createdAt;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    font: PROFORMA_FONTS.regular,
    bufferPages: true,
    lang: 'el-GR',
    displayTitle: true,
    info: {
      Title: `${documentTypeLabel(invoice.documentType, 'el')} ${number}`,
      Author: PROVIDER.legalName,
      Subject: `${number} · ${invoice.counterpart.name}`,
      Creator: PROVIDER.legalName,
      CreationDate: created,
      ModDate: created,
    },
  });
  doc.registerFont('regular', PROFORMA_FONTS.regular);
  doc.registerFont('bold', PROFORMA_FONTS.bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const print = printer(locale);
  const qr = invoice.qrUrl
    ? await QRCode.toBuffer(invoice.qrUrl, { errorCorrectionLevel: 'M', margin: 2, scale: 4 })
    : null;

  letterhead(doc, print, input, number);
  parties(doc, print, input);
  lineTable(doc, print, input);
  totals(doc, print, input);
  notes(doc, print, input);
  mydata(doc, print, input, qr);
  footers(doc, print);
  doc.end();
  return done;
}

// ---------------------------------------------------------------- words

type Printer = {
  locale: Locale;
  /** A label: Greek, and ` / English` for an English-speaking customer. */
  label: (key: InvoicePdfTextKey) => string;
  /** A sentence (or a column's header) in each language the document speaks: Greek first. */
  both: (key: InvoicePdfTextKey) => string[];
  pair: (texts: Record<Locale, string>) => string[];
};

function printer(locale: Locale): Printer {
  const el = INVOICE_PDF_TEXTS.el;
  const en = INVOICE_PDF_TEXTS.en;
  return {
    locale,
    label: (key) => (locale === 'en' ? `${el[key]} / ${en[key]}` : el[key]),
    both: (key) => (locale === 'en' ? [el[key], en[key]] : [el[key]]),
    pair: (texts) => (locale === 'en' ? [texts.el, texts.en] : [texts.el]),
  };
}

/** `2026-03-05` as `05/03/2026`, as Greek documents date. */
function printedDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

function vatRateText(category: number): string {
  const rate = MYDATA_VAT_CATEGORIES[category as MydataVatCategory];
  return rate === null || rate === undefined ? '—' : `${(rate / 100).toLocaleString('el-GR')}%`;
}

// ---------------------------------------------------------------- sections

function letterhead(doc: Doc, print: Printer, input: InvoicePdfInput, number: string) {
  const { invoice } = input;
  const top = MARGIN.top;
  const leftWidth = 270;
  doc.fillColor(ACCENT).font('bold').fontSize(13.5).text(PROVIDER.legalName, LEFT, top, { width: leftWidth });
  doc
    .fillColor(MUTED)
    .font('regular')
    .fontSize(8.5)
    .text(PROVIDER.address.el, { width: leftWidth })
    .text(
      `${print.label('vatNumber')}: ${invoice.issuerVat} · ${print.label('taxOffice')}: ${PROVIDER.taxOffice.el}`,
      { width: leftWidth },
    )
    .text(`${PROVIDER.phone} · ${PROVIDER.email} · ${PROVIDER.website.replace(/^https?:\/\//, '')}`, {
      width: leftWidth,
    });
  const leftEnd = doc.y;

  const box = { x: LEFT + WIDTH - 230, width: 230 };
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(14)
    .text(documentTypeLabel(invoice.documentType, 'el').toLocaleUpperCase('el'), box.x, top - 2, {
      width: box.width,
      align: 'right',
    });
  if (print.locale === 'en') {
    doc
      .fillColor(MUTED)
      .font('regular')
      .fontSize(9.5)
      .text(documentTypeLabel(invoice.documentType, 'en'), box.x, doc.y, {
        width: box.width,
        align: 'right',
      });
  }
  doc.moveDown(0.3).fillColor(INK).font('bold').fontSize(16).text(number, box.x, doc.y, {
    width: box.width,
    align: 'right',
  });
  const facts: [string, string][] = [
    [print.label('series'), invoice.series],
    [print.label('number'), String(invoice.number)],
    [print.label('issueDate'), printedDate(invoice.issueDate)],
    [print.label('mydataType'), invoice.documentType],
  ];
  // Each fact on its line: the label right-aligned before a column of values.
  const valueWidth = 62;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .fillColor(MUTED)
      .font('regular')
      .fontSize(8.5)
      .text(label, box.x, y, { width: box.width - valueWidth - 6, align: 'right' });
    const end = doc.y;
    doc
      .fillColor(INK)
      .font('bold')
      .text(value, box.x + box.width - valueWidth, y, { width: valueWidth, align: 'right' });
    doc.y = Math.max(end, doc.y);
  }
  doc.font('regular');
  doc.y = Math.max(leftEnd, doc.y) + 10;
  rule(doc, ACCENT, 1.2);
  doc.y += 12;
}

function parties(doc: Doc, print: Printer, input: InvoicePdfInput) {
  const { invoice, credited, orderNumber } = input;
  const party = invoice.counterpart;
  const top = doc.y;
  const half = (WIDTH - 20) / 2;
  const labelWidth = print.locale === 'en' ? 118 : 92;

  heading(doc, print.label('customer'), LEFT, top, half);
  doc.fillColor(INK).font('bold').fontSize(10).text(party.name, LEFT, doc.y, { width: half });
  const street = [party.street, party.streetNumber].filter(Boolean).join(' ');
  const place = [party.postalCode, party.city].filter(Boolean).join(' ');
  const customerEnd = keyValues(doc, LEFT, doc.y + 2, half, labelWidth, [
    [print.label('vatNumber'), party.vatNumber],
    [print.label('taxOffice'), party.taxOffice || '—'],
    [print.label('address'), [street, place].filter(Boolean).join(', ') || '—'],
    [print.label('country'), print.locale === 'en' ? 'Ελλάδα / Greece' : 'Ελλάδα'],
  ]);

  const right = LEFT + half + 20;
  heading(doc, print.label('document'), right, top, half);
  const rows: [string, string][] = [[print.label('currency'), invoice.currency]];
  if (orderNumber !== undefined && orderNumber !== null)
    rows.unshift([print.label('order'), `#${orderNumber}`]);
  if (credited) {
    rows.push([
      print.label('credits'),
      `${formatInvoiceNumber(credited.series, credited.number)} (${printedDate(credited.issueDate)})`,
    ]);
    if (credited.mark) rows.push([print.label('creditsMark'), credited.mark]);
  }
  const documentEnd = keyValues(doc, right, doc.y, half, labelWidth, rows);
  doc.y = Math.max(customerEnd, documentEnd) + 14;
}

function lineTable(doc: Doc, print: Printer, input: InvoicePdfInput) {
  const columns: Column[] = [
    { width: 28, align: 'right' },
    { width: WIDTH - 28 - 58 - 70 - 42 - 62 - 72, align: 'left' },
    { width: 58, align: 'right' },
    { width: 70, align: 'right' },
    { width: 42, align: 'right' },
    { width: 62, align: 'right' },
    { width: 72, align: 'right' },
  ];
  // Headers in two lines for an English-speaking customer: Greek above, English below.
  const header = [
    print.both('position'),
    print.both('description'),
    print.both('quantity'),
    print.both('net'),
    print.both('vatRate'),
    print.both('vat'),
    print.both('total'),
  ];
  ensureSpace(doc, 80);
  heading(doc, print.label('lines'), LEFT, doc.y, WIDTH);
  tableRow(doc, columns, header, { header: true, size: 8 });
  input.lines.forEach((line, index) => {
    const description =
      print.locale === 'en'
        ? [describe(line.descriptionEl, line.detail), describe(line.descriptionEn, line.detail)]
        : [describe(line.descriptionEl, line.detail)];
    const height = rowHeight(doc, columns[1]!.width, description);
    if (ensureSpace(doc, height)) tableRow(doc, columns, header, { header: true, size: 8 });
    tableRow(
      doc,
      columns,
      [
        String(line.lineNumber),
        description,
        line.quantity === null ? '—' : line.quantity.toLocaleString('el-GR'),
        formatAmount(line.netCents),
        vatRateText(line.vatCategory),
        formatAmount(line.vatCents),
        formatAmount(line.netCents + line.vatCents),
      ],
      { shaded: index % 2 === 1, size: 8.5 },
    );
  });
  doc.y += 12;
}

/** A line's printed description: its stored words (as issued) and its detail. */
function describe(description: string, detail: string): string {
  return detail && !description.includes(detail) ? `${description} — ${detail}` : description;
}

/** The VAT analysis per rate on the left, the totals on the right, then the total in words. */
function totals(doc: Doc, print: Printer, input: InvoicePdfInput) {
  const { invoice } = input;
  const sums = invoiceTotals(
    input.lines.map((line) => ({ ...line, vatCategory: line.vatCategory as MydataVatCategory })),
  );
  ensureSpace(doc, 70 + sums.byVatCategory.length * 16 + 60);
  const top = doc.y;
  const analysisWidth = 260;
  heading(doc, print.label('vatAnalysis'), LEFT, top, analysisWidth);
  const analysis: Column[] = [
    { width: 60, align: 'left' },
    { width: 70, align: 'right' },
    { width: 60, align: 'right' },
    { width: 70, align: 'right' },
  ];
  const labelsAt = LEFT;
  tableRow(
    doc,
    analysis,
    [print.both('vatRate'), print.both('net'), print.both('vat'), print.both('total')],
    {
      header: true,
      size: 8,
      x: labelsAt,
    },
  );
  for (const category of sums.byVatCategory) {
    tableRow(
      doc,
      analysis,
      [
        vatRateText(category.vatCategory),
        formatAmount(category.netCents),
        formatAmount(category.vatCents),
        formatAmount(category.netCents + category.vatCents),
      ],
      { size: 8.5, x: labelsAt },
    );
  }
  const analysisEnd = doc.y;

  const boxWidth = 230;
  const boxX = LEFT + WIDTH - boxWidth;
  doc.y = top;
  heading(doc, print.label('totals'), boxX, top, boxWidth);
  const amounts: Column[] = [
    { width: boxWidth - 95, align: 'left' },
    { width: 95, align: 'right' },
  ];
  const grossLabel = isCreditNote(invoice.documentType) ? 'totalCredit' : 'totalGross';
  tableRow(doc, amounts, [print.label('totalNet'), formatAmount(invoice.netCents)], { size: 9, x: boxX });
  tableRow(doc, amounts, [print.label('totalVat'), formatAmount(invoice.vatCents)], { size: 9, x: boxX });
  tableRow(doc, amounts, [print.label(grossLabel), formatAmount(invoice.grossCents)], {
    size: 9.5,
    strong: true,
    x: boxX,
  });
  doc.y = Math.max(analysisEnd, doc.y) + 8;

  doc
    .fillColor(MUTED)
    .font('regular')
    .fontSize(8.5)
    .text(`${print.label('inWords')}: `, LEFT, doc.y, { width: WIDTH, continued: true })
    .fillColor(INK)
    .font('bold')
    .text(amountInGreekWords(invoice.grossCents));
  doc.font('regular');
  doc.y += 12;
}

function notes(doc: Doc, print: Printer, input: InvoicePdfInput) {
  const paragraphs: string[][] = [];
  if (input.lines.some((line) => ORDER_FEE_KINDS.includes(line.kind)))
    paragraphs.push(print.both('vouchers'));
  if (isCreditNote(input.invoice.documentType)) paragraphs.push(print.both('creditNote'));
  for (const texts of paragraphs) {
    ensureSpace(doc, 40);
    texts.forEach((text, index) => {
      doc
        .fillColor(index === 0 ? INK : MUTED)
        .font('regular')
        .fontSize(index === 0 ? 8 : 7.5)
        .text(text, LEFT, doc.y, { width: WIDTH });
    });
    doc.y += 6;
  }
  doc.y += 4;
}

/** What AADE gave the document, its QR code, or why it has no MARK (yet). */
function mydata(doc: Doc, print: Printer, input: InvoicePdfInput, qr: Buffer | null) {
  const { invoice } = input;
  const flag = invoice.transmissionFailure as 1 | 2 | 3 | null;
  const qrSize = 92;
  ensureSpace(doc, qrSize + 40);
  const top = doc.y;
  heading(doc, print.label('mydata'), LEFT, top, WIDTH);
  const textWidth = qr ? WIDTH - qrSize - 18 : WIDTH;
  const boxTop = doc.y;

  const facts: [string, string][] = [];
  if (invoice.mark) facts.push([print.label('mark'), invoice.mark]);
  if (invoice.mydataUid) facts.push([print.label('uid'), invoice.mydataUid]);
  if (invoice.authenticationCode) facts.push([print.label('authenticationCode'), invoice.authenticationCode]);
  let cursor = keyValues(doc, LEFT, boxTop, textWidth, print.locale === 'en' ? 150 : 120, facts);

  const notices: { lines: string[]; isWarning: boolean }[] = [];
  if (flag !== null && flag in TRANSMISSION_FAILURE_NOTICES) {
    notices.push({
      lines: [
        ...print.pair(TRANSMISSION_FAILURE_NOTICES[flag]),
        ...print.both(invoice.mark ? 'failureSent' : 'failureWaiting'),
      ],
      isWarning: true,
    });
  } else if (invoice.state === 'refused') {
    notices.push({ lines: print.both('refused'), isWarning: true });
  } else if (!invoice.mark) {
    notices.push({ lines: print.both('pending'), isWarning: false });
  }
  for (const notice of notices) {
    cursor += 4;
    doc.font('regular').fontSize(8.5);
    const height =
      notice.lines.reduce(
        (sum, line, index) =>
          sum + doc.font(index === 0 ? 'bold' : 'regular').heightOfString(line, { width: textWidth - 16 }),
        0,
      ) + 12;
    doc
      .save()
      .roundedRect(LEFT, cursor, textWidth, height, 3)
      .fillAndStroke(notice.isWarning ? WARN_FILL : SHADE, notice.isWarning ? WARN_STROKE : RULE)
      .restore();
    let y = cursor + 6;
    notice.lines.forEach((line, index) => {
      doc
        .fillColor(INK)
        .font(index === 0 && notice.isWarning ? 'bold' : 'regular')
        .fontSize(8.5)
        .text(line, LEFT + 8, y, { width: textWidth - 16 });
      y = doc.y;
    });
    cursor += height;
  }

  if (qr) {
    const x = LEFT + WIDTH - qrSize;
    doc.image(qr, x, boxTop, { width: qrSize, height: qrSize });
    doc
      .fillColor(MUTED)
      .font('regular')
      .fontSize(6.5)
      .text(print.both('qrCaption').join(' '), x - 10, boxTop + qrSize + 2, {
        width: qrSize + 10,
        align: 'center',
      });
    cursor = Math.max(cursor, doc.y);
  }
  doc.x = LEFT;
  doc.y = cursor + 10;
}

/** On every page: the issuer and the page number (pages are buffered until the end). */
function footers(doc: Doc, print: Printer) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would open a new page: lift it for the footer.
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN.bottom + 18;
    doc
      .save()
      .moveTo(LEFT, y - 6)
      .lineTo(LEFT + WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
      .restore();
    doc.fillColor(MUTED).font('regular').fontSize(7.5);
    doc.text(`${PROVIDER.legalName} · ${PROVIDER.website}`, LEFT, y, {
      width: WIDTH - 130,
      lineBreak: false,
    });
    const page = print
      .both('page')
      .map((text) => text.replace('{page}', String(index + 1)).replace('{pages}', String(count)))
      .join(' · ');
    doc.text(page, LEFT + WIDTH - 130, y, { width: 130, align: 'right', lineBreak: false });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

// ---------------------------------------------------------------- drawing helpers

function heading(doc: Doc, text: string, x: number, y: number, width: number) {
  doc.fillColor(ACCENT).font('bold').fontSize(10).text(text, x, y, { width });
  doc
    .save()
    .moveTo(x, doc.y + 1)
    .lineTo(x + width, doc.y + 1)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
    .restore();
  doc.y += 5;
}

/** Label and value pairs, values wrapping in their column; returns where they end. */
function keyValues(
  doc: Doc,
  x: number,
  y: number,
  width: number,
  labelWidth: number,
  rows: readonly (readonly [string, string])[],
): number {
  let cursor = y;
  for (const [label, value] of rows) {
    doc
      .fillColor(MUTED)
      .font('regular')
      .fontSize(8.5)
      .text(label, x, cursor, { width: labelWidth - 6 });
    const labelEnd = doc.y;
    doc.fillColor(INK).text(value, x + labelWidth, cursor, { width: width - labelWidth });
    cursor = Math.max(labelEnd, doc.y) + 1.5;
  }
  doc.x = LEFT;
  return cursor;
}

function rowHeight(doc: Doc, width: number, texts: readonly string[]): number {
  doc.font('regular').fontSize(8.5);
  return texts.reduce((sum, text) => sum + doc.heightOfString(text, { width: width - 8 }), 0) + 6;
}

/**
 * One row of cells. A cell may hold several texts (a description in Greek and English), each
 * wrapping in its column; the row grows to the tallest cell. Rows end at the right margin unless
 * `x` places them.
 */
function tableRow(
  doc: Doc,
  columns: readonly Column[],
  cells: readonly (string | readonly string[])[],
  options: { header?: boolean; shaded?: boolean; strong?: boolean; size?: number; x?: number } = {},
) {
  const size = options.size ?? 9;
  const font = options.header || options.strong ? 'bold' : 'regular';
  doc.font(font).fontSize(size);
  const texts = cells.map((cell) => (typeof cell === 'string' ? [cell] : cell));
  const heights = columns.map((column, index) =>
    (texts[index] ?? ['']).reduce(
      (sum, text, part) =>
        sum +
        doc.fontSize(part === 0 ? size : size - 0.5).heightOfString(text || ' ', { width: column.width - 8 }),
      0,
    ),
  );
  doc.fontSize(size);
  const height = Math.max(doc.currentLineHeight(), ...heights) + 6;
  const top = doc.y;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const x0 = options.x ?? LEFT + WIDTH - width;
  if (options.header || options.shaded || options.strong) {
    const fill = options.header ? HEAD : options.strong ? '#dfe6f0' : SHADE;
    doc.save().rect(x0, top, width, height).fill(fill).restore();
  }
  let x = x0;
  columns.forEach((column, index) => {
    let y = top + 3;
    (texts[index] ?? []).forEach((text, part) => {
      doc
        .fillColor(options.header ? ACCENT : part === 0 ? INK : MUTED)
        .font(font)
        .fontSize(part === 0 ? size : size - 0.5)
        .text(text, x + 4, y, { width: column.width - 8, align: column.align });
      y = doc.y;
    });
    x += column.width;
  });
  doc.x = LEFT;
  doc.y = top + height;
}

function rule(doc: Doc, color: string, width: number) {
  doc
    .save()
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
    .restore();
}

/** Opens a new page when fewer than `height` points are left; says whether it did. */
function ensureSpace(doc: Doc, height: number): boolean {
  if (doc.y + height <= BOTTOM) return false;
  doc.addPage();
  doc.x = LEFT;
  doc.y = MARGIN.top;
  return true;
}
