import type { BagsTrvStickersRequest, Locale, MerchantCharge, MerchantChargeStatus } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import type { InvoicingService } from '../invoicing';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';
import type { CardPaymentHandler, PaymentGateway } from '../payments';
import type { SettlementsService } from '../settlements';
import { chargeView, type BillingActor, type BillingContext } from './billing-context';
import {
  applyMerchantCardResult,
  createMerchantPayment,
  validateMerchantPayment,
  type MerchantCardResult,
} from './card-payment';
import { athensMonth, chargeRentals } from './charge-rentals';
import { feeInvoiceOf, renderFeeInvoicePdf } from './fee-invoice';
import { listSupplyOrders, orderSupplies } from './order-supplies';
import { findCharges, findMerchantPayment } from './repository';
import { retrieveRfCode } from './retrieve-rf-code';

/** The monthly job: the terminal rentals of the Athens month that starts. */
export const MERCHANT_RENTALS_JOB = 'merchant-billing.rentals';
/**
 * 03:00 UTC on the 1st: 05:00 or 06:00 in Athens, the month has begun there in either season (pg-boss
 * reads cron in UTC). pg-boss sends a cron job once across instances; the unique rental key makes a
 * second run harmless anyway.
 */
export const MERCHANT_RENTALS_CRON = '0 3 1 * *';

export type MerchantBillingService = ReturnType<typeof createMerchantBillingService>;

/**
 * What merchants owe the provider and how they pay it (issue 16; SPEC §7 bagsTrvStickers,
 * retrieveRfCode, createMerchantPayment, validateMerchantPayment): terminal rentals and supply
 * orders as charges, their RF reference, card payments through the orders' bank gateway, and the
 * monthly fee invoice of the settlements. Every call is scoped by the merchant id the route resolved.
 */
export function createMerchantBillingService(deps: {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
  settlements: Pick<SettlementsService, 'listSettlements'>;
  gateway: PaymentGateway;
  /** PUBLIC_URL, or '' to return the browser to a path on the host it opened. */
  publicUrl: string;
  jobs?: Jobs;
  /** Issue 37 (ADR 059): the invoice of each rental and supply order, made with the charge. */
  invoicing?: Pick<InvoicingService, 'invoiceMerchantCharge'>;
  now?: () => Date;
}) {
  const ctx: BillingContext = {
    db: deps.db,
    ledger: deps.ledger,
    merchants: deps.merchants,
    settlements: deps.settlements,
    gateway: deps.gateway,
    publicUrl: deps.publicUrl,
    now: deps.now ?? (() => new Date()),
    ...(deps.invoicing ? { invoicing: deps.invoicing } : {}),
  };
  if (deps.jobs) {
    deps.jobs.define(MERCHANT_RENTALS_JOB, {
      cron: MERCHANT_RENTALS_CRON,
      handler: async () => {
        await chargeRentals(ctx, athensMonth(ctx.now()));
      },
    });
  }

  /** The bank's notices for merchants' payments (wired into the payments module's callback). */
  const cardPayments: CardPaymentHandler = {
    owns: async (paymentId) => (await findMerchantPayment(deps.db, paymentId)) !== undefined,
    async applyNotice(notice) {
      const payment = await applyMerchantCardResult(ctx, notice);
      return { outcome: payment.status };
    },
  };

  return {
    cardPayments,
    /** The rentals of `month` (`YYYY-MM`) for every enrolled terminal; answers how many were new. */
    chargeRentals: (month: string, options: { at?: Date } = {}) => chargeRentals(ctx, month, options),

    /** The merchant's charges, oldest first, optionally only open or paid ones. */
    async charges(
      merchantId: string,
      status: MerchantChargeStatus | undefined,
      locale: Locale,
    ): Promise<MerchantCharge[]> {
      const rows = await findCharges(deps.db, merchantId, status ? { status } : {});
      return rows.map((row) => chargeView(row, locale));
    },

    orderSupplies: (actor: BillingActor, merchantId: string, input: BagsTrvStickersRequest) =>
      orderSupplies(ctx, actor, merchantId, input),
    supplyOrders: (merchantId: string) => listSupplyOrders(ctx, merchantId),
    rfCode: (merchantId: string, locale: Locale) => retrieveRfCode(ctx, merchantId, locale),
    createPayment: (
      actor: BillingActor,
      merchantId: string,
      input: { chargeIds?: string[] | undefined },
      options: { at?: Date } = {},
    ) => createMerchantPayment(ctx, actor, merchantId, input, options),
    validatePayment: (merchantId: string, input: Parameters<typeof validateMerchantPayment>[2]) =>
      validateMerchantPayment(ctx, merchantId, input),
    /** Applies a bank result that did not come through the gateway's routes (the demo seed). */
    applyBankResult: (notice: MerchantCardResult, at?: Date) => applyMerchantCardResult(ctx, notice, at),

    /** The month's fee invoice as a Greek PDF; NOT_FOUND when the month has no settlement. */
    async feeInvoice(merchantId: string, month: string): Promise<{ pdf: Buffer; fileName: string }> {
      const invoice = await feeInvoiceOf(ctx, merchantId, month);
      const party = await deps.merchants.invoiceParty(merchantId);
      return { pdf: await renderFeeInvoicePdf(invoice, party), fileName: `fees-${merchantId}-${month}.pdf` };
    },
  };
}
