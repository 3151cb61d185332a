import {
  addDays,
  athensMidnight,
  payoutOf,
  sepaText,
  settlementOf,
  type SettlementFigures,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { merchantsWithSales, salesOfMerchant } from '../terminals';
import {
  findSettlement,
  insertPayout,
  insertSettlement,
  lockMerchantSettlements,
  setFeeTransaction,
  sumCarried,
  type PayoutRow,
  type SettlementRow,
} from './repository';
import type { SettlementsContext } from './settlements-context';

export type SettleOptions = {
  /** When the settlement is made (defaults to now; the demo seed back-dates its six months). */
  at?: Date;
  /**
   * Test hook: runs inside each merchant's transaction once its settlement row is written, before
   * the fee is posted and the payout scheduled (the crash test holds the transaction open with it).
   */
  onSettling?: () => Promise<void>;
};

export type SettleResult = {
  settlement: SettlementRow;
  payout: PayoutRow | null;
  /** False when the day was settled before: nothing was done again. */
  isNew: boolean;
};

/** The Athens business day `day` (`YYYY-MM-DD`) as the instants [from, to). */
export function businessDayWindow(day: string): { from: Date; to: Date } {
  return { from: athensMidnight(day), to: athensMidnight(addDays(day, 1)) };
}

/** The `EndToEndId` of a merchant's payout of a day: unique as the settlement, ≤ 35, SEPA characters. */
function endToEndIdOf(merchantId: string, day: string): string {
  return `TS-${day.replace(/-/g, '')}-${sepaText(merchantId, 35).replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 35);
}

/**
 * Settles one merchant's Athens business day, in one database transaction (issue 15 §4, ADR 016):
 *
 * 1. the merchant's settlements are serialised (an advisory lock), and a day settled before is
 *    answered as it is, with nothing done again (the unique `(merchant_id, business_day)` is the last
 *    guard: a second process that got past the lock some other way fails and rolls back whole);
 * 2. the day's approved purchases and money given back per product come from the terminals module
 *    (`salesOfMerchant`), the fee of the merchant's fee plan and VAT on it from `settlementOf`;
 * 3. the `fee` ledger transaction takes fee and VAT from the merchant account to the fees and VAT
 *    accounts (a negative fee, on a day of more refunds than sales, gives them back; none when both
 *    are zero), idempotent by `settlement-fee:<merchantId>:<day>`;
 * 4. the services invoice of the day's commission and, for products whose refunds outweighed their
 *    sales, credit notes of the commission given back (issue 37, ADR 059);
 * 5. a `scheduled` payout of the net to the merchant's IBAN, plus what earlier days carried. When
 *    that is not above zero there is no payout: the negative stays on the merchant account and is
 *    taken from the next days' nets (`payoutOf`), so the merchant is never paid more than it earned.
 *
 * A day with no sales is settled too when asked (a zero settlement, no posting, no payout), so
 * "settled" means "closed"; the daily job asks only for merchants with activity.
 */
export async function settleMerchantDay(
  ctx: SettlementsContext,
  merchantId: string,
  businessDay: string,
  options: SettleOptions = {},
): Promise<SettleResult> {
  const at = options.at ?? new Date();
  const { from, to } = businessDayWindow(businessDay);
  if (to > at) throw new AppError('CONFLICT', `business day ${businessDay} is not over yet`);
  return ctx.db.transaction(async (tx) => {
    await lockMerchantSettlements(tx, merchantId);
    const earlier = await findSettlement(tx, merchantId, businessDay);
    if (earlier) return { settlement: earlier, payout: null, isNew: false };
    const payee = await ctx.merchants.payeeOf(tx, merchantId);
    if (!payee) throw new AppError('NOT_FOUND', `no merchant ${merchantId}`);

    const figures: SettlementFigures = settlementOf(
      await salesOfMerchant(tx, merchantId, from, to),
      payee.feePlan,
    );
    const carried = await sumCarried(tx, merchantId);
    const settlement = await insertSettlement(tx, {
      merchantId,
      businessDay,
      purchasesCents: figures.purchasesCents,
      refundsCents: figures.givenBackCents,
      grossCents: figures.grossCents,
      feeCents: figures.feeCents,
      vatCents: figures.vatCents,
      netCents: figures.netCents,
      carriedCents: carried,
      lines: figures.lines,
      createdAt: at,
    });
    if (!settlement) throw new AppError('CONFLICT', `${merchantId} ${businessDay} settled meanwhile`);
    await options.onSettling?.();

    if (figures.feeCents !== 0 || figures.vatCents !== 0) {
      const [fees, vat] = [await ctx.ledger.feesAccount(tx), await ctx.ledger.vatAccount(tx)];
      const entries = [
        { accountId: payee.ledgerAccountId, amountCents: -(figures.feeCents + figures.vatCents) },
        { accountId: fees, amountCents: figures.feeCents },
        { accountId: vat, amountCents: figures.vatCents },
      ].filter((entry) => entry.amountCents !== 0);
      const transactionId = await ctx.ledger.post(tx, {
        kind: 'fee',
        companyId: null,
        reference: `settlement ${businessDay}`,
        description: `Settlement fee ${merchantId} ${businessDay}`,
        idempotencyKey: `settlement-fee:${merchantId}:${businessDay}`,
        postedAt: at,
        entries,
      });
      await setFeeTransaction(tx, settlement.id, transactionId);
      settlement.feeLedgerTransactionId = transactionId;
    }
    // The day closed makes its commission due: its invoice (and credit notes of commission given
    // back) from the lines just posted, in this transaction (issue 37, ADR 059).
    await ctx.invoicing?.invoiceSettlement(tx, {
      settlementId: settlement.id,
      merchantId,
      businessDay,
      lines: figures.lines,
      at,
      ledgerTransactionId: settlement.feeLedgerTransactionId,
    });

    const { payoutCents } = payoutOf(figures.netCents, carried);
    const payout =
      payoutCents > 0
        ? await insertPayout(tx, {
            merchantId,
            settlementId: settlement.id,
            amountCents: payoutCents,
            iban: payee.iban.replace(/\s+/g, '').toUpperCase(),
            bic: payee.bic,
            endToEndId: endToEndIdOf(merchantId, businessDay),
            state: 'scheduled',
            createdAt: at,
          })
        : null;
    await writeAudit(tx, {
      action: 'settlement.create',
      entity: 'settlement',
      entityId: settlement.id,
      after: {
        merchantId,
        businessDay,
        grossCents: figures.grossCents,
        feeCents: figures.feeCents,
        vatCents: figures.vatCents,
        netCents: figures.netCents,
        carriedCents: carried,
        payout: payout ? { payoutId: payout.id, amountCents: payout.amountCents, state: 'scheduled' } : null,
      },
    });
    return { settlement, payout, isNew: true };
  });
}

/**
 * Settles the Athens business day `businessDay` for every merchant with an approved terminal call
 * in it, one merchant after another (each in its own transaction: one merchant's failure leaves
 * the others settled, and a retry settles only what is left). The daily job, the demo seed and the
 * tests call it.
 */
export async function settleDay(
  ctx: SettlementsContext,
  businessDay: string,
  options: SettleOptions = {},
): Promise<SettleResult[]> {
  const { from, to } = businessDayWindow(businessDay);
  const merchantIds = await merchantsWithSales(ctx.db, from, to);
  const results: SettleResult[] = [];
  for (const merchantId of merchantIds) {
    results.push(await settleMerchantDay(ctx, merchantId, businessDay, options));
  }
  return results;
}
