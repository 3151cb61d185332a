import { Button, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchants } from '../api/get-merchants';

/**
 * Provider staff choose the merchant whose portal they open (issue 15 §3); the choice goes to the
 * address (`?merchantId=`), so a reload or a shared link shows the same merchant.
 */
export function MerchantPicker({ onPick }: { onPick: (merchantId: string) => void }) {
  const intl = useIntl();
  const ids = useId();
  const merchants = useMerchants(true);
  const [chosen, setChosen] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const merchantId = chosen || merchants.data?.[0]?.merchantId;
    if (merchantId) onPick(merchantId);
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="tessera-vt">
      <Title order={2} id={`${ids}-title`}>
        {intl.formatMessage({ id: 'merchants.portal.pickTitle' })}
      </Title>
      <Text c="dimmed" mb="md">
        {intl.formatMessage({ id: 'merchants.portal.pickIntro' })}
      </Text>
      {merchants.isPending ? (
        <LoadingState />
      ) : merchants.isError ? (
        <ErrorState onRetry={() => void merchants.refetch()} />
      ) : (
        <form onSubmit={onSubmit}>
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={intl.formatMessage({ id: 'merchants.portal.pickLabel' })}
              value={chosen || (merchants.data[0]?.merchantId ?? '')}
              onChange={(event) => setChosen(event.currentTarget.value)}
              data={merchants.data.map((merchant) => ({
                value: merchant.merchantId,
                label: `${merchant.tradeName} (${merchant.merchantId})`,
              }))}
              miw={260}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
            />
            <Button type="submit" disabled={merchants.data.length === 0}>
              {intl.formatMessage({ id: 'merchants.portal.pickSubmit' })}
            </Button>
          </Group>
        </form>
      )}
    </section>
  );
}
