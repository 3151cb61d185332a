import { ImportBankStatementRequestSchema, type ImportBankStatementResponse } from '@tessera/domain';
import type { MessageId } from '../../i18n/messages';
import { BADGE_COLOR, type StatusBadge } from '../../lib/badge-colors';

/**
 * The bank statement import's rules that need no React (ADR 010, "Payments"): which files are sent
 * and how their bytes become the `csv` text of `importBankStatement`, and how each line's outcome
 * is said.
 */

export type StatementLine = ImportBankStatementResponse['lines'][number];
export type StatementOutcome = StatementLine['outcome'];

/**
 * At most 5 MB. The request allows 5.000.000 characters; a file of at most that many bytes never
 * decodes to more characters, so the server's limit is never met after reading.
 */
export const STATEMENT_MAX_BYTES = ImportBankStatementRequestSchema.shape.csv.maxLength ?? 5_000_000;

export type StatementFileProblem = 'notCsv' | 'tooLarge' | 'empty';

export const STATEMENT_FILE_PROBLEM: Record<StatementFileProblem, MessageId> = {
  notCsv: 'bankStatement.file.notCsv',
  tooLarge: 'bankStatement.file.tooLarge',
  empty: 'bankStatement.file.empty',
};

/**
 * What is wrong with a chosen or dropped file before it is read, or null. The file picker offers
 * only `.csv`, but a dropped file can be anything; some systems label CSV `application/vnd.ms-excel`,
 * so the name decides.
 */
export function statementFileProblem(file: Pick<File, 'name' | 'size'>): StatementFileProblem | null {
  if (!/\.csv$/i.test(file.name)) return 'notCsv';
  if (file.size === 0) return 'empty';
  if (file.size > STATEMENT_MAX_BYTES) return 'tooLarge';
  return null;
}

/**
 * The statement's text. Greek banks export UTF-8 (often with a BOM, which is dropped) or the older
 * Windows Greek code page (windows-1253); bytes that are not valid UTF-8 are read as the latter, so
 * Greek headers (`ημερομηνία`, `ποσό`, `αιτιολογία`) reach the server intact.
 */
export function decodeStatement(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1253').decode(bytes);
  }
}

/** Reads a file the user chose (FileReader where `Blob.arrayBuffer` is missing: older Safari). */
export async function readStatementFile(file: Blob): Promise<string> {
  if (typeof file.arrayBuffer === 'function') return decodeStatement(await file.arrayBuffer());
  const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file);
  });
  return decodeStatement(bytes);
}

/**
 * A statement line's outcome in words, and its colour, which only repeats them: paid, nothing to do,
 * or a line someone must look at (the badge colours of lib/badge-colors.ts, as the order statuses).
 */
export const STATEMENT_OUTCOME_BADGE: Record<StatementOutcome, StatusBadge> = {
  matched: { label: 'bankStatement.outcome.matched', color: BADGE_COLOR.teal },
  duplicate: { label: 'bankStatement.outcome.duplicate', color: BADGE_COLOR.slate },
  unknownReference: { label: 'bankStatement.outcome.unknownReference', color: BADGE_COLOR.red },
  amountMismatch: { label: 'bankStatement.outcome.amountMismatch', color: BADGE_COLOR.red },
  alreadyPaid: { label: 'bankStatement.outcome.alreadyPaid', color: BADGE_COLOR.amber },
  invalid: { label: 'bankStatement.outcome.invalid', color: BADGE_COLOR.red },
};
