import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { LeadForm } from '../components/lead-form';

/** `/become-client` (public): a company asks to become a client; sales call back (ADR 024). */
export function BecomeClientPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'leads.client.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-page" aria-labelledby="become-client-title">
      <PageHeader
        id="become-client-title"
        title={title}
        summary={intl.formatMessage({ id: 'leads.client.summary' })}
      />
      <LeadForm kind="client" />
    </section>
  );
}

/** `/become-merchant` (public): a business asks to accept the provider's cards (ADR 024). */
export function BecomeMerchantPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'leads.merchant.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-page" aria-labelledby="become-merchant-title">
      <PageHeader
        id="become-merchant-title"
        title={title}
        summary={intl.formatMessage({ id: 'leads.merchant.summary' })}
      />
      <LeadForm kind="merchant" />
    </section>
  );
}
