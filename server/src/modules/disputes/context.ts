import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { SecondFactorState } from '../../platform/step-up';
import type { IdentityService } from '../identity';
import type { MerchantsService } from '../merchants';
import type { TerminalsService } from '../terminals';

/** What the dispute operations share (one operation per file, ADR 015). */
export type DisputesContext = {
  db: Db;
  terminals: Pick<TerminalsService, 'disputes'>;
  merchants: Pick<MerchantsService, 'notify' | 'profile'>;
  /** The e-mail address and language of the user who opened a dispute. */
  identity?: Pick<IdentityService, 'getUser'>;
  /** Tells the parties by e-mail when a dispute ends; absent in some tests. */
  mailer?: Mailer;
  log?: Pick<FastifyBaseLogger, 'error'>;
};

/** Who acts: the route's actor, or the demo seed (no request, no second factor). */
export type DisputeActor = {
  userId: string;
  isProviderStaff: boolean;
  locale: Locale;
  requestId?: string;
  secondFactor?: SecondFactorState;
};
