import { Button, Table, Text, Title } from '@mantine/core';
import type { DraftCard } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import type { KnownCard } from '../known-cards';
import type { LineField, Problem } from '../model';
import { AmountInput } from './amount-input';
import { MaskedNumber } from './masked-number';
import { LinesPagination, usePaged } from './paged';

type Props = {
  lines: DraftCard[];
  knownCards: ReadonlyMap<string, KnownCard>;
  /** One amount for all (then shown, not asked per card). */
  bulkAmount: number | null;
  problems: Map<string, Partial<Record<LineField, Problem>>> | null;
  onAmount: (tempCardId: string, cents: number) => void;
  onRemove: (tempCardId: string) => void;
};

export function holderName(card: KnownCard | undefined): string | null {
  return card ? `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim() : null;
}

/**
 * The existing cards of the draft: cardholder, masked number, the amount of each, and removal. Below
 * the desktop layout each line is a card (the amount to type across it, removal under it) instead of
 * a table row, so the amount never hides behind a sideways scroll.
 */
export function SelectedCards({ lines, knownCards, bulkAmount, problems, onAmount, onRemove }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const headingId = useId();
  const paged = usePaged(lines);
  const isNarrow = useIsNarrowScreen();
  const regionLabel = intl.formatMessage({ id: 'cardIssue.lines.selectedRegion' });

  /** What each line shows, in the table or in its card. */
  const partsOf = (line: DraftCard, index: number) => {
    const card = line.cardId ? knownCards.get(line.cardId) : undefined;
    const holder =
      holderName(card) ??
      intl.formatMessage({ id: 'cardIssue.lines.cardNumber' }, { number: paged.offset + index + 1 });
    const problem = problems?.get(line.tempCardId)?.amountCents ?? null;
    return {
      holder,
      card: card ? (
        <MaskedNumber maskedNumber={card.maskedNumber} />
      ) : (
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'cardIssue.lines.detailsLater' })}
        </Text>
      ),
      amount:
        bulkAmount === null ? (
          <AmountInput
            label={intl.formatMessage({ id: 'cardIssue.lines.amountFor' }, { holder })}
            isLabelHidden
            cents={line.amountCents}
            problem={problem}
            onChange={(cents) => onAmount(line.tempCardId, cents)}
          />
        ) : (
          <Text size="sm">{formatMoney(bulkAmount)}</Text>
        ),
      remove: (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          aria-label={intl.formatMessage({ id: 'cardIssue.lines.removeCard' }, { holder })}
          onClick={() => onRemove(line.tempCardId)}
        >
          {intl.formatMessage({ id: 'cardIssue.lines.remove' })}
        </Button>
      ),
    };
  };

  const lineList = isNarrow ? (
    <RecordList label={regionLabel}>
      {paged.pageItems.map((line, index) => {
        const parts = partsOf(line, index);
        return (
          <RecordItem
            key={line.tempCardId}
            title={parts.holder}
            fields={[
              {
                label: intl.formatMessage({ id: 'cardIssue.column.amount' }),
                value: parts.amount,
                isKey: true,
              },
              { label: intl.formatMessage({ id: 'cardIssue.column.card' }), value: parts.card, isWide: true },
            ]}
            actions={parts.remove}
          />
        );
      })}
    </RecordList>
  ) : (
    <Table.ScrollContainer
      className="tessera-issue-scroll"
      minWidth={560}
      type="native"
      role="region"
      aria-label={regionLabel}
      tabIndex={0}
    >
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.cardholder' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.card' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.amount' })}</Table.Th>
            <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.actions' })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paged.pageItems.map((line, index) => {
            const parts = partsOf(line, index);
            return (
              <Table.Tr key={line.tempCardId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {parts.holder}
                  </Text>
                </Table.Td>
                <Table.Td>{parts.card}</Table.Td>
                <Table.Td miw={150}>{parts.amount}</Table.Td>
                <Table.Td>{parts.remove}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );

  return (
    <section aria-labelledby={headingId} className="tessera-issue-lines">
      <Title order={4} size="h5" id={headingId} mb="xs">
        {intl.formatMessage(
          { id: 'cardIssue.lines.selectedTitle' },
          { count: lines.length, formatted: formatNumber(lines.length, locale) },
        )}
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'cardIssue.lines.noneSelected' })}</Text>
      ) : (
        <>
          {lineList}
          <LinesPagination
            label={intl.formatMessage({ id: 'cardIssue.lines.pagination' })}
            page={paged.page}
            pages={paged.pages}
            onChange={paged.setPage}
          />
        </>
      )}
    </section>
  );
}
