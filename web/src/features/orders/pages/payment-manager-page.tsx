import { Anchor, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { useOrderHistory } from '../api/get-order-history';
import { ApprovalThreshold } from '../components/approval-threshold-form';
import { DraftsToSubmit } from '../components/drafts-to-submit';
import { OrderListSection } from '../components/order-list-section';
import { RowActions } from '../components/row-actions';
import { WAITING_LIST_SIZE } from '../model';
import '../orders.css';

/**
 * `/paymentManager` (SPEC §2): what waits for the payment manager — orders to approve or reject,
 * orders to pay — the company's approval threshold, and drafts to submit.
 */
export function PaymentManagerPage() {
  const intl = useIntl();
  const [announcement, setAnnouncement] = useState('');
  const approval = useOrderHistory({ status: 'awaiting_approval', page: 1, pageSize: WAITING_LIST_SIZE });
  const payment = useOrderHistory({ status: 'awaiting_payment', page: 1, pageSize: WAITING_LIST_SIZE });
  const title = intl.formatMessage({ id: 'orders.manager.title' });
  useDocumentTitle(title);
  const actions = (order: Parameters<typeof RowActions>[0]['order']) => (
    <RowActions order={order} onDone={setAnnouncement} />
  );
  const loadingLabel = intl.formatMessage({ id: 'orders.overview.loading' });

  return (
    <section className="tessera-page tessera-orders" aria-labelledby="payment-manager-title">
      <div className="tessera-page-header">
        <Title order={1} id="payment-manager-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'orders.manager.summary' })}
        </Text>
      </div>
      <Text role="status" c="teal.9" fw={600} mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>
      <OrderListSection
        id="manager-approval-title"
        title={intl.formatMessage({ id: 'orders.overview.awaitingApproval' })}
        text={intl.formatMessage({ id: 'orders.manager.approvalText' })}
        orders={approval.data?.orders}
        isPending={approval.isPending}
        isError={approval.isError}
        onRetry={() => void approval.refetch()}
        loadingLabel={loadingLabel}
        emptyText={intl.formatMessage({ id: 'orders.overview.noneAwaitingApproval' })}
        actions={actions}
      />
      <OrderListSection
        id="manager-payment-title"
        title={intl.formatMessage({ id: 'orders.overview.awaitingPayment' })}
        orders={payment.data?.orders}
        isPending={payment.isPending}
        isError={payment.isError}
        onRetry={() => void payment.refetch()}
        loadingLabel={loadingLabel}
        emptyText={intl.formatMessage({ id: 'orders.overview.noneAwaitingPayment' })}
        actions={actions}
      />
      <ApprovalThreshold />
      <DraftsToSubmit scope="company" submitter="paymentManager" onDone={setAnnouncement} />
      <Anchor component={LanguageLink} to={paths.orderHistory.href()} fw={600}>
        {intl.formatMessage({ id: 'orders.overview.toHistory' })}
      </Anchor>
    </section>
  );
}
