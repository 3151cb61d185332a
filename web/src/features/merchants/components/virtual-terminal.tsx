import { Alert, Badge, Button, NativeSelect, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  parseAmount,
  type DemoCard,
  type EnrolmentState,
  type StoreView,
  type TerminalAnswer,
} from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { formatMoney } from '../../../lib/format';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { productName } from '../../../lib/product-name';
import { merchantKeys } from '../../../lib/query-keys';
import { useMessageAreas } from '../../../i18n/use-message-areas';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { authoriseVirtualPurchase } from '../api/authorise-virtual-purchase';
import { useDemoCards } from '../api/get-demo-cards';
import { useStoreList } from '../api/get-store-list';
import type { MerchantContext } from '../api/merchant-context';
import { VirtualTerminalLoading } from './virtual-terminal-loading';
import '../merchants.css';

const TERMINAL_AREAS = ['merchantTerminal'] as const;

/** The server's bounds of a purchase (domain `AmountCents`): 0,01 € to 100.000,00 €. */
const MIN_CENTS = 1;
const MAX_CENTS = 100_000_00;
const TOKEN_PATTERN = /^.{8,64}$/;

const STATE_MESSAGE: Record<EnrolmentState, MessageId> = {
  enrolled: 'merchants.vt.state.enrolled',
  requested: 'merchants.vt.state.requested',
  suspended: 'merchants.vt.state.suspended',
};
const STATE_COLOR: Record<EnrolmentState, string> = {
  enrolled: BADGE_COLOR.green,
  requested: BADGE_COLOR.amber,
  suspended: BADGE_COLOR.red,
};

type Props = {
  context: MerchantContext;
  /** The merchant's administrator or provider staff; a view-only user sees the terminal read-only. */
  canSell: boolean;
};

type CardSource = 'demo' | 'token';

/** What the form says about what was typed, once the user tried to send it. */
type Problems = { amount?: MessageId; token?: MessageId };

/**
 * The merchant portal's virtual terminal (issue 15 §3): choose a store and one of its enrolled
 * terminals (the others show their state and cannot be chosen), type the amount, give a demo card
 * or a card token, and see the terminal's answer (approved with the authorisation id and the
 * balance left, or declined with its reason in the page's language) in a live region.
 *
 * Each attempt carries an `Idempotency-Key`: sending the same attempt again after a lost answer
 * reuses it (one charge), and once an answer arrived the next purchase gets a new one, even for
 * the same amount on the same card.
 */
export function VirtualTerminal({ context, canSell }: Props) {
  // The form's texts come with it, after the page's first screen (issue 36 §4, ADR 052); until
  // then it looks as it does while its stores load.
  const hasTexts = useMessageAreas(TERMINAL_AREAS);
  const intl = useIntl();
  const ids = useId();
  const stores = useStoreList(context);
  if (!hasTexts) return <VirtualTerminalLoading />;

  return (
    <section aria-labelledby={`${ids}-title`} className="tessera-vt">
      <Title order={2} id={`${ids}-title`}>
        {intl.formatMessage({ id: 'merchants.vt.title' })}
      </Title>
      <Text c="dimmed" mb="md">
        {intl.formatMessage({ id: 'merchants.vt.intro' })}
      </Text>
      {canSell ? null : (
        <Alert color="blue" variant="light" mb="md">
          {intl.formatMessage({ id: 'merchants.vt.readOnly' })}
        </Alert>
      )}
      {stores.isPending ? (
        <LoadingState label={intl.formatMessage({ id: 'merchants.vt.loading' })} />
      ) : stores.isError ? (
        <ErrorState
          message={intl.formatMessage({ id: 'merchants.vt.error' })}
          onRetry={() => void stores.refetch()}
        />
      ) : stores.data.length === 0 ? (
        <Text>{intl.formatMessage({ id: 'merchants.vt.noStores' })}</Text>
      ) : (
        <TerminalForm context={context} canSell={canSell} stores={stores.data} />
      )}
    </section>
  );
}

function firstEnrolled(store: StoreView | undefined): string {
  return store?.terminals.find((terminal) => terminal.state === 'enrolled')?.terminalId ?? '';
}

function TerminalForm({ context, canSell, stores }: Props & { stores: StoreView[] }) {
  const intl = useIntl();
  const locale = useLocale();
  const ids = useId();
  const queryClient = useQueryClient();
  const demoCards = useDemoCards(context, canSell);
  const keys = useIdempotencyKeys();

  // The first store with a terminal that can sell, else the first store.
  const initialStore = stores.find((store) => firstEnrolled(store) !== '') ?? stores[0]!;
  const [storeId, setStoreId] = useState(initialStore.storeId);
  const [terminalId, setTerminalId] = useState(firstEnrolled(initialStore));
  const [amountText, setAmountText] = useState('');
  const [source, setSource] = useState<CardSource | null>(null);
  const [demoToken, setDemoToken] = useState('');
  const [typedToken, setTypedToken] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [isSending, setIsSending] = useState(false);
  const [answer, setAnswer] = useState<TerminalAnswer | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  const store = stores.find((candidate) => candidate.storeId === storeId) ?? initialStore;
  const cards: DemoCard[] = demoCards.data ?? [];
  const hasDemoCards = cards.length > 0;
  // Demo cards first when there are any; the token field otherwise.
  const cardSource: CardSource = source ?? (hasDemoCards ? 'demo' : 'token');
  const chosenDemo = demoToken || (cards[0]?.cardToken ?? '');
  const cardToken = cardSource === 'demo' ? chosenDemo : typedToken.trim();
  const amountCents = parseAmount(amountText);
  const isDisabled = !canSell || isSending;

  const chooseStore = (next: string) => {
    setStoreId(next);
    setTerminalId(firstEnrolled(stores.find((candidate) => candidate.storeId === next)));
  };

  const validate = (): Problems => {
    const found: Problems = {};
    if (amountCents === null) found.amount = 'merchants.vt.amountInvalid';
    else if (amountCents < MIN_CENTS || amountCents > MAX_CENTS) found.amount = 'merchants.vt.amountRange';
    if (!TOKEN_PATTERN.test(cardToken)) found.token = 'merchants.vt.tokenInvalid';
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSell || isSending) return;
    const found = validate();
    setProblems(found);
    if (found.amount || found.token || terminalId === '' || amountCents === null) return;
    const input = { terminalId, amountCents, cardToken };
    setIsSending(true);
    setHasFailed(false);
    setAnswer(null);
    const result = await authoriseVirtualPurchase(input, context, keys.keyFor(input));
    setIsSending(false);
    if (result === null) {
      // No answer: the same attempt sent again keeps its key, so it is charged at most once.
      setHasFailed(true);
      return;
    }
    keys.forget();
    setAnswer(result);
    void queryClient.invalidateQueries({ queryKey: merchantKeys.demoCards(context.merchantId) });
  };

  const terminalLegendId = `${ids}-terminal`;
  const hasEnrolled = firstEnrolled(store) !== '';

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={`${ids}-result`}>
      <Stack gap="md" maw={640}>
        <NativeSelect
          label={intl.formatMessage({ id: 'merchants.vt.store' })}
          value={storeId}
          onChange={(event) => chooseStore(event.currentTarget.value)}
          data={stores.map((candidate) => ({
            value: candidate.storeId,
            label: `${candidate.name} · ${candidate.city}`,
          }))}
        />

        <Radio.Group
          label={intl.formatMessage({ id: 'merchants.vt.terminal' })}
          id={terminalLegendId}
          value={terminalId}
          onChange={setTerminalId}
        >
          <Stack gap="xs" mt={6}>
            {store.terminals.map((terminal) => (
              <Radio
                key={terminal.terminalId}
                value={terminal.terminalId}
                disabled={terminal.state !== 'enrolled' || isDisabled}
                label={
                  <span className="tessera-vt__terminal">
                    <span>
                      {intl.formatMessage(
                        { id: 'merchants.vt.terminalOption' },
                        { label: terminal.label, mid: terminal.mid },
                      )}
                    </span>{' '}
                    <Badge color={STATE_COLOR[terminal.state]} size="sm">
                      {intl.formatMessage({ id: STATE_MESSAGE[terminal.state] })}
                    </Badge>
                  </span>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {hasEnrolled ? null : (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'merchants.vt.noEnrolled' })}
          </Text>
        )}

        <TextInput
          label={intl.formatMessage({ id: 'merchants.vt.amount' })}
          description={intl.formatMessage({ id: 'merchants.vt.amountHint' })}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => setAmountText(event.currentTarget.value)}
          rightSection={<span aria-hidden="true">€</span>}
          error={problems.amount ? intl.formatMessage({ id: problems.amount }) : undefined}
          disabled={isDisabled}
          maw={260}
        />

        {hasDemoCards ? (
          <Radio.Group
            label={intl.formatMessage({ id: 'merchants.vt.cardSource' })}
            value={cardSource}
            onChange={(value) => setSource(value as CardSource)}
          >
            <Stack gap="xs" mt={6}>
              <Radio
                value="demo"
                label={intl.formatMessage({ id: 'merchants.vt.cardSource.demo' })}
                disabled={isDisabled}
              />
              <Radio
                value="token"
                label={intl.formatMessage({ id: 'merchants.vt.cardSource.token' })}
                disabled={isDisabled}
              />
            </Stack>
          </Radio.Group>
        ) : null}

        {cardSource === 'demo' ? (
          <NativeSelect
            label={intl.formatMessage({ id: 'merchants.vt.demoCard' })}
            description={intl.formatMessage({ id: 'merchants.vt.demoCardHint' })}
            value={chosenDemo}
            onChange={(event) => setDemoToken(event.currentTarget.value)}
            disabled={isDisabled}
            data={cards.map((card) => ({
              value: card.cardToken,
              label: intl.formatMessage(
                // The expired demo card is there to show its decline (issue 34 §2 item 6).
                { id: card.declines ? 'merchants.vt.demoCardExpiredOption' : 'merchants.vt.demoCardOption' },
                {
                  label: card.label,
                  product: productName(card.product, locale),
                  balance: formatMoney(card.balanceCents),
                },
              ),
            }))}
          />
        ) : (
          <TextInput
            label={intl.formatMessage({ id: 'merchants.vt.token' })}
            description={intl.formatMessage({ id: 'merchants.vt.tokenHint' })}
            autoComplete="off"
            spellCheck={false}
            value={typedToken}
            onChange={(event) => setTypedToken(event.currentTarget.value)}
            error={problems.token ? intl.formatMessage({ id: problems.token }) : undefined}
            disabled={isDisabled}
          />
        )}

        {canSell ? (
          <LoadingButton
            type="submit"
            isLoading={isSending}
            disabled={!hasEnrolled}
            style={{ alignSelf: 'flex-start' }}
          >
            {amountCents !== null && amountCents >= MIN_CENTS && amountCents <= MAX_CENTS
              ? intl.formatMessage({ id: 'merchants.vt.submit' }, { amount: formatMoney(amountCents) })
              : intl.formatMessage({ id: 'merchants.vt.submitNoAmount' })}
          </LoadingButton>
        ) : (
          <Button disabled style={{ alignSelf: 'flex-start' }}>
            {intl.formatMessage({ id: 'merchants.vt.submitNoAmount' })}
          </Button>
        )}

        <div id={`${ids}-result`} role="status" aria-live="polite" aria-atomic="true">
          {answer ? <AnswerView answer={answer} /> : null}
          {hasFailed ? (
            <Alert color="red" variant="light">
              {intl.formatMessage({ id: 'merchants.vt.failed' })}
            </Alert>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}

/** The terminal's answer: approved with its figures, or declined with the reason. */
function AnswerView({ answer }: { answer: TerminalAnswer }) {
  const intl = useIntl();
  if (answer.outcome === 'approved') {
    return (
      <Alert color="green" variant="light" title={intl.formatMessage({ id: 'merchants.vt.approved' })}>
        <dl className="tessera-definitions">
          <Definition term={intl.formatMessage({ id: 'merchants.vt.authorisationId' })}>
            {answer.authorisationId}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'merchants.vt.approvedAmount' })}>
            {formatMoney(answer.amountCents)}
          </Definition>
          <Definition term={intl.formatMessage({ id: 'merchants.vt.balanceLeft' })}>
            {formatMoney(answer.balanceCents)}
          </Definition>
        </dl>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={intl.formatMessage({ id: 'merchants.vt.declined' })}>
      <dl className="tessera-definitions">
        <Definition term={intl.formatMessage({ id: 'merchants.vt.reason' })}>{answer.message}</Definition>
      </dl>
    </Alert>
  );
}

function Definition({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
