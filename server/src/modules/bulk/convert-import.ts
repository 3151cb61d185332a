import { randomUUID } from 'node:crypto';
import {
  athensDate,
  BULK_DRAFT_MAX_LINES,
  checkDraftLines,
  draftLineError,
  isDraftLineError,
  maskCardNumber,
  shipsCards,
  type BulkImportDraft,
  type BulkLoadCardOrderRequestSchema,
  type DeliveryPoint,
  type DraftLineError,
  type DraftLineToCheck,
  type LineCard,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError, type FieldProblem } from '../../platform/errors';
import { companyScope, idempotent, type IdempotentExecutor } from '../../platform/idempotency';
import { withMakers } from '../../platform/makers';
import type { CardsService } from '../cards';
import type {
  DraftActor,
  DraftsService,
  IdempotencyOptions,
  LineRecord,
  PendingDraftSummary,
} from '../drafts';
import {
  addRowProblems,
  claimConversion,
  countGoodRowGroups,
  countRows,
  deleteImportFile,
  findRowsToConvert,
  findImport,
  lockConversion,
  releaseConversion,
  saveConversion,
  updateImport,
  type ImportRow,
} from './repository';
import type { ConvertPlan } from './row-types';
import { lineOfRow, type StoredProblem } from './validate-rows';

export type BulkLoadCardOrder = z.output<typeof BulkLoadCardOrderRequestSchema>;

export type ConvertDeps = {
  db: Db;
  drafts: DraftsService;
  cards: CardsService;
  /** Rows per batch of lines (default 2,000); each batch is one transaction. */
  batchSize: number;
  /** Seconds without a batch after which a conversion's runner is taken for dead. */
  staleSeconds: number;
  /** Called after each committed batch (tests stop a conversion between batches with it). */
  afterBatch?: (batch: { lastRow: number }) => Promise<void>;
};

/** Card ids per lookup of the company's cards (see `checkLines`). */
const CARD_LOOKUP_CHUNK = 500;

/** The drafts report at most this many problems at once; so do the rows they refuse. */
const MAX_REPORTED_PROBLEMS = 100;

/** The drafts' refusal of lines, carried out of the batches with the rows it names. */
class LinesRefused extends Error {
  constructor(
    readonly rows: Map<number, StoredProblem[]>,
    readonly fields: FieldProblem[],
  ) {
    super('draft lines refused');
  }
}

/** The file's name without its extension: the drafts' alias by default. */
function aliasOf(row: ImportRow, requested: string | undefined): string {
  const base = (requested ?? row.fileName.replace(/\.[^.]+$/, '')).trim();
  return base.slice(0, 70);
}

const groupKey = (kind: 'load' | 'new', product: string, family: string) =>
  `${kind === 'load' ? 0 : 1}:${product}:${family}`;

/**
 * Turns the good rows of a ready import into drafts (bulkLoadCardOrder; ADR 011, ADR 020): a
 * BULK_LOAD draft (reason `load-card`) per product and family of the cards loaded and a NEW draft
 * (reason `new-card`) per product and family ordered, each split into drafts of at most 10,000
 * lines, in file order.
 *
 * In three steps. (1) One transaction counts the good rows by draft, creates every draft
 * unpublished under the draft limit (all of them or none: 422 code 60) and stores the plan with a
 * lease on the import. (2) The rows are read in batches, keyset over the row number; each batch's
 * lines are checked with the drafts' line rules against the company's cards (read once per batch,
 * no ledger; today in Athens computed once per conversion) and written with one multi-row
 * statement in one transaction with the plan's progress — a conversion that stops mid-way resumes
 * after the last committed batch, and a line is keyed by its draft and row so none is written
 * twice. (3) One transaction publishes the drafts, marks the import converted, writes the audit
 * summaries and the `Idempotency-Key`'s answer. Until then nobody sees the drafts: no half-written
 * order. A line refused (a card blocked since the preview) marks its row with the problem, the
 * drafts are discarded and the request refused naming the rows. A converted import answers its
 * drafts to a second call.
 */
export async function convertImport(
  deps: ConvertDeps,
  request: BulkLoadCardOrder,
  actor: DraftActor,
  idempotency: IdempotencyOptions,
): Promise<{ drafts: BulkImportDraft[] }> {
  const owner = `convert:${randomUUID()}`;
  try {
    return await idempotent(
      deps.db,
      companyScope(actor, idempotency, request),
      (tx, prepared: Prepared) => publish(deps, tx, actor, request.importId, owner, prepared),
      async () => {
        const deliveryPoint = await deps.drafts.deliveryPointOf(actor.companyId, request.deliveryPointId);
        const started = await start(deps, request, actor, owner, deliveryPoint);
        if ('converted' in started) return started;
        try {
          return { plan: await writeBatches(deps, actor, request.importId, owner, started.plan) };
        } catch (error) {
          if (!(error instanceof LinesRefused)) {
            // Progress is kept; the next call resumes at once instead of waiting for the lease to age.
            await releaseConversion(deps.db, actor.companyId, request.importId, owner).catch(() => undefined);
          }
          throw error;
        }
      },
    );
  } catch (error) {
    if (!(error instanceof LinesRefused)) throw error;
    // The drafts go; the rows the drafts refused now say why, and the request is refused.
    await deps.db.transaction(async (tx) => {
      await deps.drafts.pending.discard(tx, actor.companyId, request.importId);
      await addRowProblems(tx, actor.companyId, request.importId, error.rows);
      const counts = await countRows(tx, actor.companyId, request.importId);
      await updateImport(tx, actor.companyId, request.importId, {
        rowsOk: counts.ok,
        rowsWarning: counts.warning,
        rowsError: counts.error,
        rowsDropped: counts.dropped,
        convertPlan: null,
        convertOwner: null,
        convertHeartbeatAt: null,
      });
    });
    throw new AppError('VALIDATION', `${error.rows.size} row(s) refused by the drafts`, {
      fields: error.fields,
    });
  }
}

type Prepared = { converted: BulkImportDraft[] } | { plan: ConvertPlan };

/**
 * Step 1: the import claimed for this call, and its plan — the one stored by a conversion that
 * stopped (resumed as it was planned), or a new one with its drafts created unpublished.
 */
async function start(
  deps: ConvertDeps,
  request: BulkLoadCardOrder,
  actor: DraftActor,
  owner: string,
  deliveryPoint: DeliveryPoint | null,
): Promise<{ converted: BulkImportDraft[] } | { plan: ConvertPlan }> {
  return deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.companyId, request.importId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', `no import ${request.importId} in ${actor.companyId}`);
    // Already converted (a second click): the drafts it made, nothing more.
    if (row.state === 'converted') return { converted: row.drafts };
    if (row.state !== 'ready')
      throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is ${row.state}`);
    const claimed = await claimConversion(tx, actor.companyId, row.id, owner, deps.staleSeconds);
    if (!claimed) throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is being turned into drafts`);
    if (claimed.convertPlan) return { plan: claimed.convertPlan };

    const counted = (await countGoodRowGroups(tx, actor.companyId, row.id))
      .map((group) => ({ ...group, key: groupKey(group.kind, group.product, group.family) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (counted.length === 0) {
      throw new AppError('BUSINESS_RULE', `import ${row.id} has no good rows`, {
        fields: [{ field: 'importId', key: 'bulkNoGoodRows' }],
      });
    }
    const alias = aliasOf(row, request.draftOrderAlias);
    const plan: ConvertPlan = { today: athensDate(deps.drafts.now()), lastRow: 0, groups: [] };
    for (const group of counted) {
      const parts = Math.ceil(group.rows / BULK_DRAFT_MAX_LINES);
      const drafts: ConvertPlan['groups'][number]['drafts'] = [];
      for (let part = 0; part < parts; part += 1) {
        const header = {
          reason: group.kind === 'load' ? ('load-card' as const) : ('new-card' as const),
          orderType: group.kind === 'load' ? ('BULK_LOAD' as const) : ('NEW' as const),
          product: group.product,
          family: group.family,
          draftOrderAlias: parts > 1 ? `${alias} (${part + 1}/${parts})` : alias,
          invoiceComments: request.invoiceComments,
          // What is shipped (plastic new cards: shipmentOf) goes to the chosen delivery point,
          // or one chosen later; loads and virtual cards ship nothing and keep none.
          deliveryPointId:
            group.kind === 'new' && shipsCards({ orderType: 'NEW', family: group.family })
              ? (deliveryPoint?.deliveryPointId ?? null)
              : null,
          bulkAmountCents: null,
          expiringDate: null,
        };
        // ADR 040: whoever uploaded or edited the file made its drafts with the converter.
        const makers = { ...actor, madeBy: withMakers(actor.madeBy ?? [], [row.createdBy], row.madeBy) };
        const draft = await deps.drafts.pending.create(tx, header, makers, row.id);
        drafts.push({
          draftId: draft.id,
          reason: header.reason,
          orderType: header.orderType,
          product: header.product,
          family: header.family,
          draftOrderAlias: header.draftOrderAlias,
          lines: 0,
          loadCents: 0,
        });
      }
      plan.groups.push({
        kind: group.kind,
        product: group.product,
        family: group.family,
        written: 0,
        drafts,
      });
    }
    await saveConversion(tx, actor.companyId, row.id, plan);
    return { plan };
  });
}

/** A batch read and checked, ready to be written: its lines and the plan once they are. */
type PreparedBatch = { lastRow: number; records: LineRecord[]; plan: ConvertPlan };

/**
 * Step 2: the good rows after the plan's last row, in batches, until none is left; answers the plan
 * as the last batch committed it. Two steps overlap: a batch is read and checked (no transaction:
 * the rows cannot change while a conversion holds the import, `requireReady`) while the batch
 * before is written with the plan's progress in its own transaction; writes stay one at a time and
 * in file order, so the stored plan always says where the written lines end. Throws `LinesRefused`
 * once every row is checked (or enough problems are found), having written nothing after the first
 * refused batch.
 */
async function writeBatches(
  deps: ConvertDeps,
  actor: DraftActor,
  importId: string,
  owner: string,
  stored: ConvertPlan,
): Promise<ConvertPlan> {
  const groups = new Map(
    stored.groups.map((group, index) => [groupKey(group.kind, group.product, group.family), index]),
  );
  const refused = { rows: new Map<number, StoredProblem[]>(), fields: [] as FieldProblem[] };
  const addProblem = (
    rowNumber: number,
    problem: { key: string; params: Record<string, string | number> },
  ) => {
    if (refused.fields.length >= MAX_REPORTED_PROBLEMS) return;
    const list = refused.rows.get(rowNumber) ?? [];
    list.push({
      column: null,
      key: problem.key as StoredProblem['key'],
      level: 'error',
      params: problem.params,
    });
    refused.rows.set(rowNumber, list);
    refused.fields.push({
      field: `rows.${rowNumber}`,
      key: problem.key as FieldProblem['key'],
      params: problem.params,
    });
  };

  /** Reads and checks the batch after `cursor`, placing its lines after those of `plan`. */
  const prepare = async (cursor: number, plan: ConvertPlan): Promise<PreparedBatch | null> => {
    const rows = await findRowsToConvert(deps.db, actor.companyId, importId, cursor, deps.batchSize);
    if (rows.length === 0) return null;
    const next: ConvertPlan = structuredClone(plan);
    const records: (LineRecord & { rowNumber: number })[] = [];
    const toCheck: DraftLineToCheck[] = [];
    for (const row of rows) {
      if (!row.parsed) continue;
      const { kind, product, family } = row.parsed;
      const line = lineOfRow(row.rowNumber, row.parsed);
      if (!kind || !product || !family || !line) continue;
      const group = next.groups[groups.get(groupKey(kind, product, family)) ?? -1];
      if (!group) continue;
      const draft = group.drafts[Math.floor(group.written / BULK_DRAFT_MAX_LINES)];
      if (!draft) continue;
      records.push({
        rowNumber: row.rowNumber,
        draft_id: draft.draftId,
        temp_card_id: line.tempCardId,
        card_id: line.cardId,
        cardholder: line.cardholder,
        card_name: line.cardName,
        amount_cents: line.amountCents,
        position: group.written % BULK_DRAFT_MAX_LINES,
      });
      toCheck.push({ ...line, orderType: draft.orderType, product: draft.product });
      group.written += 1;
      draft.lines += 1;
      draft.loadCents += line.amountCents;
    }
    const lastRow = rows[rows.length - 1]!.rowNumber;
    next.lastRow = lastRow;
    for (const problem of await checkLines(deps, deps.db, actor.companyId, toCheck, next.today)) {
      const { rowNumber } = records[problem.line]!;
      addProblem(rowNumber, draftLineError(problem, rowNumber));
    }
    return { lastRow, records: records.map(({ rowNumber: _rowNumber, ...record }) => record), plan: next };
  };

  /** Writes a checked batch with the plan's progress, while this call still holds the import. */
  const write = async (batch: PreparedBatch) => {
    await deps.db.transaction(async (tx) => {
      if (!(await lockConversion(tx, actor.companyId, importId, owner))) {
        throw new AppError(
          'BULK_IMPORT_NOT_READY',
          `import ${importId} is no longer being converted by this call`,
        );
      }
      await deps.drafts.pending.writeLines(tx, batch.records);
      await saveConversion(tx, actor.companyId, importId, batch.plan);
    });
    await deps.afterBatch?.({ lastRow: batch.lastRow });
  };

  let committed = stored;
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let batch = await prepare(stored.lastRow, stored); batch;) {
      if (refused.fields.length === 0) {
        const current = batch;
        // The write before must have committed before this one starts (file order, one at a time).
        await writing;
        writing = write(current).then(() => void (committed = current.plan));
        // Awaited before the next write or at the end; until then its failure must not go unhandled.
        writing.catch(() => undefined);
      }
      if (refused.fields.length >= MAX_REPORTED_PROBLEMS) break;
      batch = await prepare(batch.lastRow, batch.plan);
    }
    await writing;
  } catch (error) {
    await writing.catch(() => undefined);
    throw error;
  }
  if (refused.fields.length === 0) {
    // A card named twice in one draft, across batches (the preview refuses it; rows edited since
    // could not, as edits are refused while a conversion runs, but the drafts' rule holds anyway).
    const draftIds = committed.groups.flatMap((group) => group.drafts.map((draft) => draft.draftId));
    const repeats = await deps.drafts.pending.repeatedCards(deps.db, draftIds);
    if (repeats.length > 0) {
      const cards = await deps.cards.cardReferences(deps.db, actor.companyId, {
        ids: [...new Set(repeats.map((repeat) => repeat.cardId))],
        last4Keys: [],
      });
      const masked = new Map(cards.map((card) => [card.cardId, maskCardNumber(card.bin, card.last4)]));
      for (const repeat of repeats) {
        const rowNumber = Number(repeat.tempCardId.replace('row-', ''));
        addProblem(rowNumber, {
          key: 'duplicateCard',
          params: { line: rowNumber, card: masked.get(repeat.cardId) ?? '' },
        });
      }
    }
  }
  if (refused.fields.length > 0) throw new LinesRefused(refused.rows, refused.fields);
  return committed;
}

/**
 * The drafts' line rules (`checkDraftLines`, as the drafts apply them) on a batch's lines, against
 * the company's cards they name, read in `tx` without their ledger: the errors, each naming its
 * line's index in `lines`.
 */
async function checkLines(
  deps: ConvertDeps,
  tx: IdempotentExecutor,
  companyId: string,
  lines: DraftLineToCheck[],
  today: string,
): Promise<DraftLineError[]> {
  const ids = [...new Set(lines.flatMap((line) => (line.cardId ? [line.cardId] : [])))];
  const found: Awaited<ReturnType<CardsService['cardReferences']>> = [];
  // A few hundred ids a statement: with 100,000 cards PostgreSQL 15 plans `id = any(…)` of a
  // thousand ids or more as parallel sequential scans of cards and cardholders (≈ 85 ms for
  // 2,000 ids, every core busy) instead of index lookups (≈ 8 ms for 500).
  for (let start = 0; start < ids.length; start += CARD_LOOKUP_CHUNK) {
    found.push(
      ...(await deps.cards.cardReferences(tx, companyId, {
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
 * Step 3, in the transaction that also keeps the `Idempotency-Key`'s answer: the drafts published
 * (each audited as a summary), the import converted, its file deleted, one audit summary of it.
 */
async function publish(
  deps: ConvertDeps,
  tx: IdempotentExecutor,
  actor: DraftActor,
  importId: string,
  owner: string,
  prepared: Prepared,
): Promise<{ drafts: BulkImportDraft[] }> {
  if ('converted' in prepared) return { drafts: prepared.converted };
  if (!(await lockConversion(tx, actor.companyId, importId, owner))) {
    throw new AppError(
      'BULK_IMPORT_NOT_READY',
      `import ${importId} is no longer being converted by this call`,
    );
  }
  const all = prepared.plan.groups.flatMap((group) => group.drafts);
  const summaries = new Map<string, PendingDraftSummary>(
    all.map((draft) => [draft.draftId, { lines: draft.lines, loadCents: draft.loadCents }]),
  );
  await deps.drafts.pending.publish(tx, actor, importId, summaries);
  const drafts: BulkImportDraft[] = all.map(({ loadCents: _loadCents, ...draft }) => draft);
  await updateImport(tx, actor.companyId, importId, {
    state: 'converted',
    drafts,
    convertPlan: null,
    convertOwner: null,
    convertHeartbeatAt: null,
  });
  await deleteImportFile(tx, actor.companyId, importId);
  await auditChange(tx, actor, {
    action: 'bulk-import.convert',
    entity: 'bulk-import',
    entityId: importId,
    before: { state: 'ready' },
    after: {
      state: 'converted',
      drafts,
      lines: all.reduce((sum, draft) => sum + draft.lines, 0),
      loadCents: all.reduce((sum, draft) => sum + draft.loadCents, 0),
    },
  });
  return { drafts };
}
