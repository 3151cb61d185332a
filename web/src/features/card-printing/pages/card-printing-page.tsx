import { Paper, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useCardPrinting } from '../api/get-card-printing';
import { useDeliveryPointChoices } from '../../../lib/api/delivery-points';
import { AccountHeader } from '../../../ui/account-header';
import { CardPreview } from '../components/card-preview';
import { CardPrintingForm } from '../components/card-printing-form';
import { CardPrintingView } from '../components/card-printing-view';
import { useAccount } from '../../../lib/use-account';

/**
 * `/account/card-printing`: what the company's plastic cards carry — the emboss line under the
 * cardholder's name, the logo, the carrier letter, where new cards go by default. Every company
 * role sees it; the order manager and provider staff change it.
 */
export function CardPrintingPage() {
  const intl = useIntl();
  const { companyId, canEditSetup } = useAccount();
  const settings = useCardPrinting(companyId ?? '');
  // The choices of the default delivery point (the order form offers every point anyway).
  const points = useDeliveryPointChoices(canEditSetup);
  const title = intl.formatMessage({ id: 'account.cardPrinting.title' });
  useDocumentTitle(title);

  let body;
  if (settings.isPending || (canEditSetup && points.isPending)) body = <LoadingState />;
  else if (settings.isError) body = <ErrorState onRetry={() => void settings.refetch()} />;
  else if (canEditSetup && points.isError) body = <ErrorState onRetry={() => void points.refetch()} />;
  else if (canEditSetup) {
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <CardPrintingForm
          companyId={companyId ?? ''}
          settings={settings.data}
          deliveryPoints={points.data?.deliveryPoints ?? []}
        />
      </Paper>
    );
  } else {
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <CardPreview embossLine={settings.data.embossLine} printLogo={settings.data.printLogo} />
          <CardPrintingView companyId={companyId ?? ''} settings={settings.data} />
        </Stack>
      </Paper>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="card-printing-title">
      <AccountHeader
        id="card-printing-title"
        title={title}
        summary={intl.formatMessage({
          id: canEditSetup ? 'account.cardPrinting.summaryEdit' : 'account.cardPrinting.summary',
        })}
      />
      {body}
    </section>
  );
}
