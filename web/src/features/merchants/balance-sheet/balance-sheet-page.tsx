import { useIntl } from 'react-intl';
import { MerchantDisputes } from '../../../lib/dispute-slot';
import { InvoicesSection } from '../../../lib/invoices-slot';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PageHeader } from '../../../ui/page-header';
import { MerchantScope } from '../dashboard/merchant-scope';
import { BalanceSummary } from './balance-summary';
import { FeeInvoices } from './fee-invoices';
import { SettlementsTable } from './settlements-table';
import { TransactionsSection } from './transactions-section';
import '../dashboard/dashboard.css';
import '../merchants.css';

/**
 * `/merchant/balance-sheet` (issue 16): what the merchant is owed and when it arrives, each settled
 * day with its fee per product and its payout, every transaction (filtered, paged, downloadable),
 * its invoices and credit notes (issue 37 §4) and the monthly fee PDFs. Merchant users and provider
 * staff naming a merchant; nothing here changes anything, so a view-only user sees it all.
 */
export function BalanceSheetPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'merchantDashboard.balance.title' });
  useDocumentTitle(title);
  return (
    <article className="tessera-page">
      <PageHeader title={title} summary={intl.formatMessage({ id: 'merchantDashboard.balance.summary' })} />
      <MerchantScope>
        {(context, profile) => (
          <>
            <BalanceSummary context={context} />
            <SettlementsTable context={context} />
            <TransactionsSection
              context={context}
              canDispute={profile.access.isProviderStaff || profile.access.merchantRole === 'admin'}
            />
            <MerchantDisputes merchantId={context.merchantId} />
            <InvoicesSection of="merchant" merchantId={context.merchantId} />
            <FeeInvoices context={context} />
          </>
        )}
      </MerchantScope>
    </article>
  );
}
