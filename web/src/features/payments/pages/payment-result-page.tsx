import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { localePath, SubmitPaymentOrderRequestSchema } from '@tessera/domain';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingState } from '../../../ui/state-views';
import { useSubmitPaymentResult } from '../api/submit-payment-result';
import '../../../ui/facts.css';

/** The bank's answer as it came back in the address, or null when something is missing. */
function bankAnswerOf(params: URLSearchParams) {
  const parsed = SubmitPaymentOrderRequestSchema.safeParse({
    paymentId: params.get('paymentId'),
    result: params.get('result'),
    bankReference: params.get('bankReference') ?? '',
    signature: params.get('signature'),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * `/orders/payment/result?paymentId&result&bankReference&signature` (ADR 010): where the bank sends
 * the browser back after a card payment. The page hands the signed answer to the server
 * (`submitPaymentOrder`, once), then replaces itself with the success or failure page, so Back
 * does not send the answer again.
 */
export function PaymentResultPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const submit = useSubmitPaymentResult();
  const [hasFailed, setHasFailed] = useState(false);
  const sent = useRef<string | null>(null);
  const search = params.toString();
  const answer = bankAnswerOf(new URLSearchParams(search));
  const title = intl.formatMessage({ id: 'orders.result.title' });
  useDocumentTitle(title);

  const { mutateAsync } = submit;
  useEffect(() => {
    const bank = bankAnswerOf(new URLSearchParams(search));
    if (!bank || sent.current === search) return;
    sent.current = search;
    void (async () => {
      const data = await mutateAsync(bank);
      if (!data) {
        setHasFailed(true);
        return;
      }
      const { paymentId, status } = data.payment;
      const next =
        status === 'succeeded' ? paths.paymentSuccess.href(paymentId) : paths.paymentFailure.href(paymentId);
      await navigate(localePath(locale, next), { replace: true });
    })();
  }, [search, mutateAsync, navigate, locale]);

  let body;
  if (!answer || hasFailed) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs">
          <Text>
            {intl.formatMessage({ id: answer ? 'orders.result.failed' : 'orders.result.incomplete' })}
          </Text>
          <Anchor component={LanguageLink} to={paths.orderHistory.href()} fw={600}>
            {intl.formatMessage({ id: 'orders.details.toHistory' })}
          </Anchor>
        </Stack>
      </Alert>
    );
  } else {
    body = <LoadingState label={intl.formatMessage({ id: 'orders.result.checking' })} />;
  }

  return (
    <section
      className="tessera-page tessera-page--narrow tessera-payments"
      aria-labelledby="payment-result-title"
    >
      <div className="tessera-page-header">
        <Title order={1} id="payment-result-title">
          {title}
        </Title>
      </div>
      {body}
    </section>
  );
}
