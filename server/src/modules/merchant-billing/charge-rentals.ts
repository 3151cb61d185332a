import { athensDate, athensMidnight, TERMINAL_RENTAL_CENTS, withVat } from '@tessera/domain';
import type { BillingContext } from './billing-context';
import { insertRentalCharges } from './repository';

/**
 * The monthly rental of every enrolled terminal of every merchant for `month` (`YYYY-MM`): one
 * open charge per terminal, net `TERMINAL_RENTAL_CENTS` plus VAT, and its invoice in the same
 * transaction (issue 37, ADR 059; one transaction per merchant). Idempotent: the unique
 * `(merchant, kind, period, terminal)` skips a terminal already charged, so the monthly job may run
 * twice and a terminal enrolled mid-month is charged by a later run. Answers how many were made.
 *
 * @param options.at when the charges are made (the demo seed back-dates them to the month's first day).
 */
export async function chargeRentals(
  ctx: BillingContext,
  month: string,
  options: { at?: Date } = {},
): Promise<number> {
  const at = options.at ?? ctx.now();
  const price = withVat(TERMINAL_RENTAL_CENTS);
  let made = 0;
  for (const merchant of await ctx.merchants.list()) {
    const terminals = (await ctx.merchants.stores(merchant.merchantId)).flatMap((store) =>
      store.terminals.filter((terminal) => terminal.state === 'enrolled'),
    );
    if (terminals.length === 0) continue;
    made += await ctx.db.transaction(async (tx) => {
      const charges = await insertRentalCharges(
        tx,
        terminals.map((terminal) => ({
          merchantId: merchant.merchantId,
          kind: 'terminalRental' as const,
          params: { period: month, mid: terminal.mid, label: terminal.label },
          amountCents: price.grossCents,
          vatCents: price.vatCents,
          period: month,
          terminalId: terminal.terminalId,
          createdAt: at,
        })),
      );
      // The rental month started: each terminal's rental is due and invoiced, one after another.
      for (const charge of charges) {
        await ctx.invoicing?.invoiceMerchantCharge(tx, {
          chargeId: charge.id,
          merchantId: charge.merchantId,
          kind: charge.kind,
          params: charge.params,
          amountCents: charge.amountCents,
          vatCents: charge.vatCents,
          at,
          createdBy: null,
        });
      }
      return charges.length;
    });
  }
  return made;
}

/** The Athens month (`YYYY-MM`) of an instant. */
export function athensMonth(at: Date): string {
  return athensDate(at).slice(0, 7);
}

/** The first instant of an Athens month. */
export function monthStart(month: string): Date {
  return athensMidnight(`${month}-01`);
}
