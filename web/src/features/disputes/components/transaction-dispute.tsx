import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { TransactionDisputeProps } from '../../../lib/dispute-slot';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import type { DisputeParty } from '../api/dispute-keys';
import { useDisputeStates } from '../api/get-dispute-states';
import type { DisputeSubject } from '../api/open-dispute';
import { DisputeStateBadge } from './dispute-state-badge';
import { OpenDisputeDialog } from './open-dispute-dialog';

/**
 * A transaction's dispute (issue 34 §1, ADR 043), on the merchant's transactions and a card's
 * purchases: its latest dispute's state and answer, and "Open a dispute" while none is open.
 */
export function TransactionDispute({ subject, pageIds, canOpen, amountCents, at }: TransactionDisputeProps) {
  const intl = useIntl();
  const locale = useLocale();
  const [isOpening, setIsOpening] = useState(false);
  const party: DisputeParty =
    subject.party === 'merchant'
      ? { party: 'merchant', merchantId: subject.merchantId }
      : { party: 'company', companyId: subject.companyId };
  const key = subject.party === 'merchant' ? subject.transactionId : subject.movementId;
  const states = useDisputeStates(party, pageIds, subject.party === 'company' ? subject.cardId : undefined);
  const dispute = states.data?.byKey.get(key);
  // A card's purchase the ledger recorded without a terminal call cannot be disputed.
  const isDisputable = states.data?.disputable?.has(key) ?? true;
  const target: DisputeSubject =
    subject.party === 'merchant'
      ? { transactionId: subject.transactionId }
      : { cardId: subject.cardId, movementId: subject.movementId };

  return (
    <Stack gap={4} align="flex-start">
      {dispute ? (
        <>
          <DisputeStateBadge state={dispute.state} />
          {dispute.resolvedAmountCents !== null ? (
            <Text size="xs">
              {intl.formatMessage(
                { id: 'disputes.givenBack' },
                { amount: formatMoney(dispute.resolvedAmountCents) },
              )}
            </Text>
          ) : null}
          {dispute.resolutionReason ? (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {intl.formatMessage({ id: 'disputes.answer' }, { reason: dispute.resolutionReason })}
            </Text>
          ) : null}
        </>
      ) : null}
      {canOpen && states.isSuccess && isDisputable && dispute?.state !== 'open' ? (
        <Button
          size="compact-sm"
          variant="outline"
          onClick={() => setIsOpening(true)}
          aria-label={intl.formatMessage(
            { id: 'disputes.open.buttonFor' },
            { amount: formatMoney(amountCents), at: formatDateTime(at, locale) },
          )}
        >
          {intl.formatMessage({ id: 'disputes.open.button' })}
        </Button>
      ) : null}
      {isOpening ? (
        <OpenDisputeDialog
          party={party}
          subject={target}
          amountCents={amountCents}
          at={at}
          onClose={() => setIsOpening(false)}
        />
      ) : null}
    </Stack>
  );
}
