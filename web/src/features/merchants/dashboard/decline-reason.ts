import { DECLINE_REASON_TEXT, type DeclineReason, type Locale } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';

/** A decline's reason in the page's language (the domain's text, as the terminals say it). */
export function declineReasonText(reason: DeclineReason | null, locale: Locale): string {
  return reason ? DECLINE_REASON_TEXT[reason][locale] : '';
}

/** What the merchant can do about a decline (research pain 10: declines nobody explains). */
export const DECLINE_HINT: Record<DeclineReason, MessageId> = {
  duplicate: 'merchantDashboard.declineHint.duplicate',
  originalNotFound: 'merchantDashboard.declineHint.originalNotFound',
  alreadyReversed: 'merchantDashboard.declineHint.alreadyReversed',
  amountAboveRefundable: 'merchantDashboard.declineHint.amountAboveRefundable',
  midNotEnrolled: 'merchantDashboard.declineHint.midNotEnrolled',
  cardNotActive: 'merchantDashboard.declineHint.cardNotActive',
  cardBlocked: 'merchantDashboard.declineHint.cardBlocked',
  cardLocked: 'merchantDashboard.declineHint.cardLocked',
  cardExpired: 'merchantDashboard.declineHint.cardExpired',
  productNotAccepted: 'merchantDashboard.declineHint.productNotAccepted',
  insufficientBalance: 'merchantDashboard.declineHint.insufficientBalance',
  dailyCapReached: 'merchantDashboard.declineHint.dailyCapReached',
  spendRuleRefused: 'merchantDashboard.declineHint.spendRuleRefused',
};
