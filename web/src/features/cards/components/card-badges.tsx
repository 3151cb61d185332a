import { Badge } from '@mantine/core';
import type { Card, CardStatus } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { daysLeft } from '../model';
import { BADGE_COLOR } from '../../../lib/badge-colors';

/**
 * The card statuses' badge colours (lib/badge-colors.ts: each passes WCAG AA as white text on it
 * and as text on white).
 */
const STATUS_COLOR: Record<CardStatus, string> = {
  active: BADGE_COLOR.teal,
  blocked: BADGE_COLOR.amber,
  expired: BADGE_COLOR.grey,
  lost: BADGE_COLOR.red,
  damaged: BADGE_COLOR.crimson,
  replaced: BADGE_COLOR.slate,
};
const EXPIRING_COLOR = BADGE_COLOR.amber;
const TOP_UP_COLOR = BADGE_COLOR.blue;

// Greek capitals drop their accents; Mantine's upper-case badges would spell them wrong.
const badgeProps = { radius: 'sm', tt: 'none', fw: 600 } as const;

export function StatusBadge({ status }: { status: CardStatus }) {
  const intl = useIntl();
  return (
    <Badge {...badgeProps} variant="filled" color={STATUS_COLOR[status]}>
      {intl.formatMessage({ id: `cards.status.${status}` })}
    </Badge>
  );
}

/** "Expires in N days" for a live card within the 60-day window (the server decides which). */
export function ExpiryBadge({ card, now }: { card: Card; now: Date }) {
  const intl = useIntl();
  if (!card.expiringSoon) return null;
  const days = Math.max(0, daysLeft(card.expiryDate, now));
  return (
    <Badge {...badgeProps} variant="outline" color={EXPIRING_COLOR}>
      {intl.formatMessage({ id: 'cards.badge.expiresIn' }, { days })}
    </Badge>
  );
}

export function TopUpBadge({ card }: { card: Card }) {
  const intl = useIntl();
  if (!card.readyToTopUp) return null;
  return (
    <Badge {...badgeProps} variant="outline" color={TOP_UP_COLOR}>
      {intl.formatMessage({ id: 'cards.badge.readyToTopUp' })}
    </Badge>
  );
}
