import { chargeDescription, type Locale, type MerchantCharge, type SupplyOrder } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { InvoicingService } from '../invoicing';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';
import type { PaymentGateway } from '../payments';
import type { SettlementsService } from '../settlements';
import type { ChargeRow, SupplyOrderRow } from './repository';

/** What the merchant-billing operations share (one operation per file, ADR 015). */
export type BillingContext = {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
  gateway: PaymentGateway;
  settlements: Pick<SettlementsService, 'listSettlements'>;
  /** The portal's address for the bank's return (PUBLIC_URL), or '' for a path on the browser's host. */
  publicUrl: string;
  now: () => Date;
  /** Issue 37 (ADR 059): each charge's invoice, in the transaction that makes the charge. */
  invoicing?: Pick<InvoicingService, 'invoiceMerchantCharge'>;
};

/** Who acts (a merchant user or provider staff through a route, or the demo seed), for the audit. */
export type BillingActor = { userId: string | null; requestId?: string; locale: Locale };

/** A charge as the API shows it, described in `locale`. */
export function chargeView(row: ChargeRow, locale: Locale): MerchantCharge {
  return {
    chargeId: row.id,
    kind: row.kind,
    description: chargeDescription(row.kind, row.params, locale),
    amountCents: row.amountCents,
    vatCents: row.vatCents,
    period: row.period,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

export function supplyOrderView(
  row: SupplyOrderRow,
  storeName: string,
  chargeId: string | null,
): SupplyOrder {
  return {
    orderId: row.id,
    storeId: row.storeId,
    storeName,
    bags: row.bags,
    stickers: row.stickers,
    notes: row.notes,
    amountCents: row.amountCents,
    vatCents: row.vatCents,
    status: row.status,
    chargeId,
    createdAt: row.createdAt.toISOString(),
  };
}
