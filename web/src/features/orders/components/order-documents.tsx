import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { ORDER_ANALYSIS_PATH, PROFORMA_DOCUMENT_PATH, useSendProforma } from '../api/send-proforma';
import { useRequestContext } from '../../../lib/request-context';

/**
 * The order's documents: the proforma invoice (a PDF, opened in a new tab) or emailed to the user,
 * and the order's analysis as a spreadsheet. The downloads are plain links: a link cannot carry the
 * `companyId` header, so the company (and the document's language) go in the query, which the
 * server accepts for these two addresses (ADR 010).
 */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const { locale, companyId } = useRequestContext();
  const send = useSendProforma();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const search = new URLSearchParams({ orderId, ...(companyId ? { companyId } : {}), lang: locale });

  const email = async () => {
    setSentTo(null);
    const address = await send.mutateAsync(orderId);
    if (address) setSentTo(address);
  };

  return (
    <>
      <Group gap="sm">
        <Button
          component="a"
          variant="outline"
          href={`${PROFORMA_DOCUMENT_PATH}?${search}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {intl.formatMessage({ id: 'orders.documents.proforma' })}
          <VisuallyHidden> ({intl.formatMessage({ id: 'ui.newTab' })})</VisuallyHidden>
        </Button>
        <LoadingButton variant="outline" isLoading={send.isPending} onClick={() => void email()}>
          {intl.formatMessage({ id: 'orders.documents.email' })}
        </LoadingButton>
        <Button component="a" variant="outline" href={`${ORDER_ANALYSIS_PATH}?${search}`} download>
          {intl.formatMessage({ id: 'orders.documents.analysis' })}
        </Button>
      </Group>
      <Group gap="sm" mt={sentTo ? 'sm' : 0}>
        <Text role="status" c="teal.9" fw={600}>
          {sentTo ? intl.formatMessage({ id: 'orders.documents.sent' }, { email: sentTo }) : ''}
        </Text>
        {sentTo ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setSentTo(null)}>
            {intl.formatMessage({ id: 'orders.documents.dismiss' })}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
