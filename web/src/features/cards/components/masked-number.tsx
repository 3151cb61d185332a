import { Text, VisuallyHidden } from '@mantine/core';
import type { Card } from '@tessera/domain';
import { useIntl } from 'react-intl';

/** The masked number as printed (`5347 11•• •••• 1234`), read aloud as "ending in 1234". */
export function MaskedNumber({ card }: { card: Card }) {
  const intl = useIntl();
  return (
    <Text size="sm" ff="monospace" className="tessera-cards-masked">
      <span aria-hidden="true">{card.maskedNumber}</span>
      <VisuallyHidden>
        {intl.formatMessage({ id: 'cards.maskedNumber' }, { last4: card.last4 })}
      </VisuallyHidden>
    </Text>
  );
}
