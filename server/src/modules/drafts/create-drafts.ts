import {
  PRODUCTS,
  type DraftCard,
  type DraftOrder,
  type Locale,
  type ReadyToTopUpRequest,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { companyScope, idempotent } from '../../platform/idempotency';
import { findBundle } from './bundles';
import type {
  CreateBundleDraft,
  DraftActor,
  DraftContext,
  DraftHeader,
  IdempotencyOptions,
  SaveDraftOrder,
} from './draft-context';
import { checkHeader } from './validate-lines';

/**
 * The three ways a draft is created (SPEC §7 saveDraftOrder, readyToTopUp, createBundleDraftOrder):
 * each claims room under the draft limit, checks its lines and writes them with the draft in one
 * transaction, and accepts an `Idempotency-Key`.
 */

/**
 * A new draft with its lines (saveDraftOrder), checked line by line; 422 code 60 over 99
 * drafts. With an `Idempotency-Key`, a replay answers the first draft and creates nothing.
 */
export async function saveDraftOrder(
  ctx: DraftContext,
  request: SaveDraftOrder,
  actor: DraftActor,
  idempotency: IdempotencyOptions,
): Promise<DraftOrder> {
  const { deps, termsOf, deliveryPointOf, view, claimDraftSlot, insertNewDraft, checkProductAllowed } = ctx;
  const { cards, ...header } = request;
  return idempotent(
    deps.db,
    companyScope(actor, idempotency, request),
    async (tx, prepared) => {
      await claimDraftSlot(tx, actor.companyId);
      const row = await insertNewDraft(tx, header, cards, actor);
      return view(tx, row, prepared.deliveryPoint, prepared.terms);
    },
    async () => {
      checkHeader(header);
      await checkProductAllowed(actor.companyId, header.product);
      const [deliveryPoint, terms] = await Promise.all([
        deliveryPointOf(actor.companyId, header.deliveryPointId),
        termsOf(actor.companyId),
      ]);
      return { deliveryPoint, terms: terms(header.product, header.family) };
    },
  );
}

/**
 * A READY_TO_TOP_UP draft (reason `load-card`) of the company's cards of the product that are
 * ready to top up (ADR 006: active, not expired, not loaded this month), one line per card in
 * the card list's order. The family is the request's, else the product's first (plastic for
 * Ticket Restaurant: a draft has one family). Each line loads what the card received last month
 * (kept within the product's limits), else the product's minimum load: a draft the line rules
 * accept as it stands, which the user then edits. 422 when no card is ready.
 */
export async function createReadyToTopUpDraft(
  ctx: DraftContext,
  request: ReadyToTopUpRequest,
  actor: DraftActor,
  idempotency: IdempotencyOptions,
): Promise<{ draftId: string }> {
  const { deps, claimDraftSlot, insertNewDraft } = ctx;
  const product = request.product;
  const family = request.family ?? PRODUCTS[product].families[0]!;
  const header: DraftHeader = {
    reason: 'load-card',
    orderType: 'READY_TO_TOP_UP',
    product,
    family,
    draftOrderAlias: '',
    invoiceComments: '',
    deliveryPointId: null,
    bulkAmountCents: null,
    expiringDate: null,
  };
  checkHeader(header);
  await ctx.checkProductAllowed(actor.companyId, product);
  const { minLoadCents, maxLoadCents } = PRODUCTS[product];
  return idempotent(deps.db, companyScope(actor, idempotency, request), async (tx) => {
    await claimDraftSlot(tx, actor.companyId);
    const ready = await deps.cards.readyToTopUpCards(tx, actor.companyId, { product, family });
    if (ready.length === 0) {
      throw new AppError(
        'BUSINESS_RULE',
        `no ${product} ${family} card of ${actor.companyId} is ready to top up`,
      );
    }
    const lines: DraftCard[] = ready.map((card) => ({
      tempCardId: card.cardId,
      cardId: card.cardId,
      cardholderId: null,
      cardholder: null,
      cardName: '',
      amountCents:
        card.lastMonthLoadCents > 0
          ? Math.min(maxLoadCents, Math.max(minLoadCents, card.lastMonthLoadCents))
          : minLoadCents,
    }));
    const row = await insertNewDraft(tx, header, lines, actor);
    return { draftId: row.id };
  });
}

/**
 * A NEW draft of `quantity` bundles' anonymous cards (createBundleDraftOrder): cardholder first
 * name the product's name in `locale` («Δωροκάρτα», «Κάρτα φιλοξενίας»), last name the card's
 * sequence number, each line loading the denomination.
 */
export async function createBundleDraft(
  ctx: DraftContext,
  request: CreateBundleDraft,
  actor: DraftActor,
  locale: Locale,
  idempotency: IdempotencyOptions,
): Promise<{ draftId: string }> {
  const { deps, claimDraftSlot, insertNewDraft } = ctx;
  const bundle = findBundle(request.bundleId, locale);
  if (!bundle) {
    throw new AppError('VALIDATION', `no bundle ${request.bundleId}`, {
      fields: [{ field: 'bundleId', key: 'invalidChoice' }],
    });
  }
  const count = bundle.count * request.quantity;
  const width = String(count).length < 3 ? 3 : String(count).length;
  const lines: DraftCard[] = Array.from({ length: count }, (_, index) => ({
    tempCardId: `bundle-${index + 1}`,
    cardId: null,
    cardholderId: null,
    cardholder: {
      firstName: PRODUCTS[bundle.product].name[locale],
      lastName: String(index + 1).padStart(width, '0'),
      email: '',
      phone: '',
      employeeCode: '',
      taxId: '',
    },
    cardName: '',
    amountCents: bundle.denominationCents,
  }));
  const header: DraftHeader = {
    reason: 'new-card',
    orderType: 'NEW',
    product: bundle.product,
    family: bundle.family,
    draftOrderAlias: bundle.name.slice(0, 80),
    invoiceComments: '',
    deliveryPointId: null,
    bulkAmountCents: bundle.denominationCents,
    expiringDate: null,
  };
  return idempotent(deps.db, companyScope(actor, idempotency, request), async (tx) => {
    await claimDraftSlot(tx, actor.companyId);
    const row = await insertNewDraft(tx, header, lines, actor);
    return { draftId: row.id };
  });
}
