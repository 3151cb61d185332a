import { Anchor, Paper, Text, Title } from '@mantine/core';
import type { DeliveryPoint } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { LanguageLink } from '../../../ui/language-link';
import { REGION_MESSAGE } from '../../../lib/labels';
import { addressLine, displayPhone } from '../../../lib/format';

/** One delivery point of the list: alias, address, region, the person who receives the cards. */
export function DeliveryPointCard({
  point,
  headingLevel = 2,
}: {
  point: DeliveryPoint;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={point.alias}>
      <Title order={headingLevel} size="h4" mb={4}>
        {point.alias}
      </Title>
      <Text>{addressLine(point)}</Text>
      <Text c="dimmed" size="sm">
        {intl.formatMessage({ id: REGION_MESSAGE[point.region] })}
      </Text>
      <Text size="sm" mt="xs">
        {intl.formatMessage({ id: 'account.deliveryPoints.contact' }, { name: point.contactName })}{' '}
        <Anchor component={LanguageLink} to={`tel:${point.phone}`} underline="always">
          {displayPhone(point.phone)}
        </Anchor>
      </Text>
      {point.notes ? (
        <Text size="sm" c="dimmed" mt={4}>
          {point.notes}
        </Text>
      ) : null}
    </Paper>
  );
}
