import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { formatRf } from '@tessera/domain';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { browser } from '../../../lib/browser';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoadingButton } from '../../../ui/loading-button';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { createMerchantPayment } from '../api/create-merchant-payment';
import { useMerchantCharges } from '../api/get-merchant-charges';
import { useRfCode } from '../api/get-rf-code';
import type { MerchantRfCode } from '../api/merchant-billing';
import type { MerchantContext } from '../api/merchant-context';
import { CopyValue } from '../components/copy-value';
import { MerchantScope } from '../components/merchant-admin-scope';
import { ChargesTable, totalsOf } from './charges';
import { SuppliesOrder } from './supplies-form';
import '../../../ui/facts.css';

/** The reference, amount and the provider's account for a bank transfer, with copy buttons. */
function RfTransfer({ rf }: { rf: MerchantRfCode }) {
  const intl = useIntl();
  const rfLabel = intl.formatMessage({ id: 'merchantAdmin.pay.rf' });
  const ibanLabel = intl.formatMessage({ id: 'merchantAdmin.pay.iban' });
  const detail = (labelId: MessageId, value: ReactNode) => (
    <div>
      <dt>{intl.formatMessage({ id: labelId })}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="merchant-rf-title" className="tessera-payment-instructions">
      <Title order={3} size="h4" id="merchant-rf-title" mb="xs">
        {intl.formatMessage({ id: 'merchantAdmin.pay.rfTitle' })}
      </Title>
      <Text mb="sm">
        {intl.formatMessage({ id: 'merchantAdmin.pay.rfText' }, { amount: formatMoney(rf.amountCents) })}
      </Text>
      <dl className="tessera-payment-instructions__details">
        {detail(
          'merchantAdmin.pay.amount',
          <span className="tessera-amount">{formatMoney(rf.amountCents)}</span>,
        )}
        {detail(
          'merchantAdmin.pay.rf',
          <CopyValue value={formatRf(rf.rfCode)} copyText={rf.rfCode} label={rfLabel} />,
        )}
        {detail('merchantAdmin.pay.beneficiary', rf.bank.beneficiary)}
        {detail(
          'merchantAdmin.pay.iban',
          <CopyValue value={rf.bank.iban} copyText={rf.bank.iban.replace(/\s+/g, '')} label={ibanLabel} />,
        )}
        {detail('merchantAdmin.pay.bic', rf.bank.bic)}
        {detail('merchantAdmin.pay.bankName', rf.bank.bankName)}
      </dl>
      <Alert color="gray" variant="light" role="note" mt="sm">
        {intl.formatMessage({ id: 'merchantAdmin.pay.afterTransfer' })}
      </Alert>
    </section>
  );
}

/** Card payment of everything open: the browser goes to the sandbox bank's page. */
function PayByCard({ context, totalCents }: { context: MerchantContext; totalCents: number }) {
  const intl = useIntl();
  const keys = useIdempotencyKeys();
  const [isStarting, setIsStarting] = useState(false);
  const start = async () => {
    const request = {};
    setIsStarting(true);
    const started = await createMerchantPayment(request, context, keys.keyFor(request));
    setIsStarting(false);
    if (!started) return;
    keys.forget();
    browser.assign(started.redirectUrl);
  };
  return (
    <section aria-labelledby="merchant-card-title">
      <Title order={3} size="h4" id="merchant-card-title" mb="xs">
        {intl.formatMessage({ id: 'merchantAdmin.pay.cardTitle' })}
      </Title>
      <Text mb="sm">{intl.formatMessage({ id: 'merchantAdmin.pay.cardText' })}</Text>
      <LoadingButton isLoading={isStarting} onClick={() => void start()}>
        {intl.formatMessage({ id: 'merchantAdmin.pay.cardButton' }, { amount: formatMoney(totalCents) })}
      </LoadingButton>
    </section>
  );
}

function Owed({ context, canEdit }: { context: MerchantContext; canEdit: boolean }) {
  const intl = useIntl();
  const open = useMerchantCharges(context, 'open');
  const hasOpen = (open.data?.length ?? 0) > 0;
  const rf = useRfCode(context, hasOpen);
  const paid = useMerchantCharges(context, 'paid');

  let owed;
  if (open.isPending) owed = <LoadingState />;
  else if (open.isError) owed = <ErrorState onRetry={() => void open.refetch()} />;
  else if (open.data.length === 0)
    owed = <EmptyState message={intl.formatMessage({ id: 'merchantAdmin.charges.none' })} />;
  else {
    const totals = totalsOf(open.data);
    owed = (
      <Stack gap="lg">
        <ChargesTable charges={open.data} labelledBy="merchant-owed-title" />
        <Group justify="flex-end">
          <Text fw={700} size="lg">
            {intl.formatMessage(
              { id: 'merchantAdmin.charges.totalOwed' },
              { amount: formatMoney(totals.totalCents), vat: formatMoney(totals.vatCents) },
            )}
          </Text>
        </Group>
        {canEdit ? (
          <PayByCard context={context} totalCents={totals.totalCents} />
        ) : (
          <Text c="dimmed">{intl.formatMessage({ id: 'merchantAdmin.pay.viewerNote' })}</Text>
        )}
        {rf.isPending ? (
          <LoadingState />
        ) : rf.isError ? (
          <ErrorState onRetry={() => void rf.refetch()} />
        ) : (
          <RfTransfer rf={rf.data} />
        )}
      </Stack>
    );
  }

  return (
    <>
      <section aria-labelledby="merchant-owed-title" className="tessera-merchant-card">
        <Title order={2} size="h3" id="merchant-owed-title" mb="xs">
          {intl.formatMessage({ id: 'merchantAdmin.charges.title' })}
        </Title>
        <Text mb="md">{intl.formatMessage({ id: 'merchantAdmin.charges.intro' })}</Text>
        {owed}
      </section>
      <SuppliesOrder context={context} canEdit={canEdit} />
      {paid.data && paid.data.length > 0 ? (
        <section aria-labelledby="merchant-paid-title" className="tessera-merchant-card">
          <Title order={2} size="h3" id="merchant-paid-title" mb="md">
            {intl.formatMessage({ id: 'merchantAdmin.charges.paidTitle' })}
          </Title>
          <ChargesTable charges={paid.data} labelledBy="merchant-paid-title" />
        </section>
      ) : null}
    </>
  );
}

/**
 * `/merchant/payment-page` (SPEC §2, issue 16): what the merchant owes the provider (rental of its
 * own terminals, bag and sticker orders), paid by card at the sandbox bank or by bank transfer
 * with an RF reference; the order form for bags and stickers; the charges already paid.
 */
export function MerchantPaymentPage() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'merchantAdmin.pay.title' });
  useDocumentTitle(title);
  return (
    <section className="tessera-page" aria-labelledby="merchant-payment-title">
      <PageHeader
        id="merchant-payment-title"
        title={title}
        summary={intl.formatMessage({ id: 'merchantAdmin.pay.summary' })}
      />
      <MerchantScope>{({ context, canEdit }) => <Owed context={context} canEdit={canEdit} />}</MerchantScope>
    </section>
  );
}
