import { Button, Group, Text, Title } from '@mantine/core';
import type { Card } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { LanguageLink } from '../../../ui/language-link';
import type { MessageId } from '../../../i18n/messages';
import { issueHref, issueReasonsFor, type CardIssueReason } from '../model';

const REASON_LABEL: Record<CardIssueReason, MessageId> = {
  'load-card': 'cards.actions.load',
  'damaged-card': 'cards.actions.damaged',
  'lost-card': 'cards.actions.lost',
  'expired-card': 'cards.actions.expired',
  'upgrade-card': 'cards.actions.upgrade',
};

/**
 * The card-issue flows this card may start (load, replace as damaged, lost or expired, upgrade);
 * each opens the issue flow with the reason and the card in the address.
 */
export function CardActions({ card, now, headingId }: { card: Card; now: Date; headingId: string }) {
  const intl = useIntl();
  const reasons = issueReasonsFor(card, now);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {intl.formatMessage({ id: 'cards.actions.title' })}
      </Title>
      {reasons.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'cards.actions.none' })}</Text>
      ) : (
        <Group gap="sm">
          {reasons.map((reason, index) => (
            <Button
              key={reason}
              component={LanguageLink}
              to={issueHref(reason, card.cardId)}
              variant={index === 0 ? 'filled' : 'light'}
            >
              {intl.formatMessage({ id: REASON_LABEL[reason] })}
            </Button>
          ))}
        </Group>
      )}
    </section>
  );
}
