import type { Db } from '../../platform/db';
import type { SecondFactorState } from '../../platform/step-up';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';

/** What the settlement operations share (one operation per file, ADR 015). */
export type SettlementsContext = {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
};

/** Who acts (provider staff through a route), for the audit. */
/**
 * Who acts on settlements: provider staff (their second factor: sending payouts moves money and asks
 * for a fresh code, ADR 040), or the demo seed and tests, which carry none.
 */
export type SettlementsActor = { userId: string; requestId?: string; secondFactor?: SecondFactorState };
