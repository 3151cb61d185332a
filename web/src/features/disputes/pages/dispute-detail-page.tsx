import { Alert, Anchor, Button, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { DisputeDetail } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useAnswerDispute } from '../api/answer-dispute';
import { useDispute } from '../api/list-disputes';
import '../../../ui/facts.css';
import { DisputeRecords } from '../components/dispute-records';

/**
 * `/back-office/disputes/:disputeId` (provider staff, issue 34 §1): the dispute with its transaction,
 * its parties and what is left to refund; while open, staff answer it: a refund of an amount, a
 * reversal of the whole purchase (both through the ledger, asking for a fresh code), or a rejection,
 * each with a reason the parties see.
 */
export function DisputeDetailPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { disputeId = '' } = useParams();
  const dispute = useDispute(disputeId);
  const title = intl.formatMessage({ id: 'disputes.detail.title' });
  useDocumentTitle(title);
  const prefix = locale === 'en' ? '/en' : '';

  let body;
  if (dispute.isPending) body = <LoadingState />;
  else if (dispute.isError) body = <ErrorState onRetry={() => void dispute.refetch()} />;
  else body = <DisputeFacts dispute={dispute.data.dispute} />;

  return (
    <section className="tessera-page" aria-labelledby="dispute-title">
      <Anchor
        component={Link}
        to={`${prefix}${paths.backOfficeDisputes.href()}`}
        mb="sm"
        display="inline-block"
      >
        {intl.formatMessage({ id: 'disputes.detail.back' })}
      </Anchor>
      <PageHeader id="dispute-title" title={title} />
      {body}
    </section>
  );
}

function DisputeFacts({ dispute }: { dispute: DisputeDetail }) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const facts: [string, string][] = [
    [t('disputes.detail.merchant'), `${dispute.transaction.merchantName} (${dispute.merchantId})`],
    [t('disputes.detail.company'), dispute.companyId ?? '—'],
    [
      t('disputes.detail.outcome'),
      dispute.transaction.outcome === 'approved'
        ? t('disputes.detail.approved')
        : t('disputes.detail.declined'),
    ],
    [t('disputes.detail.authorisation'), dispute.transaction.authorisationId ?? '—'],
  ];
  if (dispute.state === 'open')
    facts.push([t('disputes.detail.refundable'), formatMoney(dispute.refundableCents)]);
  if (dispute.closedAt)
    facts.push([
      t('disputes.list.state'),
      intl.formatMessage({ id: 'disputes.detail.closed' }, { at: formatDateTime(dispute.closedAt, locale) }),
    ]);
  return (
    <Stack gap="lg">
      <DisputeRecords disputes={[dispute]} label={t('disputes.detail.title')} withParty />
      <section aria-labelledby="dispute-transaction">
        <Title order={2} size="h3" id="dispute-transaction" mb="xs">
          {t('disputes.detail.transaction')}
        </Title>
        <dl className="tessera-order-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd style={{ overflowWrap: 'anywhere' }}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {dispute.state === 'open' ? <AnswerForm dispute={dispute} /> : null}
    </Stack>
  );
}

type Choice = 'refund' | 'reversal' | 'reject';

/** Euros as typed (`12,50`, `12.5`) in cents, or null when it is not an amount. */
function centsOf(text: string): number | null {
  const normalised = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

function AnswerForm({ dispute }: { dispute: DisputeDetail }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const movesMoney = dispute.refundableCents > 0;
  const [choice, setChoice] = useState<Choice>(movesMoney ? 'refund' : 'reject');
  const [amount, setAmount] = useState(
    movesMoney ? (dispute.refundableCents / 100).toFixed(2).replace('.', ',') : '',
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const answer = useAnswerDispute(dispute.disputeId);

  const submit = async () => {
    setProblem(null);
    const cents = centsOf(amount);
    const isAmountBad =
      choice === 'refund' && (cents === null || cents < 1 || cents > dispute.refundableCents);
    setAmountError(
      isAmountBad
        ? intl.formatMessage(
            { id: 'disputes.resolve.amountInvalid' },
            { max: formatMoney(dispute.refundableCents) },
          )
        : null,
    );
    const isReasonBad = reason.trim().length < 3;
    setReasonError(isReasonBad ? t('disputes.resolve.reasonShort') : null);
    if (isAmountBad || isReasonBad) return;
    const outcome = await answer.mutateAsync(
      choice === 'reject'
        ? { kind: 'reject', reason: reason.trim() }
        : {
            kind: 'resolve',
            resolution: choice,
            reason: reason.trim(),
            ...(choice === 'refund' ? { amountCents: cents! } : {}),
          },
    );
    if (!outcome.ok) setProblem(outcome.message ?? t('disputes.open.failed'));
  };

  return (
    <section aria-labelledby="dispute-answer">
      <Title order={2} size="h3" id="dispute-answer" mb="xs">
        {t('disputes.resolve.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md" maw={560}>
          {movesMoney ? (
            <Text size="sm">{t('disputes.resolve.moneyNote')}</Text>
          ) : (
            <Alert color="gray">{t('disputes.resolve.noMoney')}</Alert>
          )}
          <Radio.Group
            label={t('disputes.resolve.action')}
            value={choice}
            onChange={(value) => setChoice(value as Choice)}
          >
            <Stack gap="xs" mt="xs">
              {movesMoney ? <Radio value="refund" label={t('disputes.resolve.refund')} /> : null}
              {movesMoney && dispute.isReversible ? (
                <Radio
                  value="reversal"
                  label={`${t('disputes.resolve.reversal')} (${formatMoney(dispute.transaction.amountCents)})`}
                />
              ) : null}
              <Radio value="reject" label={t('disputes.resolve.reject')} />
            </Stack>
          </Radio.Group>
          {choice === 'refund' ? (
            <TextInput
              label={t('disputes.resolve.amount')}
              value={amount}
              inputMode="decimal"
              onChange={(event) => setAmount(event.currentTarget.value)}
              error={amountError}
              maw={240}
            />
          ) : null}
          <Textarea
            label={t('disputes.resolve.reason')}
            value={reason}
            maxLength={500}
            autosize
            minRows={2}
            required
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={answer.isPending}>
              {t('disputes.resolve.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
