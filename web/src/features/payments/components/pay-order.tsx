import { Button, Group, Stack, Text } from '@mantine/core';
import type { PaymentInstructions as Instructions, PaymentKind } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { browser } from '../../../lib/browser';
import { createPaymentOrder } from '../api/create-payment-order';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { usePaymentMethods } from '../api/get-payment-methods';
import { LoadingButton } from '../../../ui/loading-button';
import { PaymentInstructions } from '../../../ui/payment-instructions';
import { firstAvailableMethod, PaymentMethodChooser } from '../../../ui/payment-method-chooser';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import type { PayOrderProps } from '../../../lib/pay-order-slot';
import { useRequestContext } from '../../../lib/request-context';

/**
 * Paying an order awaiting payment: the methods it may use now (`retrievePaymentMethods`), then
 * `createPaymentOrder`. A card payment sends the browser to the bank's page; a transfer (RF, IRIS)
 * shows what to transfer, with the way back to choose another method. Each choice is one user
 * action with its own `Idempotency-Key`, the same on a retry. Other features show it through the
 * slot of `lib/pay-order-slot.tsx`, which the app layer fills with this component.
 */
export function PayOrder({ orderId, initialMethod, headingLevel = 3, onPaymentCreated }: PayOrderProps) {
  const intl = useIntl();
  const context = useRequestContext();
  const methods = usePaymentMethods(context, orderId);
  const keys = useIdempotencyKeys();
  const [chosen, setChosen] = useState<PaymentKind | null>(null);
  const [payment, setPayment] = useState<Instructions | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  if (methods.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'orders.pay.loadingMethods' })} />;
  if (methods.isError) {
    return <ErrorState onRetry={() => void methods.refetch()} />;
  }
  const options = methods.data;
  const isInitialAvailable = options.some((item) => item.method === initialMethod && item.available);
  const method = chosen ?? (isInitialAvailable ? (initialMethod ?? null) : firstAvailableMethod(options));

  if (payment) {
    return (
      <Stack gap="md">
        <PaymentInstructions payment={payment} headingLevel={headingLevel} />
        {payment.method !== 'VISA' ? (
          <Group>
            <Button variant="default" onClick={() => setPayment(null)}>
              {intl.formatMessage({ id: 'orders.pay.otherMethod' })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    );
  }

  const start = async () => {
    if (!method) return;
    const request = { orderId, method };
    setIsStarting(true);
    const started = await createPaymentOrder(request, context, keys.keyFor(request));
    setIsStarting(false);
    if (!started) return;
    keys.forget();
    setPayment(started);
    onPaymentCreated?.(started);
    if (started.method === 'VISA' && started.redirectUrl) browser.assign(started.redirectUrl);
  };

  return (
    <Stack gap="md">
      <PaymentMethodChooser
        methods={options}
        value={method}
        onChange={setChosen}
        name={`method-${orderId}`}
      />
      {method === null ? <Text c="red.9">{intl.formatMessage({ id: 'orders.pay.noMethod' })}</Text> : null}
      <Group>
        <LoadingButton isLoading={isStarting} disabled={method === null} onClick={() => void start()}>
          {intl.formatMessage({ id: method === 'VISA' ? 'orders.pay.toBank' : 'orders.pay.start' })}
        </LoadingButton>
      </Group>
    </Stack>
  );
}
