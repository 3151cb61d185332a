import type { PaymentInstructions, PaymentKind } from '@tessera/domain';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * Paying an order is the payments feature's (`features/payments`); the card-issue flow and the
 * orders pages show it without importing that feature (features never import each other). They
 * render this slot; the app layer (`AppProviders`) fills it with the payments feature's `PayOrder`.
 */
export type PayOrderProps = {
  orderId: string;
  /** The method chosen at first (the failure page offers the card again). */
  initialMethod?: PaymentKind;
  headingLevel?: 2 | 3 | 4;
  /** Called once a payment has started (the caller refreshes what shows the order). */
  onPaymentCreated?: (payment: PaymentInstructions) => void;
};

const PayOrderContext = createContext<ComponentType<PayOrderProps> | null>(null);

/** Given by the app layer: the component that pays an order. */
export const PayOrderProvider = PayOrderContext.Provider;

/** The payments feature's pay-an-order panel, as the app layer provides it. */
export function PayOrder(props: PayOrderProps) {
  const Component = useContext(PayOrderContext);
  if (Component === null) throw new Error('PayOrder needs the app providers (PayOrderProvider).');
  return <Component {...props} />;
}
