import { formatAmount, formatRf, PRODUCTS, type Cents, type Locale, type OrderCard } from '@tessera/domain';
import { loadPdfKit } from '../../platform/file-libraries';
import { formatIban, PROVIDER_BANK_ACCOUNT, PROVIDER_BANK_NAMES } from '../payments';
import { DOCUMENT_FONTS } from '../../platform/letterhead';
import { PROVIDER } from './provider';
import {
  DOCUMENT_TEXTS,
  fillText,
  formatCount,
  formatDocumentDate,
  formatOrderNumber,
  vatLabel,
  type DocumentTexts,
} from './texts';
import type { OrderDocumentInput } from './types';

/**
 * The proforma invoice of an order (SPEC §7 sendProformaDocument): an A4 PDF the company's finance
 * department pays from. It is not a tax invoice (that is issued once the order is paid) and says so
 * on every page.
 */

/** Cards printed one by one; beyond them the proforma points to the analysis Excel. */
export const PROFORMA_MAX_LINES = 200;

/** The fonts of the portal's PDFs (`platform/letterhead.ts`). */
export const PROFORMA_FONTS = DOCUMENT_FONTS;

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, left: 50, right: 50, bottom: 64 };
const LEFT = MARGIN.left;
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;

const INK = '#1d1d1f';
const MUTED = '#5f6368';
const ACCENT = '#1f3a5f';
const RULE = '#c9ced6';
const SHADE = '#f1f3f6';

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';
type Column = { width: number; align: Align };

/**
 * Renders the proforma invoice of an order, as the bytes of an A4 PDF.
 *
 * @param input the order, its company, and its lines: all of them, or at least the first
 *   `PROFORMA_MAX_LINES`. The summary's amounts come from the order's price; its quantities are
 *   counted when every line is given, derived from the totals otherwise (see `charges`).
 * @param locale the recipient's language; the company's own texts are printed as they are.
 */
export async function renderProformaPdf(input: OrderDocumentInput, locale: Locale): Promise<Buffer> {
  const t = DOCUMENT_TEXTS[locale];
  const { order, company } = input;
  const orderNumber = formatOrderNumber(order.orderNumber);
  // Deterministic metadata: the same order renders the same bytes (pdfkit derives the file id
  // from the info dictionary), so a document sent twice is the same document.
  const issued = new Date(order.submittedAt);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    font: PROFORMA_FONTS.regular,
    bufferPages: true,
    lang: locale === 'el' ? 'el-GR' : 'en-GB',
    displayTitle: true,
    info: {
      Title: `${t.proforma.title} ${orderNumber}`,
      Author: PROVIDER.legalName,
      Subject: fillText(t.proforma.subject, { orderNumber, company: company.name }),
      Creator: PROVIDER.legalName,
      CreationDate: issued,
      ModDate: issued,
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

  letterhead(doc, t, locale, orderNumber, formatDocumentDate(issued));
  parties(doc, t, locale, input);
  charges(doc, t, locale, input);
  paymentInstructions(doc, t, locale, input);
  cardLines(doc, t, locale, input.cards, Math.max(order.cards, input.cards.length));
  footers(doc, t);
  doc.end();
  return done;
}

// ---------------------------------------------------------------- sections

function letterhead(doc: Doc, t: DocumentTexts, locale: Locale, orderNumber: string, date: string) {
  const top = MARGIN.top;
  doc.fillColor(ACCENT).font('bold').fontSize(14).text(PROVIDER.legalName, LEFT, top, { width: 280 });
  doc
    .fillColor(MUTED)
    .font('regular')
    .fontSize(8.5)
    .text(PROVIDER.address[locale], { width: 280 })
    .text(
      `${t.proforma.vatNumber} ${PROVIDER.vatNumber} · ${t.proforma.taxOffice} ${PROVIDER.taxOffice[locale]}`,
      { width: 280 },
    )
    .text(`${PROVIDER.phone} · ${PROVIDER.email}`, { width: 280 });
  const leftEnd = doc.y;

  const right = { x: LEFT + WIDTH - 220, width: 220 };
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(18)
    .text(t.proforma.title, right.x, top - 2, {
      width: right.width,
      align: 'right',
    });
  // "Order number: #1042" with the number in bold, right-aligned as one line.
  doc.moveDown(0.2).font('bold').fontSize(9.5);
  const numberWidth = doc.widthOfString(orderNumber);
  const line = doc.y;
  doc.text(orderNumber, right.x + right.width - numberWidth, line, { lineBreak: false });
  doc.font('regular').text(`${t.proforma.orderNumber}:`, right.x, line, {
    width: right.width - numberWidth - doc.widthOfString(' '),
    align: 'right',
  });
  doc.text(`${t.proforma.date}: ${date}`, right.x, doc.y, { width: right.width, align: 'right' });

  doc.y = Math.max(leftEnd, doc.y) + 10;
  rule(doc, ACCENT, 1.2);
  doc.y += 12;
}

function parties(doc: Doc, t: DocumentTexts, locale: Locale, input: OrderDocumentInput) {
  const { order, company } = input;
  const top = doc.y;
  const half = (WIDTH - 20) / 2;

  heading(doc, t.proforma.customer, LEFT, top, half);
  doc.fillColor(INK).font('bold').fontSize(10).text(company.name, LEFT, doc.y, { width: half });
  const customerEnd = keyValues(doc, LEFT, doc.y + 2, half, 80, [
    [t.proforma.vatNumber, company.vat],
    [t.proforma.customerId, company.companyId],
  ]);

  const right = LEFT + half + 20;
  heading(doc, t.proforma.order, right, top, half);
  const delivery = order.deliveryPoint;
  const orderEnd = keyValues(doc, right, doc.y, half, 112, [
    [t.proforma.product, PRODUCTS[order.product].name[locale]],
    [t.proforma.orderType, t.orderTypes[order.orderType]],
    ...(order.draftOrderAlias ? [[t.proforma.alias, order.draftOrderAlias] as const] : []),
    ...(delivery
      ? [
          [
            t.proforma.deliveryPoint,
            `${delivery.street} ${delivery.streetNumber}, ${delivery.postalCode} ${delivery.city}`,
          ] as const,
        ]
      : []),
    ...(order.submittedByName ? [[t.proforma.submittedBy, order.submittedByName] as const] : []),
  ]);

  doc.y = Math.max(customerEnd, orderEnd) + 6;
  if (order.invoiceComments) {
    doc.y = keyValues(doc, LEFT, doc.y, WIDTH, 110, [[t.proforma.invoiceComments, order.invoiceComments]]);
  }
  doc.y += 10;
}

/** The summary by kind of charge, then the totals: the price breakdown of ADR 009. */
function charges(doc: Doc, t: DocumentTexts, locale: Locale, input: OrderDocumentInput) {
  const { order, cards } = input;
  const { price } = order;
  const isComplete = cards.length >= order.cards;
  /**
   * How many cards carry a kind of charge, and its unit price when it is one price. With every
   * line at hand, counted; with the first lines only (the caller need not load 100,000 of them),
   * a fixed fee (the same on every line, ADR 009) is its total over its unit, and a varying one
   * (loads, the service fee on them) is carried by every card of the order. A unit price is
   * printed only when quantity × unit gives the total, so a guess never shows as a fact.
   */
  const kind = (pick: (card: OrderCard) => Cents, total: Cents) => {
    const charged = cards.map(pick).filter((cents) => cents !== 0);
    const units = new Set(charged);
    const unit = units.size === 1 ? [...units][0]! : null;
    const quantity = isComplete
      ? charged.length
      : unit !== null && total % unit === 0
        ? total / unit
        : total !== 0
          ? order.cards
          : 0;
    return { quantity, unit: unit !== null && unit * quantity === total ? formatAmount(unit) : '' };
  };
  const loads = kind((card) => card.amountCents, price.loadCents);
  const cardFees = kind((card) => card.cardFeeCents, price.cardFeesCents);
  const replacementFees = kind((card) => card.replacementFeeCents, price.replacementFeesCents);
  const serviceFees = kind((card) => card.serviceFeeCents, price.serviceFeesCents);

  ensureSpace(doc, 190);
  heading(doc, t.proforma.summary, LEFT, doc.y, WIDTH);
  const columns: Column[] = [
    { width: WIDTH - 250, align: 'left' },
    { width: 65, align: 'right' },
    { width: 85, align: 'right' },
    { width: 100, align: 'right' },
  ];
  tableRow(
    doc,
    columns,
    [t.proforma.description, t.proforma.quantity, t.proforma.unitPrice, t.proforma.amount],
    {
      header: true,
    },
  );
  const rows: [string, { quantity: number; unit: string }, Cents][] = [
    [t.price.loads, loads, price.loadCents],
    [t.price.cardFees, cardFees, price.cardFeesCents],
    [t.price.replacementFees, replacementFees, price.replacementFeesCents],
    [t.price.serviceFees, serviceFees, price.serviceFeesCents],
    [
      t.price.deliveryFee,
      {
        quantity: price.deliveryFeeCents > 0 ? 1 : 0,
        unit: price.deliveryFeeCents > 0 ? formatAmount(price.deliveryFeeCents) : '',
      },
      price.deliveryFeeCents,
    ],
  ];
  rows.forEach(([label, { quantity, unit }, cents], index) =>
    tableRow(doc, columns, [label, formatCount(quantity, locale), unit, formatAmount(cents)], {
      shaded: index % 2 === 1,
    }),
  );

  doc.y += 4;
  const totals: Column[] = [
    { width: WIDTH - 100, align: 'right' },
    { width: 100, align: 'right' },
  ];
  tableRow(doc, totals, [t.price.feesNet, formatAmount(price.feesNetCents)]);
  tableRow(doc, totals, [vatLabel(t, locale), formatAmount(price.vatCents)]);
  tableRow(doc, totals, [t.price.loads, formatAmount(price.loadCents)]);
  doc.y += 2;
  tableRow(doc, totals, [t.price.total, formatAmount(price.totalCents)], { strong: true });
  doc.y += 14;
}

function paymentInstructions(doc: Doc, t: DocumentTexts, locale: Locale, input: OrderDocumentInput) {
  const { order } = input;
  const due = Math.max(0, order.price.totalCents - order.paidCents);
  const rows: (readonly [string, string])[] = [
    [t.proforma.rfCode, formatRf(order.rfCode)],
    [t.proforma.beneficiary, PROVIDER_BANK_ACCOUNT.beneficiary],
    [t.proforma.bank, PROVIDER_BANK_NAMES[locale]],
    [t.proforma.iban, formatIban(PROVIDER_BANK_ACCOUNT.iban)],
    [t.proforma.bic, PROVIDER_BANK_ACCOUNT.bic],
    ...(order.paidCents > 0 ? [[t.proforma.alreadyPaid, formatAmount(order.paidCents)] as const] : []),
    [t.proforma.amountToPay, formatAmount(due)],
  ];
  ensureSpace(doc, 40 + rows.length * 15 + 30);
  heading(doc, t.proforma.payment, LEFT, doc.y, WIDTH);
  doc.fillColor(INK).font('regular').fontSize(9).text(t.proforma.paymentText, LEFT, doc.y, { width: WIDTH });
  doc.y += 6;

  const top = doc.y;
  const boxHeight = rows.length * 15 + 12;
  doc.save().roundedRect(LEFT, top, WIDTH, boxHeight, 4).fillAndStroke(SHADE, RULE).restore();
  rows.forEach(([label, value], index) => {
    const y = top + 7 + index * 15;
    const strong = index === 0 || index === rows.length - 1;
    doc
      .fillColor(MUTED)
      .font('regular')
      .fontSize(9)
      .text(label, LEFT + 10, y, { width: 150, lineBreak: false });
    doc
      .fillColor(INK)
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? 10 : 9)
      .text(value, LEFT + 165, y - (strong ? 0.5 : 0), { width: WIDTH - 175, lineBreak: false });
  });
  doc.x = LEFT;
  doc.y = top + boxHeight + 16;
}

/** Each card of the order, up to `PROFORMA_MAX_LINES`, then how many more the Excel lists. */
function cardLines(doc: Doc, t: DocumentTexts, locale: Locale, cards: readonly OrderCard[], total: number) {
  if (total === 0) return;
  const columns: Column[] = [
    { width: 28, align: 'right' },
    { width: 139, align: 'left' },
    { width: 92, align: 'left' },
    { width: 62, align: 'right' },
    { width: 58, align: 'right' },
    { width: 58, align: 'right' },
    { width: WIDTH - 437, align: 'right' },
  ];
  const header = [
    t.proforma.position,
    t.proforma.cardholder,
    t.proforma.card,
    t.proforma.load,
    t.proforma.cardFee,
    t.proforma.replacementFee,
    t.proforma.serviceFee,
  ];
  const printed = cards.slice(0, PROFORMA_MAX_LINES);
  ensureSpace(doc, 80);
  heading(doc, t.proforma.lines, LEFT, doc.y, WIDTH);
  tableRow(doc, columns, header, { header: true, size: 7.5 });
  printed.forEach((card, index) => {
    if (ensureSpace(doc, 14)) tableRow(doc, columns, header, { header: true, size: 7.5 });
    const name = `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim();
    tableRow(
      doc,
      columns,
      [
        String(card.position),
        name || '—',
        card.card?.maskedNumber ?? t.proforma.newCard,
        formatAmount(card.amountCents),
        formatAmount(card.cardFeeCents),
        formatAmount(card.replacementFeeCents),
        formatAmount(card.serviceFeeCents),
      ],
      { shaded: index % 2 === 1, size: 7.5 },
    );
  });
  const more = total - printed.length;
  if (more > 0) {
    ensureSpace(doc, 20);
    doc.y += 4;
    doc
      .fillColor(MUTED)
      .font('regular')
      .fontSize(8.5)
      .text(fillText(t.proforma.moreCards, { count: formatCount(more, locale) }), LEFT, doc.y, {
        width: WIDTH,
      });
  }
}

/** On every page: "not a tax invoice" and the page number (pages are buffered until the end). */
function footers(doc: Doc, t: DocumentTexts) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit open a new page: lift it for the footer.
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
    doc.text(t.proforma.notTaxInvoice, LEFT, y, { width: WIDTH - 90, lineBreak: true });
    doc.text(fillText(t.proforma.page, { page: index + 1, pages: count }), LEFT + WIDTH - 90, y, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

// ---------------------------------------------------------------- drawing helpers

function heading(doc: Doc, text: string, x: number, y: number, width: number) {
  doc.fillColor(ACCENT).font('bold').fontSize(10.5).text(text, x, y, { width });
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
      .fontSize(9)
      .text(label, x, cursor, { width: labelWidth - 6 });
    const labelEnd = doc.y;
    doc.fillColor(INK).text(value, x + labelWidth, cursor, { width: width - labelWidth });
    cursor = Math.max(labelEnd, doc.y) + 1.5;
  }
  doc.x = LEFT;
  return cursor;
}

/**
 * One row of cells. Body cells stay on one line (long text is cut with an ellipsis); header cells
 * may wrap, and the row grows to the tallest of them.
 */
function tableRow(
  doc: Doc,
  columns: readonly Column[],
  cells: readonly string[],
  options: { header?: boolean; shaded?: boolean; strong?: boolean; size?: number } = {},
) {
  const size = options.size ?? 9;
  doc
    .fillColor(options.header ? ACCENT : INK)
    .font(options.header || options.strong ? 'bold' : 'regular')
    .fontSize(options.strong ? size + 1 : size);
  const lineHeight = doc.currentLineHeight();
  const textHeight = options.header
    ? Math.max(
        lineHeight,
        ...columns.map((column, index) =>
          doc.heightOfString(cells[index] ?? '', { width: column.width - 8 }),
        ),
      )
    : lineHeight;
  const height = textHeight + 5;
  const top = doc.y;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const x0 = LEFT + WIDTH - width;
  if (options.header || options.shaded || options.strong) {
    const fill = options.header ? '#e3e7ee' : options.strong ? '#dfe6f0' : SHADE;
    doc.save().rect(x0, top, width, height).fill(fill).restore();
  }
  let x = x0;
  columns.forEach((column, index) => {
    const inner = column.width - 8;
    const text = cells[index] ?? '';
    doc.text(options.header ? text : fit(doc, text, inner), x + 4, top + 3, {
      width: inner,
      align: column.align,
      lineBreak: options.header === true,
    });
    x += column.width;
  });
  doc.x = LEFT;
  doc.y = top + height;
}

/** The text, cut to fit the width with an ellipsis. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 0 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
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
