import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  Radio,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  CARD_CATEGORIES,
  type CardCategory,
  type LeaverCard,
  type LeaversView,
  type ReplaceCardsResponse,
} from '@tessera/domain';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDate, formatMoney } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { productName } from '../../../lib/labels';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { PageHeader } from '../../../ui/page-header';
import { useBlockAndUnloadCards } from '../api/block-and-unload-cards';
import { useLeaversAndExpiring } from '../api/get-leavers-and-expiring';
import { useReplaceCards } from '../api/replace-cards';
import { useSetCardsRenewal } from '../api/set-cards-renewal';
import { canEditCards } from '../model';
import '../cards.css';

const PAGE_SIZE = 50;

type Outcome = { kind: 'success'; text: string } | { kind: 'refused'; messages: string[] } | null;

/**
 * `/cards/leavers-expiry` (issue 22 §4, ADR 036; the incumbents' pain 7): the company's cards that
 * expire within 60 days and the cards of cardholders marked as leavers, in one table with
 * checkboxes. The order manager and provider staff act on the chosen cards: replace them (drafts of
 * the expired-card flow), stop or resume their renewal, or block them and return their balance to
 * the company after a confirmation that states the total. The others see the list read-only.
 */
export function LeaversExpiryPage() {
  const intl = useIntl();
  const locale = useLocale();
  const session = useSession();
  const canEdit = canEditCards(session.data?.user.userRoleId);
  const title = intl.formatMessage({ id: 'cards.leavers.title' });
  useDocumentTitle(title);

  const [which, setWhich] = useState<LeaversView>('expiring');
  const [product, setProduct] = useState<CardCategory | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<string, LeaverCard>>(new Map());
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [drafts, setDrafts] = useState<ReplaceCardsResponse['drafts']>([]);

  const list = useLeaversAndExpiring({ which, page, pageSize: PAGE_SIZE, ...(product ? { product } : {}) });
  const renewal = useSetCardsRenewal();
  const replace = useReplaceCards();
  const blockAndUnload = useBlockAndUnloadCards();
  const replaceKeys = useIdempotencyKeys();
  /** One action at a time: a double click sends one request (the state updates a render later). */
  const inFlight = useRef(false);
  const once =
    <Args extends unknown[]>(action: (...args: Args) => Promise<void>) =>
    async (...args: Args): Promise<void> => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await action(...args);
      } finally {
        inFlight.current = false;
      }
    };
  const unloadKeys = useIdempotencyKeys();

  const cards = list.data?.cards ?? [];
  const chosenCards = [...chosen.values()];
  const chosenIds = chosenCards.map((card) => card.cardId);
  const totalBalance = chosenCards.reduce((sum, card) => sum + card.balanceCents, 0);
  const isBusy = renewal.isPending || replace.isPending || blockAndUnload.isPending;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const allOnPage = cards.length > 0 && cards.every((card) => chosen.has(card.cardId));
  const someOnPage = cards.some((card) => chosen.has(card.cardId));

  const resetChoice = () => {
    setChosen(new Map());
    setPage(1);
  };
  const toggle = (card: LeaverCard) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(card.cardId)) next.delete(card.cardId);
      else next.set(card.cardId, card);
      return next;
    });
  const toggleAll = () =>
    setChosen((current) => {
      const next = new Map(current);
      for (const card of cards) {
        if (allOnPage) next.delete(card.cardId);
        else next.set(card.cardId, card);
      }
      return next;
    });

  const onRenewal = once(async (doNotRenew: boolean) => {
    const result = await renewal.mutateAsync({ cardIds: chosenIds, doNotRenew });
    if (!result.ok) return setOutcome({ kind: 'refused', messages: result.messages });
    setChosen(new Map());
    setOutcome({
      kind: 'success',
      text: intl.formatMessage(
        { id: doNotRenew ? 'cards.leavers.doNotRenewDone' : 'cards.leavers.renewDone' },
        { count: chosenIds.length },
      ),
    });
  });

  const onReplace = once(async () => {
    const request = { cardIds: chosenIds };
    const result = await replace.mutateAsync({ request, idempotencyKey: replaceKeys.keyFor(request) });
    if (!result.ok) return setOutcome({ kind: 'refused', messages: result.messages });
    replaceKeys.forget();
    setChosen(new Map());
    setDrafts(result.data);
    setOutcome({
      kind: 'success',
      text: intl.formatMessage({ id: 'cards.leavers.replaceDone' }, { count: result.data.length }),
    });
  });

  const onBlockAndUnload = once(async () => {
    const request = { cardIds: chosenIds };
    const result = await blockAndUnload.mutateAsync({ request, idempotencyKey: unloadKeys.keyFor(request) });
    setIsConfirming(false);
    if (!result.ok) return setOutcome({ kind: 'refused', messages: result.messages });
    unloadKeys.forget();
    setChosen(new Map());
    setOutcome({
      kind: 'success',
      text: intl.formatMessage(
        { id: 'cards.leavers.blockDone' },
        { count: result.data.blocked, amount: formatMoney(result.data.unloadedCents) },
      ),
    });
  });

  const views = useMemo(
    () =>
      (['expiring', 'leavers', 'all'] as const).map((view) => ({
        value: view,
        label: intl.formatMessage(
          { id: `cards.leavers.view.${view}` },
          {
            count:
              view === 'expiring'
                ? (list.data?.counts.expiring ?? 0)
                : view === 'leavers'
                  ? (list.data?.counts.leavers ?? 0)
                  : (list.data?.counts.expiring ?? 0) + (list.data?.counts.leavers ?? 0),
          },
        ),
      })),
    [intl, list.data?.counts.expiring, list.data?.counts.leavers],
  );

  return (
    <section className="tessera-page tessera-cards" aria-labelledby="leavers-title">
      <PageHeader
        id="leavers-title"
        title={title}
        summary={intl.formatMessage({ id: 'cards.leavers.summary' })}
      />
      <Anchor component={LanguageLink} to={paths.cardList.href()} display="inline-block" mb="md">
        {intl.formatMessage({ id: 'cards.leavers.back' })}
      </Anchor>
      {!canEdit && (
        <Alert color="gray" variant="light" mb="md">
          {intl.formatMessage({ id: 'cards.leavers.readOnly' })}
        </Alert>
      )}
      <Group align="end" gap="md" mb="md" wrap="wrap">
        <Radio.Group
          label={intl.formatMessage({ id: 'cards.leavers.viewLabel' })}
          value={which}
          onChange={(value) => {
            setWhich(value as LeaversView);
            resetChoice();
          }}
        >
          {/* Radios that wrap: three choices fit a 360 px screen one under the other. */}
          <Group gap="md" mt={6} wrap="wrap">
            {views.map((view) => (
              <Radio key={view.value} value={view.value} label={view.label} />
            ))}
          </Group>
        </Radio.Group>
        <NativeSelect
          name="product"
          label={intl.formatMessage({ id: 'cards.filter.product' })}
          value={product ?? ''}
          data={[
            { value: '', label: intl.formatMessage({ id: 'cards.filter.allProducts' }) },
            ...CARD_CATEGORIES.map((code) => ({ value: code, label: productName(code, locale) })),
          ]}
          onChange={(event) => {
            setProduct((event.currentTarget.value || undefined) as CardCategory | undefined);
            resetChoice();
          }}
        />
      </Group>

      <div role="status" aria-live="polite">
        {outcome?.kind === 'success' && (
          <Alert color="green" mb="md" withCloseButton onClose={() => setOutcome(null)}>
            <Text size="sm">{outcome.text}</Text>
            {drafts.length > 0 && (
              <Stack gap={4} mt="xs">
                {drafts.map((draft) => (
                  <Anchor
                    key={draft.draftId}
                    component={LanguageLink}
                    to={paths.cardIssueInfoDraft.href(draft.draftId)}
                  >
                    {intl.formatMessage(
                      { id: 'cards.leavers.openDraft' },
                      { product: productName(draft.product, locale), count: draft.cards },
                    )}
                  </Anchor>
                ))}
              </Stack>
            )}
          </Alert>
        )}
      </div>
      {outcome?.kind === 'refused' && (
        <Alert color="red" mb="md" role="alert" title={intl.formatMessage({ id: 'cards.leavers.refused' })}>
          <ul className="tessera-leavers__problems">
            {outcome.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}

      {canEdit && (
        <Group
          gap="sm"
          mb="md"
          wrap="wrap"
          role="toolbar"
          aria-label={intl.formatMessage({ id: 'cards.leavers.actions' })}
        >
          <Text size="sm" fw={600}>
            {intl.formatMessage({ id: 'cards.leavers.chosen' }, { count: chosenIds.length })}
          </Text>
          <LoadingButton
            size="sm"
            disabled={chosenIds.length === 0 || isBusy}
            isLoading={replace.isPending}
            onClick={() => void onReplace()}
          >
            {intl.formatMessage({ id: 'cards.leavers.replace' })}
          </LoadingButton>
          <Button
            size="sm"
            variant="default"
            disabled={chosenIds.length === 0 || isBusy}
            onClick={() => void onRenewal(true)}
          >
            {intl.formatMessage({ id: 'cards.leavers.doNotRenew' })}
          </Button>
          <Button
            size="sm"
            variant="default"
            disabled={chosenIds.length === 0 || isBusy}
            onClick={() => void onRenewal(false)}
          >
            {intl.formatMessage({ id: 'cards.leavers.renew' })}
          </Button>
          <Button
            size="sm"
            color="red"
            disabled={chosenIds.length === 0 || isBusy}
            onClick={() => setIsConfirming(true)}
          >
            {intl.formatMessage({ id: 'cards.leavers.blockAndUnload' })}
          </Button>
        </Group>
      )}

      <section
        aria-label={intl.formatMessage({ id: 'cards.leavers.table' })}
        className="tessera-leavers__table"
      >
        {list.isPending ? (
          <Text role="status">{intl.formatMessage({ id: 'cards.leavers.loading' })}</Text>
        ) : list.isError ? (
          <Alert color="red">{intl.formatMessage({ id: 'cards.leavers.error' })}</Alert>
        ) : cards.length === 0 ? (
          <Text>{intl.formatMessage({ id: `cards.leavers.empty.${which}` })}</Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  {canEdit && (
                    <Table.Th>
                      <Checkbox
                        aria-label={intl.formatMessage({ id: 'cards.leavers.chooseAll' })}
                        checked={allOnPage}
                        indeterminate={someOnPage && !allOnPage}
                        onChange={toggleAll}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>{intl.formatMessage({ id: 'cards.leavers.col.card' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cards.leavers.col.holder' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cards.leavers.col.product' })}</Table.Th>
                  <Table.Th ta="right">{intl.formatMessage({ id: 'cards.leavers.col.balance' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cards.leavers.col.expiry' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cards.leavers.col.leaverSince' })}</Table.Th>
                  <Table.Th>{intl.formatMessage({ id: 'cards.leavers.col.renewal' })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cards.map((card) => {
                  const holder = `${card.cardholder.firstName} ${card.cardholder.lastName}`;
                  return (
                    <Table.Tr key={card.cardId}>
                      {canEdit && (
                        <Table.Td>
                          <Checkbox
                            aria-label={intl.formatMessage(
                              { id: 'cards.leavers.choose' },
                              { card: card.maskedNumber, holder },
                            )}
                            checked={chosen.has(card.cardId)}
                            onChange={() => toggle(card)}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>
                        <Text size="sm">{card.cardName}</Text>
                        <Text size="xs" c="dimmed" className="tessera-leavers__nowrap">
                          {card.maskedNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td>{holder}</Table.Td>
                      <Table.Td>{productName(card.product, locale)}</Table.Td>
                      <Table.Td ta="right" className="tessera-leavers__nowrap">
                        {formatMoney(card.balanceCents)}
                      </Table.Td>
                      <Table.Td className="tessera-leavers__nowrap">
                        {formatDate(card.expiryDate, locale)}
                      </Table.Td>
                      <Table.Td className="tessera-leavers__nowrap">
                        {card.cardholder.leaverSince ? formatDate(card.cardholder.leaverSince, locale) : '—'}
                      </Table.Td>
                      <Table.Td>
                        {intl.formatMessage({
                          id: card.doNotRenew ? 'cards.leavers.renewal.off' : 'cards.leavers.renewal.on',
                        })}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
      {pages > 1 && (
        <Pagination
          mt="md"
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({
            'aria-label': intl.formatMessage({ id: `cards.leavers.page.${control}` }),
          })}
          getItemProps={(item) => ({
            'aria-label': intl.formatMessage({ id: 'cards.leavers.page.number' }, { page: item }),
          })}
        />
      )}

      <AppModal
        opened={isConfirming}
        onClose={() => setIsConfirming(false)}
        title={intl.formatMessage({ id: 'cards.leavers.confirm.title' })}
      >
        <Stack gap="md">
          <Text>
            {intl.formatMessage(
              { id: 'cards.leavers.confirm.text' },
              { count: chosenIds.length, amount: formatMoney(totalBalance) },
            )}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setIsConfirming(false)}>
              {intl.formatMessage({ id: 'cards.leavers.confirm.cancel' })}
            </Button>
            <LoadingButton
              color="red"
              isLoading={blockAndUnload.isPending}
              onClick={() => void onBlockAndUnload()}
            >
              {intl.formatMessage({ id: 'cards.leavers.confirm.ok' })}
            </LoadingButton>
          </Group>
        </Stack>
      </AppModal>
    </section>
  );
}
