import { Alert, Anchor, Button, CopyButton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatRf, type PaymentInstructions as Instructions } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { formatMoney } from '../lib/format';

type HeadingLevel = 2 | 3 | 4;

/** A value to type into the bank's form, with a button that copies it (and says it did). */
function CopyValue({ value, label }: { value: string; label: string }) {
  const intl = useIntl();
  return (
    <span className="tessera-copy-value">
      <span className="tessera-copy-value__text">{value}</span>
      <CopyButton value={value.replace(/\s+/g, '')} timeout={2000}>
        {({ copied, copy }) => (
          <>
            <Button
              size="compact-sm"
              variant="light"
              onClick={copy}
              aria-label={intl.formatMessage({ id: 'orders.pay.copyLabel' }, { label })}
            >
              {intl.formatMessage({ id: copied ? 'orders.pay.copied' : 'orders.pay.copy' })}
            </Button>
            <VisuallyHidden role="status">
              {copied ? intl.formatMessage({ id: 'orders.pay.copiedLabel' }, { label }) : ''}
            </VisuallyHidden>
          </>
        )}
      </CopyButton>
    </span>
  );
}

function Detail({ labelId, children }: { labelId: MessageId; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div>
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * What to do to pay (ADR 010): for VISA, the bank's page the browser is sent to; for RF, the
 * reference, the amount and the bank account, with copy buttons; for IRIS, the QR code the bank's
 * app scans (an SVG the server made, shown as an image so nothing of it runs in the page).
 */
export function PaymentInstructions({
  payment,
  headingLevel = 3,
}: {
  payment: Instructions;
  headingLevel?: HeadingLevel;
}) {
  const intl = useIntl();
  const amount = formatMoney(payment.amountCents);
  const rf = formatRf(payment.rfCode);

  if (payment.method === 'VISA') {
    return (
      <Alert
        color="blue"
        variant="light"
        role="status"
        title={intl.formatMessage({ id: 'orders.pay.visaTitle' })}
      >
        <Text size="sm">{intl.formatMessage({ id: 'orders.pay.visaText' }, { amount })}</Text>
        {payment.redirectUrl ? (
          <Anchor href={payment.redirectUrl} fw={600} size="sm">
            {intl.formatMessage({ id: 'orders.pay.visaLink' })}
          </Anchor>
        ) : null}
      </Alert>
    );
  }

  const rfLabel = intl.formatMessage({ id: 'orders.pay.rf' });
  const ibanLabel = intl.formatMessage({ id: 'orders.pay.iban' });
  return (
    <section className="tessera-payment-instructions" aria-labelledby={`payment-${payment.paymentId}`}>
      <Title order={headingLevel} size="h4" id={`payment-${payment.paymentId}`} mb="xs">
        {intl.formatMessage({ id: payment.method === 'RF' ? 'orders.pay.rfTitle' : 'orders.pay.irisTitle' })}
      </Title>
      <Stack gap="sm">
        <Text>
          {intl.formatMessage(
            { id: payment.method === 'RF' ? 'orders.pay.rfText' : 'orders.pay.irisText' },
            { amount },
          )}
        </Text>
        {payment.method === 'IRIS' && payment.iris ? (
          <img
            className="tessera-payment-instructions__qr"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(payment.iris.qrSvg)}`}
            alt={intl.formatMessage({ id: 'orders.pay.qrAlt' }, { amount, rf })}
            width={200}
            height={200}
          />
        ) : null}
        <dl className="tessera-payment-instructions__details">
          <Detail labelId="orders.pay.amount">
            <span className="tessera-amount">{amount}</span>
          </Detail>
          <Detail labelId="orders.pay.rf">
            <CopyValue value={rf} label={rfLabel} />
          </Detail>
          {payment.method === 'RF' ? (
            <>
              <Detail labelId="orders.pay.beneficiary">{payment.bank.beneficiary}</Detail>
              <Detail labelId="orders.pay.iban">
                <CopyValue value={payment.bank.iban} label={ibanLabel} />
              </Detail>
              <Detail labelId="orders.pay.bic">{payment.bank.bic}</Detail>
              <Detail labelId="orders.pay.bankName">{payment.bank.bankName}</Detail>
            </>
          ) : null}
        </dl>
        <Alert color="gray" variant="light" role="note">
          {intl.formatMessage({ id: 'orders.pay.afterTransfer' })}
        </Alert>
      </Stack>
    </section>
  );
}
