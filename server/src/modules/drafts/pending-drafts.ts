import { auditChange } from '../../platform/audit';
import { draftRowOf, type DraftActor, type DraftContext, type DraftHeader } from './draft-context';
import { headerOf } from './draft-view';
import {
  deletePendingDrafts,
  insertDraft,
  insertLinesFrom,
  publishDrafts,
  repeatedCardLines,
  type DraftRow,
  type Executor,
  type LinesSource,
  type LinesWritten,
} from './repository';

/**
 * Drafts written in batches from a bulk file (ADR 020). Each draft is created unpublished —
 * counted under the draft limit, seen by nobody — its lines are written a batch per transaction
 * from the import's rows in the database (ADR 055: the bulk module hands over the select of its
 * rows, the drafts write them with `insert … select`, and the lines never pass through the
 * server), and all of the file's drafts are published in one transaction at the end, or
 * discarded. A user never meets a draft holding half of its lines.
 */

export type { LinesSource, LinesWritten } from './repository';

/** What a published draft holds, for its audit entry (a summary: no lines). */
export type PendingDraftSummary = { lines: number; loadCents: number };

/**
 * A new, unpublished draft of `importId` under the draft limit (`claimDraftSlot`: 422 code 60
 * over 99 drafts), in the caller's transaction; without lines.
 */
export async function createPendingDraft(
  ctx: DraftContext,
  tx: Executor,
  header: DraftHeader,
  actor: DraftActor,
  importId: string,
): Promise<DraftRow> {
  await ctx.claimDraftSlot(tx, actor.companyId);
  return insertDraft(tx, { ...draftRowOf(header, actor), pendingImportId: importId });
}

/**
 * Writes lines of unpublished drafts from `source` (a select of another module's rows, see
 * `LinesSource`) in the caller's transaction; a line written before (a resumed batch) is kept
 * once. Answers what each draft gained.
 */
export function writePendingLinesFrom(tx: Executor, source: LinesSource): Promise<LinesWritten[]> {
  return insertLinesFrom(tx, source);
}

/**
 * Publishes the import's drafts, each audited once as `draft.create` with a summary — its header,
 * how many lines, their total load in cents and the import they came from — rather than
 * every line (a 100,000-row file would otherwise write 100,000 lines into the audit log).
 */
export async function publishPendingDrafts(
  tx: Executor,
  actor: DraftActor,
  importId: string,
  summaries: ReadonlyMap<string, PendingDraftSummary>,
): Promise<string[]> {
  const rows = await publishDrafts(tx, actor.companyId, importId);
  for (const row of rows) {
    await auditChange(tx, actor, {
      action: 'draft.create',
      entity: 'draft-order',
      entityId: row.id,
      after: { ...headerOf(row), ...summaries.get(row.id), bulkImportId: importId },
    });
  }
  return rows.map((row) => row.id);
}

/** Deletes the import's unpublished drafts (a conversion refused or given up). */
export function discardPendingDrafts(tx: Executor, companyId: string, importId: string): Promise<void> {
  return deletePendingDrafts(tx, companyId, importId);
}

/** Lines repeating a card an earlier line of the same draft names (across batches). */
export function repeatedCardsOf(
  tx: Executor,
  draftIds: readonly string[],
): Promise<{ tempCardId: string; cardId: string }[]> {
  return repeatedCardLines(tx, draftIds);
}
