import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { isRefundDue, localePath, type PaymentResultResponse } from '@tessera/domain';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import type { MessageId } from '../../../i18n/messages';
import { usePayment } from '../api/get-payment';
import '../../../ui/facts.css';
import { PayOrder } from '../../../lib/pay-order-slot';
import { PAYMENT_FAILURE_MESSAGE } from '../../../lib/labels';

/** What happened to the attempt: declined or cancelled (nothing charged), or charged but not credited. */
function summaryMessage(payment: PaymentResultResponse['payment']): MessageId {
  if (isRefundDue(payment.failureReason)) return 'orders.failure.refund';
  return payment.status === 'cancelled' ? 'orders.failure.cancelled' : 'orders.failure.declined';
}

function Failure({ data }: { data: PaymentResultResponse }) {
  const intl = useIntl();
  const { payment, order } = data;
  const canRetry = order.status === 'awaiting_payment';
  // The bank took the money but the order could not take it (ADR 010, "refund due"): say it will
  // come back rather than that nothing was charged.
  const isRefund = isRefundDue(payment.failureReason);
  return (
    <Stack gap="lg">
      <Alert
        color="red"
        variant="light"
        title={intl.formatMessage({
          id: isRefund ? 'orders.failure.refundHeading' : 'orders.failure.heading',
        })}
      >
        <Stack gap="xs">
          <Text>
            {intl.formatMessage(
              { id: summaryMessage(payment) },
              { number: order.orderNumber, amount: formatMoney(payment.amountCents) },
            )}
          </Text>
          {payment.failureReason ? (
            <Text>
              {intl.formatMessage(
                { id: 'orders.failure.reason' },
                { reason: intl.formatMessage({ id: PAYMENT_FAILURE_MESSAGE[payment.failureReason] }) },
              )}
            </Text>
          ) : null}
          <Text fw={600}>
            {intl.formatMessage({ id: isRefund ? 'orders.failure.refundNote' : 'orders.failure.notCharged' })}
          </Text>
        </Stack>
      </Alert>
      {canRetry ? (
        <section className="tessera-order-section" aria-labelledby="payment-retry-title">
          <Title order={2} size="h3" id="payment-retry-title" mb="xs">
            {intl.formatMessage({ id: 'orders.failure.retryTitle' })}
          </Title>
          <Text mb="md">{intl.formatMessage({ id: 'orders.failure.retryText' })}</Text>
          <PayOrder orderId={order.orderId} initialMethod={payment.method} />
        </section>
      ) : (
        <Text>{intl.formatMessage({ id: 'orders.failure.noRetry' })}</Text>
      )}
      <Anchor component={LanguageLink} to={paths.orderDetails.href(order.orderId)} fw={600}>
        {intl.formatMessage({ id: 'orders.success.toOrder' })}
      </Anchor>
    </Stack>
  );
}

/**
 * `/orders/payment/failure?paymentId=…` (ADR 010): the card payment was declined or cancelled and
 * nothing was charged. The order still awaits payment: try again by card, or by IRIS or transfer
 * (a new payment with a new `Idempotency-Key`).
 */
export function PaymentFailurePage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId') ?? '';
  const payment = usePayment(paymentId);
  const title = intl.formatMessage({ id: 'orders.failure.title' });
  useDocumentTitle(title);
  const status = payment.data?.payment.status;

  useEffect(() => {
    if (status === 'succeeded') {
      void navigate(localePath(locale, paths.paymentSuccess.href(paymentId)), { replace: true });
    }
  }, [status, paymentId, navigate, locale]);

  let body;
  if (paymentId === '')
    body = <ErrorState message={intl.formatMessage({ id: 'orders.result.incomplete' })} />;
  else if (payment.isPending)
    body = <LoadingState label={intl.formatMessage({ id: 'orders.result.loading' })} />;
  else if (payment.isError) body = <ErrorState onRetry={() => void payment.refetch()} />;
  else if (status === 'succeeded')
    body = <LoadingState label={intl.formatMessage({ id: 'orders.result.loading' })} />;
  else if (status === 'pending') {
    body = (
      <Alert color="blue" variant="light">
        <Text>{intl.formatMessage({ id: 'orders.success.pending' })}</Text>
        <Anchor component={LanguageLink} to={paths.orderDetails.href(payment.data.order.orderId)} fw={600}>
          {intl.formatMessage({ id: 'orders.success.toOrder' })}
        </Anchor>
      </Alert>
    );
  } else body = <Failure data={payment.data} />;

  return (
    <section
      className="tessera-page tessera-page--narrow tessera-payments"
      aria-labelledby="payment-failure-title"
    >
      <div className="tessera-page-header">
        <Title order={1} id="payment-failure-title">
          {title}
        </Title>
      </div>
      {body}
    </section>
  );
}
