import { Anchor, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { InvoicesSection } from '../../../lib/invoices-slot';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { useOrderHistory } from '../api/get-order-history';
import { ApmLoops } from '../components/apm-loops';
import { DraftsToSubmit } from '../components/drafts-to-submit';
import { OrderListSection } from '../components/order-list-section';
import { RowActions } from '../components/row-actions';
import { WAITING_LIST_SIZE } from '../model';
import '../orders.css';

/**
 * `/finance` (SPEC §2): the finance user's desk — drafts to submit (through the finance endpoint),
 * orders to pay, transfers still waiting for the bank, and the company's invoices and credit notes
 * (issue 37 §4, the invoices feature's section).
 */
export function FinancePage() {
  const intl = useIntl();
  const [announcement, setAnnouncement] = useState('');
  const payment = useOrderHistory({ status: 'awaiting_payment', page: 1, pageSize: WAITING_LIST_SIZE });
  const title = intl.formatMessage({ id: 'orders.finance.title' });
  useDocumentTitle(title);

  return (
    <section className="tessera-page tessera-orders" aria-labelledby="finance-title">
      <div className="tessera-page-header">
        <Title order={1} id="finance-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'orders.finance.summary' })}
        </Text>
      </div>
      <Text role="status" c="teal.9" fw={600} mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>
      <DraftsToSubmit scope="finance" submitter="financeUser" onDone={setAnnouncement} />
      <OrderListSection
        id="finance-payment-title"
        title={intl.formatMessage({ id: 'orders.overview.awaitingPayment' })}
        orders={payment.data?.orders}
        isPending={payment.isPending}
        isError={payment.isError}
        onRetry={() => void payment.refetch()}
        loadingLabel={intl.formatMessage({ id: 'orders.overview.loading' })}
        emptyText={intl.formatMessage({ id: 'orders.overview.noneAwaitingPayment' })}
        actions={(order) => <RowActions order={order} onDone={setAnnouncement} />}
      />
      <ApmLoops />
      <InvoicesSection of="company" />
      <Anchor component={LanguageLink} to={paths.orderHistory.href()} fw={600}>
        {intl.formatMessage({ id: 'orders.overview.toHistory' })}
      </Anchor>
    </section>
  );
}
