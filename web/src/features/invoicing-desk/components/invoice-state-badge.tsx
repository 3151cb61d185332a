import { Badge } from '@mantine/core';
import { invoiceStateLabel, type InvoiceState } from '@tessera/domain';
import { useLocale } from '../../../lib/use-locale';
import { STATE_COLOR } from './desk-texts';

/** Where a document stands with AADE, in the domain's words; the colour only repeats them. */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  const locale = useLocale();
  return (
    <Badge color={STATE_COLOR[state]} variant="filled" radius="sm" style={{ maxWidth: '100%' }}>
      {invoiceStateLabel(state, locale)}
    </Badge>
  );
}
