import type {
  BulkColumnKey,
  BulkImportDraft,
  BulkRowKind,
  CardCategory,
  CardFamily,
  DraftCard,
} from '@tessera/domain';
import type { ValidationKey } from '../../platform/errors';

/**
 * The shapes of a read bulk row as the table `bulk_import_rows` stores them (ADR 011), apart from
 * the rules that make them (`validate-rows.ts`), so the schema needs no rule module (and the
 * database module no cards or orders module through it).
 */

export type ProblemParams = Record<string, string | number | string[]>;

/** A problem as stored: a catalogue key, its level, the column it is about (null: the whole row). */
export type StoredProblem = {
  column: BulkColumnKey | null;
  key: ValidationKey;
  level: 'error' | 'warning';
  params?: ProblemParams;
};

/** What a row became once read: enough to write its draft line without reading the cells again. */
export type ParsedRow = {
  kind: BulkRowKind | null;
  product: CardCategory | null;
  family: CardFamily | null;
  amountCents: number | null;
  /**
   * The company's card a load names (the preview shows it, masked, from the cards module when a
   * page is read: the stored rows keep no card details).
   */
  cardId: string | null;
  /** The new cardholder of a new card. */
  cardholder: NonNullable<DraftCard['cardholder']> | null;
  cardName: string;
};

/**
 * A conversion of an import into drafts as it is under way (ADR 020): the drafts made for it (not
 * yet visible), and how far the lines are written. Committed with every batch.
 */
export type ConvertPlan = {
  /** Today in Athens when the conversion started: every line is checked against this one day. */
  today: string;
  /** The file row number of the last row written; the next batch starts after it. */
  lastRow: number;
  /**
   * The file row number of the last row that makes a line: the conversion's batches end there
   * (ADR 055). Absent from plans stored before it: the import's last row then.
   */
  endRow?: number;
  /** One entry per group of rows (kind, product, family), in the order the drafts are listed. */
  groups: {
    kind: 'load' | 'new';
    product: CardCategory;
    family: CardFamily;
    /** Lines of the group written so far: the next line's draft is `drafts[written / 10,000]`. */
    written: number;
    /** The group's drafts in order, each of at most 10,000 lines, with what they hold so far. */
    drafts: (BulkImportDraft & { loadCents: number })[];
  }[];
};
