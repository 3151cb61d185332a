import type { RoleId } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { IdentityService } from '../identity';
import type { LedgerService } from '../ledger';
import type { SecondFactorState } from '../../platform/step-up';

/** What the merchants module's operations share (one operation per file, ADR 015). */
export type MerchantsDeps = {
  db: Db;
  ledger: LedgerService;
  /** Merchant users are identity users of role 1001 (invite, lock). Absent in the tenant wiring. */
  identity?: IdentityService;
  mailer?: Mailer;
  /** Where the IBAN confirmation link points. */
  publicUrl?: string;
};

/** Who changes something: the user and the request, for the audit. */
export type MerchantChangeActor = {
  userId: string;
  roleId: RoleId;
  requestId?: string;
  /** The person's second factor: a new IBAN needs a fresh code of it (step-up, issue 21 §2). */
  secondFactor?: SecondFactorState;
};
