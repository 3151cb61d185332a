import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type {
  DraftOrder,
  OrderDraft,
  OrderPriceRequest,
  OrderPriceResponse,
  OrderPriceTotals,
} from '@tessera/domain';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useOrderPrice } from '../api/calculate-order-price';
import { useDeliveryPointChoices } from '../../../lib/api/delivery-points';
import type { KnownCard } from '../known-cards';
import { createsCards, parseSelectedOption, shipsCards, usesExistingCards } from '../model';
import { MaskedNumber } from './masked-number';
import { LinesPagination, usePaged } from './paged';
import { holderName } from './selected-cards';
import { PriceBreakdown } from '../../../ui/price-breakdown';
import { productFamilyName } from '../../../lib/labels';

type LineFees = OrderPriceResponse['lines'][number];

type Props = {
  draft: OrderDraft;
  /** The server's copy, when the local draft has nothing it lacks. */
  saved: DraftOrder | null;
  knownCards: ReadonlyMap<string, KnownCard>;
  actions: ReactNode;
};

/**
 * The overview step (SPEC §4): every line with its cardholder, card and amount and the fees it
 * brings, the totals and the delivery point. The price is the server's: the saved draft's own, or
 * `orderPriceCalculation` of the lines not saved yet.
 */
export function OverviewStep({ draft, saved, knownCards, actions }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const headings = { lines: useId(), totals: useId(), delivery: useId() };
  const isNarrow = useIsNarrowScreen();
  const choice = parseSelectedOption(draft.selectedOption);
  const lines = draft.changedData.cards;
  const priceRequest = useMemo<OrderPriceRequest | null>(
    () =>
      saved || !choice
        ? null
        : {
            orderType: draft.orderType,
            product: choice.product,
            family: choice.family,
            lines: lines.map((line) => ({ tempCardId: line.tempCardId, amountCents: line.amountCents })),
          },
    [saved, choice, draft.orderType, lines],
  );
  const calculated = useOrderPrice(priceRequest);
  const price: OrderPriceTotals | undefined = saved ? saved.price : calculated.data?.price;
  const fees = useMemo(() => {
    const source: LineFees[] = saved
      ? saved.lines.map((line) => ({
          tempCardId: line.tempCardId,
          loadCents: line.amountCents,
          cardFeeCents: line.cardFeeCents,
          replacementFeeCents: line.replacementFeeCents,
          serviceFeeCents: line.serviceFeeCents,
        }))
      : (calculated.data?.lines ?? []);
    return new Map(source.map((line) => [line.tempCardId, line]));
  }, [saved, calculated.data]);
  const paged = usePaged(lines);
  const points = useDeliveryPointChoices(choice !== null && shipsCards(draft.orderType, choice.family));
  const deliveryId = draft.changedData.deliveryPoint?.deliveryPointId;
  const point =
    (saved?.deliveryPoint?.deliveryPointId === deliveryId ? saved?.deliveryPoint : null) ??
    points.data?.deliveryPoints.find((item) => item.deliveryPointId === deliveryId) ??
    null;

  const isExisting = usesExistingCards(draft.orderType);
  const isCreating = createsCards(draft.orderType);
  const showCardFee = isCreating && !isExisting;
  const showReplacementFee = isCreating && isExisting;

  const lineHolder = (line: (typeof lines)[number], number: number) => {
    if (line.cardholder) return `${line.cardholder.firstName} ${line.cardholder.lastName}`.trim();
    const card = line.cardId ? knownCards.get(line.cardId) : undefined;
    return holderName(card) ?? intl.formatMessage({ id: 'cardIssue.lines.cardNumber' }, { number });
  };

  let totals: ReactNode;
  if (price) {
    totals = <PriceBreakdown price={price} className="tessera-issue-totals" />;
  } else if (calculated.isError) {
    totals = (
      <ErrorState
        message={intl.formatMessage({ id: 'cardIssue.overview.priceError' })}
        onRetry={() => void calculated.refetch()}
      />
    );
  } else {
    totals = <LoadingState label={intl.formatMessage({ id: 'cardIssue.overview.pricing' })} />;
  }

  /** What each line shows, in the table or in its card. */
  const partsOf = (line: (typeof lines)[number], index: number) => {
    const card = line.cardId ? knownCards.get(line.cardId) : undefined;
    const fee = fees.get(line.tempCardId);
    const money = (cents: number | undefined) => (cents === undefined ? '…' : formatMoney(cents));
    return {
      holder: (
        <>
          <Text size="sm" fw={600}>
            {lineHolder(line, paged.offset + index + 1)}
          </Text>
          {line.cardholderId ? (
            <Text size="xs" c="dimmed" fw={400}>
              {intl.formatMessage({ id: 'cardIssue.lines.linked' })}
            </Text>
          ) : null}
        </>
      ),
      card: (
        <>
          {line.cardId === null ? (
            <Text size="sm">{intl.formatMessage({ id: 'cardIssue.overview.newCard' })}</Text>
          ) : card ? (
            <MaskedNumber maskedNumber={card.maskedNumber} />
          ) : (
            <Text size="xs" c="dimmed">
              {intl.formatMessage({ id: 'cardIssue.lines.detailsLater' })}
            </Text>
          )}
          {line.cardId !== null && isCreating ? (
            <Text size="xs" c="dimmed">
              {intl.formatMessage({ id: 'cardIssue.overview.replacedBy' })}
            </Text>
          ) : null}
        </>
      ),
      cardFee: money(fee?.cardFeeCents),
      replacementFee: money(fee?.replacementFeeCents),
      serviceFee: money(fee?.serviceFeeCents),
    };
  };

  return (
    <Stack gap="xl">
      {choice ? (
        <Text>
          {intl.formatMessage(
            { id: 'cardIssue.overview.summary' },
            {
              product: productFamilyName(intl, locale, choice.product, choice.family),
              count: lines.length,
              formatted: formatNumber(lines.length, locale),
            },
          )}
        </Text>
      ) : null}
      <section aria-labelledby={headings.lines}>
        <Title order={3} id={headings.lines} mb="sm">
          {intl.formatMessage({ id: 'cardIssue.overview.linesTitle' })}
        </Title>
        {isNarrow ? (
          // Below the desktop layout each line is a card: its amount and fees in view.
          <RecordList
            label={intl.formatMessage({ id: 'cardIssue.overview.linesRegion' })}
            isBusy={calculated.isFetching}
          >
            {paged.pageItems.map((line, index) => {
              const parts = partsOf(line, index);
              return (
                <RecordItem
                  key={line.tempCardId}
                  title={parts.holder}
                  fields={[
                    {
                      label: intl.formatMessage({ id: 'cardIssue.column.amount' }),
                      value: formatMoney(line.amountCents),
                      isKey: true,
                    },
                    {
                      label: intl.formatMessage({ id: 'cardIssue.column.card' }),
                      value: parts.card,
                      isWide: true,
                    },
                    showCardFee && {
                      label: intl.formatMessage({ id: 'cardIssue.column.cardFee' }),
                      value: parts.cardFee,
                    },
                    showReplacementFee && {
                      label: intl.formatMessage({ id: 'cardIssue.column.replacementFee' }),
                      value: parts.replacementFee,
                    },
                    {
                      label: intl.formatMessage({ id: 'cardIssue.column.serviceFee' }),
                      value: parts.serviceFee,
                    },
                  ]}
                />
              );
            })}
          </RecordList>
        ) : (
          <Table.ScrollContainer
            className="tessera-issue-scroll"
            minWidth={720}
            type="native"
            role="region"
            aria-label={intl.formatMessage({ id: 'cardIssue.overview.linesRegion' })}
            tabIndex={0}
            aria-busy={calculated.isFetching || undefined}
          >
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.cardholder' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cardIssue.column.card' })}</Table.Th>
                  <Table.Th ta="end">{intl.formatMessage({ id: 'cardIssue.column.amount' })}</Table.Th>
                  {showCardFee ? (
                    <Table.Th ta="end">{intl.formatMessage({ id: 'cardIssue.column.cardFee' })}</Table.Th>
                  ) : null}
                  {showReplacementFee ? (
                    <Table.Th ta="end">
                      {intl.formatMessage({ id: 'cardIssue.column.replacementFee' })}
                    </Table.Th>
                  ) : null}
                  <Table.Th ta="end">{intl.formatMessage({ id: 'cardIssue.column.serviceFee' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {paged.pageItems.map((line, index) => {
                  const parts = partsOf(line, index);
                  return (
                    <Table.Tr key={line.tempCardId}>
                      <Table.Td>{parts.holder}</Table.Td>
                      <Table.Td>{parts.card}</Table.Td>
                      <Table.Td ta="end">{formatMoney(line.amountCents)}</Table.Td>
                      {showCardFee ? <Table.Td ta="end">{parts.cardFee}</Table.Td> : null}
                      {showReplacementFee ? <Table.Td ta="end">{parts.replacementFee}</Table.Td> : null}
                      <Table.Td ta="end">{parts.serviceFee}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LinesPagination
          label={intl.formatMessage({ id: 'cardIssue.lines.pagination' })}
          page={paged.page}
          pages={paged.pages}
          onChange={paged.setPage}
        />
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headings.totals}>
          <Title order={3} id={headings.totals} mb="sm">
            {intl.formatMessage({ id: 'cardIssue.overview.totalsTitle' })}
          </Title>
          {totals}
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headings.delivery}>
          <Title order={3} id={headings.delivery} mb="sm">
            {intl.formatMessage({ id: 'cardIssue.overview.deliveryTitle' })}
          </Title>
          {choice && shipsCards(draft.orderType, choice.family) ? (
            point ? (
              <address className="tessera-issue-address">
                <Text fw={600}>{point.alias}</Text>
                <Text size="sm">{`${point.street} ${point.streetNumber}, ${point.postalCode} ${point.city}`}</Text>
                <Text size="sm">{`${point.contactName} · ${point.phone}`}</Text>
              </address>
            ) : draft.changedData.deliveryPoint ? (
              <Text fw={600}>{draft.changedData.deliveryPoint.alias}</Text>
            ) : (
              <Alert color="red" variant="light">
                {intl.formatMessage({ id: 'cardIssue.delivery.required' })}
              </Alert>
            )
          ) : (
            <Text size="sm">{intl.formatMessage({ id: 'cardIssue.overview.noDelivery' })}</Text>
          )}
          {draft.draftOrderAlias || draft.invoiceComments ? (
            <dl className="tessera-issue-details">
              {draft.draftOrderAlias ? (
                <div>
                  <dt>{intl.formatMessage({ id: 'cardIssue.details.alias' })}</dt>
                  <dd>{draft.draftOrderAlias}</dd>
                </div>
              ) : null}
              {draft.invoiceComments ? (
                <div>
                  <dt>{intl.formatMessage({ id: 'cardIssue.details.comments' })}</dt>
                  <dd>{draft.invoiceComments}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </Paper>
      </SimpleGrid>
      <Group justify="space-between">{actions}</Group>
    </Stack>
  );
}
