import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { DraftOrder } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { LanguageLink } from '../../../ui/language-link';

/**
 * The payment step (SPEC §4). Paying is built by the orders-and-payments release; until then the
 * step says so plainly, and the saved draft waits among the draft orders.
 */
export function PaymentStep({ saved, onBack }: { saved: DraftOrder | null; onBack: () => void }) {
  const intl = useIntl();
  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light" title={intl.formatMessage({ id: 'cardIssue.payment.soonTitle' })}>
        {intl.formatMessage({ id: 'cardIssue.payment.soonText' })}
      </Alert>
      {saved ? (
        <Text>
          {intl.formatMessage(
            { id: 'cardIssue.payment.saved' },
            {
              alias: saved.draftOrderAlias || intl.formatMessage({ id: 'cardIssue.payment.unnamed' }),
              total: formatMoney(saved.price.totalCents),
            },
          )}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button variant="default" onClick={onBack}>
          {intl.formatMessage({ id: 'cardIssue.payment.back' })}
        </Button>
        <Anchor component={LanguageLink} to="/draft-orders" fw={600}>
          {intl.formatMessage({ id: 'cardIssue.payment.drafts' })}
        </Anchor>
      </Group>
    </Stack>
  );
}
