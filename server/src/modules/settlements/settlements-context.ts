import type { Db } from '../../platform/db';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';

/** What the settlement operations share (one operation per file, ADR 015). */
export type SettlementsContext = {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
};

/** Who acts (provider staff through a route), for the audit. */
export type SettlementsActor = { userId: string; requestId?: string };
