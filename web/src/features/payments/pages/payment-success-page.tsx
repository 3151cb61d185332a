import { Alert, Anchor, Group, Text, Title } from '@mantine/core';
import { localePath, type PaymentResultResponse } from '@tessera/domain';
import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { usePayment } from '../api/get-payment';
import { nextStepMessage } from '../model';
import '../../../ui/facts.css';
import { PAYMENT_METHOD_MESSAGE } from '../../../lib/labels';

function Receipt({ data }: { data: PaymentResultResponse }) {
  const intl = useIntl();
  const locale = useLocale();
  const { payment, order } = data;
  const fact = (labelId: MessageId, value: ReactNode) => (
    <div>
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{value}</dd>
    </div>
  );
  const at = payment.completedAt ?? payment.createdAt;
  return (
    <>
      <Alert color="teal" variant="light" mb="lg">
        <Text fw={600}>{intl.formatMessage({ id: 'orders.success.text' })}</Text>
      </Alert>
      <dl className="tessera-order-facts">
        {fact('orders.success.order', `#${order.orderNumber}`)}
        {fact(
          'orders.success.amount',
          <span className="tessera-amount">{formatMoney(payment.amountCents)}</span>,
        )}
        {fact('orders.success.method', intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[payment.method] }))}
        {fact('orders.success.at', <time dateTime={at}>{formatDateTime(at, locale)}</time>)}
        {payment.bankReference ? fact('orders.success.bankReference', payment.bankReference) : null}
      </dl>
      <section className="tessera-order-section" aria-labelledby="payment-next-title">
        <Title order={2} size="h3" id="payment-next-title" mb="xs">
          {intl.formatMessage({ id: 'orders.success.nextTitle' })}
        </Title>
        <Text>{intl.formatMessage({ id: nextStepMessage(order.status) })}</Text>
      </section>
      <Group gap="lg">
        <Anchor component={LanguageLink} to={paths.orderDetails.href(order.orderId)} fw={600}>
          {intl.formatMessage({ id: 'orders.success.toOrder' })}
        </Anchor>
        <Anchor component={LanguageLink} to={paths.cardList.href()} fw={600}>
          {intl.formatMessage({ id: 'orders.success.toCards' })}
        </Anchor>
      </Group>
    </>
  );
}

/**
 * `/orders/payment/success?paymentId=…` (ADR 010): the payment went through — the order, the
 * amount and what happens next (the money is on the cards, or the cards are being made). A payment
 * that did not go through opens the failure page instead.
 */
export function PaymentSuccessPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId') ?? '';
  const payment = usePayment(paymentId);
  const title = intl.formatMessage({ id: 'orders.success.title' });
  useDocumentTitle(title);
  const status = payment.data?.payment.status;

  useEffect(() => {
    if (status === 'failed' || status === 'cancelled') {
      void navigate(localePath(locale, paths.paymentFailure.href(paymentId)), { replace: true });
    }
  }, [status, paymentId, navigate, locale]);

  let body;
  if (paymentId === '') {
    body = <ErrorState message={intl.formatMessage({ id: 'orders.result.incomplete' })} />;
  } else if (payment.isPending) {
    body = <LoadingState label={intl.formatMessage({ id: 'orders.result.loading' })} />;
  } else if (payment.isError) {
    body = <ErrorState onRetry={() => void payment.refetch()} />;
  } else if (payment.data.payment.status === 'pending') {
    body = (
      <Alert color="blue" variant="light">
        <Text>{intl.formatMessage({ id: 'orders.success.pending' })}</Text>
        <Anchor component={LanguageLink} to={paths.orderDetails.href(payment.data.order.orderId)} fw={600}>
          {intl.formatMessage({ id: 'orders.success.toOrder' })}
        </Anchor>
      </Alert>
    );
  } else if (payment.data.payment.status === 'succeeded') {
    body = <Receipt data={payment.data} />;
  } else {
    body = <LoadingState label={intl.formatMessage({ id: 'orders.result.loading' })} />;
  }

  return (
    <section
      className="tessera-page tessera-page--narrow tessera-payments"
      aria-labelledby="payment-success-title"
    >
      <div className="tessera-page-header">
        <Title order={1} id="payment-success-title">
          {title}
        </Title>
      </div>
      {body}
    </section>
  );
}
