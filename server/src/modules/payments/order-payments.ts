import type { Locale } from '@tessera/domain';
import type { OrderPayments } from '../orders';
import type { PaymentGateway } from './gateway';
import { toPayment } from './payment-view';
import { paymentsOf, pendingPayments, updatePayment } from './repository';
import { paymentInstructions, startPayment } from './start-payment';

export type OrderPaymentsDeps = {
  gateway: PaymentGateway;
  /**
   * The portal's address for the bank's return (PUBLIC_URL), or '' to return to a path on the
   * host the browser used.
   */
  publicUrl: string;
};

/** What the orders module asks of payments (its `OrderPayments` port), wired in `app.ts`. */
export function createOrderPayments(deps: OrderPaymentsDeps): OrderPayments {
  function returnUrl(locale: Locale): string {
    return `${deps.publicUrl}${locale === 'el' ? '' : `/${locale}`}/orders/payment/result`;
  }

  return {
    async start(tx, order, method, actor) {
      const payment = await startPayment(tx, order, method, actor);
      const redirectUrl =
        method === 'VISA'
          ? (
              await deps.gateway.createSession({
                paymentId: payment.id,
                amountCents: payment.amountCents,
                description: `Tessera #${order.number}`,
                returnUrl: returnUrl(actor.locale),
              })
            ).redirectUrl
          : null;
      return paymentInstructions(payment, order, redirectUrl, actor.locale);
    },

    async cancelPending(tx, orderId, at) {
      for (const pending of await pendingPayments(tx, orderId)) {
        await updatePayment(tx, pending.id, {
          status: 'cancelled',
          failureReason: 'orderCancelled',
          completedAt: at,
        });
      }
    },

    async ofOrder(db, orderId) {
      return (await paymentsOf(db, orderId)).map(toPayment);
    },
  };
}
