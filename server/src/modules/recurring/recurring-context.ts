import type { Locale, PricingTerms, CardCategory, CardFamily } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { Mailer } from '../../platform/mail';
import type { CardsService } from '../cards';
import type { CompaniesService } from '../companies';
import type { ContentService } from '../content';
import type { DraftsService } from '../drafts';
import type { IdentityService } from '../identity';
import type { OrdersService } from '../orders';

/** What the recurring module uses of the platform and of the other modules (through their services). */
export type RecurringDeps = {
  db: Db;
  cards: CardsService;
  drafts: DraftsService;
  orders: OrdersService;
  companies: CompaniesService;
  identity: IdentityService;
  content: ContentService;
  mailer: Mailer;
  /** The portal's public address, for the links in emails. */
  publicUrl: string;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
};

export type RecurringContext = RecurringDeps & {
  now: () => Date;
  /** The company's price terms by product and family (the same as its orders'). */
  termsOf: (companyId: string) => Promise<(product: CardCategory, family: CardFamily) => PricingTerms>;
};

/** Who changes a rule: the company the route resolved, for the audit log. */
export type RecurringActor = { userId: string; companyId: string; locale: Locale; requestId?: string };

export function createRecurringContext(deps: RecurringDeps): RecurringContext {
  return {
    ...deps,
    now: deps.now ?? (() => new Date()),
    termsOf: (companyId) => deps.drafts.pricingTermsOf(companyId),
  };
}
