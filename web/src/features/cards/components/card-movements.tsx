import { Text, Title } from '@mantine/core';
import type { CardMovement, CardMovementKind } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { TransactionDispute } from '../../../lib/dispute-slot';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useRequestContext } from '../../../lib/request-context';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import type { useCardMovements } from '../api/get-card-movements';

const KIND_MESSAGE: Record<CardMovementKind, MessageId> = {
  load: 'cards.movements.kind.load',
  unload: 'cards.movements.kind.unload',
  purchase: 'cards.movements.kind.purchase',
  refund: 'cards.movements.kind.refund',
  reversal: 'cards.movements.kind.reversal',
  other: 'cards.movements.kind.other',
};

/**
 * The card's latest movements in its panel (issue 15 §3), newest first: loads, purchases with the
 * merchant and store, money given back. The amount is signed: what the card gained or lost. A
 * purchase shows its dispute and, for the order manager (or staff acting for the company), "Open a
 * dispute" for the cardholder (issue 34 §1, through the disputes feature's slot).
 */
export function CardMovements({
  movements,
  headingId,
  cardId,
  canDispute = false,
}: {
  movements: ReturnType<typeof useCardMovements>;
  headingId: string;
  cardId?: string;
  canDispute?: boolean;
}) {
  const intl = useIntl();
  const { companyId } = useRequestContext();
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {intl.formatMessage({ id: 'cards.movements.title' })}
      </Title>
      {movements.isPending ? (
        <LoadingState label={intl.formatMessage({ id: 'cards.movements.loading' })} />
      ) : movements.isError ? (
        <ErrorState
          message={intl.formatMessage({ id: 'cards.movements.error' })}
          onRetry={() => void movements.refetch()}
        />
      ) : movements.data.movements.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'cards.movements.none' })}</Text>
      ) : (
        <ul className="tessera-cards-movements">
          {movements.data.movements.map((movement) => (
            <MovementRow key={movement.movementId} movement={movement}>
              {cardId && movement.kind === 'purchase' ? (
                <TransactionDispute
                  subject={{ party: 'company', companyId, cardId, movementId: movement.movementId }}
                  pageIds={movements.data.movements
                    .filter((row) => row.kind === 'purchase')
                    .map((row) => row.movementId)}
                  canOpen={canDispute}
                  amountCents={Math.abs(movement.amountCents)}
                  at={movement.postedAt}
                />
              ) : null}
            </MovementRow>
          ))}
        </ul>
      )}
    </section>
  );
}

function MovementRow({ movement, children }: { movement: CardMovement; children?: ReactNode }) {
  const intl = useIntl();
  const locale = useLocale();
  // A minus sign (U+2212), not a hyphen: read as "minus" and as wide as the plus.
  const isCredit = movement.amountCents > 0;
  const amount = `${isCredit ? '+' : '−'}${formatMoney(Math.abs(movement.amountCents))}`;
  return (
    <li className="tessera-cards-movements__item">
      <div className="tessera-cards-movements__what">
        <Text fw={600} component="span">
          {intl.formatMessage({ id: KIND_MESSAGE[movement.kind] })}
        </Text>
        {movement.description ? (
          <Text size="sm" component="span" className="tessera-cards-movements__description">
            {movement.description}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" component="span">
          {formatDateTime(movement.postedAt, locale)}
        </Text>
        {children}
      </div>
      <Text
        component="span"
        fw={600}
        className="tessera-cards-movements__amount"
        c={isCredit ? 'tessera.7' : undefined}
      >
        {amount}
      </Text>
    </li>
  );
}
