import { Alert, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { LoadingButton } from '../../../ui/loading-button';
import { useCardholderLeaver, useMarkCardholderLeaver } from '../api/cardholder-leaver';

/**
 * The leaver mark of a cardholder (issue 22 §4, ADR 036), beside the cardholder's form: marked or
 * not, with an optional leaving date. A leaver's cards show on the leavers and expiry page and are
 * never replaced when they expire. Left out when the mark cannot be read.
 */
export function LeaverMark({ cardholderId }: { cardholderId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const id = useId();
  const mark = useCardholderLeaver(cardholderId);
  const save = useMarkCardholderLeaver();
  const [isLeaver, setIsLeaver] = useState(false);
  const [leavingDate, setLeavingDate] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!mark.data) return;
    setIsLeaver(mark.data.isLeaver);
    setLeavingDate(mark.data.leavingDate ?? '');
  }, [mark.data]);

  if (mark.isPending) return <Text size="sm">{intl.formatMessage({ id: 'cards.leaver.loading' })}</Text>;
  if (!mark.data) return null;

  const onSave = async () => {
    const result = await save.mutateAsync({
      cardholderId,
      isLeaver,
      leavingDate: isLeaver && leavingDate ? leavingDate : null,
    });
    setMessage(
      result.ok
        ? { ok: true, text: intl.formatMessage({ id: 'cards.leaver.saved' }) }
        : { ok: false, text: result.messages.join(' ') },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="tessera-leaver-mark">
      <Title order={4} size="h5" id={`${id}-title`} mt="md" mb="xs">
        {intl.formatMessage({ id: 'cards.leaver.title' })}
      </Title>
      <Stack gap="sm">
        {mark.data.isLeaver && mark.data.markedAt ? (
          <Text size="sm">
            {intl.formatMessage(
              { id: 'cards.leaver.since' },
              { date: formatDate(mark.data.leavingDate ?? mark.data.markedAt, locale) },
            )}
          </Text>
        ) : null}
        <Switch
          label={intl.formatMessage({ id: 'cards.leaver.isLeaver' })}
          checked={isLeaver}
          onChange={(event) => setIsLeaver(event.currentTarget.checked)}
        />
        {isLeaver ? (
          <TextInput
            type="date"
            label={intl.formatMessage({ id: 'cards.leaver.leavingDate' })}
            value={leavingDate}
            onChange={(event) => setLeavingDate(event.currentTarget.value)}
          />
        ) : null}
        <Group>
          <LoadingButton variant="light" isLoading={save.isPending} onClick={() => void onSave()}>
            {intl.formatMessage({ id: 'cards.leaver.save' })}
          </LoadingButton>
        </Group>
        {message ? (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
}
