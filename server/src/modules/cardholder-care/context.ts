import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { IdentityService } from '../identity';
import type { LedgerService } from '../ledger';

/** What the cardholder-care operations share (issue 35 §8, ADR 049). */
export type CareContext = {
  db: Db;
  ledger: Pick<LedgerService, 'balance'>;
  mailer: Mailer;
  /** The portal's public URL (no trailing slash): the invitation's link starts with it. */
  publicUrl: string;
  /** Names the staff who acted in the history; absent in some tests. */
  identity?: Pick<IdentityService, 'usersByIds'>;
  now: () => Date;
};

/** Who acts, as the route resolved them. */
export type CareActor = { userId: string; requestId?: string };
