import type { Writable } from 'node:stream';
import {
  documentTypeLabel,
  invoiceStateLabel,
  isCreditNote,
  MYDATA_VAT_CATEGORIES,
  neutralizeCell,
  type Cents,
  type CustomerInvoice,
  type Locale,
  type MydataVatCategory,
} from '@tessera/domain';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/file-libraries';
import { PROVIDER } from '../../platform/letterhead';
import type { InvoiceLineRow, InvoiceRow } from './repository';

/**
 * A customer's invoices and credit notes as a spreadsheet for its accountant (issue 37 §4): one
 * sheet of documents and one of their lines. Amounts are numbers in euros with a euro format,
 * dates real dates; a credit note's amounts are negative, so that a column's sum is what the
 * customer was charged. Written with exceljs' streaming writer, a row committed as it is made.
 */

/** Euros with two decimals and the sign after them; Excel shows its user's separators. */
const EURO_FORMAT = '#,##0.00 "€";-#,##0.00 "€"';
const DATE_FORMAT = 'dd/mm/yyyy';
const PERCENT_FORMAT = '0%';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E7EE' } };
const YIELD_EVERY = 500;

const TEXTS = {
  el: {
    documentsSheet: 'Παραστατικά',
    linesSheet: 'Γραμμές',
    number: 'Αριθμός',
    type: 'Είδος παραστατικού',
    mydataType: 'Τύπος myDATA',
    issueDate: 'Ημερομηνία έκδοσης',
    customer: 'Πελάτης',
    customerVat: 'ΑΦΜ πελάτη',
    issuerVat: 'ΑΦΜ εκδότη',
    order: 'Παραγγελία',
    credits: 'Πιστώνει το',
    net: 'Καθαρή αξία',
    vat: 'ΦΠΑ',
    gross: 'Συνολική αξία',
    state: 'Κατάσταση',
    mark: 'ΜΑΡΚ',
    uid: 'UID',
    line: 'Α/Α γραμμής',
    description: 'Περιγραφή',
    quantity: 'Ποσότητα',
    vatRate: 'Συντελεστής ΦΠΑ',
    total: 'Σύνολο',
    issuer: 'Εκδότης',
  },
  en: {
    documentsSheet: 'Documents',
    linesSheet: 'Lines',
    number: 'Number',
    type: 'Document type',
    mydataType: 'myDATA type',
    issueDate: 'Issue date',
    customer: 'Customer',
    customerVat: 'Customer VAT no.',
    issuerVat: 'Issuer VAT no.',
    order: 'Order',
    credits: 'Credits',
    net: 'Net',
    vat: 'VAT',
    gross: 'Total',
    state: 'State',
    mark: 'MARK',
    uid: 'UID',
    line: 'Line',
    description: 'Description',
    quantity: 'Quantity',
    vatRate: 'VAT rate',
    total: 'Total',
    issuer: 'Issuer',
  },
} as const satisfies Record<Locale, Record<string, string>>;

type Texts = (typeof TEXTS)[Locale];
type CellValue = string | number | Date | null;

export type ExportedDocument = {
  row: InvoiceRow;
  summary: CustomerInvoice;
  lines: readonly InvoiceLineRow[];
};

/**
 * Writes the spreadsheet of `documents` to `output`, which it ends (or destroys, on failure).
 * Every text cell goes through `neutralizeCell`: a customer's name is typed by people.
 */
export async function writeCustomerInvoicesExcel(
  documents: AsyncIterable<ExportedDocument>,
  locale: Locale,
  output: Writable,
): Promise<void> {
  const t = TEXTS[locale];
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = PROVIDER.legalName;
  workbook.lastModifiedBy = PROVIDER.legalName;
  try {
    const sheet = workbook.addWorksheet(t.documentsSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    const columns = documentColumns(t);
    sheet.columns = columns.map(({ width }) => ({ width }));
    styleHeader(
      addRow(
        sheet,
        columns.map(({ header }) => header),
      ),
    );
    // The lines are kept until the documents' sheet is done: the streaming writer writes one sheet
    // after the other. A line is a few numbers; the export holds at most `EXPORT_LIMIT` documents.
    const lines: CellValue[][] = [];
    const sums = { net: 0, vat: 0, gross: 0 };
    let count = 0;
    for await (const { row, summary, lines: documentLines } of documents) {
      const sign = isCreditNote(row.documentType) ? -1 : 1;
      sums.net += sign * row.netCents;
      sums.vat += sign * row.vatCents;
      sums.gross += sign * row.grossCents;
      const values: CellValue[] = [
        summary.number,
        documentTypeLabel(row.documentType, locale),
        row.documentType,
        dateOf(row.issueDate),
        row.counterpart.name,
        row.counterpart.vatNumber,
        summary.orderNumber === null ? '' : `#${summary.orderNumber}`,
        summary.credits?.number ?? '',
        euros(sign * row.netCents),
        euros(sign * row.vatCents),
        euros(sign * row.grossCents),
        invoiceStateLabel(row.state, locale),
        row.mark ?? '',
        row.mydataUid ?? '',
        row.issuerVat,
      ];
      formatRow(addRow(sheet, values), columns).commit();
      for (const line of documentLines) {
        lines.push([
          summary.number,
          dateOf(row.issueDate),
          line.lineNumber,
          locale === 'en' ? line.descriptionEn : line.descriptionEl,
          line.quantity,
          euros(sign * line.netCents),
          vatRateOf(line.vatCategory),
          euros(sign * line.vatCents),
          euros(sign * (line.netCents + line.vatCents)),
        ]);
      }
      count += 1;
      if (count % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const total = addRow(sheet, [
      t.total,
      '',
      '',
      null,
      '',
      '',
      '',
      '',
      euros(sums.net),
      euros(sums.vat),
      euros(sums.gross),
    ]);
    formatRow(total, columns).font = { bold: true };
    total.commit();
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: count + 1, column: columns.length } };
    sheet.commit();

    const lineSheet = workbook.addWorksheet(t.linesSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    const lineColumns = lineColumnsOf(t);
    lineSheet.columns = lineColumns.map(({ width }) => ({ width }));
    styleHeader(
      addRow(
        lineSheet,
        lineColumns.map(({ header }) => header),
      ),
    );
    for (const values of lines) formatRow(addRow(lineSheet, values), lineColumns).commit();
    lineSheet.autoFilter = {
      from: { row: 1, column: 1 },
      to: { row: lines.length + 1, column: lineColumns.length },
    };
    lineSheet.commit();
    await workbook.commit();
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

type Column = { header: string; width: number; format?: string };

function documentColumns(t: Texts): Column[] {
  return [
    { header: t.number, width: 14 },
    { header: t.type, width: 34 },
    { header: t.mydataType, width: 12 },
    { header: t.issueDate, width: 16, format: DATE_FORMAT },
    { header: t.customer, width: 34 },
    { header: t.customerVat, width: 14 },
    { header: t.order, width: 12 },
    { header: t.credits, width: 14 },
    { header: t.net, width: 15, format: EURO_FORMAT },
    { header: t.vat, width: 13, format: EURO_FORMAT },
    { header: t.gross, width: 15, format: EURO_FORMAT },
    { header: t.state, width: 28 },
    { header: t.mark, width: 18 },
    { header: t.uid, width: 42 },
    { header: t.issuerVat, width: 14 },
  ];
}

function lineColumnsOf(t: Texts): Column[] {
  return [
    { header: t.number, width: 14 },
    { header: t.issueDate, width: 16, format: DATE_FORMAT },
    { header: t.line, width: 10 },
    { header: t.description, width: 48 },
    { header: t.quantity, width: 10 },
    { header: t.net, width: 15, format: EURO_FORMAT },
    { header: t.vatRate, width: 12, format: PERCENT_FORMAT },
    { header: t.vat, width: 13, format: EURO_FORMAT },
    { header: t.total, width: 15, format: EURO_FORMAT },
  ];
}

function addRow(sheet: ExcelJS.Worksheet, values: readonly CellValue[]): ExcelJS.Row {
  return sheet.addRow(values.map((value) => (typeof value === 'string' ? neutralizeCell(value) : value)));
}

function formatRow(row: ExcelJS.Row, columns: readonly Column[]): ExcelJS.Row {
  columns.forEach((column, index) => {
    if (column.format) row.getCell(index + 1).numFmt = column.format;
  });
  return row;
}

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  row.commit();
}

function euros(cents: Cents): number {
  return cents / 100;
}

/** A `YYYY-MM-DD` date as the spreadsheet's date of that day (UTC midnight: no time zone shifts it). */
function dateOf(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

/** A VAT category's rate as a fraction (0.24), for a percent format. */
function vatRateOf(category: number): number | null {
  const rate = MYDATA_VAT_CATEGORIES[category as MydataVatCategory];
  return rate === null || rate === undefined ? null : rate / 10_000;
}
