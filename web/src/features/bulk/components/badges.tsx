import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import type { BulkImportRow, BulkImportState } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { last4Of, ROW_STATUS_COLOR, ROW_STATUS_LABEL, STATE_BADGE } from '../model';

// Greek capitals drop their accents (Mantine's badges are upper case by default), and a status is
// never cut short: the badge grows to its words.
const BADGE_STYLES = { root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } };

/** An import's state, in words (the colour only repeats it). */
export function StateBadge({ state }: { state: BulkImportState }) {
  const intl = useIntl();
  return (
    <Badge
      color={STATE_BADGE[state].color}
      variant="filled"
      radius="sm"
      tt="none"
      fw={600}
      styles={BADGE_STYLES}
    >
      {intl.formatMessage({ id: STATE_BADGE[state].label })}
    </Badge>
  );
}

/** A row's status, and whether it is left out of the order. */
export function RowStatus({ row }: { row: Pick<BulkImportRow, 'status' | 'isDropped'> }) {
  const intl = useIntl();
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        color={ROW_STATUS_COLOR[row.status]}
        variant="filled"
        radius="sm"
        tt="none"
        fw={600}
        styles={BADGE_STYLES}
      >
        {intl.formatMessage({ id: ROW_STATUS_LABEL[row.status] })}
      </Badge>
      {row.isDropped ? (
        <Badge color="#495057" variant="outline" radius="sm" tt="none" fw={600} styles={BADGE_STYLES}>
          {intl.formatMessage({ id: 'bulk.status.dropped' })}
        </Badge>
      ) : null}
    </Group>
  );
}

/** The masked number as printed, read aloud as "ending in 1234". */
export function MaskedNumber({ maskedNumber }: { maskedNumber: string }) {
  const intl = useIntl();
  return (
    <Text size="sm" ff="monospace" className="tessera-bulk-masked">
      <span aria-hidden="true">{maskedNumber}</span>
      <VisuallyHidden>
        {intl.formatMessage({ id: 'bulk.rows.cardEnding' }, { last4: last4Of(maskedNumber) })}
      </VisuallyHidden>
    </Text>
  );
}
