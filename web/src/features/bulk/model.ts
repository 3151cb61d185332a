import {
  BULK_DEFAULT_MAX_BYTES,
  BULK_FAMILY_NAMES,
  BULK_PURPOSES,
  PRODUCTS,
  type BulkColumnKey,
  type BulkImport,
  type BulkImportRow,
  type BulkImportState,
  type BulkPurpose,
  type CardCategory,
  type CardFamily,
  type Locale,
} from '@tessera/domain';
import type { MessageId } from '../../i18n/messages';
import { formatNumber } from '../../lib/format';
import { BADGE_COLOR, type StatusBadge } from '../../lib/badge-colors';

/**
 * The rules of the bulk page that need no React (ADR 011): which files go up, when the page polls,
 * what may become drafts, and the names of states, statuses and filters.
 */

/** What the file chooser offers (Windows names a `.csv` as Excel's; the server reads the bytes). */
export const BULK_FILE_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The server's default limit (configurable there; a bigger file is refused before it is sent). */
export const BULK_MAX_BYTES = BULK_DEFAULT_MAX_BYTES;

/** The longest file name the upload accepts (`UploadBulkFileQuerySchema`). */
const MAX_FILE_NAME = 200;

/** The longest draft alias (`BulkLoadCardOrderRequestSchema`). */
export const MAX_ALIAS = 70;
export const MAX_INVOICE_COMMENTS = 500;
/** The longest cell text an edit may send (`UpdateBulkImportRowRequestSchema`). */
export const MAX_CELL = 200;

/** How often the page asks for the progress of a file being read. */
export const POLL_MS = 700;
/** A screen reader hears the progress at most this often (the bar itself moves on every poll). */
export const ANNOUNCE_MS = 5_000;
export const ROWS_PAGE_SIZE = 50;

export type FileProblem =
  | { kind: 'empty' }
  | { kind: 'oldExcel' }
  | { kind: 'type' }
  | { kind: 'tooBig'; bytes: number; maxBytes: number };

/** Why a chosen file cannot be sent, or null: checked in the browser before a byte leaves. */
export function checkBulkFile(
  file: { name: string; size: number },
  maxBytes = BULK_MAX_BYTES,
): FileProblem | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (extension === 'xls') return { kind: 'oldExcel' };
  if (extension !== 'xlsx' && extension !== 'csv') return { kind: 'type' };
  if (file.size > maxBytes) return { kind: 'tooBig', bytes: file.size, maxBytes };
  if (file.size === 0) return { kind: 'empty' };
  return null;
}

/** A file name as the upload sends it (the server takes at most 200 characters). */
export function uploadFileName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= MAX_FILE_NAME) return trimmed;
  const extension = /\.[^.]{1,5}$/.exec(trimmed)?.[0] ?? '';
  return trimmed.slice(0, MAX_FILE_NAME - extension.length) + extension;
}

/** A size in words: KB below one megabyte, MB (one decimal) above. */
export function fileSizeText(bytes: number, locale: Locale): { id: MessageId; size: string } {
  if (bytes < 1024 * 1024) {
    return { id: 'bulk.size.kb', size: formatNumber(Math.max(1, Math.ceil(bytes / 1024)), locale) };
  }
  return { id: 'bulk.size.mb', size: formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, locale) };
}

export function isBulkPurpose(value: string | null): value is BulkPurpose {
  return value !== null && (BULK_PURPOSES as readonly string[]).includes(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isImportId(value: string | null): value is string {
  return value !== null && UUID.test(value);
}

/** Being read: the page polls until the state moves on. */
export function isBeingRead(state: BulkImportState | undefined): boolean {
  return state === 'queued' || state === 'processing';
}

/** Rows that would become draft lines: not dropped, without errors. */
export function goodRowsOf(item: Pick<BulkImport, 'rowsOk' | 'rowsWarning'>): number {
  return item.rowsOk + item.rowsWarning;
}

/**
 * Whether drafts may be made, and if not why: a row with errors must be fixed or left out first
 * (the server would silently skip it; the user decides instead), and at least one row must be good.
 */
export function draftsBlockOf(
  item: Pick<BulkImport, 'state' | 'rowsOk' | 'rowsWarning' | 'rowsError'>,
): 'hasErrors' | 'noGoodRows' | 'notReady' | null {
  if (item.state !== 'ready') return 'notReady';
  if (item.rowsError > 0) return 'hasErrors';
  if (goodRowsOf(item) === 0) return 'noGoodRows';
  return null;
}

/** The reading's progress in percent, or null while the size of the file is not known. */
export function progressPercent(item: Pick<BulkImport, 'rowsRead' | 'rowsTotal'>): number | null {
  if (item.rowsTotal === null || item.rowsTotal <= 0) return null;
  return Math.min(100, Math.round((item.rowsRead / item.rowsTotal) * 100));
}

/** The preview's filters, in the order the page shows them. */
export const ROW_FILTERS = ['all', 'problems', 'error', 'warning', 'ok', 'dropped'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];

export function isRowFilter(value: string | null): value is RowFilter {
  return value !== null && (ROW_FILTERS as readonly string[]).includes(value);
}

export const ROW_FILTER_LABEL: Record<RowFilter, MessageId> = {
  all: 'bulk.filter.all',
  problems: 'bulk.filter.problems',
  error: 'bulk.filter.error',
  warning: 'bulk.filter.warning',
  ok: 'bulk.filter.ok',
  dropped: 'bulk.filter.dropped',
};

/** How many rows a filter shows, from the import's counters (dropped rows count only as dropped). */
export function filterCount(
  item: Pick<BulkImport, 'rowsOk' | 'rowsWarning' | 'rowsError' | 'rowsDropped'>,
  filter: RowFilter,
): number {
  switch (filter) {
    case 'all':
      return item.rowsOk + item.rowsWarning + item.rowsError + item.rowsDropped;
    case 'problems':
      return item.rowsWarning + item.rowsError;
    case 'error':
      return item.rowsError;
    case 'warning':
      return item.rowsWarning;
    case 'ok':
      return item.rowsOk;
    case 'dropped':
      return item.rowsDropped;
  }
}

/**
 * An import's badge (lib/badge-colors.ts, as the order statuses): every badge also says its state in
 * words.
 */
export const STATE_BADGE: Record<BulkImportState, StatusBadge> = {
  queued: { label: 'bulk.state.queued', color: BADGE_COLOR.grey },
  processing: { label: 'bulk.state.processing', color: BADGE_COLOR.blue },
  ready: { label: 'bulk.state.ready', color: BADGE_COLOR.teal },
  failed: { label: 'bulk.state.failed', color: BADGE_COLOR.red },
  converted: { label: 'bulk.state.converted', color: BADGE_COLOR.green },
  superseded: { label: 'bulk.state.superseded', color: BADGE_COLOR.slate },
};

/** A purpose's words: its name, what it does, and its short name in lists. */
export const PURPOSE_MESSAGES: Record<BulkPurpose, { label: MessageId; text: MessageId; short: MessageId }> =
  {
    load: { label: 'bulk.purpose.load', text: 'bulk.purpose.loadText', short: 'bulk.purpose.short.load' },
    new: { label: 'bulk.purpose.new', text: 'bulk.purpose.newText', short: 'bulk.purpose.short.new' },
    mixed: { label: 'bulk.purpose.mixed', text: 'bulk.purpose.mixedText', short: 'bulk.purpose.short.mixed' },
  };

export type RowStatusView = 'ok' | 'warning' | 'error';
export const ROW_STATUS_LABEL: Record<RowStatusView, MessageId> = {
  ok: 'bulk.status.ok',
  warning: 'bulk.status.warning',
  error: 'bulk.status.error',
};
export const ROW_STATUS_COLOR: Record<RowStatusView, string> = {
  ok: BADGE_COLOR.teal,
  warning: BADGE_COLOR.amber,
  error: BADGE_COLOR.red,
};

/** Whether a purpose's rows name existing cards (the preview then shows the card found). */
export function namesCards(purpose: BulkPurpose): boolean {
  return purpose !== 'new';
}

/** Whether a purpose may order new cards (the drafts then want a delivery point). */
export function ordersNewCards(purpose: BulkPurpose): boolean {
  return purpose !== 'load';
}

/** The drafts' alias by default: the file's name without its extension. */
export function defaultAlias(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .trim()
    .slice(0, MAX_ALIAS);
}

/** The cells an edit changed (the server re-judges the row with them), or null when none did. */
export function changedCells(
  row: Pick<BulkImportRow, 'cells'>,
  values: Partial<Record<BulkColumnKey, string>>,
): Partial<Record<BulkColumnKey, string>> | null {
  const changed: Partial<Record<BulkColumnKey, string>> = {};
  for (const [key, value] of Object.entries(values) as [BulkColumnKey, string | undefined][]) {
    if (value === undefined) continue;
    if (value !== (row.cells[key] ?? '')) changed[key] = value;
  }
  return Object.keys(changed).length > 0 ? changed : null;
}

/** `Ticket Restaurant · Πλαστική`; a product with one family is just its name. */
export function productFamilyText(product: CardCategory, family: CardFamily, locale: Locale): string {
  const name = PRODUCTS[product].name[locale];
  return PRODUCTS[product].families.length === 1 ? name : `${name} · ${BULK_FAMILY_NAMES[family][locale]}`;
}

/** The last four digits of a masked number (`5347 11•• •••• 1234` → `1234`), read aloud instead. */
export function last4Of(maskedNumber: string): string {
  return /(\d{4})\D*$/.exec(maskedNumber)?.[1] ?? '';
}
