import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  localePath,
  PRODUCTS,
  TOP_UP_PRODUCTS,
  type Card,
  type CardCategory,
  type CardFamily,
  type CardSummary,
} from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { formatMoney, formatNumber } from '../../../lib/format';
import { saveLocalDraft, startIssueFlow } from '../../../lib/order-draft';
import { readStore } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { LoadingButton } from '../../../ui/loading-button';
import { filterCards } from '../api/filter-cards';
import { useCardSummaries } from '../api/get-card-summaries';
import { createReadyToTopUpDraft } from '../api/ready-to-top-up';
import { AmountInput } from '../components/amount-input';
import { Bundles } from '../components/bundles';
import { DraftFailureAlert } from '../components/draft-failure-alert';
import { useCreateDraftAction } from '../hooks/use-start-flow';
import {
  amountProblem,
  existingCardLine,
  MANY_CARDS,
  MAX_LINES,
  selectedOptionOf,
  withBulkAmount,
  withCards,
  type ProductChoice,
} from '../model';
import '../card-issue.css';
import { useRequestContext, type RequestContext } from '../../../lib/request-context';
import { cardKeys } from '../../../lib/query-keys';
import { familyName, productFamilyName, productName } from '../../../lib/labels';

type LoadMode = 'selected' | 'all' | 'file';

const PAGE_SIZE = 100;
const LOADABLE: readonly CardCategory[] = [
  'TICKET_RESTAURANT',
  'SPENDEO',
  'MY_BENEFITS',
  'VOUCHER',
  'COPMLIMENT',
];

const activeRequest = (choice: ProductChoice, page: number, pageSize: number) => ({
  product: choice.product,
  family: choice.family,
  status: 'active' as const,
  search: '',
  sort: 'cardholder' as const,
  direction: 'asc' as const,
  page,
  pageSize,
});

/** Every active card of the product and family, a page at a time (`onProgress` after each page). */
async function collectActiveCards(
  choice: ProductChoice,
  context: RequestContext,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 1; ; page += 1) {
    const data = await filterCards(activeRequest(choice, page, PAGE_SIZE), context, signal);
    cards.push(...data.cards);
    onProgress(cards.length, data.total);
    if (data.cards.length === 0 || cards.length >= data.total) return cards;
  }
}

/**
 * `/card-load` (SPEC §2): how to load cards. Choose the product and family, then the cards —
 * picked one by one in the flow, or every active card with one amount (lines made here from the
 * server's pages; a warning above 500 cards), or a bulk file (`/card-load/upload`, ADR 011). Beside it: the
 * cards due this month (ready to top up) per product, and the gift and complimentary bundles.
 */
export function CardLoadPage() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const context = useRequestContext();
  const headings = { load: useId(), topUp: useId(), bundles: useId() };
  const title = intl.formatMessage({ id: 'cardIssue.load.title' });
  useDocumentTitle(title);

  const [product, setProduct] = useState<CardCategory>('TICKET_RESTAURANT');
  const [family, setFamily] = useState<CardFamily>('plastic');
  const [mode, setMode] = useState<LoadMode>('selected');
  const [amount, setAmount] = useState(0);
  const [isAttempted, setIsAttempted] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [collectFailed, setCollectFailed] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choice: ProductChoice = { product, family };
  const activeCount = useQuery({
    queryKey: cardKeys.activeCount(context.companyId, product, family),
    queryFn: ({ signal }) => filterCards(activeRequest(choice, 1, 1), context, signal),
    enabled: mode === 'all' && context.companyId !== null,
    staleTime: 30_000,
  });
  const total = activeCount.data?.total ?? null;
  const problem = isAttempted && mode === 'all' ? amountProblem(amount, product, 'LOAD') : null;
  const isTooMany = total !== null && total > MAX_LINES;

  const onContinue = async () => {
    if (mode === 'file') {
      void navigate(localePath(locale, paths.bulkUpload.href({ purpose: 'load' })));
      return;
    }
    if (mode === 'selected') {
      void navigate(
        localePath(locale, startIssueFlow('load-card', { selectedOption: selectedOptionOf(choice) })),
      );
      return;
    }
    if (mode !== 'all') return;
    setIsAttempted(true);
    if (amountProblem(amount, product, 'LOAD') || isTooMany || total === 0) return;
    setCollectFailed(false);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: total ?? 0 });
    try {
      const cards = await collectActiveCards(
        choice,
        context,
        (done, all) => setProgress({ done, total: all }),
        controller.signal,
      );
      const path = startIssueFlow('load-card', { selectedOption: selectedOptionOf(choice) });
      const started = readStore('orderDraft');
      if (started) {
        saveLocalDraft(
          withBulkAmount(
            withCards(
              started,
              cards.map((card) => existingCardLine(card.cardId, amount)),
            ),
            amount,
          ),
        );
      }
      void navigate(localePath(locale, path));
    } catch {
      if (!controller.signal.aborted) setCollectFailed(true);
    } finally {
      setProgress(null);
    }
  };

  const families = PRODUCTS[product].families;

  return (
    <section className="tessera-page tessera-issue" aria-labelledby="card-load-title">
      <div className="tessera-page-header">
        <Title order={1} id="card-load-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: 'cardIssue.load.summary' })}
        </Text>
        <Text mt="xs">
          {intl.formatMessage({ id: 'cardIssue.load.recurringHint' })}{' '}
          <Anchor component={LanguageLink} to={paths.recurringRuleNew.href()} fw={600}>
            {intl.formatMessage({ id: 'cardIssue.load.recurringLink' })}
          </Anchor>
        </Text>
      </div>

      <section aria-labelledby={headings.load} className="tessera-issue-section">
        <Title order={2} id={headings.load} mb="md">
          {intl.formatMessage({ id: 'cardIssue.load.chooseTitle' })}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onContinue();
          }}
        >
          <Stack gap="lg">
            <Group gap="sm" align="flex-start" wrap="wrap">
              <NativeSelect
                label={intl.formatMessage({ id: 'cardIssue.product.label' })}
                value={product}
                data={LOADABLE.map((item) => ({ value: item, label: productName(item, locale) }))}
                onChange={(event) => {
                  const next = event.currentTarget.value as CardCategory;
                  setProduct(next);
                  setFamily(PRODUCTS[next].families[0] ?? 'plastic');
                }}
              />
              {families.length > 1 ? (
                <NativeSelect
                  label={intl.formatMessage({ id: 'cardIssue.family.label' })}
                  value={family}
                  data={families.map((item) => ({ value: item, label: familyName(intl, item) }))}
                  onChange={(event) => setFamily(event.currentTarget.value as CardFamily)}
                />
              ) : null}
            </Group>
            <Radio.Group
              label={intl.formatMessage({ id: 'cardIssue.load.modeLabel' })}
              value={mode}
              onChange={(value) => setMode(value as LoadMode)}
            >
              <Stack gap="sm" mt="xs">
                <Radio
                  value="selected"
                  label={intl.formatMessage({ id: 'cardIssue.load.mode.selected' })}
                  description={intl.formatMessage({ id: 'cardIssue.load.mode.selectedText' })}
                />
                <Radio
                  value="all"
                  label={intl.formatMessage({ id: 'cardIssue.load.mode.all' })}
                  description={intl.formatMessage({ id: 'cardIssue.load.mode.allText' })}
                />
                <Radio
                  value="file"
                  label={intl.formatMessage({ id: 'cardIssue.load.mode.file' })}
                  description={intl.formatMessage({ id: 'cardIssue.load.mode.fileText' })}
                />
              </Stack>
            </Radio.Group>
            {mode === 'all' ? (
              <Stack gap="sm">
                <AmountInput
                  label={intl.formatMessage({ id: 'cardIssue.amountMode.bulkAmount' })}
                  description={intl.formatMessage(
                    { id: 'cardIssue.product.limits' },
                    {
                      min: formatMoney(PRODUCTS[product].minLoadCents),
                      max: formatMoney(PRODUCTS[product].maxLoadCents),
                    },
                  )}
                  cents={amount}
                  problem={problem}
                  onChange={setAmount}
                />
                <Text size="sm" aria-live="polite">
                  {total === null
                    ? intl.formatMessage({ id: 'cardIssue.load.counting' })
                    : intl.formatMessage(
                        { id: 'cardIssue.load.activeCount' },
                        {
                          count: total,
                          formatted: formatNumber(total, locale),
                          product: productFamilyName(intl, locale, product, family),
                          amount: formatMoney(total * amount),
                        },
                      )}
                </Text>
                {total !== null && total > MANY_CARDS && !isTooMany ? (
                  <Alert color="yellow" variant="light" className="tessera-issue-warning">
                    {intl.formatMessage(
                      { id: 'cardIssue.load.many' },
                      { formatted: formatNumber(total, locale) },
                    )}
                  </Alert>
                ) : null}
                {isTooMany ? (
                  <Alert color="red" variant="light" role="alert">
                    {intl.formatMessage(
                      { id: 'cardIssue.load.tooMany' },
                      { max: formatNumber(MAX_LINES, locale) },
                    )}
                  </Alert>
                ) : null}
                {isAttempted && total === 0 ? (
                  <Alert color="red" variant="light" role="alert">
                    {intl.formatMessage({ id: 'cardIssue.load.noActive' })}
                  </Alert>
                ) : null}
              </Stack>
            ) : null}
            {progress ? (
              <div>
                <Text size="sm" id="card-load-progress">
                  {intl.formatMessage(
                    { id: 'cardIssue.load.collecting' },
                    {
                      done: formatNumber(progress.done, locale),
                      total: formatNumber(progress.total, locale),
                    },
                  )}
                </Text>
                <Progress
                  value={progress.total === 0 ? 0 : (progress.done / progress.total) * 100}
                  aria-labelledby="card-load-progress"
                  mt={4}
                />
              </div>
            ) : null}
            {collectFailed ? (
              <Alert color="red" variant="light" role="alert">
                {intl.formatMessage({ id: 'cardIssue.load.collectFailed' })}
              </Alert>
            ) : null}
            <Group>
              <LoadingButton type="submit" isLoading={progress !== null}>
                {intl.formatMessage({ id: 'cardIssue.load.continue' })}
              </LoadingButton>
              {progress ? (
                <Button variant="default" onClick={() => abort.current?.abort()}>
                  {intl.formatMessage({ id: 'cardIssue.load.cancel' })}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </section>

      <ReadyToTopUp headingId={headings.topUp} />

      <section aria-labelledby={headings.bundles} className="tessera-issue-section">
        <Title order={2} id={headings.bundles} mb="xs">
          {intl.formatMessage({ id: 'cardIssue.bundles.title' })}
        </Title>
        <Text mb="md">{intl.formatMessage({ id: 'cardIssue.bundles.summary' })}</Text>
        <Bundles />
      </section>
    </section>
  );
}

const TOP_UP_CHOICES: ProductChoice[] = TOP_UP_PRODUCTS.flatMap((product) =>
  PRODUCTS[product].families.map((family) => ({ product, family })),
);

/** Cards not loaded this month, per product and family: one click makes the draft and opens it. */
function ReadyToTopUp({ headingId }: { headingId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const context = useRequestContext();
  const summaries = useCardSummaries();
  const topUp = useCreateDraftAction();
  const countOf = (choice: ProductChoice): CardSummary | undefined =>
    summaries.data?.find((item) => item.product === choice.product && item.family === choice.family);

  return (
    <section aria-labelledby={headingId} className="tessera-issue-section">
      <Title order={2} id={headingId} mb="xs">
        {intl.formatMessage({ id: 'cardIssue.topUp.title' })}
      </Title>
      <Text mb="md">{intl.formatMessage({ id: 'cardIssue.topUp.summary' })}</Text>
      <DraftFailureAlert failure={topUp.failure} onClose={topUp.clearFailure} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {TOP_UP_CHOICES.map((choice) => {
          const key = selectedOptionOf(choice);
          const summary = countOf(choice);
          const name = productFamilyName(intl, locale, choice.product, choice.family);
          return (
            <Paper key={key} withBorder p="md" radius="md" className="tessera-issue-action">
              <Title order={3} size="h4">
                {name}
              </Title>
              <Text size="sm">
                {summary
                  ? intl.formatMessage(
                      { id: 'cardIssue.topUp.count' },
                      { count: summary.readyToTopUp, formatted: formatNumber(summary.readyToTopUp, locale) },
                    )
                  : intl.formatMessage({ id: 'cardIssue.topUp.unknown' })}
              </Text>
              <LoadingButton
                variant="light"
                isLoading={topUp.pending === key}
                disabled={summary?.readyToTopUp === 0}
                aria-label={intl.formatMessage({ id: 'cardIssue.topUp.buttonFor' }, { product: name })}
                onClick={() =>
                  void topUp.run(key, () =>
                    createReadyToTopUpDraft(
                      { product: choice.product as (typeof TOP_UP_PRODUCTS)[number], family: choice.family },
                      context,
                    ),
                  )
                }
              >
                {intl.formatMessage({ id: 'cardIssue.topUp.button' })}
              </LoadingButton>
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
