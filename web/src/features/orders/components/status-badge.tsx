import { Badge } from '@mantine/core';
import type { OrderStatus } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { ORDER_STATUS_COLOR } from '../model';
import { ORDER_STATUS_MESSAGE } from '../../../lib/labels';

/** The order's status in words; the colour only repeats it. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const intl = useIntl();
  return (
    // Greek capitals drop their accents; Mantine's upper-case badges would spell them wrong.
    // A status is never cut short: the badge grows to its words.
    <Badge
      radius="sm"
      tt="none"
      fw={600}
      variant="filled"
      color={ORDER_STATUS_COLOR[status]}
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {intl.formatMessage({ id: ORDER_STATUS_MESSAGE[status] })}
    </Badge>
  );
}
