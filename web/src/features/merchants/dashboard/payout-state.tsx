import type { PayoutState } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { SolidBadge } from '../../../ui/solid-badge';
import type { MessageId } from '../../../i18n/messages';

const PAYOUT_BADGE: Record<PayoutState, { label: MessageId; color: string }> = {
  scheduled: { label: 'merchantDashboard.payoutState.scheduled', color: BADGE_COLOR.amber },
  sent: { label: 'merchantDashboard.payoutState.sent', color: BADGE_COLOR.blue },
  paid: { label: 'merchantDashboard.payoutState.paid', color: BADGE_COLOR.green },
  // Issue 34 (ADR 042): the bank sent it back; a new payout pays the amount again.
  returned: { label: 'merchantDashboard.payoutState.returned', color: BADGE_COLOR.red },
};

/** A payout's state in words (the colour only repeats them): scheduled → sent → paid. */
export function PayoutStateBadge({ state }: { state: PayoutState }) {
  const intl = useIntl();
  const badge = PAYOUT_BADGE[state];
  return <SolidBadge color={badge.color}>{intl.formatMessage({ id: badge.label })}</SolidBadge>;
}
