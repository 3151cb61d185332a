import { randomUUID } from 'node:crypto';
import {
  athensDate,
  BULK_DRAFT_MAX_LINES,
  shipsCards,
  type BulkImportDraft,
  type BulkLoadCardOrderRequestSchema,
  type DeliveryPoint,
} from '@tessera/domain';
import type { z } from 'zod';
import { auditChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { companyScope, idempotent, type IdempotentExecutor } from '../../platform/idempotency';
import { withMakers } from '../../platform/makers';
import type { DraftActor, IdempotencyOptions, PendingDraftSummary } from '../drafts';
import {
  addRowProblems,
  claimConversion,
  countGoodRowGroups,
  countRows,
  deleteImportFile,
  findImport,
  lockConversion,
  releaseConversion,
  saveConversion,
  updateImport,
  type ImportRow,
} from './repository';
import type { ConvertPlan } from './row-types';
import { groupKey, LinesRefused, writeDraftLines, type ConvertDeps } from './write-draft-lines';

export type BulkLoadCardOrder = z.output<typeof BulkLoadCardOrderRequestSchema>;

/** The file's name without its extension: the drafts' alias by default. */
function aliasOf(row: ImportRow, requested: string | undefined): string {
  const base = (requested ?? row.fileName.replace(/\.[^.]+$/, '')).trim();
  return base.slice(0, 70);
}

/**
 * Turns the good rows of a ready import into drafts (bulkLoadCardOrder; ADR 011, ADR 020): a
 * BULK_LOAD draft (reason `load-card`) per product and family of the cards loaded and a NEW draft
 * (reason `new-card`) per product and family ordered, each split into drafts of at most 10,000
 * lines, in file order.
 *
 * In three steps. (1) One transaction counts the good rows by draft, creates every draft
 * unpublished under the draft limit (all of them or none: 422 code 60) and stores the plan with a
 * lease on the import. (2) The rows become lines in batches of row numbers, each batch one
 * `insert … select` from the import's rows in one transaction with the plan's progress (ADR 055:
 * the rows are written once, by the preview, and turned into lines by the database, never read
 * into the server again), its loads checked first against the company's cards as they are now
 * (`writeDraftLines`) — a conversion that stops mid-way resumes after the last committed batch,
 * and a line is keyed by its draft and row so none is written twice. (3) One transaction
 * publishes the drafts, marks the import converted, writes the audit summaries and the
 * `Idempotency-Key`'s answer. Until then nobody sees the drafts: no half-written
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
          return { plan: await writeDraftLines(deps, actor, request.importId, owner, started.plan) };
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
): Promise<{ converted: BulkImportDraft[] } | { plan: ConvertPlan & { endRow: number } }> {
  return deps.db.transaction(async (tx) => {
    const row = await findImport(tx, actor.companyId, request.importId, { forUpdate: true });
    if (!row) throw new AppError('NOT_FOUND', `no import ${request.importId} in ${actor.companyId}`);
    // Already converted (a second click): the drafts it made, nothing more.
    if (row.state === 'converted') return { converted: row.drafts };
    if (row.state !== 'ready')
      throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is ${row.state}`);
    const claimed = await claimConversion(tx, actor.companyId, row.id, owner, deps.staleSeconds);
    if (!claimed) throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is being turned into drafts`);
    if (claimed.convertPlan) {
      // A plan stored before it knew its last row ends at the import's last row.
      return {
        plan: { ...claimed.convertPlan, endRow: claimed.convertPlan.endRow ?? claimed.lastRowNumber },
      };
    }

    const counted = (await countGoodRowGroups(tx, actor.companyId, row.id))
      .map((group) => ({ ...group, key: groupKey(group.kind, group.product, group.family) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (counted.length === 0) {
      throw new AppError('BUSINESS_RULE', `import ${row.id} has no good rows`, {
        fields: [{ field: 'importId', key: 'bulkNoGoodRows' }],
      });
    }
    const alias = aliasOf(row, request.draftOrderAlias);
    // The batches run from the first row that makes a line to the last (ADR 055).
    const plan: ConvertPlan & { endRow: number } = {
      today: athensDate(deps.drafts.now()),
      lastRow: Math.min(...counted.map((group) => group.first)) - 1,
      endRow: Math.max(...counted.map((group) => group.last)),
      groups: [],
    };
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
    await saveConversion(tx, actor.companyId, row.id, owner, plan);
    return { plan };
  });
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
