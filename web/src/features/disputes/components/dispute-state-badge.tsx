import { Badge } from '@mantine/core';
import type { DisputeState } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { STATE_TEXT } from './dispute-texts';
import { BADGE_COLOR } from '../../../lib/badge-colors';

const COLOR: Record<DisputeState, string> = {
  open: BADGE_COLOR.amber,
  resolved_reversal: BADGE_COLOR.green,
  resolved_refund: BADGE_COLOR.green,
  rejected: BADGE_COLOR.grey,
};

/** A dispute's state in words, its colour only repeating them. */
export function DisputeStateBadge({ state }: { state: DisputeState }) {
  const intl = useIntl();
  return (
    <Badge color={COLOR[state]} variant="filled" radius="sm" style={{ maxWidth: '100%' }}>
      {intl.formatMessage({ id: STATE_TEXT[state] })}
    </Badge>
  );
}
