import {
  type Bundle,
  type DraftCard,
  type CheckCardholderRequestSchema,
  type CheckCardholderResponse,
  type DraftOrder,
  type Locale,
  type ReadyToTopUpRequest,
  type ReplaceCardsResponse,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Executor } from '../../platform/db';
import { complimentaryBundles, voucherBundles } from './bundles';
import { matchCardholders } from './check-cardholder';
import { createBundleDraft, createReadyToTopUpDraft, saveDraftOrder } from './create-drafts';
import {
  createDraftContext,
  type CreateBundleDraft,
  type DeleteDraftCards,
  type DraftActor,
  type DraftCards,
  type DraftHeader,
  type IdempotencyOptions,
  type DraftsDeps,
  type SaveDraftOrder,
} from './draft-context';
import { addDraftLines, deleteDraftLines, updateDraftLines } from './edit-draft-lines';
import { deleteDraftRow } from './repository';
import { replaceCards, type ReplaceCards } from './replace-cards';
import {
  createPendingDraft,
  discardPendingDrafts,
  publishPendingDrafts,
  repeatedCardsOf,
  writePendingLinesFrom,
} from './pending-drafts';
import { calculatePrice } from './calculate-price';
import { getDraftOrder } from './get-draft';
import { listDraftOrders, maxDraftOrders } from './list-drafts';
import { deleteDraftOrder, updateDraftOrder } from './update-draft';
import { prepareSubmission, takeDraft, type PreparedSubmission } from './take-draft';

export type { DraftActor, DraftHeader, IdempotencyOptions } from './draft-context';
export type { PreparedSubmission } from './take-draft';
export type DraftsService = ReturnType<typeof createDraftsService>;

type CheckCardholders = z.output<typeof CheckCardholderRequestSchema>;

/**
 * Draft orders (SPEC §3–4, §7 orders service; docs/decisions/009-card-issue-and-pricing.md). Every
 * read and write is scoped by the company the route resolved; a draft of another company is "not
 * found". Every write runs in one transaction with its audit entry: a refused change leaves nothing.
 * Creating drafts lives in `create-drafts.ts`, changing their lines in `edit-draft-lines.ts`.
 */
export function createDraftsService(deps: DraftsDeps) {
  const ctx = createDraftContext(deps);

  return {
    /** Counts a new draft against the company's limit (422 over it), in the caller's transaction. */
    claimDraftSlot: ctx.claimDraftSlot,

    /** Inserts a new draft and its lines after checking them, audited; in the caller's transaction. */
    insertDraftIn: ctx.insertNewDraft,

    /** The company's delivery point, or a 400 naming the field (a foreign or unknown id). */
    deliveryPointOf: ctx.deliveryPointOf,

    /**
     * Drafts made from a bulk file in batches (ADR 020): created unpublished under the limit,
     * lines written a batch at a time, published (audited as summaries) or discarded all at once.
     */
    pending: {
      create: (tx: Executor, header: DraftHeader, actor: DraftActor, importId: string) =>
        createPendingDraft(ctx, tx, header, actor, importId),
      writeLinesFrom: writePendingLinesFrom,
      repeatedCards: repeatedCardsOf,
      publish: publishPendingDrafts,
      discard: discardPendingDrafts,
    },

    /** The clock the drafts use (tests pass their own). */
    now: ctx.now,

    /** The company's price terms by product and family: its contracts over its own settings. */
    pricingTermsOf: ctx.termsOf,

    /**
     * A new draft with its lines, checked and counted against the company's draft limit, in the
     * caller's transaction (a reorder, a bulk conversion).
     */
    async createDraftIn(
      tx: Executor,
      header: DraftHeader,
      lines: DraftCard[],
      actor: DraftActor,
    ): Promise<{ id: string }> {
      await ctx.claimDraftSlot(tx, actor.companyId);
      return ctx.insertNewDraft(tx, header, lines, actor);
    },

    /** The draft's delivery point and pricing terms, read before a submission's transaction. */
    prepareSubmission(companyId: string, draftId: string): Promise<PreparedSubmission> {
      return prepareSubmission(ctx, companyId, draftId);
    },

    /** The draft an order is made of, locked and checked again in the caller's transaction. */
    takeDraft(tx: Executor, companyId: string, draftId: string, prepared: PreparedSubmission) {
      return takeDraft(ctx, tx, companyId, draftId, prepared);
    },

    /** Deletes a draft that became an order, in the order's transaction. */
    removeDraft(tx: Executor, draftId: string): Promise<void> {
      return deleteDraftRow(tx, draftId);
    },

    /** One draft of the company with its lines, the cards they name and its price; 404 otherwise. */
    getDraftOrder: (companyId: string, draftId: string) => getDraftOrder(ctx, companyId, draftId),

    /** The company's drafts, most recently changed first, each priced (see `listDraftOrders`). */
    listDraftOrders: (companyId: string) => listDraftOrders(ctx, companyId),

    /** SPEC §4, §9: the company's number of drafts and whether it may create another. */
    maxDraftOrders: (companyId: string) => maxDraftOrders(ctx, companyId),

    /**
     * A new draft with its lines (saveDraftOrder), checked line by line; 422 code 60 over 99
     * drafts. With an `Idempotency-Key`, a replay answers the first draft and creates nothing.
     */
    saveDraftOrder(
      request: SaveDraftOrder,
      actor: DraftActor,
      idempotency: IdempotencyOptions,
    ): Promise<DraftOrder> {
      return saveDraftOrder(ctx, request, actor, idempotency);
    },

    /** Changes a draft's header (see `updateDraftOrder`). */
    updateDraftOrder: (request: Parameters<typeof updateDraftOrder>[1], actor: DraftActor) =>
      updateDraftOrder(ctx, request, actor),

    /** Deletes a draft and its lines, audited with what it held. */
    deleteDraftOrder: (draftId: string, actor: DraftActor) => deleteDraftOrder(ctx, draftId, actor),

    /**
     * Adds lines at the end (SPEC §3 `cardsToAdd`); a `tempCardId` already in the draft is a 400
     * naming `cards.N.tempCardId`.
     */
    async addDraftCards(request: DraftCards, actor: DraftActor): Promise<DraftOrder> {
      await addDraftLines(ctx, request, actor);
      return getDraftOrder(ctx, actor.companyId, request.draftId);
    },

    /**
     * Replaces the content of lines in place (SPEC §3 `cardsToUpdate`); a `tempCardId` not in the
     * draft is a 400 naming `cards.N.tempCardId`.
     */
    async updateDraftCards(request: DraftCards, actor: DraftActor): Promise<DraftOrder> {
      await updateDraftLines(ctx, request, actor);
      return getDraftOrder(ctx, actor.companyId, request.draftId);
    },

    /** Removes lines (SPEC §3 `cardsToDelete`); an id not in the draft is a 400 naming `tempCardIds.N`. */
    async deleteDraftCards(request: DeleteDraftCards, actor: DraftActor): Promise<DraftOrder> {
      await deleteDraftLines(ctx, request, actor);
      return getDraftOrder(ctx, actor.companyId, request.draftId);
    },

    /** The price of a saved draft or of lines not saved yet (see `calculatePrice`). */
    calculatePrice: (companyId: string, request: Parameters<typeof calculatePrice>[2]) =>
      calculatePrice(ctx, companyId, request),

    /**
     * A READY_TO_TOP_UP draft of the company's cards of the product that are ready to top up
     * (ADR 006), one line per card; 422 when none is ready (see `createReadyToTopUpDraft`).
     */
    readyToTopUp(
      request: ReadyToTopUpRequest,
      actor: DraftActor,
      idempotency: IdempotencyOptions,
    ): Promise<{ draftId: string }> {
      return createReadyToTopUpDraft(ctx, request, actor, idempotency);
    },

    /**
     * Likely duplicates among the company's cardholders of the new cardholders of a draft
     * (checkCardholder): the same email, tax id or employee code, or the same name ignoring
     * accents and case; each with why and how many cards they hold.
     */
    async checkCardholders(
      companyId: string,
      request: CheckCardholders,
    ): Promise<Omit<CheckCardholderResponse, 'success'>> {
      const candidates = await deps.cards.cardholderCandidates(companyId, request.cardholders);
      return { matches: matchCardholders(request.cardholders, candidates) };
    },

    /** The bundle catalogue of a kind, named in `locale`. */
    bundles(kind: 'voucher' | 'complimentary', locale: Locale): Bundle[] {
      return kind === 'voucher' ? voucherBundles(locale) : complimentaryBundles(locale);
    },

    /**
     * EXPIRED drafts replacing expiring cards, one per product and family (issue 22 §4, ADR 036;
     * see `replaceCards`).
     */
    replaceCards(
      request: ReplaceCards,
      actor: DraftActor,
      idempotency: IdempotencyOptions,
    ): Promise<Omit<ReplaceCardsResponse, 'success'>> {
      return replaceCards(ctx, request, actor, idempotency);
    },

    /** A NEW draft of `quantity` bundles' anonymous cards (see `createBundleDraft`). */
    createBundleDraft(
      request: CreateBundleDraft,
      actor: DraftActor,
      locale: Locale,
      idempotency: IdempotencyOptions,
    ): Promise<{ draftId: string }> {
      return createBundleDraft(ctx, request, actor, locale, idempotency);
    },
  };
}
