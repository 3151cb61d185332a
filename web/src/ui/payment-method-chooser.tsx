import { Radio, Stack } from '@mantine/core';
import { formatAmount, type PaymentKind } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { PAYMENT_METHOD_MESSAGE } from '../lib/labels';

/** A method the order may use now, and the most a card payment may be (SPEC §3, ADR 010). */
export type MethodOption = { method: PaymentKind; available: boolean; maxCents?: number | null };

/** Shown in this order: card first (the fastest), then the two transfers. */
const DISPLAY_ORDER: readonly PaymentKind[] = ['VISA', 'IRIS', 'RF'];

const METHOD_TEXT: Record<PaymentKind, MessageId> = {
  VISA: 'orders.method.visaText',
  IRIS: 'orders.method.irisText',
  RF: 'orders.method.rfText',
};

/** The first method that may be used, in display order (the chooser's default). */
export function firstAvailableMethod(methods: readonly MethodOption[]): PaymentKind | null {
  return (
    DISPLAY_ORDER.find((method) => methods.some((item) => item.method === method && item.available)) ?? null
  );
}

/**
 * The payment method as a group of radio buttons, each saying what it does. A method that may not
 * be used stays listed, disabled, with the reason (a card payment above its limit).
 */
export function PaymentMethodChooser({
  methods,
  value,
  onChange,
  name = 'paymentMethod',
}: {
  methods: readonly MethodOption[];
  value: PaymentKind | null;
  onChange: (method: PaymentKind) => void;
  name?: string;
}) {
  const intl = useIntl();
  const shown = DISPLAY_ORDER.flatMap((method) => methods.filter((item) => item.method === method));
  return (
    <Radio.Group
      name={name}
      label={intl.formatMessage({ id: 'orders.method.label' })}
      value={value}
      onChange={(next) => onChange(next as PaymentKind)}
    >
      <Stack gap="sm" mt="xs">
        {shown.map((item) => (
          <Radio
            key={item.method}
            value={item.method}
            disabled={!item.available}
            label={intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[item.method] })}
            description={
              item.available
                ? intl.formatMessage({ id: METHOD_TEXT[item.method] })
                : intl.formatMessage(
                    { id: 'orders.method.unavailable' },
                    { max: item.maxCents != null ? formatAmount(item.maxCents) : '—' },
                  )
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
