import { Alert, Anchor, Group, Text, Title } from '@mantine/core';
import { formatRf, shipmentOf, type OrderDetails } from '@tessera/domain';
import { useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { InvoicesSection } from '../../../lib/invoices-slot';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useOrderDetails } from '../api/get-order-details';
import {
  ActivateCardsButton,
  ApproveButton,
  CancelOrderButton,
  PayButton,
  RejectButton,
  ReorderButton,
} from '../components/order-actions';
import { OrderCards } from '../components/order-cards';
import { OrderDocuments } from '../components/order-documents';
import { OrderPayments } from '../components/order-payments';
import { PriceBreakdown } from '../../../ui/price-breakdown';
import { OrderTimeline } from '../components/order-timeline';
import { OrderStatusBadge } from '../components/status-badge';
import { NO_SHIPMENT_MESSAGE, timelineNoteText } from '../model';
import '../orders.css';
import { ORDER_TYPE_MESSAGE, productFamilyName } from '../../../lib/labels';

/**
 * `/order-details-page?orderId=…` (SPEC §2): one order — where it is (timeline), what it costs,
 * where the cards go, its payments and lines, its documents, and what the user may do now as the
 * server says (`actions`: approve, reject, pay, cancel, reorder).
 */
export function OrderDetailsPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const details = useOrderDetails(orderId);
  const title = details.data
    ? intl.formatMessage({ id: 'orders.details.title' }, { number: details.data.orderNumber })
    : intl.formatMessage({ id: 'orders.details.titleLoading' });
  useDocumentTitle(title);

  let body: ReactNode;
  if (orderId === '') {
    body = <NoOrder />;
  } else if (details.isPending) {
    body = <LoadingState label={intl.formatMessage({ id: 'orders.details.loading' })} />;
  } else if (details.isError) {
    body = (
      <ErrorState
        message={intl.formatMessage({ id: 'orders.details.error' })}
        onRetry={() => void details.refetch()}
      />
    );
  } else {
    return <OrderView order={details.data} title={title} />;
  }

  return (
    <section className="tessera-page tessera-orders" aria-labelledby="order-details-title">
      <div className="tessera-page-header">
        <Title order={1} id="order-details-title">
          {title}
        </Title>
      </div>
      {body}
    </section>
  );
}

function NoOrder() {
  const intl = useIntl();
  return (
    <Alert color="gray" variant="light" role="note">
      <Text>{intl.formatMessage({ id: 'orders.details.noOrder' })}</Text>
      <Anchor component={LanguageLink} to={paths.orderHistory.href()} fw={600}>
        {intl.formatMessage({ id: 'orders.details.toHistory' })}
      </Anchor>
    </Alert>
  );
}

function Section({ id, titleId, children }: { id: string; titleId: MessageId; children: ReactNode }) {
  const intl = useIntl();
  return (
    <section className="tessera-order-section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {intl.formatMessage({ id: titleId })}
      </Title>
      {children}
    </section>
  );
}

function StatusNote({ order }: { order: OrderDetails }) {
  const intl = useIntl();
  const locale = useLocale();
  const expiry = order.timeline
    .flatMap((entry) => entry.notes)
    .find((note) => note.code === 'approvalExpired');
  switch (order.status) {
    case 'awaiting_approval':
      return (
        <Alert color="yellow" variant="light" mb="lg" role="note">
          {intl.formatMessage({ id: 'orders.details.note.awaitingApproval' })}
          {/* ADR 032: who approved so far, that one more is needed, and when it expires. */}
          {order.approval.approvals.map((approval) => (
            <Text key={approval.at} size="sm" mt={4}>
              {timelineNoteText(intl, {
                code: 'approved',
                approverName: approval.byName,
                count: order.approval.approvals.indexOf(approval) + 1,
                of: order.approval.approvalsRequired,
                ...(approval.comment ? { comment: approval.comment } : {}),
              })}
            </Text>
          ))}
          {order.approval.expiresAt ? (
            <Text size="sm" mt={4}>
              {intl.formatMessage(
                { id: 'orders.details.approvalExpires' },
                { date: formatDateTime(order.approval.expiresAt, locale) },
              )}
            </Text>
          ) : null}
        </Alert>
      );
    case 'awaiting_payment':
      return (
        <Alert color="blue" variant="light" mb="lg" role="note">
          {intl.formatMessage({ id: 'orders.details.note.awaitingPayment' })}
        </Alert>
      );
    case 'rejected':
      return (
        <Alert
          color="red"
          variant="light"
          mb="lg"
          role="note"
          title={intl.formatMessage({ id: 'orders.details.note.rejected' })}
        >
          {expiry ? timelineNoteText(intl, expiry) : null}
          {order.approval.rejectedReason
            ? intl.formatMessage(
                { id: 'orders.details.note.rejectedReason' },
                { reason: order.approval.rejectedReason, name: order.approval.decidedByName || '—' },
              )
            : null}
        </Alert>
      );
    case 'cancelled':
      return (
        <Alert color="gray" variant="light" mb="lg" role="note">
          {intl.formatMessage({ id: 'orders.details.note.cancelled' })}
        </Alert>
      );
    default:
      return null;
  }
}

/**
 * Where the cards go, by the rule that also charges the delivery fee (`shipmentOf`): the delivery
 * point of plastic cards, or why nothing is shipped. An order of plastic cards that recorded no
 * delivery point (possible before submission required one) says so rather than "nothing is shipped".
 */
function Delivery({ order }: { order: OrderDetails }) {
  const intl = useIntl();
  const shipment = shipmentOf(order);
  const point = order.deliveryPoint;
  if (!shipment.ships) {
    return <Text c="dimmed">{intl.formatMessage({ id: NO_SHIPMENT_MESSAGE[shipment.reason] })}</Text>;
  }
  if (!point) {
    return <Text>{intl.formatMessage({ id: 'orders.details.deliveryNotRecorded' })}</Text>;
  }
  return (
    <address className="tessera-order-address">
      <Text fw={600}>{point.alias}</Text>
      <Text>{`${point.street} ${point.streetNumber}, ${point.postalCode} ${point.city}`}</Text>
      {point.contactName || point.phone ? (
        <Text size="sm" c="dimmed">
          {[point.contactName, point.phone].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
    </address>
  );
}

function OrderView({ order, title }: { order: OrderDetails; title: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onDone = (message: string) => {
    setAnnouncement(message);
    // The action's button may be gone with the new state: continue from the top of the page.
    headingRef.current?.focus();
  };
  const { actions } = order;
  const hasActions = actions.approve || actions.pay || actions.cancel || actions.reorder || actions.activate;

  const fact = (labelId: MessageId, value: ReactNode) => (
    <div>
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <section className="tessera-page tessera-orders" aria-labelledby="order-details-title">
      <div className="tessera-page-header tessera-order-header">
        <div>
          <Title order={1} id="order-details-title" ref={headingRef} tabIndex={-1}>
            {title}
          </Title>
          <Text size="lg" className="tessera-page-header__summary">
            {order.draftOrderAlias || productFamilyName(intl, locale, order.product, order.family)}
          </Text>
        </div>
        <Group gap="xs">
          <Text span fw={600}>
            {intl.formatMessage({ id: 'orders.details.status' })}
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
      </div>
      <Text role="status" c="teal.9" fw={600} mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>
      <StatusNote order={order} />
      {hasActions ? (
        <Group
          gap="sm"
          mb="xl"
          role="group"
          aria-label={intl.formatMessage({ id: 'orders.details.actions' })}
        >
          {actions.approve ? <ApproveButton order={order} onDone={onDone} /> : null}
          {actions.approve ? <RejectButton order={order} onDone={onDone} /> : null}
          {actions.pay ? <PayButton order={order} /> : null}
          {actions.cancel ? <CancelOrderButton order={order} onDone={onDone} /> : null}
          {actions.activate ? <ActivateCardsButton order={order} onDone={onDone} /> : null}
          {actions.reorder ? <ReorderButton order={order} /> : null}
        </Group>
      ) : null}

      <dl className="tessera-order-facts">
        {fact(
          'orders.details.submittedAt',
          <time dateTime={order.submittedAt}>{formatDateTime(order.submittedAt, locale)}</time>,
        )}
        {fact('orders.details.submittedBy', order.submittedByName || order.submittedBy)}
        {fact('orders.details.type', intl.formatMessage({ id: ORDER_TYPE_MESSAGE[order.orderType] }))}
        {fact('orders.details.product', productFamilyName(intl, locale, order.product, order.family))}
        {fact('orders.details.rf', <span className="tessera-nowrap">{formatRf(order.rfCode)}</span>)}
        {order.trackingNumber ? fact('orders.details.tracking', order.trackingNumber) : null}
        {order.invoiceComments ? fact('orders.details.invoiceComments', order.invoiceComments) : null}
      </dl>

      <div className="tessera-order-grid">
        <Section id="order-timeline-title" titleId="orders.details.timeline">
          <OrderTimeline
            timeline={order.timeline}
            label={intl.formatMessage({ id: 'orders.details.timeline' })}
          />
        </Section>
        <Section id="order-price-title" titleId="orders.details.price">
          <PriceBreakdown price={order.price} paidCents={order.paidCents} className="tessera-order-price" />
        </Section>
      </div>

      <Section id="order-delivery-title" titleId="orders.details.delivery">
        <Delivery order={order} />
      </Section>

      <Section id="order-payments-title" titleId="orders.details.payments">
        <OrderPayments
          payments={order.payments}
          caption={intl.formatMessage({ id: 'orders.details.payments' })}
        />
      </Section>

      <Section id="order-documents-title" titleId="orders.details.documents">
        <OrderDocuments orderId={order.orderId} />
      </Section>

      {/* Issue 37 §4: the order's invoice and credit notes (the invoices feature's section). */}
      <InvoicesSection of="order" orderId={order.orderId} />

      <Section id="order-cards-title" titleId="orders.details.cards">
        <OrderCards
          orderId={order.orderId}
          caption={intl.formatMessage({ id: 'orders.details.cardsCaption' }, { count: order.cards })}
        />
      </Section>

      <Anchor component={LanguageLink} to={paths.orderHistory.href()} fw={600}>
        {intl.formatMessage({ id: 'orders.details.toHistory' })}
      </Anchor>
    </section>
  );
}
