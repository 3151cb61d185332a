import { Button, Group, NativeSelect, Text, Textarea, Title } from '@mantine/core';
import { ACTING_REASON_MAX, ACTING_REASON_MIN } from '@tessera/domain';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { actForMerchant, useActingChanged } from '../../../lib/acting';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchants } from '../api/get-merchants';

/**
 * Provider staff choose the merchant whose portal they open (issue 15 §3) and say why (issue 18:
 * every change they then make carries the reason in the audit log); the choice goes to the
 * address (`?merchantId=`), so a reload or a shared link shows the same merchant.
 */
export function MerchantPicker({
  onPick,
  initial = '',
}: {
  onPick: (merchantId: string) => void;
  /** The merchant the address names, when staff arrive without having said why. */
  initial?: string;
}) {
  const intl = useIntl();
  const ids = useId();
  const merchants = useMerchants(true);
  const actingChanged = useActingChanged();
  const [chosen, setChosen] = useState(initial);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const merchantId = chosen || merchants.data?.[0]?.merchantId;
    if (!merchantId) return;
    if (reason.trim().length < ACTING_REASON_MIN) {
      setReasonError(intl.formatMessage({ id: 'shell.acting.reasonTooShort' }, { min: ACTING_REASON_MIN }));
      return;
    }
    setReasonError(null);
    setSaving(true);
    const ok = await actForMerchant(merchantId, reason.trim());
    if (ok) await actingChanged();
    setSaving(false);
    if (ok) onPick(merchantId);
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
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
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
          </Group>
          <Textarea
            mt="sm"
            label={intl.formatMessage({ id: 'shell.acting.reasonLabel' })}
            description={intl.formatMessage({ id: 'shell.acting.reasonIntro' })}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
            required
            autosize
            minRows={2}
            maxLength={ACTING_REASON_MAX}
            maw={680}
          />
          <Button type="submit" mt="sm" loading={isSaving} disabled={merchants.data.length === 0}>
            {intl.formatMessage({ id: 'merchants.portal.pickSubmit' })}
          </Button>
        </form>
      )}
    </section>
  );
}
