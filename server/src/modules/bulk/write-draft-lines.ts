import {
  BULK_DRAFT_MAX_LINES,
  checkDraftLines,
  draftLineError,
  isDraftLineError,
  maskCardNumber,
  type DraftLineError,
  type DraftLineToCheck,
  type LineCard,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { AppError, type FieldProblem } from '../../platform/errors';
import type { CardsService } from '../cards';
import type { DraftActor, DraftsService, LinesWritten } from '../drafts';
import { findLineFacts, linesOfRows, saveConversion, type LineFacts, type LineGroup } from './repository';
import type { ConvertPlan } from './row-types';
import type { StoredProblem } from './validate-rows';

/**
 * Step 2 of a conversion (`convertImport`, ADR 020 and ADR 055): the draft lines written from the
 * import's rows, a batch at a time, each batch's loads checked first against the company's cards
 * as they are now.
 */

export type ConvertDeps = {
  db: Db;
  drafts: DraftsService;
  cards: CardsService;
  /** Rows per batch of lines (default 2,000); each batch is one statement in one transaction. */
  batchSize: number;
  /** Seconds without a batch after which a conversion's runner is taken for dead. */
  staleSeconds: number;
  /** Called after each committed batch (tests stop a conversion between batches with it). */
  afterBatch?: (batch: { lastRow: number }) => Promise<void>;
};

/** Card ids per lookup of the company's cards (see `checkLoads`). */
const CARD_LOOKUP_CHUNK = 500;

/** The drafts report at most this many problems at once; so do the rows they refuse. */
const MAX_REPORTED_PROBLEMS = 100;

/** The drafts' refusal of lines, carried out of the batches with the rows it names. */
export class LinesRefused extends Error {
  constructor(
    readonly rows: Map<number, StoredProblem[]>,
    readonly fields: FieldProblem[],
  ) {
    super('draft lines refused');
  }
}

/** The key of a group of lines, in the order its drafts are listed: loads first, then new cards. */
export const groupKey = (kind: 'load' | 'new', product: string, family: string) =>
  `${kind === 'load' ? 0 : 1}:${product}:${family}`;

/** The problems found so far, each naming its row (at most `MAX_REPORTED_PROBLEMS`). */
class Refusals {
  readonly rows = new Map<number, StoredProblem[]>();
  readonly fields: FieldProblem[] = [];

  get isAny(): boolean {
    return this.fields.length > 0;
  }

  get isFull(): boolean {
    return this.fields.length >= MAX_REPORTED_PROBLEMS;
  }

  add(rowNumber: number, problem: { key: string; params: Record<string, string | number> }): void {
    if (this.isFull) return;
    const list = this.rows.get(rowNumber) ?? [];
    list.push({
      column: null,
      key: problem.key as StoredProblem['key'],
      level: 'error',
      params: problem.params,
    });
    this.rows.set(rowNumber, list);
    this.fields.push({
      field: `rows.${rowNumber}`,
      key: problem.key as FieldProblem['key'],
      params: problem.params,
    });
  }
}

/** What the batches of one conversion share. */
type Conversion = {
  deps: ConvertDeps;
  companyId: string;
  importId: string;
  owner: string;
  /** The plan's groups by `groupKey`. */
  groups: Map<string, number>;
  refusals: Refusals;
};

/**
 * A batch of rows read and checked, ready to be written: its range, its groups as they stand before
 * it, what each draft gains from it, and the plan after it.
 */
type PreparedBatch = {
  afterRow: number;
  lastRow: number;
  groups: LineGroup[];
  gained: Map<string, LinesWritten>;
  plan: ConvertPlan;
};

/**
 * The rows after the plan's last row, in batches of row numbers up to the last row that makes a
 * line; answers the plan as the last batch committed it. Each batch is read as its rows' facts,
 * which place each line in its draft and bring the plan's totals up to date, its loads are checked
 * (`prepareBatch`), then its lines are written by the database from the import's rows in one
 * transaction with the plan (`writeBatch`).
 *
 * Two steps overlap: a batch is read and checked (no transaction: the rows cannot change while a
 * conversion holds the import, `requireReady`) while the batch before is written; writes stay one
 * at a time and in file order, so the stored plan always says where the written lines end and a
 * resumed conversion goes on from there. Throws `LinesRefused` once every row is checked (or
 * enough problems are found), having written nothing after the first refused batch.
 */
export async function writeDraftLines(
  deps: ConvertDeps,
  actor: DraftActor,
  importId: string,
  owner: string,
  stored: ConvertPlan & { endRow: number },
): Promise<ConvertPlan> {
  const conversion: Conversion = {
    deps,
    companyId: actor.companyId,
    importId,
    owner,
    groups: new Map(
      stored.groups.map((group, index) => [groupKey(group.kind, group.product, group.family), index]),
    ),
    refusals: new Refusals(),
  };
  const { refusals } = conversion;
  let committed: ConvertPlan = stored;
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let batch = await prepareBatch(conversion, stored, stored.endRow); batch;) {
      if (!refusals.isAny) {
        const current = batch;
        // The write before must have committed before this one starts (file order, one at a time).
        await writing;
        writing = writeBatch(conversion, current).then(() => void (committed = current.plan));
        // Awaited before the next write or at the end; until then its failure must not go unhandled.
        writing.catch(() => undefined);
      }
      if (refusals.isFull) break;
      batch = await prepareBatch(conversion, batch.plan, stored.endRow);
    }
    await writing;
  } catch (error) {
    await writing.catch(() => undefined);
    throw error;
  }
  if (!refusals.isAny) await checkRepeatedCards(conversion, committed);
  if (refusals.isAny) throw new LinesRefused(refusals.rows, refusals.fields);
  return committed;
}

/**
 * Reads and checks the batch after `plan.lastRow`, placing its lines after those of `plan`: the
 * rows that make lines as their facts (`findLineFacts`: kind, product, family, amount, card — no
 * cells, no cardholder), and the loads among them checked with the drafts' line rules against the
 * company's cards as they are now (a card blocked since the preview). New cards are not checked
 * again: their rules read nothing but the row, and the preview applied the same `checkDraftLines`
 * to the same values. Null once the plan's last row is passed.
 */
async function prepareBatch(
  conversion: Conversion,
  plan: ConvertPlan,
  endRow: number,
): Promise<PreparedBatch | null> {
  const { deps, companyId, importId, groups, refusals } = conversion;
  if (plan.lastRow >= endRow) return null;
  const range = { afterRow: plan.lastRow, lastRow: Math.min(plan.lastRow + deps.batchSize, endRow) };
  const facts = await findLineFacts(deps.db, companyId, importId, range);
  const before: LineGroup[] = plan.groups.map((group) => ({
    kind: group.kind,
    product: group.product,
    family: group.family,
    written: group.written,
    drafts: group.drafts.map((draft) => draft.draftId),
  }));
  const next: ConvertPlan = structuredClone(plan);
  next.lastRow = range.lastRow;
  const gained = new Map<string, LinesWritten>();
  const loads: LineFacts[] = [];
  for (const row of facts) {
    const group = next.groups[groups.get(groupKey(row.kind, row.product, row.family)) ?? -1];
    const draft = group?.drafts[Math.floor(group.written / BULK_DRAFT_MAX_LINES)];
    // The plan counted every row that makes a line, and the rows cannot change meanwhile.
    if (!group || !draft) throw new Error(`row ${row.rowNumber} of import ${importId} is not in its plan`);
    group.written += 1;
    draft.lines += 1;
    draft.loadCents += row.amountCents;
    const sum = gained.get(draft.draftId) ?? { draftId: draft.draftId, lines: 0, loadCents: 0 };
    sum.lines += 1;
    sum.loadCents += row.amountCents;
    gained.set(draft.draftId, sum);
    if (row.kind === 'load') loads.push(row);
  }
  for (const problem of await checkLoads(deps, companyId, loads, next.today)) {
    const { rowNumber } = loads[problem.line]!;
    refusals.add(rowNumber, draftLineError(problem, rowNumber));
  }
  return { ...range, groups: before, gained, plan: next };
}

/**
 * Writes a checked batch's lines with the plan, while this call still holds the import: the plan
 * first (which locks the import until the commit), then the lines, made by the database from the
 * import's rows (`insert … select`: no line passes through the server). What it wrote must be what
 * the plan counted, draft by draft, or nothing is.
 */
async function writeBatch(conversion: Conversion, batch: PreparedBatch): Promise<void> {
  const { deps, companyId, importId, owner } = conversion;
  await deps.db.transaction(async (tx) => {
    if (!(await saveConversion(tx, companyId, importId, owner, batch.plan))) {
      throw new AppError(
        'BULK_IMPORT_NOT_READY',
        `import ${importId} is no longer being converted by this call`,
      );
    }
    const source = linesOfRows(companyId, importId, batch, batch.groups, BULK_DRAFT_MAX_LINES);
    const written = await deps.drafts.pending.writeLinesFrom(tx, source);
    const isAsPlanned =
      written.length === batch.gained.size &&
      written.every((entry) => {
        const planned = batch.gained.get(entry.draftId);
        return planned?.lines === entry.lines && planned.loadCents === entry.loadCents;
      });
    if (!isAsPlanned) {
      throw new Error(`the lines of rows ${batch.afterRow + 1}–${batch.lastRow} differ from the plan`);
    }
  });
  await deps.afterBatch?.({ lastRow: batch.lastRow });
}

/**
 * The drafts' line rules (`checkDraftLines`, as the drafts apply them) on a batch's loads, against
 * the company's cards they name, read without their ledger: the errors, each naming its load's
 * index in `loads`.
 */
async function checkLoads(
  deps: ConvertDeps,
  companyId: string,
  loads: readonly LineFacts[],
  today: string,
): Promise<DraftLineError[]> {
  if (loads.length === 0) return [];
  const lines: DraftLineToCheck[] = loads.map((load) => ({
    tempCardId: `row-${load.rowNumber}`,
    cardId: load.cardId,
    cardholderId: null,
    cardholder: null,
    cardName: '',
    amountCents: load.amountCents,
    orderType: 'BULK_LOAD',
    product: load.product,
  }));
  const ids = [...new Set(loads.flatMap((load) => (load.cardId ? [load.cardId] : [])))];
  const found: Awaited<ReturnType<CardsService['cardReferences']>> = [];
  // A few hundred ids a statement: with 100,000 cards PostgreSQL 15 plans `id = any(…)` of a
  // thousand ids or more as parallel sequential scans of cards and cardholders (≈ 85 ms for
  // 2,000 ids, every core busy) instead of index lookups (≈ 8 ms for 500).
  for (let start = 0; start < ids.length; start += CARD_LOOKUP_CHUNK) {
    found.push(
      ...(await deps.cards.cardReferences(deps.db, companyId, {
        ids: ids.slice(start, start + CARD_LOOKUP_CHUNK),
        last4Keys: [],
      })),
    );
  }
  const cards = new Map<string, LineCard>(
    found.map((card) => [card.cardId, { ...card, maskedNumber: maskCardNumber(card.bin, card.last4) }]),
  );
  return checkDraftLines(lines, { today, cards, cardholderIds: new Set() }).filter(isDraftLineError);
}

/**
 * A card named twice in one draft, across batches (the preview refuses it; rows edited since could
 * not, as edits are refused while a conversion runs, but the drafts' rule holds anyway): each
 * repeat refused, naming its row and the card, masked.
 */
async function checkRepeatedCards(conversion: Conversion, plan: ConvertPlan): Promise<void> {
  const { deps, companyId, refusals } = conversion;
  const draftIds = plan.groups.flatMap((group) => group.drafts.map((draft) => draft.draftId));
  const repeats = await deps.drafts.pending.repeatedCards(deps.db, draftIds);
  if (repeats.length === 0) return;
  const cards = await deps.cards.cardReferences(deps.db, companyId, {
    ids: [...new Set(repeats.map((repeat) => repeat.cardId))],
    last4Keys: [],
  });
  const masked = new Map(cards.map((card) => [card.cardId, maskCardNumber(card.bin, card.last4)]));
  for (const repeat of repeats) {
    const rowNumber = Number(repeat.tempCardId.replace('row-', ''));
    refusals.add(rowNumber, {
      key: 'duplicateCard',
      params: { line: rowNumber, card: masked.get(repeat.cardId) ?? '' },
    });
  }
}
