import { Stack, Text, Title } from '@mantine/core';
import type { DisputeState } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MerchantDisputesProps } from '../../../lib/dispute-slot';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { DISPUTES_PAGE_SIZE, useMerchantDisputes } from '../api/list-disputes';
import { DisputePager, DisputeRecords, DisputeStateFilter } from './dispute-records';

/** The merchant's disputes on its balance sheet (issue 34 §1): open first, filtered by state. */
export function MerchantDisputes({ merchantId }: MerchantDisputesProps) {
  const intl = useIntl();
  const [state, setState] = useState<DisputeState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useMerchantDisputes(merchantId, state, page);
  const title = intl.formatMessage({ id: 'disputes.list.title' });

  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.disputes.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'disputes.list.empty' })} />;
  else
    body = (
      <>
        <DisputeRecords disputes={list.data.disputes} label={title} />
        <DisputePager page={page} total={list.data.total} pageSize={DISPUTES_PAGE_SIZE} onPage={setPage} />
      </>
    );

  return (
    <section aria-labelledby="merchant-disputes-title" id="disputes" className="tessera-balance__section">
      <Stack gap="sm">
        <Title order={2} id="merchant-disputes-title">
          {title}
        </Title>
        <Text>{intl.formatMessage({ id: 'disputes.list.intro' })}</Text>
        <DisputeStateFilter
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />
        {body}
      </Stack>
    </section>
  );
}
