import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format';
import { familyName } from '../../../lib/labels';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { RecordItem, RecordList } from '../../../ui/record-list';
import type { RuleLineDraft } from '../model';
import { EurosInput } from './euros-input';
import { cardLabelOf } from './labels';

type Props = {
  lines: readonly RuleLineDraft[];
  /** What the table holds, for screen readers. */
  label: string;
  /** The rule has an amount per card: each line shows it (typed when `onAmountChange` is given). */
  isPerCard: boolean;
  /** Each line's problem, by its card id (shown at its amount, or under the row). */
  errors?: Readonly<Record<string, string>>;
  onAmountChange?: (cardId: string, text: string) => void;
  /** Takes a card out of the rule; without it the lines are read only. */
  onRemove?: (cardId: string) => void;
  /** A removal under way (its button spins, the others wait). */
  removingId?: string | null;
};

/**
 * A rule's cards: the cardholder, the card and its state now (a blocked or gone card is skipped by
 * the runs), its amount when the rule has one per card, and a button to take it out. A table on
 * wide screens; a list of cards on phones.
 */
export function RuleLines({
  lines,
  label,
  isPerCard,
  errors = {},
  onAmountChange,
  onRemove,
  removingId = null,
}: Props) {
  const intl = useIntl();
  const isNarrow = useIsNarrowScreen();

  const holderOf = (line: RuleLineDraft) =>
    line.card ? line.card.cardholderName : intl.formatMessage({ id: 'recurring.card.gone' });
  const cardOf = (line: RuleLineDraft) =>
    line.card
      ? `${line.card.maskedNumber} · ${line.card.cardName} · ${familyName(intl, line.card.family)}`
      : '—';
  const stateOf = (line: RuleLineDraft) =>
    line.card
      ? intl.formatMessage({ id: `cards.status.${line.card.status}` })
      : intl.formatMessage({ id: 'recurring.card.goneState' });
  const amountOf = (line: RuleLineDraft) => {
    const name = cardLabelOf(intl, line);
    if (onAmountChange) {
      return (
        <EurosInput
          aria-label={intl.formatMessage({ id: 'recurring.lines.amountFor' }, { card: name })}
          value={line.amount}
          size="sm"
          w={{ base: '100%', sm: 140 }}
          error={errors[line.cardId]}
          onChange={(text) => onAmountChange(line.cardId, text)}
        />
      );
    }
    return line.amount === '' ? '—' : `${line.amount} €`;
  };
  const removeOf = (line: RuleLineDraft) =>
    onRemove ? (
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        loading={removingId === line.cardId}
        disabled={removingId !== null && removingId !== line.cardId}
        aria-label={intl.formatMessage(
          { id: 'recurring.lines.removeFor' },
          { card: cardLabelOf(intl, line) },
        )}
        onClick={() => onRemove(line.cardId)}
      >
        {intl.formatMessage({ id: 'recurring.lines.remove' })}
      </Button>
    ) : null;
  // A problem that is not about a typed amount (a card twice, a card refused) shows under its row.
  const rowError = (line: RuleLineDraft) =>
    errors[line.cardId] && !(isPerCard && onAmountChange) ? (
      <Text size="sm" c="red.8" role="alert">
        {errors[line.cardId]}
      </Text>
    ) : null;

  if (isNarrow) {
    return (
      <RecordList label={label}>
        {lines.map((line) => (
          <RecordItem
            key={line.cardId}
            title={<Text fw={600}>{holderOf(line)}</Text>}
            aside={<Text size="sm">{stateOf(line)}</Text>}
            fields={[
              {
                label: intl.formatMessage({ id: 'recurring.column.card' }),
                value: cardOf(line),
                isWide: true,
              },
              line.card
                ? {
                    label: intl.formatMessage({ id: 'recurring.column.balance' }),
                    value: formatMoney(line.card.balanceCents),
                  }
                : null,
              isPerCard
                ? {
                    label: intl.formatMessage({ id: 'recurring.column.amount' }),
                    value: amountOf(line),
                    isKey: true,
                  }
                : null,
            ]}
            actions={removeOf(line)}
          >
            {rowError(line)}
          </RecordItem>
        ))}
      </RecordList>
    );
  }

  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.cardholder' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.card' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.cardState' })}</Table.Th>
            {isPerCard ? (
              <Table.Th scope="col">{intl.formatMessage({ id: 'recurring.column.amount' })}</Table.Th>
            ) : null}
            {onRemove ? (
              <Table.Th scope="col">
                <VisuallyHidden>{intl.formatMessage({ id: 'recurring.column.actions' })}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.cardId}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {holderOf(line)}
                </Text>
                {rowError(line)}
              </Table.Td>
              <Table.Td>{cardOf(line)}</Table.Td>
              <Table.Td>{stateOf(line)}</Table.Td>
              {isPerCard ? <Table.Td>{amountOf(line)}</Table.Td> : null}
              {onRemove ? <Table.Td>{removeOf(line)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
