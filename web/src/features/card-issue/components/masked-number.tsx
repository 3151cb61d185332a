import { Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';

/** The masked number as printed (`5347 11•• •••• 1234`), read aloud as "ending in 1234". */
export function MaskedNumber({ maskedNumber }: { maskedNumber: string }) {
  const intl = useIntl();
  const last4 = maskedNumber.replace(/\D/g, '').slice(-4);
  return (
    <Text size="sm" ff="monospace" component="span" className="tessera-issue-masked">
      <span aria-hidden="true">{maskedNumber}</span>
      <VisuallyHidden>{intl.formatMessage({ id: 'cardIssue.card.endingIn' }, { last4 })}</VisuallyHidden>
    </Text>
  );
}
