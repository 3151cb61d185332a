import { Badge } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { StatusBadge as Badged } from '../../../lib/badge-colors';

/** A rule's or a run's state in words; the colour only repeats them. */
export function StatusBadge({ badge }: { badge: Badged }) {
  const intl = useIntl();
  return (
    // Greek capitals drop their accents; Mantine's upper-case badges would spell them wrong.
    <Badge
      radius="sm"
      tt="none"
      fw={600}
      variant="filled"
      color={badge.color}
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {intl.formatMessage({ id: badge.label })}
    </Badge>
  );
}
