import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { localePath } from '@tessera/domain';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import type { MerchantContext } from '../api/merchant-context';
import { useMerchantPayment } from '../api/validate-merchant-payment';
import { MerchantScope } from '../components/merchant-admin-scope';

type Outcome = 'success' | 'failure';

/**
 * What the server says of the payment the bank sent the browser back for (`validateMerchantPayment`
 * on load; the address itself proves nothing): paid, failed, or still pending (asked again every
 * few seconds). A page that got the other outcome replaces itself with the right one.
 */
function PaymentOutcome({
  context,
  paymentId,
  expected,
  merchantQuery,
}: {
  context: MerchantContext;
  paymentId: string;
  expected: Outcome;
  merchantQuery: string;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const payment = useMerchantPayment(context, paymentId);
  const status = payment.data?.status;
  const back = `${paths.merchantPaymentPage.href()}${merchantQuery}`;

  useEffect(() => {
    const other =
      expected === 'success' && status === 'failed'
        ? paths.merchantPaymentFailure.href()
        : expected === 'failure' && status === 'paid'
          ? paths.merchantPaymentSuccess.href()
          : null;
    if (!other) return;
    const params = new URLSearchParams(merchantQuery);
    params.set('paymentId', paymentId);
    void navigate(localePath(locale, `${other}?${params}`), { replace: true });
  }, [expected, status, paymentId, merchantQuery, navigate, locale]);

  const link = (
    <Anchor component={LanguageLink} to={back} fw={600}>
      {intl.formatMessage({ id: 'merchantAdmin.result.back' })}
    </Anchor>
  );

  if (paymentId === '') {
    return (
      <Stack gap="md">
        <ErrorState message={intl.formatMessage({ id: 'merchantAdmin.result.incomplete' })} />
        {link}
      </Stack>
    );
  }
  if (payment.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'merchantAdmin.result.checking' })} />;
  if (payment.isError) return <ErrorState onRetry={() => void payment.refetch()} />;
  const amount = formatMoney(payment.data.amountCents);
  if (payment.data.status === 'pending') {
    return (
      <Alert
        color="blue"
        variant="light"
        role="status"
        title={intl.formatMessage({ id: 'merchantAdmin.result.pendingTitle' })}
      >
        <Stack gap="xs">
          <Text>{intl.formatMessage({ id: 'merchantAdmin.result.pendingText' }, { amount })}</Text>
          {link}
        </Stack>
      </Alert>
    );
  }
  if (payment.data.status !== (expected === 'success' ? 'paid' : 'failed')) {
    return <LoadingState label={intl.formatMessage({ id: 'merchantAdmin.result.checking' })} />;
  }
  if (expected === 'success') {
    return (
      <Alert
        color="teal"
        variant="light"
        role="status"
        title={intl.formatMessage({ id: 'merchantAdmin.result.paidTitle' })}
      >
        <Stack gap="xs">
          <Text>{intl.formatMessage({ id: 'merchantAdmin.result.paidText' }, { amount })}</Text>
          {link}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={intl.formatMessage({ id: 'merchantAdmin.result.failedTitle' })}
    >
      <Stack gap="xs">
        <Text>{intl.formatMessage({ id: 'merchantAdmin.result.failedText' }, { amount })}</Text>
        <Anchor component={LanguageLink} to={back} fw={600}>
          {intl.formatMessage({ id: 'merchantAdmin.result.retry' })}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function ResultPage({ expected }: { expected: Outcome }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId')?.trim() ?? '';
  const title = intl.formatMessage({
    id: expected === 'success' ? 'merchantAdmin.result.successTitle' : 'merchantAdmin.result.failureTitle',
  });
  useDocumentTitle(title);
  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby="merchant-result-title">
      <div className="tessera-page-header">
        <Title order={1} id="merchant-result-title">
          {title}
        </Title>
      </div>
      <MerchantScope>
        {({ context, merchantQuery }) => (
          <PaymentOutcome
            context={context}
            paymentId={paymentId}
            expected={expected}
            merchantQuery={merchantQuery}
          />
        )}
      </MerchantScope>
    </section>
  );
}

/** `/merchant/payment/success?paymentId=…`: where the sandbox bank returns after a paid card payment. */
export function MerchantPaymentSuccessPage() {
  return <ResultPage expected="success" />;
}

/** `/merchant/payment/failure?paymentId=…`: the card payment failed or was cancelled; nothing was charged. */
export function MerchantPaymentFailurePage() {
  return <ResultPage expected="failure" />;
}
