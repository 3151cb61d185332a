import { NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Bundle } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { LoadingButton } from '../../../ui/loading-button';
import { createBundleDraft } from '../api/create-bundle-draft';
import { useBundles, type BundleKind } from '../api/get-bundles';
import { useCreateDraftAction } from '../hooks/use-start-flow';
import { DraftFailureAlert } from './draft-failure-alert';
import { useRequestContext } from '../../../lib/request-context';
import { familyName } from '../../../lib/labels';

const MAX_QUANTITY = 50;

/**
 * Gift vouchers and complimentary cards come as ready-made bundles (ADR 009: e.g. 10 × 50 €
 * cards); ordering one makes a new-cards draft (`createBundleDraftOrder`) and opens it.
 */
export function Bundles() {
  const intl = useIntl();
  const action = useCreateDraftAction();
  return (
    <>
      <DraftFailureAlert failure={action.failure} onClose={action.clearFailure} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <BundleList
          kind="voucher"
          title={intl.formatMessage({ id: 'cardIssue.bundles.voucher' })}
          action={action}
        />
        <BundleList
          kind="complimentary"
          title={intl.formatMessage({ id: 'cardIssue.bundles.complimentary' })}
          action={action}
        />
      </SimpleGrid>
    </>
  );
}

function BundleList({
  kind,
  title,
  action,
}: {
  kind: BundleKind;
  title: string;
  action: ReturnType<typeof useCreateDraftAction>;
}) {
  const intl = useIntl();
  const headingId = useId();
  const bundles = useBundles(kind);
  let body;
  if (bundles.isPending)
    body = <LoadingState label={intl.formatMessage({ id: 'cardIssue.bundles.loading' })} />;
  else if (bundles.isError)
    body = (
      <ErrorState
        message={intl.formatMessage({ id: 'cardIssue.bundles.error' })}
        onRetry={() => void bundles.refetch()}
      />
    );
  else if (bundles.data.bundles.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'cardIssue.bundles.none' })} />;
  else
    body = (
      <Stack gap="sm">
        {bundles.data.bundles.map((bundle) => (
          <BundleItem key={bundle.bundleId} bundle={bundle} action={action} />
        ))}
      </Stack>
    );
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        {title}
      </Title>
      {body}
    </section>
  );
}

function BundleItem({ bundle, action }: { bundle: Bundle; action: ReturnType<typeof useCreateDraftAction> }) {
  const intl = useIntl();
  const locale = useLocale();
  const context = useRequestContext();
  const [quantity, setQuantity] = useState(1);
  const key = `bundle:${bundle.bundleId}`;
  return (
    <Paper withBorder p="md" radius="md" className="tessera-issue-bundle">
      <div>
        <Text fw={600}>{bundle.name}</Text>
        <Text size="sm">
          {intl.formatMessage(
            { id: 'cardIssue.bundles.contents' },
            {
              count: bundle.count,
              formatted: formatNumber(bundle.count, locale),
              amount: formatMoney(bundle.denominationCents),
              family: familyName(intl, bundle.family),
            },
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(
            { id: 'cardIssue.bundles.value' },
            { amount: formatMoney(bundle.count * bundle.denominationCents * quantity) },
          )}
        </Text>
      </div>
      <div className="tessera-issue-bundle__order">
        <NumberInput
          label={intl.formatMessage({ id: 'cardIssue.bundles.quantityLabel' })}
          aria-label={intl.formatMessage({ id: 'cardIssue.bundles.quantity' }, { name: bundle.name })}
          min={1}
          max={MAX_QUANTITY}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={quantity}
          onChange={(value) => setQuantity(typeof value === 'number' && value >= 1 ? value : 1)}
          w={120}
        />
        <LoadingButton
          isLoading={action.pending === key}
          onClick={() =>
            void action.run(key, () => createBundleDraft({ bundleId: bundle.bundleId, quantity }, context))
          }
        >
          {intl.formatMessage({ id: 'cardIssue.bundles.order' })}
        </LoadingButton>
      </div>
    </Paper>
  );
}
