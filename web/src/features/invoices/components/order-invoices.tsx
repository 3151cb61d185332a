import { Text, Title } from '@mantine/core';
import { roleMay } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useRequestContext } from '../../../lib/request-context';
import { useSession } from '../../../lib/session';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useOrderInvoices } from '../api/get-order-invoices';
import { COMPANY_INVOICES_PATH } from '../api/invoice-links';
import { InvoiceTable } from './invoice-table';
import '../invoices.css';

/**
 * An order's invoice and its credit notes on the order's page (issue 37 §4), with their PDF and
 * myDATA XML; before the order is paid, that its fees are invoiced then. Nothing for a role that
 * may not read invoices.
 */
export function OrderInvoices({ orderId }: { orderId: string }) {
  const roleId = useSession().data?.user.userRoleId;
  if (roleId === undefined || !roleMay(roleId, 'invoices.read')) return null;
  return <OrderInvoicesSection orderId={orderId} />;
}

function OrderInvoicesSection({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const { companyId } = useRequestContext();
  const titleId = useId();
  const list = useOrderInvoices(orderId);

  let body;
  if (list.isPending) body = <LoadingState label={intl.formatMessage({ id: 'invoices.loading' })} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.invoices.length === 0)
    body = <Text c="dimmed">{intl.formatMessage({ id: 'invoices.order.empty' })}</Text>;
  else
    body = (
      <InvoiceTable
        invoices={list.data.invoices}
        caption={intl.formatMessage({ id: 'invoices.order.caption' })}
        base={COMPANY_INVOICES_PATH}
        party={companyId ? { companyId } : null}
        variant="order"
      />
    );

  return (
    <section className="tessera-order-section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {intl.formatMessage({ id: 'invoices.order.title' })}
      </Title>
      {body}
    </section>
  );
}
