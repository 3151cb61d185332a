import { addDays, formatAmount, PRODUCTS, type CardCategory, type SettlementView } from '@tessera/domain';
import { loadPdfKit } from '../../platform/file-libraries';
import { AppError } from '../../platform/errors';
import { DOCUMENT_FONTS as PROFORMA_FONTS, PROVIDER } from '../../platform/letterhead';
import type { BillingContext } from './billing-context';
import { monthStart } from './charge-rentals';

/** One product (at one fee rate) of a month's settlements. */
export type InvoiceLine = {
  product: CardCategory;
  basisPoints: number;
  salesCents: number;
  feeCents: number;
  vatCents: number;
};

export type FeeInvoice = {
  merchantId: string;
  month: string;
  lines: InvoiceLine[];
  totals: { salesCents: number; feeCents: number; vatCents: number };
};

/**
 * The month's fees of a merchant from its settlements: per product and fee rate, the sales, the
 * fee and VAT on it, summed from the settlement lines (each already rounded as settled, so the
 * invoice equals what the settlements took to the cent). NOT_FOUND when the month has no settlement.
 */
export async function feeInvoiceOf(
  ctx: BillingContext,
  merchantId: string,
  month: string,
): Promise<FeeInvoice> {
  const from = `${month}-01`;
  const to = addDays(`${nextMonth(month)}-01`, -1);
  const settlements: SettlementView[] = [];
  for (let page = 1; ; page += 1) {
    const found = await ctx.settlements.listSettlements({ merchantId, from, to, page, pageSize: 200 });
    settlements.push(...found.settlements);
    if (settlements.length >= found.total || found.settlements.length === 0) break;
  }
  if (settlements.length === 0) throw new AppError('NOT_FOUND', `no settlement of ${merchantId} in ${month}`);
  const byKey = new Map<string, InvoiceLine>();
  for (const settlement of settlements) {
    for (const line of settlement.lines) {
      const key = `${line.product}:${line.basisPoints}`;
      const entry = byKey.get(key) ?? {
        product: line.product,
        basisPoints: line.basisPoints,
        salesCents: 0,
        feeCents: 0,
        vatCents: 0,
      };
      entry.salesCents += line.sales;
      entry.feeCents += line.fee;
      entry.vatCents += line.vat;
      byKey.set(key, entry);
    }
  }
  const lines = [...byKey.values()].sort(
    (a, b) => a.product.localeCompare(b.product) || a.basisPoints - b.basisPoints,
  );
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    merchantId,
    month,
    lines,
    totals: {
      salesCents: sum((line) => line.salesCents),
      feeCents: sum((line) => line.feeCents),
      vatCents: sum((line) => line.vatCents),
    },
  };
}

/** `YYYY-MM` of the month after. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** `3,50%` of 350 basis points. */
function rateText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace('.', ',')}%`;
}

const PAGE_WIDTH = 595.28;
const LEFT = 50;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const ACCENT = '#1f3a5f';
const MUTED = '#5f6368';
const INK = '#1d1d1f';
const COLUMNS = [
  { title: 'Προϊόν', width: 125, align: 'left' as const },
  { title: 'Πωλήσεις', width: 85, align: 'right' as const },
  { title: 'Προμήθεια %', width: 65, align: 'right' as const },
  { title: 'Προμήθεια', width: 75, align: 'right' as const },
  { title: 'ΦΠΑ 24%', width: 70, align: 'right' as const },
  { title: 'Σύνολο', width: WIDTH - 420, align: 'right' as const },
];

/**
 * The monthly fee statement (κατάσταση προμηθειών; not a tax document since issue 37: the
 * invoices with a MARK are issued per fact through myDATA) of a merchant as an A4 PDF in Greek: the provider as
 * issuer with its ΑΦΜ and ΔΟΥ, the merchant (legal name, ΑΦΜ, address), per product the sales, the fee
 * rate, the fee, VAT 24% and their sum, and the month's totals. The fees were already taken from
 * the month's settlements, and the invoice says so. Deterministic: the same month renders the
 * same bytes (dated the first day of the next month).
 */
export async function renderFeeInvoicePdf(
  invoice: FeeInvoice,
  merchant: { legalName: string; tradeName: string; vatNumber: string; address: string },
): Promise<Buffer> {
  const [year, month] = invoice.month.split('-');
  const number = `ΤΠ-${invoice.merchantId}-${year}${month}`;
  const issued = monthStart(nextMonth(invoice.month));
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, left: LEFT, right: LEFT, bottom: 64 },
    font: PROFORMA_FONTS.regular,
    lang: 'el-GR',
    displayTitle: true,
    info: {
      Title: `Κατάσταση προμηθειών ${number}`,
      Author: PROVIDER.legalName,
      Subject: `Προμήθειες ${month}/${year} — ${merchant.legalName}`,
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

  // Issuer and title.
  doc.fillColor(ACCENT).font('bold').fontSize(14).text(PROVIDER.legalName, LEFT, 48, { width: 280 });
  doc
    .fillColor(MUTED)
    .font('regular')
    .fontSize(8.5)
    .text(PROVIDER.address.el, { width: 280 })
    .text(`ΑΦΜ ${PROVIDER.vatNumber} · ΔΟΥ ${PROVIDER.taxOffice.el}`, { width: 280 })
    .text(`${PROVIDER.phone} · ${PROVIDER.email}`, { width: 280 });
  const right = { x: LEFT + WIDTH - 230, width: 230 };
  doc.fillColor(INK).font('bold').fontSize(16).text('Κατάσταση προμηθειών', right.x, 46, {
    width: right.width,
    align: 'right',
  });
  doc
    .font('regular')
    .fontSize(9.5)
    .text(`Αριθμός: ${number}`, right.x, doc.y + 2, { width: right.width, align: 'right' })
    .text(`Περίοδος: ${month}/${year}`, { width: right.width, align: 'right' })
    .text(
      `Ημερομηνία έκδοσης: 01/${nextMonth(invoice.month).slice(5, 7)}/${nextMonth(invoice.month).slice(0, 4)}`,
      {
        width: right.width,
        align: 'right',
      },
    )
    // The tax documents are the invoices issued through myDATA (issue 37, ADR 062), one per fact.
    .font('bold')
    .text('Δεν αποτελεί φορολογικό στοιχείο', { width: right.width, align: 'right' });

  // The merchant.
  doc.y = 140;
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + WIDTH, doc.y)
    .lineWidth(1)
    .strokeColor(ACCENT)
    .stroke();
  doc.y += 12;
  doc.fillColor(MUTED).font('bold').fontSize(9).text('Λήπτης', LEFT, doc.y);
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(10.5)
    .text(merchant.legalName, { width: WIDTH })
    .font('regular')
    .fontSize(9.5)
    .text(`Διακριτικός τίτλος: ${merchant.tradeName}`, { width: WIDTH })
    .text(`ΑΦΜ: ${merchant.vatNumber}`, { width: WIDTH })
    .text(`Διεύθυνση: ${merchant.address || '—'}`, { width: WIDTH })
    .text(`Κωδικός εμπόρου: ${invoice.merchantId}`, { width: WIDTH });

  // The lines.
  doc.y += 16;
  const row = (cells: string[], bold: boolean) => {
    const top = doc.y;
    let x = LEFT;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(INK);
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      doc.text(cell, x + 4, top, { width: column.width - 8, align: column.align, lineBreak: false });
      x += column.width;
    });
    doc.y = top + 18;
  };
  doc.rect(LEFT, doc.y - 4, WIDTH, 18).fill('#f1f3f6');
  row(
    COLUMNS.map((column) => column.title),
    true,
  );
  for (const line of invoice.lines) {
    row(
      [
        PRODUCTS[line.product].name.el,
        formatAmount(line.salesCents),
        rateText(line.basisPoints),
        formatAmount(line.feeCents),
        formatAmount(line.vatCents),
        formatAmount(line.feeCents + line.vatCents),
      ],
      false,
    );
  }
  doc
    .moveTo(LEFT, doc.y - 4)
    .lineTo(LEFT + WIDTH, doc.y - 4)
    .lineWidth(0.6)
    .strokeColor('#c9ced6')
    .stroke();
  const { totals } = invoice;
  row(
    [
      'Σύνολα',
      formatAmount(totals.salesCents),
      '',
      formatAmount(totals.feeCents),
      formatAmount(totals.vatCents),
      formatAmount(totals.feeCents + totals.vatCents),
    ],
    true,
  );

  // Summary and note.
  doc.y += 14;
  const summary = [
    ['Καθαρή αξία προμηθειών', formatAmount(totals.feeCents)],
    ['ΦΠΑ 24%', formatAmount(totals.vatCents)],
    ['Συνολικό ποσό', formatAmount(totals.feeCents + totals.vatCents)],
  ] as const;
  for (const [label, value] of summary) {
    const top = doc.y;
    doc.font(label === 'Συνολικό ποσό' ? 'bold' : 'regular').fontSize(10);
    doc.text(label, LEFT + WIDTH - 260, top, { width: 160, lineBreak: false });
    doc.text(value, LEFT + WIDTH - 100, top, { width: 100, align: 'right', lineBreak: false });
    doc.y = top + 16;
  }
  doc.y += 18;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Οι προμήθειες και ο ΦΠΑ τους έχουν ήδη παρακρατηθεί από τις ημερήσιες εκκαθαρίσεις του μήνα· δεν απαιτείται πληρωμή.',
      LEFT,
      doc.y,
      { width: WIDTH },
    );
  doc.end();
  return done;
}
