import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { SecondFactorState } from '../../platform/step-up';
import type { InvoicingService } from '../invoicing';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';

/** What the settlement operations share (one operation per file, ADR 015). */
export type SettlementsContext = {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
  /** Tells the merchant by e-mail of a returned payout (issue 34); absent in some tests. */
  mailer?: Mailer;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Issue 37 (ADR 059): the day's commission invoice and credit notes, in the settlement's transaction. */
  invoicing?: Pick<InvoicingService, 'invoiceSettlement'>;
};

/** Who acts (provider staff through a route), for the audit. */
/**
 * Who acts on settlements: provider staff (their second factor: sending payouts moves money and asks
 * for a fresh code, ADR 040), or the demo seed and tests, which carry none.
 */
export type SettlementsActor = { userId: string; requestId?: string; secondFactor?: SecondFactorState };
