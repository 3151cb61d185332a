import {
  applyDraftDiff,
  diffDraftCards,
  type DraftData,
  type DraftOrder,
  type OrderDraft,
} from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { saveLocalDraft } from '../../../lib/order-draft';
import { readStore, writeStore } from '../../../lib/storage';
import { addDraftOrderCards } from '../api/add-draft-order-cards';
import { deleteDraftOrderCards } from '../api/delete-draft-order-cards';
import type { DraftFailure, DraftResult } from '../api/draft-failure';
import { draftOrderQueryOptions } from '../api/get-draft-order';
import { saveDraftOrder } from '../api/save-draft-order';
import { updateDraftOrder } from '../api/update-draft-order';
import { updateDraftOrderCards } from '../api/update-draft-order-cards';
import { draftCardOf, headerChanged, headerOf, saveRequestOf } from '../model';
import { useRequestContext } from '../../../lib/request-context';
import { DRAFTS_QUERY_ROOT, draftKeys } from '../../../lib/query-keys';

const cleanDiff = (data: DraftData): DraftData => ({
  ...data,
  cardsToAdd: [],
  cardsToUpdate: [],
  cardsToDelete: [],
});

/**
 * Saving the local draft to the server (SPEC §3, ADR 009). A new draft goes whole with
 * `saveDraftOrder`; a saved one sends its header with `updateDraftOrder` when it changed, then
 * exactly the diff of its lines: deleted, updated, added. After each call that succeeded the local
 * default data moves on, so a failure part-way leaves only the rest to send again, and edits made
 * while saving stay as changes.
 */
export function useSaveDraft() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<DraftFailure | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  /** Moves the stored draft's default data (what the server holds) on to `saved`. */
  const settle = useCallback((draftId: string, saved: DraftData, patch: Partial<OrderDraft> = {}) => {
    const latest = readStore('orderDraft');
    if (!latest || (latest.id !== null && latest.id !== draftId)) return null;
    return saveLocalDraft({ ...latest, ...patch, id: draftId, defaultData: cleanDiff(saved) });
  }, []);

  const saveNew = useCallback(
    async (snapshot: OrderDraft): Promise<OrderDraft | null> => {
      const result = await saveDraftOrder(saveRequestOf(snapshot), context);
      if (!result.ok) {
        setFailure(result.failure);
        return null;
      }
      const saved = result.data;
      queryClient.setQueryData(draftKeys.detail(context.companyId, saved.draftId), saved);
      writeStore('draftOrder', { orderType: saved.orderType, orderId: saved.draftId });
      return settle(saved.draftId, snapshot.changedData, { isUpdateMode: true });
    },
    [context, queryClient, settle],
  );

  const saveChanges = useCallback(
    async (snapshot: OrderDraft, draftId: string): Promise<OrderDraft | null> => {
      let server: DraftOrder | null;
      try {
        server = await queryClient.ensureQueryData(draftOrderQueryOptions(context, draftId));
      } catch {
        setFailure({ kind: 'failed' });
        return null;
      }
      let base: DraftData = snapshot.defaultData;
      // The server's draft as the last call answered it (updated with the diff's last call).
      const answer: { draft: DraftOrder | null } = { draft: null };
      const step = async <T extends DraftOrder | null>(
        call: () => Promise<DraftResult<T>>,
        next: DraftData,
      ): Promise<boolean> => {
        const result = await call();
        if (!result.ok) {
          setFailure(result.failure);
          return false;
        }
        answer.draft = result.data ?? answer.draft;
        base = next;
        settle(draftId, base);
        return true;
      };

      const changed = snapshot.changedData;
      const isHeaderChanged =
        headerChanged(snapshot, server) ||
        changed.bulkAmount !== base.bulkAmount ||
        changed.deliveryPoint?.deliveryPointId !== base.deliveryPoint?.deliveryPointId;
      if (
        isHeaderChanged &&
        !(await step(() => updateDraftOrder({ draftId, ...headerOf(snapshot) }, context), {
          ...base,
          deliveryPoint: changed.deliveryPoint,
          bulkAmount: changed.bulkAmount,
        }))
      ) {
        return null;
      }

      const diff = diffDraftCards(base.cards, changed.cards);
      const deleted = diff.cardsToDelete;
      if (
        deleted.length > 0 &&
        !(await step(() => deleteDraftOrderCards({ draftId, tempCardIds: deleted }, context), {
          ...base,
          cards: applyDraftDiff(base.cards, { cardsToAdd: [], cardsToUpdate: [], cardsToDelete: deleted }),
        }))
      ) {
        return null;
      }
      const updated = diff.cardsToUpdate.map(draftCardOf);
      if (
        updated.length > 0 &&
        !(await step(() => updateDraftOrderCards({ draftId, cards: updated }, context), {
          ...base,
          cards: applyDraftDiff(base.cards, { cardsToAdd: [], cardsToUpdate: updated, cardsToDelete: [] }),
        }))
      ) {
        return null;
      }
      const added = diff.cardsToAdd.map(draftCardOf);
      if (
        added.length > 0 &&
        !(await step(() => addDraftOrderCards({ draftId, cards: added }, context), {
          ...base,
          cards: applyDraftDiff(base.cards, { cardsToAdd: added, cardsToUpdate: [], cardsToDelete: [] }),
        }))
      ) {
        return null;
      }
      if (answer.draft) queryClient.setQueryData(draftKeys.detail(context.companyId, draftId), answer.draft);
      return settle(draftId, base);
    },
    [context, queryClient, settle],
  );

  /** Saves the stored draft; answers it as saved, or null (then `failure` says why). */
  const save = useCallback(async (): Promise<OrderDraft | null> => {
    const snapshot = readStore('orderDraft');
    if (!snapshot) return null;
    setFailure(null);
    setIsSaving(true);
    try {
      const saved = snapshot.id === null ? await saveNew(snapshot) : await saveChanges(snapshot, snapshot.id);
      return saved;
    } finally {
      setIsSaving(false);
      // The drafts list, the count and this draft (its price) are the server's: read them again.
      void queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT });
    }
  }, [queryClient, saveChanges, saveNew]);

  return { save, isSaving, failure, clearFailure: () => setFailure(null) };
}
