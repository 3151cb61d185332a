import {
  PRODUCTS,
  ROLE,
  type CardFamily,
  type CardIssueReason,
  type CardCategory,
  type DraftSummary,
  type Locale,
  type OrderType,
  type RoleId,
} from '@tessera/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import type { DraftListScope } from '../../lib/api/drafts';

/**
 * The rules of /draft-orders that need no React: who may resume and delete, which list the role
 * reads, the order of the list and the title of a draft.
 */

/** Resuming and deleting: the order manager and provider staff acting for the company. */
export function canEditDrafts(roleId: RoleId | undefined): boolean {
  return roleId === ROLE.ORDER_MANAGER || roleId === ROLE.ADMIN || roleId === ROLE.CUSTOMER_CARE;
}

/** The finance user reads the drafts through its own endpoint (SPEC §7); everyone else the company's. */
export function draftListScopeOf(roleId: RoleId | undefined): DraftListScope {
  return roleId === ROLE.FINANCE_USER ? 'finance' : 'company';
}

/** Newest first: by last change, then by id so equal times keep a stable order. */
export function sortNewestFirst(drafts: readonly DraftSummary[]): DraftSummary[] {
  return [...drafts].sort((a, b) => {
    const byTime = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
    return byTime !== 0 ? byTime : a.draftId.localeCompare(b.draftId);
  });
}

export const REASON_MESSAGE: Record<CardIssueReason, MessageId> = {
  'new-card': 'drafts.reason.newCard',
  'load-card': 'drafts.reason.loadCard',
  'damaged-card': 'drafts.reason.damagedCard',
  'expired-card': 'drafts.reason.expiredCard',
  'lost-card': 'drafts.reason.lostCard',
  'upgrade-card': 'drafts.reason.upgradeCard',
  'expiring-trc': 'drafts.reason.expiringTrc',
  'expiring-trz': 'drafts.reason.expiringTrz',
  'recurring-rule': 'drafts.reason.recurringRule',
};

export const ORDER_TYPE_MESSAGE: Record<OrderType, MessageId> = {
  NEW: 'drafts.orderType.new',
  LOAD: 'drafts.orderType.load',
  DAMAGED: 'drafts.orderType.damaged',
  EXPIRED: 'drafts.orderType.expired',
  LOST: 'drafts.orderType.lost',
  UPGRADE: 'drafts.orderType.upgrade',
  BULK_LOAD: 'drafts.orderType.bulkLoad',
  READY_TO_TOP_UP: 'drafts.orderType.readyToTopUp',
  NEW_LOAD: 'drafts.orderType.newLoad',
};

const FAMILY_MESSAGE: Record<CardFamily, MessageId> = {
  plastic: 'drafts.family.plastic',
  virtual: 'drafts.family.virtual',
  spendeo: 'drafts.family.spendeo',
  mybenefits: 'drafts.family.mybenefits',
};

/** Product names are bilingual data (ARCHITECTURE §4): they come from `PRODUCTS`, per culture. */
export function productName(product: CardCategory, locale: Locale): string {
  return PRODUCTS[product].name[locale];
}

/**
 * `Ticket Restaurant · Πλαστική`; a product that comes in its own family only (Spendeo,
 * MyBenefits) is just its name.
 */
export function productFamilyName(
  intl: IntlShape,
  locale: Locale,
  product: CardCategory,
  family: CardFamily,
): string {
  const name = productName(product, locale);
  if (PRODUCTS[product].families.length === 1) return name;
  return intl.formatMessage(
    { id: 'drafts.productFamily' },
    { product: name, family: intl.formatMessage({ id: FAMILY_MESSAGE[family] }) },
  );
}

/** The draft's alias, or a title made of its reason and product (`Νέες κάρτες · Spendeo`). */
export function draftTitle(
  intl: IntlShape,
  locale: Locale,
  draft: Pick<DraftSummary, 'draftOrderAlias' | 'reason' | 'product'>,
): string {
  const alias = draft.draftOrderAlias.trim();
  if (alias) return alias;
  return intl.formatMessage(
    { id: 'drafts.generatedTitle' },
    {
      reason: intl.formatMessage({ id: REASON_MESSAGE[draft.reason] }),
      product: productName(draft.product, locale),
    },
  );
}
