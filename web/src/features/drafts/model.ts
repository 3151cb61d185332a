import { ROLE, type CardIssueReason, type DraftSummary, type Locale, type RoleId } from '@tessera/domain';
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import type { DraftListScope } from '../../lib/api/drafts';
import { productName } from '../../lib/labels';

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
