import {
  isDraftMaxReached,
  isFamilyOfProduct,
  priceTotals,
  MAX_DRAFT_ORDERS,
  priceOrder,
  type Bundle,
  type DraftCard,
  type CheckCardholderRequestSchema,
  type CheckCardholderResponse,
  type CompanyMaxDraftOrdersResponse,
  type DraftOrder,
  type DraftOrdersResponse,
  type Locale,
  type OrderPriceRequestSchema,
  type OrderPriceResponse,
  type ReadyToTopUpRequest,
  type UpdateDraftOrderRequestSchema,
} from '@tessera/domain';
import type { z } from 'zod';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
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
import { headerOf, toDraftCard } from './draft-view';
import { addDraftLines, deleteDraftLines, updateDraftLines } from './edit-draft-lines';
import {
  countDrafts,
  deleteDraftRow,
  findDraft,
  findDraftCards,
  lineAmountsByDraft,
  listDrafts,
  updateDraftRow,
} from './repository';
import { prepareSubmission, takeDraft, type PreparedSubmission } from './take-draft';
import { checkHeader } from './validate-lines';

export type { DraftActor, DraftHeader, IdempotencyOptions } from './draft-context';
export type { PreparedSubmission } from './take-draft';
export type DraftsService = ReturnType<typeof createDraftsService>;

type UpdateDraftOrder = z.output<typeof UpdateDraftOrderRequestSchema>;
type OrderPriceQuery = z.output<typeof OrderPriceRequestSchema>;
type CheckCardholders = z.output<typeof CheckCardholderRequestSchema>;

/**
 * Draft orders (SPEC §3–4, §7 orders service; docs/decisions/009-card-issue-and-pricing.md). Every
 * read and write is scoped by the company the route resolved; a draft of another company is "not
 * found". Every write runs in one transaction with its audit entry: a refused change leaves nothing.
 * Creating drafts lives in `create-drafts.ts`, changing their lines in `edit-draft-lines.ts`.
 */
export function createDraftsService(deps: DraftsDeps) {
  const ctx = createDraftContext(deps);
  const { termsOf, deliveryPointOf, view, checkLines, lockDraft, audit } = ctx;

  return {
    /** Counts a new draft against the company's limit (422 over it), in the caller's transaction. */
    claimDraftSlot: ctx.claimDraftSlot,

    /** Inserts a new draft and its lines after checking them, audited; in the caller's transaction. */
    insertDraftIn: ctx.insertNewDraft,

    /** The company's delivery point, or a 400 naming the field (a foreign or unknown id). */
    deliveryPointOf: ctx.deliveryPointOf,

    /** The clock the drafts use (tests pass their own). */
    now: ctx.now,

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
    async getDraftOrder(companyId: string, draftId: string): Promise<DraftOrder> {
      const row = await findDraft(deps.db, companyId, draftId);
      if (!row) throw new AppError('NOT_FOUND', `no draft ${draftId} in ${companyId}`);
      const [deliveryPoint, terms] = await Promise.all([
        row.deliveryPointId ? deps.deliveryPoints.getDeliveryPoint(companyId, row.deliveryPointId) : null,
        termsOf(companyId),
      ]);
      return view(deps.db, row, deliveryPoint, terms(row.product, row.family));
    },

    /**
     * The company's drafts, most recently changed first, each priced. No drafts is an empty list,
     * not an error (issue 13 §10: a 404 showed as a failed request in every browser console; code
     * 40 stays in the catalogue for callers that still send it).
     */
    async listDraftOrders(companyId: string): Promise<Omit<DraftOrdersResponse, 'success'>> {
      const rows = await listDrafts(deps.db, companyId);
      if (rows.length === 0) return { draftOrders: [], total: 0, isMaxReached: false };
      const [amounts, terms, users] = await Promise.all([
        lineAmountsByDraft(deps.db, companyId),
        termsOf(companyId),
        deps.identity.usersByIds([...new Set(rows.map((row) => row.createdBy))]),
      ]);
      const names = new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`]));
      const linesOf = new Map<string, { tempCardId: string; amountCents: number }[]>();
      for (const group of amounts) {
        const lines = linesOf.get(group.draftId) ?? [];
        for (let n = 0; n < group.lines; n += 1)
          lines.push({ tempCardId: '', amountCents: group.amountCents });
        linesOf.set(group.draftId, lines);
      }
      return {
        draftOrders: rows.map((row) => ({
          draftId: row.id,
          reason: row.reason,
          orderType: row.orderType,
          product: row.product,
          family: row.family,
          draftOrderAlias: row.alias,
          cards: row.cards,
          totalCents: priceOrder(
            { orderType: row.orderType, family: row.family, lines: linesOf.get(row.id) ?? [] },
            terms(row.product, row.family),
          ).totalCents,
          createdBy: row.createdBy,
          createdByName: names.get(row.createdBy) ?? '',
          updatedAt: row.updatedAt.toISOString(),
        })),
        total: rows.length,
        isMaxReached: isDraftMaxReached(rows.length),
      };
    },

    /** SPEC §4, §9: the company's number of drafts and whether it may create another. */
    async maxDraftOrders(companyId: string): Promise<Omit<CompanyMaxDraftOrdersResponse, 'success'>> {
      const total = await countDrafts(deps.db, companyId);
      return { total, max: MAX_DRAFT_ORDERS, isMaxReached: isDraftMaxReached(total) };
    },

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

    /**
     * Changes a draft's header (updateDraftOrder). A change of product checks every line again
     * (its cards must be of the new product, its amounts within the new limits).
     */
    async updateDraftOrder(request: UpdateDraftOrder, actor: DraftActor): Promise<DraftOrder> {
      await deliveryPointOf(actor.companyId, request.deliveryPointId);
      await deps.db.transaction(async (tx) => {
        const before = await lockDraft(tx, actor.companyId, request.draftId);
        const header = { ...request, orderType: before.orderType };
        checkHeader(header);
        if (request.product !== before.product) {
          const lines = (await findDraftCards(tx, before.id)).map(toDraftCard);
          await checkLines(
            tx,
            actor.companyId,
            header,
            lines.map((card, index) => ({ card, field: `cards.${index}`, line: index + 1 })),
            lines,
          );
        }
        const after = await updateDraftRow(tx, before.id, {
          product: request.product,
          family: request.family,
          alias: request.draftOrderAlias,
          invoiceComments: request.invoiceComments,
          deliveryPointId: request.deliveryPointId,
          bulkAmountCents: request.bulkAmountCents,
          expiringDate: request.expiringDate,
        });
        await audit(tx, actor, 'draft.update', before.id, headerOf(before), headerOf(after));
      });
      return this.getDraftOrder(actor.companyId, request.draftId);
    },

    /** Deletes a draft and its lines, audited with what it held. */
    async deleteDraftOrder(draftId: string, actor: DraftActor): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const before = await lockDraft(tx, actor.companyId, draftId);
        const lines = (await findDraftCards(tx, draftId)).map(toDraftCard);
        await deleteDraftRow(tx, draftId);
        await audit(tx, actor, 'draft.delete', draftId, { ...headerOf(before), cards: lines }, null);
      });
    },

    /**
     * Adds lines at the end (SPEC §3 `cardsToAdd`); a `tempCardId` already in the draft is a 400
     * naming `cards.N.tempCardId`.
     */
    async addDraftCards(request: DraftCards, actor: DraftActor): Promise<DraftOrder> {
      await addDraftLines(ctx, request, actor);
      return this.getDraftOrder(actor.companyId, request.draftId);
    },

    /**
     * Replaces the content of lines in place (SPEC §3 `cardsToUpdate`); a `tempCardId` not in the
     * draft is a 400 naming `cards.N.tempCardId`.
     */
    async updateDraftCards(request: DraftCards, actor: DraftActor): Promise<DraftOrder> {
      await updateDraftLines(ctx, request, actor);
      return this.getDraftOrder(actor.companyId, request.draftId);
    },

    /** Removes lines (SPEC §3 `cardsToDelete`); an id not in the draft is a 400 naming `tempCardIds.N`. */
    async deleteDraftCards(request: DeleteDraftCards, actor: DraftActor): Promise<DraftOrder> {
      await deleteDraftLines(ctx, request, actor);
      return this.getDraftOrder(actor.companyId, request.draftId);
    },

    /**
     * The price of a saved draft, or of lines not saved yet (orderPriceCalculation), with the
     * company's contract terms: the same `priceOrder` every draft response uses (ADR 009).
     */
    async calculatePrice(
      companyId: string,
      request: OrderPriceQuery,
    ): Promise<Omit<OrderPriceResponse, 'success'>> {
      if ('draftId' in request) {
        const draft = await this.getDraftOrder(companyId, request.draftId);
        return {
          price: draft.price,
          lines: draft.lines.map((line) => ({
            tempCardId: line.tempCardId,
            loadCents: line.amountCents,
            cardFeeCents: line.cardFeeCents,
            replacementFeeCents: line.replacementFeeCents,
            serviceFeeCents: line.serviceFeeCents,
          })),
        };
      }
      if (!isFamilyOfProduct(request.product, request.family)) {
        throw new AppError('PRODUCT_FAMILY_MISMATCH', `${request.family} is not of ${request.product}`, {
          fields: [{ field: 'family', key: 'invalidChoice' }],
        });
      }
      const terms = await termsOf(companyId);
      const price = priceOrder(
        { orderType: request.orderType, family: request.family, lines: request.lines },
        terms(request.product, request.family),
      );
      return { price: priceTotals(price), lines: price.lines };
    },

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
