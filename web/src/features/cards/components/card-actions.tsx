import { Button, Group, Text, Title } from '@mantine/core';
import type { Card } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { startIssueFlow } from '../../../lib/order-draft';
import { LanguageLink } from '../../../ui/language-link';
import { canUnload, issueHref, issueReasonsFor, type CardIssueReason } from '../model';
import { UnloadCardButton, type Unloaded } from './unload-card';

const REASON_LABEL: Record<CardIssueReason, MessageId> = {
  'load-card': 'cards.actions.load',
  'damaged-card': 'cards.actions.damaged',
  'lost-card': 'cards.actions.lost',
  'expired-card': 'cards.actions.expired',
  'upgrade-card': 'cards.actions.upgrade',
};

type Props = {
  card: Card;
  now: Date;
  headingId: string;
  /** Told when the unload dialog opens and closes. */
  onDialogChange: (isOpen: boolean) => void;
  onUnloaded: (unloaded: Unloaded) => void;
};

/**
 * The card-issue flows this card may start (load, replace as damaged, lost or expired, upgrade).
 * A click starts the flow (SPEC §4: a fresh local draft for the reason and the card's product and
 * family) and opens it with the reason and the card in the address, so the flow preselects the card.
 * A card with money on it can also give it back to the company (unload, ADR 010).
 */
export function CardActions({ card, now, headingId, onDialogChange, onUnloaded }: Props) {
  const intl = useIntl();
  const reasons = issueReasonsFor(card, now);
  const isUnloadable = canUnload(card);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {intl.formatMessage({ id: 'cards.actions.title' })}
      </Title>
      {reasons.length === 0 && !isUnloadable ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'cards.actions.none' })}</Text>
      ) : (
        <Group gap="sm">
          {reasons.map((reason, index) => (
            <Button
              key={reason}
              component={LanguageLink}
              to={issueHref(reason, card.cardId)}
              onClick={() => startIssueFlow(reason, { selectedOption: `${card.product}:${card.family}` })}
              variant={index === 0 ? 'filled' : 'light'}
            >
              {intl.formatMessage({ id: REASON_LABEL[reason] })}
            </Button>
          ))}
          {isUnloadable ? (
            <UnloadCardButton card={card} onOpenChange={onDialogChange} onUnloaded={onUnloaded} />
          ) : null}
        </Group>
      )}
    </section>
  );
}
