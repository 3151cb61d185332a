import { Badge } from '@mantine/core';
import type { EnrolmentState, PayoutState } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { BADGE_COLOR, type StatusBadge } from '../../../lib/badge-colors';

const TERMINAL_BADGE: Record<EnrolmentState, StatusBadge> = {
  requested: { label: 'payoutDesk.terminalState.requested', color: BADGE_COLOR.amber },
  enrolled: { label: 'payoutDesk.terminalState.enrolled', color: BADGE_COLOR.green },
  suspended: { label: 'payoutDesk.terminalState.suspended', color: BADGE_COLOR.red },
};

const PAYOUT_BADGE: Record<PayoutState | 'waiting', StatusBadge> = {
  scheduled: { label: 'payoutDesk.payoutState.scheduled', color: BADGE_COLOR.slate },
  waiting: { label: 'payoutDesk.payoutState.waiting', color: BADGE_COLOR.crimson },
  sent: { label: 'payoutDesk.payoutState.sent', color: BADGE_COLOR.blue },
  paid: { label: 'payoutDesk.payoutState.paid', color: BADGE_COLOR.green },
  returned: { label: 'payoutDesk.payoutState.returned', color: BADGE_COLOR.red },
};

export function TerminalStateBadge({ state }: { state: EnrolmentState }) {
  const intl = useIntl();
  const badge = TERMINAL_BADGE[state];
  return (
    <Badge color={badge.color} variant="filled" radius="sm">
      {intl.formatMessage({ id: badge.label })}
    </Badge>
  );
}

export function PayoutStateBadge({ state, isWaiting = false }: { state: PayoutState; isWaiting?: boolean }) {
  const intl = useIntl();
  const badge = PAYOUT_BADGE[isWaiting ? 'waiting' : state];
  return (
    <Badge color={badge.color} variant="filled" radius="sm">
      {intl.formatMessage({ id: badge.label })}
    </Badge>
  );
}
