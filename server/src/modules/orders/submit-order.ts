import {
  needsApproval,
  priceOrder,
  rfOfOrderNumber,
  shipsCards,
  type CardCategory,
  type CardFamily,
  type DeliveryPoint,
  type Locale,
  type PricingTerms,
  type RoleId,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { DraftContext } from './draft-context';
import { priceTotals, toDraftCard } from './draft-view';
import {
  addEvent,
  approvalThreshold,
  insertOrder,
  insertOrderLines,
  nextOrderNumber,
  type OrderRow,
} from './placed-repository';
import { deleteDraftRow, findDraft, findDraftCards, type Executor } from './repository';

/** Who acts on an order: the company the route resolved, the user's role and language. */
export type OrderActor = {
  userId: string;
  companyId: string;
  roleId: RoleId;
  locale: Locale;
  requestId?: string;
};

/** What a submission reads before its transaction (the pool, not the transaction, serves them). */
export type PreparedSubmission = {
  deliveryPointId: string | null;
  product: CardCategory;
  family: CardFamily;
  deliveryPoint: DeliveryPoint | null;
  terms: PricingTerms;
};

/** Reads the draft's delivery point and the company's terms, outside the submission's transaction. */
export async function prepareSubmission(
  ctx: DraftContext,
  companyId: string,
  draftId: string,
): Promise<PreparedSubmission> {
  const draft = await findDraft(ctx.deps.db, companyId, draftId);
  if (!draft) throw new AppError('NOT_FOUND', `no draft ${draftId} in ${companyId}`);
  const [deliveryPoint, terms] = await Promise.all([
    ctx.deliveryPointOf(companyId, draft.deliveryPointId),
    ctx.termsOf(companyId),
  ]);
  return {
    deliveryPointId: draft.deliveryPointId,
    product: draft.product,
    family: draft.family,
    deliveryPoint,
    terms: terms(draft.product, draft.family),
  };
}

/**
 * Turns a draft into an order, in the caller's transaction (ADR 010): the draft is locked, its
 * lines checked again against the cards as they are now, priced afresh with the company's terms
 * (the client's totals are never trusted), and the order waits for approval or for payment by the
 * company's rule. The draft is deleted; a second submission of it finds no draft (404), and the
 * order's unique `source_draft_id` refuses a race. Nothing is half-written: any refusal rolls the
 * whole transaction back.
 */
export async function submitDraft(
  ctx: DraftContext,
  tx: Executor,
  draftId: string,
  actor: OrderActor,
  prepared: PreparedSubmission,
): Promise<OrderRow> {
  const draft = await ctx.lockDraft(tx, actor.companyId, draftId);
  if (
    draft.deliveryPointId !== prepared.deliveryPointId ||
    draft.product !== prepared.product ||
    draft.family !== prepared.family
  ) {
    throw new AppError('CONFLICT', `draft ${draftId} changed while it was being submitted`);
  }
  const lines = (await findDraftCards(tx, draft.id)).map(toDraftCard);
  if (lines.length === 0) {
    throw new AppError('VALIDATION', `draft ${draftId} has no lines`, {
      fields: [{ field: 'cards', key: 'required' }],
    });
  }
  const header = {
    reason: draft.reason,
    orderType: draft.orderType,
    product: draft.product,
    family: draft.family,
    draftOrderAlias: draft.alias,
    invoiceComments: draft.invoiceComments,
    deliveryPointId: draft.deliveryPointId,
    bulkAmountCents: draft.bulkAmountCents,
    expiringDate: draft.expiringDate,
  };
  await ctx.checkLines(
    tx,
    actor.companyId,
    header,
    lines.map((card, index) => ({ card, field: `cards.${index}`, line: index + 1 })),
    lines,
  );
  const { deliveryPoint, terms } = prepared;
  // Plastic cards are shipped and charged a delivery fee (shipmentOf, ADR 009): an order of them
  // needs a delivery point to ship to, whoever submits it (the card-issue flow asks for one, but a
  // finance user may submit a draft saved before it was chosen).
  const ships = shipsCards(draft);
  if (ships && !deliveryPoint) {
    throw new AppError('VALIDATION', `draft ${draftId} ships cards but has no delivery point`, {
      fields: [{ field: 'deliveryPointId', key: 'required' }],
    });
  }
  const price = priceOrder({ orderType: draft.orderType, family: draft.family, lines }, terms);
  const threshold = await approvalThreshold(tx, actor.companyId);
  const approvalRequired = needsApproval({ thresholdCents: threshold }, actor.roleId, price.totalCents);
  const number = await nextOrderNumber(tx);
  const at = ctx.now();

  const order = await insertOrder(tx, {
    number,
    companyId: actor.companyId,
    sourceDraftId: draft.id,
    reason: draft.reason,
    orderType: draft.orderType,
    product: draft.product,
    family: draft.family,
    alias: draft.alias,
    invoiceComments: draft.invoiceComments,
    // An order that ships nothing keeps no delivery point, whatever its draft named.
    deliveryPoint: ships ? deliveryPoint : null,
    expiringDate: draft.expiringDate,
    status: approvalRequired ? 'awaiting_approval' : 'awaiting_payment',
    price: priceTotals(price),
    totalCents: price.totalCents,
    rfCode: rfOfOrderNumber(number),
    approvalRequired,
    approvalThresholdCents: threshold,
    locale: actor.locale,
    submittedBy: actor.userId,
    submittedAt: at,
    updatedAt: at,
  });
  await insertOrderLines(
    tx,
    lines.map((line, position) => {
      const priced = price.lines[position]!;
      return {
        orderId: order.id,
        position,
        tempCardId: line.tempCardId,
        cardId: line.cardId,
        cardholderId: line.cardholderId,
        cardholder: line.cardholder,
        cardName: line.cardName,
        amountCents: line.amountCents,
        cardFeeCents: priced.cardFeeCents,
        replacementFeeCents: priced.replacementFeeCents,
        serviceFeeCents: priced.serviceFeeCents,
      };
    }),
  );
  await addEvent(tx, { orderId: order.id, status: 'draft', by: draft.createdBy, at: draft.createdAt });
  await addEvent(tx, { orderId: order.id, status: order.status, by: actor.userId, at });
  await deleteDraftRow(tx, draft.id);
  await writeAudit(tx, {
    actorUserId: actor.userId,
    companyId: actor.companyId,
    action: 'order.submit',
    entity: 'order',
    entityId: order.id,
    before: { draftId: draft.id },
    after: { number, status: order.status, totalCents: order.totalCents, lines: lines.length },
    requestId: actor.requestId,
  });
  return order;
}
