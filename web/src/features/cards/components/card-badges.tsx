import { Badge } from '@mantine/core';
import type { Card, CardStatus } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { daysLeft } from '../model';

/**
 * Colours chosen for contrast: every one passes WCAG AA as white text on it and as text on white
 * (Mantine's default green, orange and red shades do not).
 */
const STATUS_COLOR: Record<CardStatus, string> = {
  active: '#0b5f5a',
  blocked: '#8a4b00',
  expired: '#495057',
  lost: '#b02525',
  damaged: '#a61e4d',
  replaced: '#5c5f66',
};
const EXPIRING_COLOR = '#8a4b00';
const TOP_UP_COLOR = '#1864ab';

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
