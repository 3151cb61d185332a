import { applyDraftDiff } from '@tessera/domain';
import { toDraftCard } from './draft-view';
import type { DeleteDraftCards, DraftActor, DraftCards, DraftContext } from './draft-context';
import { deleteDraftCards, findDraftCards, insertDraftCards, updateDraftRow } from './repository';

/**
 * The SPEC §3 diff applied on the server: add, update and delete draft order cards. Each runs in
 * one transaction on the locked draft; a refused change leaves every line as it was.
 */

/**
 * Adds lines at the end (SPEC §3 `cardsToAdd`); a `tempCardId` already in the draft is a 400
 * naming `cards.N.tempCardId`.
 */
export async function addDraftLines(
  ctx: DraftContext,
  request: DraftCards,
  actor: DraftActor,
): Promise<void> {
  const { deps, refuse, repeatedIds, checkLines, lockDraft, audit } = ctx;
  const added = request.cards;
  await deps.db.transaction(async (tx) => {
    const draft = await lockDraft(tx, actor.companyId, request.draftId);
    const rows = await findDraftCards(tx, draft.id);
    const present = new Set(rows.map((row) => row.tempCardId));
    const problems = [
      ...added.flatMap((card, index) =>
        present.has(card.tempCardId)
          ? [{ field: `cards.${index}.tempCardId`, key: 'lineExists' as const }]
          : [],
      ),
      ...repeatedIds(
        added.map((card) => card.tempCardId),
        (index) => `cards.${index}.tempCardId`,
      ),
    ];
    if (problems.length > 0) refuse(problems, 'lines already in the draft');
    const before = rows.map(toDraftCard);
    const after = applyDraftDiff(before, { cardsToAdd: added, cardsToUpdate: [], cardsToDelete: [] });
    await checkLines(
      tx,
      actor.companyId,
      draft,
      added.map((card, index) => ({ card, field: `cards.${index}`, line: before.length + index + 1 })),
      after,
    );
    const next = rows.reduce((max, row) => Math.max(max, row.position + 1), 0);
    await insertDraftCards(
      tx,
      added.map((card, index) => ({ draftId: draft.id, ...card, position: next + index })),
    );
    await updateDraftRow(tx, draft, {}, actor);
    await audit(tx, actor, 'draft.cards.add', draft.id, null, { cards: added });
  });
}

/**
 * Replaces the content of lines in place (SPEC §3 `cardsToUpdate`); a `tempCardId` not in the
 * draft is a 400 naming `cards.N.tempCardId`.
 */
export async function updateDraftLines(
  ctx: DraftContext,
  request: DraftCards,
  actor: DraftActor,
): Promise<void> {
  const { deps, refuse, repeatedIds, checkLines, lockDraft, audit } = ctx;
  const updated = request.cards;
  await deps.db.transaction(async (tx) => {
    const draft = await lockDraft(tx, actor.companyId, request.draftId);
    const rows = await findDraftCards(tx, draft.id);
    const positions = new Map(rows.map((row) => [row.tempCardId, row.position]));
    const problems = [
      ...updated.flatMap((card, index) =>
        positions.has(card.tempCardId)
          ? []
          : [{ field: `cards.${index}.tempCardId`, key: 'lineNotFound' as const }],
      ),
      ...repeatedIds(
        updated.map((card) => card.tempCardId),
        (index) => `cards.${index}.tempCardId`,
      ),
    ];
    if (problems.length > 0) refuse(problems, 'lines not in the draft');
    const before = rows.map(toDraftCard);
    const after = applyDraftDiff(before, { cardsToAdd: [], cardsToUpdate: updated, cardsToDelete: [] });
    const lineOf = new Map(after.map((card, index) => [card.tempCardId, index + 1]));
    await checkLines(
      tx,
      actor.companyId,
      draft,
      updated.map((card, index) => ({
        card,
        field: `cards.${index}`,
        line: lineOf.get(card.tempCardId)!,
      })),
      after,
    );
    const ids = updated.map((card) => card.tempCardId);
    await deleteDraftCards(tx, draft.id, ids);
    await insertDraftCards(
      tx,
      updated.map((card) => ({ draftId: draft.id, ...card, position: positions.get(card.tempCardId)! })),
    );
    await updateDraftRow(tx, draft, {}, actor);
    const old = new Set(ids);
    await audit(
      tx,
      actor,
      'draft.cards.update',
      draft.id,
      { cards: before.filter((card) => old.has(card.tempCardId)) },
      { cards: updated },
    );
  });
}

/** Removes lines (SPEC §3 `cardsToDelete`); an id not in the draft is a 400 naming `tempCardIds.N`. */
export async function deleteDraftLines(
  ctx: DraftContext,
  request: DeleteDraftCards,
  actor: DraftActor,
): Promise<void> {
  const { deps, refuse, repeatedIds, lockDraft, audit } = ctx;
  await deps.db.transaction(async (tx) => {
    const draft = await lockDraft(tx, actor.companyId, request.draftId);
    const rows = await findDraftCards(tx, draft.id);
    const present = new Set(rows.map((row) => row.tempCardId));
    const problems = [
      ...request.tempCardIds.flatMap((id, index) =>
        present.has(id) ? [] : [{ field: `tempCardIds.${index}`, key: 'lineNotFound' as const }],
      ),
      ...repeatedIds(request.tempCardIds, (index) => `tempCardIds.${index}`),
    ];
    if (problems.length > 0) refuse(problems, 'lines not in the draft');
    const removed = new Set(request.tempCardIds);
    await deleteDraftCards(tx, draft.id, request.tempCardIds);
    await updateDraftRow(tx, draft, {}, actor);
    await audit(
      tx,
      actor,
      'draft.cards.delete',
      draft.id,
      { cards: rows.filter((row) => removed.has(row.tempCardId)).map(toDraftCard) },
      null,
    );
  });
}
