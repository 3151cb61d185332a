import type { OrderStatus } from '@tessera/domain';
import type { MessageId } from '../../i18n/messages';

/** What happens next, by where the paid order is (the success page). */
export function nextStepMessage(status: OrderStatus): MessageId {
  switch (status) {
    case 'loaded':
      return 'orders.success.next.loaded';
    case 'in_production':
      return 'orders.success.next.inProduction';
    case 'shipped':
      return 'orders.success.next.shipped';
    case 'delivered':
      return 'orders.success.next.delivered';
    default:
      return 'orders.success.next.paid';
  }
}
