import { Alert, Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { PRODUCTS, type CardIssueReason } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoadingButton } from '../../../ui/loading-button';
import { createReadyToTopUpDraft } from '../api/ready-to-top-up';
import { DraftFailureAlert } from '../components/draft-failure-alert';
import { useCreateDraftAction, useStartFlow } from '../hooks/use-start-flow';
import { selectedOptionOf } from '../model';
import '../card-issue.css';
import { useRequestContext } from '../../../lib/request-context';

type LandingProduct = 'SPENDEO' | 'MY_BENEFITS';

const TEXTS: Record<LandingProduct, { title: MessageId; summary: MessageId; body: MessageId }> = {
  SPENDEO: {
    title: 'cardIssue.landing.spendeo.title',
    summary: 'cardIssue.landing.spendeo.summary',
    body: 'cardIssue.landing.spendeo.body',
  },
  MY_BENEFITS: {
    title: 'cardIssue.landing.myBenefits.title',
    summary: 'cardIssue.landing.myBenefits.summary',
    body: 'cardIssue.landing.myBenefits.body',
  },
};

type Action = { reason: CardIssueReason; title: MessageId; text: MessageId; button: MessageId };

const EXPIRED: Action = {
  reason: 'expired-card',
  title: 'cardIssue.landing.expired.title',
  text: 'cardIssue.landing.expired.text',
  button: 'cardIssue.landing.expired.button',
};
const ACTIONS: Action[] = [
  {
    reason: 'new-card',
    title: 'cardIssue.landing.new.title',
    text: 'cardIssue.landing.new.text',
    button: 'cardIssue.landing.new.button',
  },
  {
    reason: 'load-card',
    title: 'cardIssue.landing.load.title',
    text: 'cardIssue.landing.load.text',
    button: 'cardIssue.landing.load.button',
  },
];

/**
 * `/cards/spendeo/issue` and `/cards/mybenefits/issue` (SPEC §2): what the product is, and its
 * actions — new cards, loading, cards due this month and, with `?expired=true` (the bell's expiring
 * notifications), replacing expired or expiring cards. Each starts the flow for the product.
 */
function ProductIssuePage({ product }: { product: LandingProduct }) {
  const intl = useIntl();
  const context = useRequestContext();
  const headingId = useId();
  const [params] = useSearchParams();
  const isExpired = params.get('expired') === 'true';
  const definition = PRODUCTS[product];
  const family = definition.families[0] ?? 'spendeo';
  const selectedOption = selectedOptionOf({ product, family });
  const startFlow = useStartFlow();
  const topUp = useCreateDraftAction();
  const texts = TEXTS[product];
  const title = intl.formatMessage({ id: texts.title });
  useDocumentTitle(title);
  const actions = isExpired ? [EXPIRED, ...ACTIONS] : ACTIONS;

  return (
    <section className="tessera-page tessera-issue" aria-labelledby="product-issue-title">
      <div className="tessera-page-header">
        <Title order={1} id="product-issue-title">
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: texts.summary })}
        </Text>
      </div>
      {isExpired ? (
        <Alert
          color="yellow"
          variant="light"
          className="tessera-issue-warning"
          mb="lg"
          title={intl.formatMessage({ id: 'cardIssue.landing.expiredNotice.title' })}
        >
          {intl.formatMessage({ id: 'cardIssue.landing.expiredNotice.text' })}
        </Alert>
      ) : null}
      <Text mb="md" className="tessera-issue-prose">
        {intl.formatMessage({ id: texts.body })}
      </Text>
      <dl className="tessera-issue-facts">
        <div>
          <dt>{intl.formatMessage({ id: 'cardIssue.landing.limits' })}</dt>
          <dd>
            {intl.formatMessage(
              { id: 'cardIssue.landing.limitsValue' },
              { min: formatMoney(definition.minLoadCents), max: formatMoney(definition.maxLoadCents) },
            )}
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'cardIssue.landing.validity' })}</dt>
          <dd>
            {intl.formatMessage(
              { id: 'cardIssue.landing.validityValue' },
              { years: definition.validityMonths / 12 },
            )}
          </dd>
        </div>
      </dl>
      <DraftFailureAlert failure={topUp.failure} onClose={topUp.clearFailure} />
      <section aria-labelledby={headingId}>
        <Title order={2} id={headingId} mb="md">
          {intl.formatMessage({ id: 'cardIssue.landing.actions' })}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {actions.map((action) => (
            <Paper key={action.reason} withBorder p="md" radius="md" className="tessera-issue-action">
              <Title order={3} size="h4">
                {intl.formatMessage({ id: action.title })}
              </Title>
              <Text size="sm">{intl.formatMessage({ id: action.text })}</Text>
              <Button
                variant={
                  action.reason === 'expired-card' || (!isExpired && action.reason === 'new-card')
                    ? 'filled'
                    : 'light'
                }
                onClick={() => startFlow(action.reason, selectedOption)}
              >
                {intl.formatMessage({ id: action.button })}
              </Button>
            </Paper>
          ))}
          <Paper withBorder p="md" radius="md" className="tessera-issue-action">
            <Title order={3} size="h4">
              {intl.formatMessage({ id: 'cardIssue.landing.topUp.title' })}
            </Title>
            <Text size="sm">{intl.formatMessage({ id: 'cardIssue.landing.topUp.text' })}</Text>
            <LoadingButton
              variant="light"
              isLoading={topUp.pending === product}
              onClick={() =>
                void topUp.run(product, () => createReadyToTopUpDraft({ product, family }, context))
              }
            >
              {intl.formatMessage({ id: 'cardIssue.landing.topUp.button' })}
            </LoadingButton>
          </Paper>
        </SimpleGrid>
      </section>
    </section>
  );
}

export function SpendeoIssuePage() {
  return <ProductIssuePage product="SPENDEO" />;
}

export function MyBenefitsIssuePage() {
  return <ProductIssuePage product="MY_BENEFITS" />;
}
