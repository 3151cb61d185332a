import {
  athensDate,
  BULK_DRAFT_MAX_LINES,
  checkDraftLines,
  draftLineError,
  isDraftLineError,
  shipsCards,
  type BulkImportDraft,
  type BulkLoadCardOrderRequestSchema,
  type CardCategory,
  type CardFamily,
  type DraftCard,
  type OrderType,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError, type FieldProblem } from '../../platform/errors';
import { companyScope, idempotent, type IdempotentExecutor } from '../../platform/idempotency';
import type { CardsService } from '../cards';
import type { DraftActor, IdempotencyOptions, DraftsService } from '../drafts';
import {
  addRowProblems,
  countRows,
  deleteImportFile,
  findGoodRows,
  findImport,
  updateImport,
  type ImportRow,
} from './repository';
import { lineOfRow, type ParsedRow, type StoredProblem } from './validate-rows';

export type BulkLoadCardOrder = z.output<typeof BulkLoadCardOrderRequestSchema>;

type Group = {
  kind: 'load' | 'new';
  product: CardCategory;
  family: CardFamily;
  rows: { rowNumber: number; line: DraftCard }[];
};

/** The drafts report at most this many problems at once; so do the rows they refuse. */
const MAX_REPORTED_PROBLEMS = 100;

/** The drafts' refusal of lines, carried out of the rolled-back transaction with the rows it names. */
class LinesRefused extends Error {
  constructor(
    readonly rows: Map<number, StoredProblem[]>,
    readonly fields: FieldProblem[],
  ) {
    super('draft lines refused');
  }
}

/**
 * The drafts' line rules (`checkDraftLines`, as `insertNewDraft` applies them) on a chunk about to
 * become a draft, against the company's cards read in `tx`: a line refused (a card blocked since
 * the preview) throws `LinesRefused` naming its row, the line's index being the chunk's.
 */
async function checkChunk(
  deps: { cards: CardsService },
  tx: IdempotentExecutor,
  companyId: string,
  header: { orderType: OrderType; product: CardCategory },
  chunk: readonly { rowNumber: number; line: DraftCard }[],
  today: string,
): Promise<void> {
  const lines = chunk.map((entry) => entry.line);
  const ids = lines.flatMap((line) => (line.cardId ? [line.cardId] : []));
  const cards = ids.length > 0 ? await deps.cards.cardsOfCompany(tx, companyId, ids) : [];
  const problems = checkDraftLines(
    lines.map((line) => ({ ...line, orderType: header.orderType, product: header.product })),
    { today, cards: new Map(cards.map((card) => [card.cardId, card])), draftLines: lines },
  ).filter(isDraftLineError);
  if (problems.length === 0) return;
  const rows = new Map<number, StoredProblem[]>();
  const fields: FieldProblem[] = [];
  for (const problem of problems.slice(0, MAX_REPORTED_PROBLEMS)) {
    const { rowNumber } = chunk[problem.line]!;
    const { key, params } = draftLineError(problem, rowNumber);
    const list = rows.get(rowNumber) ?? [];
    list.push({ column: null, key, level: 'error', params });
    rows.set(rowNumber, list);
    fields.push({ field: `rows.${rowNumber}`, key, params });
  }
  throw new LinesRefused(rows, fields);
}

/** Good rows grouped into drafts: loads first, then new cards, by product and family, in file order. */
function groupsOf(rows: readonly { rowNumber: number; kind: 'load' | 'new' | null; parsed: ParsedRow }[]) {
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const { kind, product, family } = row.parsed;
    const line = lineOfRow(row.rowNumber, row.parsed);
    if (!kind || !product || !family || !line) continue;
    const key = `${kind === 'load' ? 0 : 1}:${product}:${family}`;
    const group = groups.get(key) ?? { kind, product, family, rows: [] };
    group.rows.push({ rowNumber: row.rowNumber, line });
    groups.set(key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
}

/** The file's name without its extension: the drafts' alias by default. */
function aliasOf(row: ImportRow, requested: string | undefined): string {
  const base = (requested ?? row.fileName.replace(/\.[^.]+$/, '')).trim();
  return base.slice(0, 70);
}

/**
 * Turns the good rows of a ready import into drafts (bulkLoadCardOrder, ADR 011): a BULK_LOAD
 * draft (reason `load-card`) per product and family of the cards loaded and a NEW draft (reason
 * `new-card`) per product and family ordered, each split into drafts of at most 10,000 lines. The
 * drafts are made by the drafts service's own steps — `claimDraftSlot` (the 99-draft limit) and
 * `insertNewDraft` (every line checked again against the company's cards, audited) — all in one
 * transaction with the import's change, so a file makes all its drafts or none; with an
 * `Idempotency-Key` a replay answers the same drafts. Each chunk's lines are checked first with
 * the drafts' line rules (`checkChunk`): a line refused (a card blocked since the preview) marks its
 * row with the problem and the request is refused naming the rows.
 */
export async function convertImport(
  deps: { db: Db; drafts: DraftsService; cards: CardsService },
  request: BulkLoadCardOrder,
  actor: DraftActor,
  idempotency: IdempotencyOptions,
): Promise<{ drafts: BulkImportDraft[] }> {
  const draftOrders = deps.drafts;
  try {
    return await idempotent(
      deps.db,
      companyScope(actor, idempotency, request),
      async (tx: IdempotentExecutor, deliveryPoint) => {
        const row = await findImport(tx, actor.companyId, request.importId, { forUpdate: true });
        if (!row) throw new AppError('NOT_FOUND', `no import ${request.importId} in ${actor.companyId}`);
        // Already converted (a second click): the drafts it made, nothing more.
        if (row.state === 'converted') return { drafts: row.drafts };
        if (row.state !== 'ready') {
          throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is ${row.state}`);
        }
        const groups = groupsOf(await findGoodRows(tx, actor.companyId, row.id));
        if (groups.length === 0) {
          throw new AppError('BUSINESS_RULE', `import ${row.id} has no good rows`, {
            fields: [{ field: 'importId', key: 'bulkNoGoodRows' }],
          });
        }
        const alias = aliasOf(row, request.draftOrderAlias);
        const drafts: BulkImportDraft[] = [];
        for (const group of groups) {
          const parts = Math.ceil(group.rows.length / BULK_DRAFT_MAX_LINES);
          for (let part = 0; part < parts; part += 1) {
            const chunk = group.rows.slice(part * BULK_DRAFT_MAX_LINES, (part + 1) * BULK_DRAFT_MAX_LINES);
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
            await draftOrders.claimDraftSlot(tx, actor.companyId);
            await checkChunk(deps, tx, actor.companyId, header, chunk, athensDate(draftOrders.now()));
            const draft = await draftOrders.insertDraftIn(
              tx,
              header,
              chunk.map((entry) => entry.line),
              actor,
            );
            drafts.push({
              draftId: draft.id,
              reason: header.reason,
              orderType: header.orderType,
              product: header.product,
              family: header.family,
              draftOrderAlias: header.draftOrderAlias,
              lines: chunk.length,
            });
          }
        }
        await updateImport(tx, actor.companyId, row.id, { state: 'converted', drafts });
        await deleteImportFile(tx, actor.companyId, row.id);
        await auditChange(tx, actor, {
          action: 'bulk-import.convert',
          entity: 'bulk-import',
          entityId: row.id,
          before: { state: row.state },
          after: { state: 'converted', drafts },
        });
        return { drafts };
      },
      () => draftOrders.deliveryPointOf(actor.companyId, request.deliveryPointId),
    );
  } catch (error) {
    if (!(error instanceof LinesRefused)) throw error;
    // The transaction is gone; the rows the drafts refused now say why, and the request is refused.
    await deps.db.transaction(async (tx) => {
      await addRowProblems(tx, actor.companyId, request.importId, error.rows);
      const counts = await countRows(tx, actor.companyId, request.importId);
      await updateImport(tx, actor.companyId, request.importId, {
        rowsOk: counts.ok,
        rowsWarning: counts.warning,
        rowsError: counts.error,
        rowsDropped: counts.dropped,
      });
    });
    throw new AppError('VALIDATION', `${error.rows.size} row(s) refused by the drafts`, {
      fields: error.fields,
    });
  }
}
