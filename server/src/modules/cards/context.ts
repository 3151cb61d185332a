import type { Db } from '../../platform/db';
import type { LedgerService } from '../ledger';
import type { TotalsCache } from './totals-cache';

/** What the card operations share: the database, the ledger, the clock and the list's totals. */
export type CardsContext = {
  db: Db;
  ledger: LedgerService;
  now: () => Date;
  totals: TotalsCache;
};

/** Who changes something, for the audit log. */
export type CardActor = { userId: string; companyId: string; requestId?: string };
