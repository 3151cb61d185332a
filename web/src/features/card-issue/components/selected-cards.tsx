import { Button, Table, Text, Title } from '@mantine/core';
import type { DraftCard } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
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

/** The existing cards of the draft: cardholder, masked number, the amount of each, and removal. */
export function SelectedCards({ lines, knownCards, bulkAmount, problems, onAmount, onRemove }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const headingId = useId();
  const paged = usePaged(lines);

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
          <Table.ScrollContainer
            className="tessera-issue-scroll"
            minWidth={560}
            type="native"
            role="region"
            aria-label={intl.formatMessage({ id: 'cardIssue.lines.selectedRegion' })}
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
                  const card = line.cardId ? knownCards.get(line.cardId) : undefined;
                  const holder =
                    holderName(card) ??
                    intl.formatMessage(
                      { id: 'cardIssue.lines.cardNumber' },
                      { number: paged.offset + index + 1 },
                    );
                  const problem = problems?.get(line.tempCardId)?.amountCents ?? null;
                  return (
                    <Table.Tr key={line.tempCardId}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {holder}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {card ? (
                          <MaskedNumber maskedNumber={card.maskedNumber} />
                        ) : (
                          <Text size="xs" c="dimmed">
                            {intl.formatMessage({ id: 'cardIssue.lines.detailsLater' })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td miw={150}>
                        {bulkAmount === null ? (
                          <AmountInput
                            label={intl.formatMessage({ id: 'cardIssue.lines.amountFor' }, { holder })}
                            isLabelHidden
                            cents={line.amountCents}
                            problem={problem}
                            onChange={(cents) => onAmount(line.tempCardId, cents)}
                          />
                        ) : (
                          <Text size="sm">{formatMoney(bulkAmount)}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          aria-label={intl.formatMessage({ id: 'cardIssue.lines.removeCard' }, { holder })}
                          onClick={() => onRemove(line.tempCardId)}
                        >
                          {intl.formatMessage({ id: 'cardIssue.lines.remove' })}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
