import {
  BULK_COLUMNS,
  BULK_FAMILY_NAMES,
  formatAmount,
  maskCardNumber,
  PRODUCTS,
  type BulkColumnKey,
  type BulkImport,
  type BulkImportRow,
  type BulkProblem,
  type CardCategory,
  type CardFamily,
  type CardStatus,
  type Locale,
} from '@tessera/domain';
import type { ErrorCatalogue } from '../../platform/errors';
import type { CardReference } from '../cards';
import type { ImportRow, StoredRow } from './repository';
import type { StoredProblem } from './validate-rows';

/**
 * How imports, rows and problems leave the server: problems are stored as catalogue keys with
 * raw parameters (codes, cents, column keys) and put into words here, in the request's language,
 * so one stored preview reads in Greek and in English.
 */

const CARD_STATUS_TEXT: Record<Locale, Record<CardStatus, string>> = {
  el: {
    active: 'ενεργή',
    blocked: 'μπλοκαρισμένη',
    expired: 'ληγμένη',
    lost: 'χαμένη',
    damaged: 'κατεστραμμένη',
    replaced: 'αντικατεστημένη',
  },
  en: {
    active: 'active',
    blocked: 'blocked',
    expired: 'expired',
    lost: 'lost',
    damaged: 'damaged',
    replaced: 'replaced',
  },
};

function columnsText(value: unknown, locale: Locale): string {
  const keys = Array.isArray(value) ? (value as string[]) : [String(value)];
  return keys
    .map((entry) =>
      entry
        .split('|')
        .map((key) => BULK_COLUMNS[key as BulkColumnKey]?.header[locale] ?? key)
        .join(locale === 'el' ? ' ή ' : ' or '),
    )
    .join(', ');
}

/** A stored problem's parameters in words: product and family names, amounts, headers, dates. */
export function paramsText(problem: StoredProblem, locale: Locale): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(problem.params ?? {})) {
    if (name === 'product') params[name] = PRODUCTS[value as CardCategory]?.name[locale] ?? String(value);
    else if (name === 'family')
      params[name] = BULK_FAMILY_NAMES[value as CardFamily]?.[locale] ?? String(value);
    else if (name === 'columns') params[name] = columnsText(value, locale);
    else if (name === 'status') params[name] = CARD_STATUS_TEXT[locale][value as CardStatus] ?? String(value);
    else if (name === 'date' && typeof value === 'string')
      params[name] = value.split('-').reverse().join('/');
    else if ((name === 'min' || name === 'max') && problem.key === 'amountOutOfRange') {
      params[name] = formatAmount(Number(value));
    } else params[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return params;
}

export function createTranslator(catalogue: () => ErrorCatalogue | undefined) {
  async function problem(stored: StoredProblem, locale: Locale): Promise<BulkProblem> {
    const message = await catalogue()
      ?.validationMessage(stored.key, locale, paramsText(stored, locale))
      .catch(() => undefined);
    return {
      column: stored.column,
      header: stored.column ? BULK_COLUMNS[stored.column].header[locale] : null,
      level: stored.level,
      code: stored.key,
      message: message ?? stored.key,
    };
  }

  return {
    problem,

    /**
     * A row of the preview: its own problems, then those the other rows cause; the card a load
     * names, masked, from `cards` (the company's cards of the page, read when it is shown).
     */
    async row(
      row: StoredRow,
      locale: Locale,
      cards: ReadonlyMap<string, CardReference> = new Map(),
    ): Promise<BulkImportRow> {
      const card = row.parsed.cardId ? cards.get(row.parsed.cardId) : undefined;
      const problems = await Promise.all(
        [...row.problems, ...row.crossProblems].map((stored) => problem(stored, locale)),
      );
      return {
        rowNumber: row.rowNumber,
        status: row.status,
        isDropped: row.isDropped,
        kind: row.kind,
        cells: row.cells,
        card: card
          ? {
              maskedNumber: maskCardNumber(card.bin, card.last4),
              cardholderName: `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim(),
              product: card.product,
              family: card.family,
            }
          : null,
        product: row.parsed.product,
        family: row.parsed.family,
        amountCents: row.parsed.amountCents,
        problems,
      };
    },

    /** An import with its progress; `names` gives the creators' names. */
    async import(row: ImportRow, names: ReadonlyMap<string, string>, locale: Locale): Promise<BulkImport> {
      const failure = row.failure ? await problem(row.failure, locale) : null;
      return {
        importId: row.id,
        purpose: row.purpose,
        fileName: row.fileName,
        fileKind: row.fileKind,
        fileBytes: row.fileBytes,
        state: row.state,
        failure: failure ? { code: failure.code, message: failure.message } : null,
        rowsTotal: row.rowsTotal,
        rowsRead: row.rowsRead,
        rowsOk: row.rowsOk,
        rowsWarning: row.rowsWarning,
        rowsError: row.rowsError,
        rowsDropped: row.rowsDropped,
        columns: [...row.columns]
          .sort((a, b) => a.position - b.position)
          .map((column) => ({ key: column.key, header: column.header })),
        ignoredColumns: row.ignoredColumns,
        drafts: row.drafts,
        replacesImportId: row.replacesImportId,
        createdBy: row.createdBy,
        createdByName: names.get(row.createdBy) ?? '',
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
      };
    },
  };
}

export type Translator = ReturnType<typeof createTranslator>;
