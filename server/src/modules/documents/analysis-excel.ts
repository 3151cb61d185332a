import type { Writable } from 'node:stream';
import { formatRf, PRODUCTS, type Cents, type Locale, type OrderCard } from '@tessera/domain';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/file-libraries';
import { neutralizeCell } from '@tessera/domain';
import { PROVIDER } from './provider';
import { DOCUMENT_TEXTS, formatDocumentDate, formatOrderNumber, vatLabel, type DocumentTexts } from './texts';
import type { OrderAnalysisSource, OrderDocumentInput } from './types';

/**
 * The order analysis Excel (SPEC §7 downloadOrderAnalysisExcel): a summary sheet and one row per
 * card. Written with exceljs' streaming writer, each row committed as it is made, so an order of
 * 100,000 cards streams to the response without being held in memory.
 */

/** Euros with two decimals and the sign after them; Excel shows its user's separators. */
const EURO_FORMAT = '#,##0.00 "€"';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E7EE' } };
/** Let the event loop breathe (and the zip stream drain) every so many rows. */
const YIELD_EVERY = 500;

type CellValue = string | number | null;

/**
 * Writes the analysis Excel of an order to `output`, which it ends (or destroys, on failure).
 * Every text cell goes through `neutralizeCell`: cardholder names and order texts are typed by
 * users and must never become formulas.
 *
 * @param source the order, its company and its lines (an array, or an async iterable such as a
 *   database cursor).
 * @param locale the language of sheet names, headers and labels.
 * @param output where the `.xlsx` bytes go (an HTTP response, a file).
 */
export async function writeOrderAnalysisExcel(
  source: OrderAnalysisSource | OrderDocumentInput,
  locale: Locale,
  output: Writable,
): Promise<void> {
  const t = DOCUMENT_TEXTS[locale];
  const issued = new Date(source.order.submittedAt);
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  // Document properties from the order, not the clock: the same order gives the same file.
  workbook.created = issued;
  workbook.modified = issued;
  workbook.creator = PROVIDER.legalName;
  workbook.lastModifiedBy = PROVIDER.legalName;
  try {
    writeSummary(workbook, t, locale, source);
    await writeCards(workbook, t, source.cards);
    await workbook.commit();
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

function addRow(sheet: ExcelJS.Worksheet, values: readonly CellValue[]): ExcelJS.Row {
  return sheet.addRow(values.map((value) => (typeof value === 'string' ? neutralizeCell(value) : value)));
}

function euros(cents: Cents): number {
  return cents / 100;
}

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
}

function writeSummary(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  t: DocumentTexts,
  locale: Locale,
  source: OrderAnalysisSource | OrderDocumentInput,
) {
  const { order, company } = source;
  const sheet = workbook.addWorksheet(t.excel.summarySheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [{ width: 42 }, { width: 48 }];
  styleHeader(addRow(sheet, [t.excel.field, t.excel.value]));
  const facts: [string, CellValue][] = [
    [t.excel.provider, PROVIDER.legalName],
    [t.proforma.orderNumber, formatOrderNumber(order.orderNumber)],
    [t.proforma.date, formatDocumentDate(order.submittedAt)],
    [t.excel.company, company.name],
    [t.proforma.vatNumber, company.vat],
    [t.proforma.customerId, company.companyId],
    [t.proforma.product, PRODUCTS[order.product].name[locale]],
    [t.proforma.orderType, t.orderTypes[order.orderType]],
    [t.excel.status, t.orderStatuses[order.status]],
    [t.proforma.alias, order.draftOrderAlias],
    [t.proforma.invoiceComments, order.invoiceComments],
    [t.proforma.submittedBy, order.submittedByName],
    [t.proforma.rfCode, formatRf(order.rfCode)],
    [t.excel.cardCount, order.cards],
  ];
  for (const fact of facts) addRow(sheet, fact).commit();
  addRow(sheet, []).commit();

  const { price } = order;
  const amounts: [string, Cents][] = [
    [t.price.loads, price.loadCents],
    [t.price.cardFees, price.cardFeesCents],
    [t.price.replacementFees, price.replacementFeesCents],
    [t.price.serviceFees, price.serviceFeesCents],
    [t.price.deliveryFee, price.deliveryFeeCents],
    [t.price.feesNet, price.feesNetCents],
    [vatLabel(t, locale), price.vatCents],
    [t.price.total, price.totalCents],
    [t.excel.paid, order.paidCents],
  ];
  for (const [label, cents] of amounts) {
    const row = addRow(sheet, [label, euros(cents)]);
    row.getCell(2).numFmt = EURO_FORMAT;
    if (label === t.price.total) row.font = { bold: true };
    row.commit();
  }
  sheet.commit();
}

const CARD_COLUMNS = [
  { key: 'position', width: 8 },
  { key: 'firstName', width: 18 },
  { key: 'lastName', width: 22 },
  { key: 'email', width: 30 },
  { key: 'employeeCode', width: 16 },
  { key: 'maskedNumber', width: 20 },
  { key: 'replacedMaskedNumber', width: 24 },
  { key: 'cardStatus', width: 18 },
  { key: 'amount', width: 14 },
  { key: 'cardFee', width: 14 },
  { key: 'replacementFee', width: 18 },
  { key: 'serviceFee', width: 16 },
] as const satisfies readonly { key: keyof DocumentTexts['excel']; width: number }[];
/** Columns 9–12 hold money. */
const FIRST_AMOUNT_COLUMN = 9;

async function writeCards(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  t: DocumentTexts,
  cards: AsyncIterable<OrderCard> | Iterable<OrderCard>,
) {
  // The summary is committed before this sheet exists: the zip takes its entries one after the
  // other, so this sheet's rows flow out as they are committed.
  const sheet = workbook.addWorksheet(t.excel.cardsSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = CARD_COLUMNS.map(({ width }) => ({ width }));
  styleHeader(
    addRow(
      sheet,
      CARD_COLUMNS.map(({ key }) => t.excel[key]),
    ),
  );
  let lastRow = 1;
  for await (const card of cards) {
    const row = addRow(sheet, [
      card.position,
      card.cardholder.firstName,
      card.cardholder.lastName,
      card.cardholder.email,
      card.cardholder.employeeCode,
      card.card?.maskedNumber ?? '',
      card.replacedCard?.maskedNumber ?? '',
      card.card ? t.cardStatuses[card.card.status] : '',
      euros(card.amountCents),
      euros(card.cardFeeCents),
      euros(card.replacementFeeCents),
      euros(card.serviceFeeCents),
    ]);
    for (let column = FIRST_AMOUNT_COLUMN; column <= CARD_COLUMNS.length; column += 1) {
      row.getCell(column).numFmt = EURO_FORMAT;
    }
    row.commit();
    lastRow += 1;
    if (lastRow % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastRow, column: CARD_COLUMNS.length } };
  sheet.commit();
}
