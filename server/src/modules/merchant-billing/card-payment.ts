import type { Locale } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { claimNotice, setNoticeOutcome, type GatewayReturn, type PaymentResult } from '../payments';
import type { BillingActor, BillingContext } from './billing-context';
import {
  findCharges,
  findMerchantPayment,
  insertMerchantPayment,
  markChargesPaid,
  pendingMerchantPayments,
  updateMerchantPayment,
  type MerchantPaymentRow,
} from './repository';

/** Where the bank returns the browser: the merchant's result pages, in the payer's language. */
function resultUrl(ctx: BillingContext, locale: Locale, outcome: 'success' | 'failure', paymentId: string) {
  return `${ctx.publicUrl}${locale === 'el' ? '' : `/${locale}`}/merchant/payment/${outcome}?paymentId=${paymentId}`;
}

/**
 * `createMerchantPayment` (SPEC §7): a card payment of the merchant's open charges (the ones named,
 * or all) through the bank gateway the orders use. A charge of another merchant is "not found", one
 * already paid is a conflict (409). One attempt is pending per merchant: an earlier one is
 * cancelled (its charges are still open). Answers the bank's hosted page.
 *
 * @param options.at when the attempt is made (the demo seed back-dates it).
 */
export async function createMerchantPayment(
  ctx: BillingContext,
  actor: BillingActor,
  merchantId: string,
  input: { chargeIds?: string[] | undefined },
  options: { at?: Date } = {},
): Promise<{ paymentId: string; amountCents: number; redirectUrl: string }> {
  const at = options.at ?? ctx.now();
  const payment = await ctx.db.transaction(async (tx) => {
    const ids = input.chargeIds ? [...new Set(input.chargeIds)] : undefined;
    const charges = ids
      ? await findCharges(tx, merchantId, { ids, forUpdate: true })
      : await findCharges(tx, merchantId, { status: 'open', forUpdate: true });
    if (ids && charges.length !== ids.length) {
      throw new AppError('NOT_FOUND', `charges of ${merchantId} not found`);
    }
    const paid = charges.filter((charge) => charge.status !== 'open');
    if (paid.length > 0) {
      throw new AppError('CONFLICT', `charges ${paid.map((charge) => charge.id).join(', ')} already paid`);
    }
    if (charges.length === 0) throw new AppError('CONFLICT', `${merchantId} owes nothing`);
    for (const pending of await pendingMerchantPayments(tx, merchantId)) {
      await updateMerchantPayment(tx, pending.id, {
        status: 'cancelled',
        failureReason: 'replaced',
        completedAt: at,
      });
    }
    const created = await insertMerchantPayment(tx, {
      merchantId,
      chargeIds: charges.map((charge) => charge.id),
      amountCents: charges.reduce((sum, charge) => sum + charge.amountCents, 0),
      createdBy: actor.userId,
      createdAt: at,
    });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'merchantPayment.create',
      entity: 'merchant-payment',
      entityId: created.id,
      after: { merchantId, chargeIds: created.chargeIds, amountCents: created.amountCents },
      requestId: actor.requestId ?? null,
    });
    return created;
  });
  const { redirectUrl } = await ctx.gateway.createSession({
    paymentId: payment.id,
    amountCents: payment.amountCents,
    description: `Tessera ${merchantId}`,
    returnUrl: resultUrl(ctx, actor.locale, 'success', payment.id),
    failureUrl: resultUrl(ctx, actor.locale, 'failure', payment.id),
  });
  return { paymentId: payment.id, amountCents: payment.amountCents, redirectUrl };
}

/** The bank's result of a merchant's card payment, from its notice or the browser's signed return. */
export type MerchantCardResult = {
  /** The notice's id: `callback:<event id>`, `return:<payment id>`. */
  id: string;
  paymentId: string;
  result: PaymentResult;
  bankReference: string;
  /** What the bank charged (its notice says; the browser's return does not). */
  amountCents: number | null;
  payload: unknown;
};

/**
 * Applies the bank's result exactly once, in one transaction: the notice is recorded by its id in
 * the payments module's `bank_notices` first (a duplicate changes nothing), and only a pending
 * attempt is decided. Approved: its charges are paid (each once: only open ones are marked, and a
 * charge paid meanwhile fails the attempt for a refund instead of being paid twice), the money is
 * posted bank → fees + VAT (idempotent by the payment id) and audited.
 *
 * @param at when the bank decided (the demo seed back-dates it).
 */
export async function applyMerchantCardResult(
  ctx: BillingContext,
  notice: MerchantCardResult,
  at: Date = ctx.now(),
): Promise<MerchantPaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const payment = await findMerchantPayment(tx, notice.paymentId, { forUpdate: true });
    if (!payment) throw new AppError('NOT_FOUND', `no merchant payment ${notice.paymentId}`);
    const fresh = await claimNotice(tx, {
      id: notice.id,
      paymentId: payment.id,
      orderId: null,
      amountCents: notice.amountCents,
      outcome: 'received',
      payload: notice.payload as object,
    });
    if (!fresh) return payment;
    if (payment.status !== 'pending') {
      await setNoticeOutcome(tx, notice.id, `ignored: payment already ${payment.status}`);
      return payment;
    }
    const fail = async (status: 'failed' | 'cancelled', reason: string) => {
      await setNoticeOutcome(tx, notice.id, reason);
      return updateMerchantPayment(tx, payment.id, {
        status,
        bankReference: notice.bankReference,
        failureReason: reason,
        completedAt: at,
      });
    };
    if (notice.result === 'declined') return fail('failed', 'declined');
    if (notice.result === 'cancelled') return fail('cancelled', 'cancelledByPayer');
    if (notice.amountCents !== null && notice.amountCents !== payment.amountCents) {
      return fail('failed', 'amountMismatch');
    }
    const charges = await findCharges(tx, payment.merchantId, { ids: payment.chargeIds, forUpdate: true });
    if (charges.length !== payment.chargeIds.length || charges.some((charge) => charge.status !== 'open')) {
      return fail('failed', 'chargesAlreadyPaid');
    }
    const ledgerTransactionId = await postPayment(ctx, tx, payment, charges, at);
    await markChargesPaid(tx, payment.chargeIds, payment.id, at);
    const succeeded = await updateMerchantPayment(tx, payment.id, {
      status: 'succeeded',
      bankReference: notice.bankReference,
      ledgerTransactionId,
      completedAt: at,
    });
    await setNoticeOutcome(tx, notice.id, 'matched');
    await writeAudit(tx, {
      actorUserId: null,
      action: 'merchantPayment.paid',
      entity: 'merchant-payment',
      entityId: payment.id,
      before: { status: payment.status },
      after: {
        merchantId: payment.merchantId,
        chargeIds: payment.chargeIds,
        amountCents: payment.amountCents,
      },
    });
    return succeeded;
  });
}

/** The money of paid charges: in at the bank, to the fees account (net) and the VAT account. */
async function postPayment(
  ctx: BillingContext,
  tx: Executor,
  payment: MerchantPaymentRow,
  charges: { amountCents: number; vatCents: number }[],
  at: Date,
): Promise<string> {
  const vatCents = charges.reduce((sum, charge) => sum + charge.vatCents, 0);
  const netCents = payment.amountCents - vatCents;
  const bank = await ctx.ledger.bankAccount(tx);
  const fees = await ctx.ledger.feesAccount(tx);
  const vat = await ctx.ledger.vatAccount(tx);
  return ctx.ledger.post(tx, {
    kind: 'fee',
    companyId: null,
    reference: `merchant ${payment.merchantId}`,
    description: `Merchant charges paid by card ${payment.merchantId}`,
    idempotencyKey: `merchant-payment:${payment.id}`,
    postedAt: at,
    entries: [
      { accountId: bank, amountCents: -payment.amountCents },
      { accountId: fees, amountCents: netCents },
      { accountId: vat, amountCents: vatCents },
    ].filter((entry) => entry.amountCents !== 0),
  });
}

/** A payment's state as the result page reads it. */
function resultOf(payment: MerchantPaymentRow): {
  status: 'paid' | 'failed' | 'pending';
  amountCents: number;
} {
  const status =
    payment.status === 'succeeded' ? 'paid' : payment.status === 'pending' ? 'pending' : 'failed';
  return { status, amountCents: payment.amountCents };
}

/**
 * `validateMerchantPayment` (SPEC §7): the result page's question. With the bank's signed return
 * parameters, they are checked against the bank's signature and applied (once; the bank's notice
 * may have decided first); without them, the state as the notice left it. Another merchant's
 * payment is "not found".
 */
export async function validateMerchantPayment(
  ctx: BillingContext,
  merchantId: string,
  input: { paymentId: string; result?: PaymentResult; bankReference?: string; signature?: string },
): Promise<{ status: 'paid' | 'failed' | 'pending'; amountCents: number }> {
  const payment = await findMerchantPayment(ctx.db, input.paymentId, { merchantId });
  if (!payment) throw new AppError('NOT_FOUND', `no payment ${input.paymentId} of ${merchantId}`);
  if (input.signature === undefined || input.result === undefined) return resultOf(payment);
  const params: GatewayReturn = {
    paymentId: input.paymentId,
    result: input.result,
    bankReference: input.bankReference ?? '',
    signature: input.signature,
  };
  if (!ctx.gateway.verifyReturn(params)) {
    throw new AppError('VALIDATION', 'the bank return is not signed by the bank', {
      fields: [{ field: 'signature', key: 'invalidValue' }],
    });
  }
  return resultOf(
    await applyMerchantCardResult(ctx, {
      id: `return:${params.paymentId}`,
      paymentId: params.paymentId,
      result: params.result,
      bankReference: params.bankReference,
      amountCents: null,
      payload: params,
    }),
  );
}
