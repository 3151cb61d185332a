import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import type { Card, NewCardholderInput, OrderDraft } from '@tessera/domain';
import { useId, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { LanguageLink } from '../../../ui/language-link';
import type { KnownCard } from '../known-cards';
import {
  existingCardLine,
  newCardholderLine,
  parseSelectedOption,
  selectedOptionOf,
  shipsCards,
  startingAmount,
  usesExistingCards,
  withBulkAmount,
  withCards,
  type DraftProblems,
} from '../model';
import { AmountMode } from './amount-mode';
import { CardPicker } from './card-picker';
import { DeliveryPointField } from './delivery-point-field';
import { DraftDetails } from './draft-details';
import { Estimate } from './estimate';
import { NewCardholders } from './new-cardholders';
import { ProductFields } from './product-fields';
import { SelectedCards } from './selected-cards';

type Props = {
  draft: OrderDraft;
  update: (change: (current: OrderDraft) => OrderDraft) => void;
  knownCards: ReadonlyMap<string, KnownCard>;
  /** The draft's problems, once the user tried to save or go on. */
  problems: DraftProblems | null;
  /** The buttons at the end of the step. */
  actions: ReactNode;
};

/**
 * The info step (SPEC §4): what the order is for (product and family), which cards (picked from the
 * company's) or which new cardholders, how much each card gets, where the cards go, and the draft's
 * name and invoice comments. Every change is in the local draft at once.
 */
export function InfoStep({ draft, update, knownCards, problems, actions }: Props) {
  const intl = useIntl();
  const headings = { cards: useId(), amounts: useId(), details: useId() };
  const choice = parseSelectedOption(draft.selectedOption);
  const lines = draft.changedData.cards;
  const isExisting = usesExistingCards(draft.orderType);
  const selectedIds = useMemo(
    () => new Set(lines.flatMap((line) => (line.cardId ? [line.cardId] : []))),
    [lines],
  );

  const setLines = (
    change: (cards: OrderDraft['changedData']['cards']) => OrderDraft['changedData']['cards'],
  ) => update((current) => withCards(current, change(current.changedData.cards)));

  const addCards = (cards: Card[]) =>
    update((current) => {
      const have = new Set(current.changedData.cards.map((line) => line.cardId));
      const added = cards.filter((card) => !have.has(card.cardId));
      return withCards(current, [
        ...current.changedData.cards,
        ...added.map((card) => existingCardLine(card.cardId, startingAmount(current))),
      ]);
    });

  const addCardholder = () => {
    const line = newCardholderLine(0);
    update((current) =>
      withCards(current, [...current.changedData.cards, { ...line, amountCents: startingAmount(current) }]),
    );
    return line.tempCardId;
  };

  const patchCardholder = (tempCardId: string, patch: Partial<NewCardholderInput>) =>
    setLines((cards) =>
      cards.map((line) =>
        line.tempCardId === tempCardId && line.cardholder
          ? { ...line, cardholder: { ...line.cardholder, ...patch } }
          : line,
      ),
    );

  const setAmount = (tempCardId: string, amountCents: number) =>
    setLines((cards) =>
      cards.map((line) => (line.tempCardId === tempCardId ? { ...line, amountCents } : line)),
    );

  const remove = (tempCardId: string) =>
    setLines((cards) => cards.filter((line) => line.tempCardId !== tempCardId));

  return (
    <Stack gap="xl">
      <section aria-labelledby={headings.cards} className="tessera-issue-section">
        <Title order={3} id={headings.cards} mb="sm">
          {intl.formatMessage({
            id: isExisting ? 'cardIssue.info.cardsTitle' : 'cardIssue.info.cardholdersTitle',
          })}
        </Title>
        {lines.length === 0 && (draft.reason === 'new-card' || draft.reason === 'load-card') ? (
          <Text size="sm" mb="sm">
            <Anchor
              component={LanguageLink}
              to={paths.bulkUpload.href({ purpose: draft.reason === 'new-card' ? 'new' : 'load' })}
            >
              {intl.formatMessage({ id: 'bulk.entry.issueHint' })}
            </Anchor>
          </Text>
        ) : null}
        <Stack gap="lg">
          <ProductFields
            reason={draft.reason}
            orderType={draft.orderType}
            choice={choice}
            isLocked={isExisting && lines.length > 0}
            problem={problems?.product ?? null}
            onChange={(next) => update((current) => ({ ...current, selectedOption: selectedOptionOf(next) }))}
          />
          {problems?.noLines ? (
            <Alert color="red" variant="light" role="alert">
              {intl.formatMessage({ id: problems.noLines.id })}
            </Alert>
          ) : null}
          {choice && isExisting ? (
            <>
              <CardPicker
                reason={draft.reason}
                orderType={draft.orderType}
                choice={choice}
                selectedIds={selectedIds}
                onAdd={addCards}
                onRemove={(cardIds) =>
                  setLines((cards) => cards.filter((line) => !cardIds.includes(line.cardId ?? '')))
                }
              />
              <SelectedCards
                lines={lines}
                knownCards={knownCards}
                bulkAmount={draft.changedData.bulkAmount}
                problems={problems?.lines ?? null}
                onAmount={setAmount}
                onRemove={remove}
              />
            </>
          ) : null}
          {choice && !isExisting ? (
            <NewCardholders
              lines={lines}
              bulkAmount={draft.changedData.bulkAmount}
              problems={problems?.lines ?? null}
              onChange={patchCardholder}
              onAmount={setAmount}
              onRemove={remove}
              onUnlink={(tempCardId) =>
                setLines((cards) =>
                  cards.map((line) =>
                    line.tempCardId === tempCardId ? { ...line, cardholderId: null } : line,
                  ),
                )
              }
              onAdd={addCardholder}
            />
          ) : null}
        </Stack>
      </section>

      {choice ? (
        <section aria-labelledby={headings.amounts} className="tessera-issue-section">
          <Title order={3} id={headings.amounts} mb="sm">
            {intl.formatMessage({ id: 'cardIssue.info.amountsTitle' })}
          </Title>
          <div className="tessera-issue-amounts">
            <AmountMode
              bulkAmount={draft.changedData.bulkAmount}
              problem={problems?.bulkAmount ?? null}
              firstAmount={lines[0]?.amountCents ?? 0}
              onChange={(bulkAmount) => update((current) => withBulkAmount(current, bulkAmount))}
            />
            <Estimate draft={draft} choice={choice} />
          </div>
        </section>
      ) : null}

      {choice && shipsCards(draft.orderType, choice.family) ? (
        <DeliveryPointField
          value={draft.changedData.deliveryPoint}
          problem={problems?.deliveryPoint ?? null}
          onChange={(deliveryPoint) =>
            update((current) => ({ ...current, changedData: { ...current.changedData, deliveryPoint } }))
          }
        />
      ) : null}

      <section aria-labelledby={headings.details} className="tessera-issue-section">
        <Title order={3} id={headings.details} mb="sm">
          {intl.formatMessage({ id: 'cardIssue.info.detailsTitle' })}
        </Title>
        <DraftDetails
          alias={draft.draftOrderAlias}
          comments={draft.invoiceComments}
          onAlias={(draftOrderAlias) => update((current) => ({ ...current, draftOrderAlias }))}
          onComments={(invoiceComments) => update((current) => ({ ...current, invoiceComments }))}
        />
      </section>
      {actions}
    </Stack>
  );
}
