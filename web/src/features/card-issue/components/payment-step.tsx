import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  localePath,
  paymentMethodsFor,
  VISA_MAX_CENTS,
  type DraftOrder,
  type PaymentKind,
  type SubmitOrderResponse,
} from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { browser } from '../../../lib/browser';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { useSession } from '../../../lib/session';
import { removeStore } from '../../../lib/storage';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { firstAvailableMethod, PaymentMethodChooser } from '../../../ui/payment-method-chooser';
import { markDraftSubmitted } from '../submitted-drafts';
import { SUBMITTED_STATE_KEY } from './submitted-order';
import { useRequestContext } from '../../../lib/request-context';
import {
  refreshAfterSubmission,
  submitDraftOrder,
  submitterOf,
  type SubmitDraftInput,
} from '../../../lib/api/orders';
import { useCompanyVoice } from '../../../lib/company-voice';

/**
 * The payment step (SPEC §4, ADR 010): the saved draft's total (the server prices it again on
 * submission) and, by the user's role:
 * - the order manager chooses how to pay (a card through the bank up to `VISA_MAX_CENTS`, IRIS or an
 *   RF transfer) and submits with `submitPaymentOm`: the order waits for approval above the
 *   company's threshold, else its payment starts at once;
 * - a finance user or a payment manager (and provider staff, as approvers) submits the order, then
 *   pays it.
 * Once submitted the draft is gone from the server: the local draft is cleared and the drafts are
 * read again. The page then shows the outcome (`SubmittedOrder`); a card payment goes on to the bank.
 */
export function PaymentStep({ saved, onBack }: { saved: DraftOrder | null; onBack: () => void }) {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context = useRequestContext();
  const keys = useIdempotencyKeys();
  const submitter = submitterOf(useSession().data?.user.userRoleId);
  const [chosen, setChosen] = useState<PaymentKind | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  if (!saved) {
    return <Text c="dimmed">{intl.formatMessage({ id: 'cardIssue.draft.loading' })}</Text>;
  }
  const total = saved.price.totalCents;
  const methods = paymentMethodsFor(total).map((item) => ({
    ...item,
    maxCents: item.method === 'VISA' ? VISA_MAX_CENTS : null,
  }));
  const method = chosen ?? firstAvailableMethod(methods);
  const isOrderManager = submitter === 'orderManager';

  const finish = async (response: SubmitOrderResponse) => {
    // The draft is gone on the server: the flow must not read it again, nor adopt it back.
    markDraftSubmitted(saved.draftId);
    await navigate(localePath(locale, paths.cardIssueInfo.href()), {
      replace: true,
      state: { [SUBMITTED_STATE_KEY]: response },
    });
    removeStore('orderDraft');
    removeStore('draftOrder');
    void refreshAfterSubmission(queryClient, saved.draftId);
    const payment = response.payment;
    if (payment?.method === 'VISA' && payment.redirectUrl) browser.assign(payment.redirectUrl);
  };

  const submit = async () => {
    if (!submitter) return;
    let input: SubmitDraftInput;
    if (submitter === 'orderManager') {
      if (!method) return;
      input = { submitter, draftId: saved.draftId, method };
    } else {
      input = { submitter, draftId: saved.draftId };
    }
    setIsSubmitting(true);
    const response = await submitDraftOrder(input, context, keys.keyFor(input));
    if (!response) {
      setIsSubmitting(false);
      return;
    }
    keys.forget();
    await finish(response);
  };

  return (
    <Stack gap="lg">
      <div>
        <Text fw={600}>
          {intl.formatMessage(
            { id: 'cardIssue.payment.saved' },
            {
              alias: saved.draftOrderAlias || intl.formatMessage({ id: 'cardIssue.payment.unnamed' }),
              total: formatMoney(total),
            },
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'cardIssue.payment.recomputed' })}
        </Text>
      </div>
      {submitter === null ? (
        <Alert color="gray" variant="light" role="note">
          {intl.formatMessage({ id: 'cardIssue.payment.notAllowed' })}
        </Alert>
      ) : isOrderManager ? (
        <>
          <PaymentMethodChooser methods={methods} value={method} onChange={setChosen} />
          <Text size="sm">{intl.formatMessage({ id: 'cardIssue.payment.approvalNote' }, voice)}</Text>
        </>
      ) : (
        <Text>{intl.formatMessage({ id: 'cardIssue.payment.submitThenPay' })}</Text>
      )}
      <Group gap="sm" justify="space-between">
        <Button variant="default" onClick={onBack} disabled={isSubmitting}>
          {intl.formatMessage({ id: 'cardIssue.payment.back' })}
        </Button>
        {submitter ? (
          <LoadingButton
            isLoading={isSubmitting}
            disabled={isOrderManager && method === null}
            onClick={() => void submit()}
          >
            {intl.formatMessage({
              id: isOrderManager ? 'cardIssue.payment.submitAndPay' : 'cardIssue.payment.submit',
            })}
          </LoadingButton>
        ) : null}
      </Group>
    </Stack>
  );
}
