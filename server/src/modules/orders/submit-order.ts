import {
  approvalExpiresAt,
  approvalsRequired,
  priceTotals,
  priceOrder,
  rfOfOrderNumber,
  shipsCards,
  type PaymentInstructions,
  type PaymentKind,
  type OrderSummary,
} from '@tessera/domain';
import { auditChange } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { companyScope, idempotent } from '../../platform/idempotency';
import { makersOf, withMakers } from '../../platform/makers';
import type { IdempotencyOptions, PreparedSubmission } from '../drafts';
import type { OrderActor, OrderContext } from './order-context';

import { assertMayMoveMoney } from './move-money-guard';
import {
  addEvent,
  approvalRuleOf,
  insertOrder,
  insertOrderLines,
  nextOrderNumber,
  type OrderRow,
} from './repository';

/**
 * Turns a draft into an order, in the caller's transaction (ADR 010): the draft is locked, its
 * lines checked again against the cards as they are now, priced afresh with the company's terms
 * (the client's totals are never trusted), and the order waits for approval or for payment by the
 * company's rule. The draft is deleted; a second submission of it finds no draft (404), and the
 * order's unique `source_draft_id` refuses a race. Nothing is half-written: any refusal rolls the
 * whole transaction back.
 */
export async function submitDraft(
  ctx: OrderContext,
  tx: Executor,
  draftId: string,
  actor: OrderActor,
  prepared: PreparedSubmission,
): Promise<OrderRow> {
  const { draft, lines } = await ctx.deps.drafts.takeDraft(tx, actor.companyId, draftId, prepared);
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
  // ADR 032: one rule for every way a draft becomes an order (the browser, a reorder's draft, a
  // bulk import's drafts, a recurring run, provider staff acting for the company): its total and
  // the submitter's role say how many approvals it needs before its money may move.
  const rule = await approvalRuleOf(tx, actor.companyId);
  // ADR 040: everyone who made the order — whoever made or changed its draft (and the people behind
  // them), the submitter and the people behind the submitter. None of them approves it, and a
  // checker's submission checks nothing of a draft the checker made.
  const draftMakers = withMakers([draft.createdBy], draft.madeBy);
  const madeBy = withMakers(draftMakers, makersOf(actor));
  const required = approvalsRequired(rule, actor.roleId, price.totalCents, {
    submitterMadeIt: makersOf(actor).some((maker) => draftMakers.includes(maker)),
  });
  const approvalRequired = required > 0;
  await assertMayMoveMoney(tx, actor, {
    kind: 'submit',
    totalCents: price.totalCents,
    approvalsRequired: required,
  });
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
    approvalThresholdCents: rule.thresholdCents,
    approvalsRequired: required,
    approvalExpiresAt: approvalRequired ? approvalExpiresAt(at, rule.expiryDays) : null,
    draftedBy: draft.createdBy,
    madeBy,
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
  await ctx.deps.drafts.removeDraft(tx, draft.id);
  await auditChange(tx, actor, {
    action: 'order.submit',
    entity: 'order',
    entityId: order.id,
    before: { draftId: draft.id },
    after: {
      number,
      status: order.status,
      totalCents: order.totalCents,
      lines: lines.length,
      approvalsRequired: required,
    },
  });
  return order;
}

/**
 * Starts a payment of an order awaiting it, in the caller's transaction, once the person may move
 * its money (step-up, ADR 040): every path that pays an order — a submission with a method, the
 * order page's payment, the public API, a recurring run — starts it here.
 */
export async function startOrderPayment(
  ctx: OrderContext,
  tx: Executor,
  order: OrderRow,
  method: PaymentKind,
  actor: OrderActor,
): Promise<PaymentInstructions> {
  await assertMayMoveMoney(tx, actor, { kind: 'pay', orderId: order.id, amountCents: order.totalCents });
  return ctx.deps.payments.start(tx, order, method, actor);
}

/**
 * Submits a draft (submitPaymentOm, submitOrderFinanceUser, submitOrderPaymentManager). The order
 * manager's submission also starts the payment with the chosen method unless the order waits for
 * approval.
 */
export async function submitOrder(
  ctx: OrderContext,
  actor: OrderActor,
  request: { draftId: string; method?: PaymentKind },
  idempotency: IdempotencyOptions,
): Promise<{ order: OrderSummary; payment: PaymentInstructions | null }> {
  let submitted = false;
  const result = await idempotent(
    ctx.db,
    companyScope(actor, idempotency, request),
    async (tx, prepared) => {
      const order = await submitDraft(ctx, tx, request.draftId, actor, prepared);
      submitted = true;
      const payment =
        request.method && order.status === 'awaiting_payment'
          ? await startOrderPayment(ctx, tx, order, request.method, actor)
          : null;
      return { orderId: order.id, payment };
    },
    () => ctx.deps.drafts.prepareSubmission(actor.companyId, request.draftId),
  );
  const order = await ctx.getOrder(actor.companyId, result.orderId);
  // A replayed request answers the first response and sends nothing again.
  if (submitted) ctx.notify({ kind: 'submitted', order });
  return { order: await ctx.summary(order), payment: result.payment };
}
