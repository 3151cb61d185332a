import { Anchor, Button, Group, Paper } from '@mantine/core';
import type { DeliveryPoint } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { AccountHeader } from '../../../ui/account-header';
import { DeliveryPointCard } from '../components/delivery-point-card';
import { DeliveryPointForm } from '../components/delivery-point-form';
import { FormAlert } from '../../../ui/form-alert';
import { useAccount } from '../../../lib/use-account';

/**
 * `/delivery-points` (order manager, SPEC §2): a new delivery point for the company. After saving,
 * the page confirms with the address as stored and offers the list or another point.
 */
export function NewDeliveryPointPage() {
  const intl = useIntl();
  const { companyId } = useAccount();
  const [created, setCreated] = useState<DeliveryPoint | null>(null);
  const title = intl.formatMessage({ id: 'account.deliveryPoint.title' });
  useDocumentTitle(title);

  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby="new-delivery-point-title">
      <AccountHeader
        id="new-delivery-point-title"
        title={title}
        summary={intl.formatMessage({ id: 'account.deliveryPoint.summary' })}
      />
      {created ? (
        <>
          <FormAlert kind="success" title={intl.formatMessage({ id: 'account.deliveryPoint.created' })}>
            {intl.formatMessage({ id: 'account.deliveryPoint.createdText' }, { alias: created.alias })}
          </FormAlert>
          <DeliveryPointCard point={created} />
          <Group mt="lg" gap="md">
            <Anchor component={LanguageLink} to="/account/delivery-points" fw={600}>
              {intl.formatMessage({ id: 'account.deliveryPoint.backToList' })}
            </Anchor>
            <Button variant="outline" onClick={() => setCreated(null)}>
              {intl.formatMessage({ id: 'account.deliveryPoint.another' })}
            </Button>
          </Group>
        </>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <DeliveryPointForm companyId={companyId ?? ''} onCreated={setCreated} />
        </Paper>
      )}
    </section>
  );
}
