import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { CardMovement, CardholderEventKind, CareCard, CareCardholder } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { useRevealMovements } from '../api/get-care-movements';
import { useUnlockCard } from '../api/unlock-card';
import { ReasonModal } from './reason-modal';

const EVENT_MESSAGE: Record<CardholderEventKind, MessageId> = {
  'code-sent': 'cardholderCare.event.codeSent',
  'sign-in': 'cardholderCare.event.signIn',
  'sign-in-failed': 'cardholderCare.event.signInFailed',
  'passkey-added': 'cardholderCare.event.passkeyAdded',
  'passkey-removed': 'cardholderCare.event.passkeyRemoved',
  lock: 'cardholderCare.event.lock',
  unlock: 'cardholderCare.event.unlock',
  'report-lost': 'cardholderCare.event.reportLost',
  invited: 'cardholderCare.event.invited',
  'sign-out': 'cardholderCare.event.signOut',
};

type Dialog = { kind: 'unlock' | 'movements'; card: CareCard } | null;

/**
 * One cardholder as care finds them (issue 35 §8): the app's invitation and activation, their cards
 * at every company with unlock and "where was it spent" (each with a logged reason), and their
 * sign-in and lock history, newest first.
 */
export function CardholderRecord({ cardholder }: { cardholder: CareCardholder }) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = useId();
  const unlock = useUnlockCard();
  const reveal = useRevealMovements();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ card: CareCard; movements: CardMovement[] } | null>(null);
  const cardName = (card: CareCard) => `${card.maskedNumber} · ${card.companyName}`;
  const none = intl.formatMessage({ id: 'cardholderCare.none' });

  const onReason = async (reason: string): Promise<string | null> => {
    if (!dialog) return null;
    const failed = intl.formatMessage({ id: 'cardholderCare.failed' });
    if (dialog.kind === 'unlock') {
      const result = await unlock.mutateAsync({ cardId: dialog.card.cardId, reason });
      if (!result.ok) return result.message ?? failed;
      setNotice(intl.formatMessage({ id: 'cardholderCare.unlocked' }, { card: cardName(dialog.card) }));
      return null;
    }
    const result = await reveal.mutateAsync({ cardId: dialog.card.cardId, reason });
    if (!result.ok) return result.message ?? failed;
    setRevealed({ card: dialog.card, movements: result.movements });
    return null;
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`${ids}-who`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={`${ids}-who`}>
            {cardholder.email || cardholder.cards[0]?.holderName || none}
          </Title>
          <Text size="sm" c="dimmed">
            {cardholder.activatedAt
              ? intl.formatMessage(
                  { id: 'cardholderCare.app.activatedAt' },
                  { at: formatDateTime(cardholder.activatedAt, locale) },
                )
              : cardholder.invitedAt
                ? intl.formatMessage(
                    { id: 'cardholderCare.app.invitedAt' },
                    { at: formatDateTime(cardholder.invitedAt, locale) },
                  )
                : intl.formatMessage({
                    id: cardholder.email
                      ? 'cardholderCare.app.state.notInvited'
                      : 'cardholderCare.app.state.noEmail',
                  })}
          </Text>
        </div>

        <div role="status" aria-live="polite">
          {notice ? (
            <Text c="tessera.7" fw={600}>
              {notice}
            </Text>
          ) : null}
        </div>

        <section aria-labelledby={`${ids}-cards`}>
          <Title order={3} size="h4" id={`${ids}-cards`} mb="xs">
            {intl.formatMessage({ id: 'cardholderCare.cards.title' })}
          </Title>
          <Table.ScrollContainer
            minWidth={720}
            type="native"
            role="region"
            aria-labelledby={`${ids}-cards`}
            tabIndex={0}
          >
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.number' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.holder' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.company' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.product' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.status' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.balance' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardholderCare.cards.actions' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cardholder.cards.map((card) => (
                  <Table.Tr key={card.cardId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{card.maskedNumber}</Table.Td>
                    <Table.Td>{card.holderName || none}</Table.Td>
                    <Table.Td>{card.companyName}</Table.Td>
                    <Table.Td>{productName(card.product, locale)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge variant="light" color={card.status === 'active' ? 'teal' : 'gray'}>
                          {intl.formatMessage({ id: `cards.status.${card.status}` as MessageId })}
                        </Badge>
                        {card.lockedAt ? (
                          <Badge variant="light" color="red">
                            {intl.formatMessage(
                              { id: 'cardholderCare.cards.locked' },
                              { at: formatDateTime(card.lockedAt, locale) },
                            )}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(card.balanceCents)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {card.lockedAt ? (
                          <Button
                            size="xs"
                            onClick={() => setDialog({ kind: 'unlock', card })}
                            aria-label={intl.formatMessage(
                              { id: 'cardholderCare.unlockOf' },
                              { card: cardName(card) },
                            )}
                          >
                            {intl.formatMessage({ id: 'cardholderCare.unlock' })}
                          </Button>
                        ) : null}
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setDialog({ kind: 'movements', card })}
                          aria-label={intl.formatMessage(
                            { id: 'cardholderCare.movementsOf' },
                            { card: cardName(card) },
                          )}
                        >
                          {intl.formatMessage({ id: 'cardholderCare.movements' })}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </section>

        {revealed ? (
          <section aria-labelledby={`${ids}-spent`}>
            <Title order={3} size="h4" id={`${ids}-spent`} mb="xs">
              {intl.formatMessage({ id: 'cardholderCare.spent.title' }, { card: cardName(revealed.card) })}
            </Title>
            {revealed.movements.length === 0 ? (
              <Text c="dimmed">{intl.formatMessage({ id: 'cardholderCare.spent.none' })}</Text>
            ) : (
              <ul className="tessera-care__list">
                {revealed.movements.map((movement) => (
                  <li key={movement.movementId}>
                    <Text span fw={600}>
                      {formatMoney(movement.amountCents)}
                    </Text>{' '}
                    <Text span size="sm">
                      {movement.description || none}
                    </Text>{' '}
                    <Text span size="sm" c="dimmed">
                      {formatDateTime(movement.postedAt, locale)}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}

        <section aria-labelledby={`${ids}-history`}>
          <Title order={3} size="h4" id={`${ids}-history`} mb="xs">
            {intl.formatMessage({ id: 'cardholderCare.history.title' })}
          </Title>
          {cardholder.events.length === 0 ? (
            <Text c="dimmed">{intl.formatMessage({ id: 'cardholderCare.history.none' })}</Text>
          ) : (
            <ul className="tessera-care__list">
              {cardholder.events.map((event) => {
                const card = cardholder.cards.find((row) => row.cardId === event.cardId);
                return (
                  <li key={event.id}>
                    <Text span fw={600}>
                      {intl.formatMessage({ id: EVENT_MESSAGE[event.kind] })}
                    </Text>{' '}
                    <Text span size="sm" c="dimmed">
                      {formatDateTime(event.at, locale)}
                    </Text>
                    <Text size="sm">
                      {[
                        card ? card.maskedNumber : null,
                        event.actor === 'cardholder'
                          ? intl.formatMessage({ id: 'cardholderCare.history.byCardholder' })
                          : intl.formatMessage({ id: 'cardholderCare.history.by' }, { who: event.actor }),
                        event.reason
                          ? intl.formatMessage(
                              { id: 'cardholderCare.history.reason' },
                              { reason: event.reason },
                            )
                          : null,
                        event.ip ? `IP ${event.ip}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </Stack>

      <ReasonModal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog
            ? intl.formatMessage(
                { id: dialog.kind === 'unlock' ? 'cardholderCare.unlock.title' : 'cardholderCare.spent.ask' },
                { card: cardName(dialog.card) },
              )
            : ''
        }
        intro={intl.formatMessage({
          id: dialog?.kind === 'unlock' ? 'cardholderCare.unlock.intro' : 'cardholderCare.spent.intro',
        })}
        submitLabel={intl.formatMessage({
          id: dialog?.kind === 'unlock' ? 'cardholderCare.unlock' : 'cardholderCare.spent.show',
        })}
        onSubmit={onReason}
      />
    </Card>
  );
}
