import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { CardsService } from '../cards';
import type { DraftsService } from '../drafts';
import type { IdentityService } from '../identity';

/** What the cardholder operations share (one operation per file). */
export type CardholdersContext = {
  db: Db;
  mailer: Mailer;
  cards: Pick<CardsService, 'blockCards' | 'lockCardsOfCompany'>;
  drafts: Pick<DraftsService, 'createDraftIn'>;
  identity: Pick<IdentityService, 'companyUsers'>;
  /** The portal's public address: the WebAuthn relying party and the links in mails. */
  publicUrl: string;
  /** Whether the public address is fixed (PUBLIC_URL set): else the request's host is the party. */
  isPublicUrlFixed: boolean;
  /** Keys the code hashes (HMAC), so a leaked table gives no codes. */
  secret: string;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
};
