import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DECLINE_REASON_TEXT,
  neutralizeCell,
  PRODUCTS,
  type Locale,
  type MerchantTransaction,
  type StoreView,
} from '@tessera/domain';
import { stringify } from 'csv-stringify';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { loadExcel } from '../../platform/file-libraries';
import type { Executor } from '../../platform/db';
import type { MerchantsService } from '../merchants';
import {
  MICROS,
  toMerchantTransactions,
  transactionConditions,
  type TransactionFilter,
} from './merchant-transactions';
import { terminalTransactions } from './schema';

const BATCH = 2_000;

const HEADERS: Record<Locale, string[]> = {
  el: [
    'Ημερομηνία',
    'Κατάστημα',
    'Τερματικό',
    'MID',
    'Είδος',
    'Αποτέλεσμα',
    'Λόγος απόρριψης',
    'Προϊόν',
    'Κάρτα',
    'Ποσό (€)',
    'Κωδικός έγκρισης',
    'Κωδικός συναλλαγής τερματικού',
  ],
  en: [
    'Date',
    'Store',
    'Terminal',
    'MID',
    'Kind',
    'Outcome',
    'Decline reason',
    'Product',
    'Card',
    'Amount (€)',
    'Authorisation id',
    'Terminal transaction id',
  ],
};

const KIND_TEXT: Record<Locale, Record<MerchantTransaction['kind'], string>> = {
  el: { authorise: 'Αγορά', reverse: 'Ακύρωση', refund: 'Επιστροφή' },
  en: { authorise: 'Purchase', reverse: 'Reversal', refund: 'Refund' },
};
const OUTCOME_TEXT: Record<Locale, Record<MerchantTransaction['outcome'], string>> = {
  el: { approved: 'Εγκρίθηκε', declined: 'Απορρίφθηκε' },
  en: { approved: 'Approved', declined: 'Declined' },
};

const ATHENS = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Athens',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * The CSV's separator and decimal mark per language (issue 34 §2 item 4, ADR 044): Greek Excel
 * reads `;` between fields and `,` before the decimals (Windows' list separator and decimal symbol
 * for el-GR); English keeps `,` and `.`. No thousands separator in either: a spreadsheet reads it
 * as text.
 */
const CSV_FORMAT: Record<Locale, { delimiter: string; decimal: string }> = {
  el: { delimiter: ';', decimal: ',' },
  en: { delimiter: ',', decimal: '.' },
};

/** `2026-11-28 14:05:03`: the call's Athens wall-clock time. */
function athensText(at: string): string {
  return ATHENS.format(new Date(at));
}

/**
 * The xlsx date cell of a call (issue 34 §2 item 4): a real date (a serial number Excel sorts and
 * filters) showing the Athens wall-clock time. A spreadsheet's dates have no time zone, so the Date
 * written carries the Athens time in its UTC fields.
 */
function athensDateCell(at: string): Date {
  return new Date(`${athensText(at).replace(' ', 'T')}Z`);
}

/** The texts of one exported row: neutralised (a store name typed by a user never becomes a formula). */
function textsOf(transaction: MerchantTransaction, locale: Locale): string[] {
  return [
    transaction.storeName,
    transaction.terminalLabel,
    transaction.mid,
    KIND_TEXT[locale][transaction.kind],
    OUTCOME_TEXT[locale][transaction.outcome],
    transaction.declineReason ? DECLINE_REASON_TEXT[transaction.declineReason][locale] : '',
    transaction.product ? PRODUCTS[transaction.product].name[locale] : '',
    transaction.maskedCard ?? '',
  ].map(neutralizeCell);
}

/** Money given back counts against the sales: negative in the files. */
function signedCents(transaction: MerchantTransaction): number {
  return transaction.kind === 'authorise' ? transaction.amountCents : -transaction.amountCents;
}

/** One CSV row: the date as text, the amount with the language's decimal mark (`-7,35`, `-7.35`). */
function csvCellsOf(transaction: MerchantTransaction, locale: Locale): string[] {
  const cents = signedCents(transaction);
  const amount = `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}${CSV_FORMAT[locale].decimal}${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  return [
    athensText(transaction.at),
    ...textsOf(transaction, locale),
    amount,
    neutralizeCell(transaction.authorisationId ?? ''),
    neutralizeCell(transaction.terminalTransactionId),
  ];
}

/** One xlsx row: a date cell and a number cell (the sheet's formats show them). */
function xlsxCellsOf(transaction: MerchantTransaction, locale: Locale): (string | number | Date)[] {
  return [
    athensDateCell(transaction.at),
    ...textsOf(transaction, locale),
    signedCents(transaction) / 100,
    neutralizeCell(transaction.authorisationId ?? ''),
    neutralizeCell(transaction.terminalTransactionId),
  ];
}

/** Every filtered transaction, newest first, a batch at a time (keyset: memory stays flat). */
async function* batches(
  db: Executor,
  merchantId: string,
  filter: TransactionFilter,
  stores: readonly StoreView[],
): AsyncGenerator<MerchantTransaction[]> {
  let after: { micros: string; id: string } | undefined;
  for (;;) {
    const conditions = transactionConditions(merchantId, filter);
    if (after) {
      // The exact key (JavaScript dates would lose the microseconds and skip rows).
      const at = sql`(timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond')`;
      conditions.push(
        or(
          lt(terminalTransactions.createdAt, at),
          and(eq(terminalTransactions.createdAt, at), lt(terminalTransactions.id, after.id)),
        )!,
      );
    }
    const rows = await db
      .select({ row: terminalTransactions, micros: MICROS })
      .from(terminalTransactions)
      .where(and(...conditions))
      .orderBy(desc(terminalTransactions.createdAt), desc(terminalTransactions.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield await toMerchantTransactions(
      db,
      rows.map((entry) => entry.row),
      stores,
    );
    if (rows.length < BATCH) return;
    const last = rows.at(-1)!;
    after = { micros: last.micros, id: last.row.id };
  }
}

/**
 * `downloadTransactionsList` (SPEC §7): the filtered transactions as xlsx (exceljs' streaming
 * writer; dates as date cells, amounts as numbers) or CSV (csv-stringify, UTF-8 with BOM for Excel;
 * in Greek `;` and a decimal comma), written to `output` as they are read.
 */
export async function writeMerchantTransactions(
  deps: { db: Executor; merchants: MerchantsService },
  merchantId: string,
  filter: TransactionFilter,
  format: 'xlsx' | 'csv',
  locale: Locale,
  output: Writable,
): Promise<void> {
  const stores = await deps.merchants.stores(merchantId);
  if (format === 'csv') {
    const csv = stringify({
      bom: true,
      header: true,
      columns: HEADERS[locale],
      delimiter: CSV_FORMAT[locale].delimiter,
    });
    const done = pipeline(csv, output);
    for await (const batch of batches(deps.db, merchantId, filter, stores)) {
      for (const transaction of batch) {
        if (!csv.write(csvCellsOf(transaction, locale)))
          await new Promise((resolve) => csv.once('drain', resolve));
      }
    }
    csv.end();
    await done;
    return;
  }
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(locale === 'el' ? 'Συναλλαγές' : 'Transactions');
  sheet.columns = HEADERS[locale].map((header, index) => ({
    header,
    width: index === 0 ? 20 : index === 1 ? 28 : 16,
    ...(index === 0 ? { style: { numFmt: 'dd/mm/yyyy hh:mm:ss' } } : {}),
    ...(index === 9 ? { style: { numFmt: '#,##0.00 "€"' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of batches(deps.db, merchantId, filter, stores)) {
    for (const transaction of batch) sheet.addRow(xlsxCellsOf(transaction, locale)).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** A stream the route sends while the file is written into it (errors end it). */
export function streamOf(
  write: (output: Writable) => Promise<void>,
  onError: (error: unknown) => void,
): PassThrough {
  const stream = new PassThrough();
  write(stream).catch((error: unknown) => {
    onError(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}
