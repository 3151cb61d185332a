import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { StoreView } from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { BADGE_COLOR } from '../../../lib/badge-colors';
import { z } from 'zod';
import { registerText } from '../../../lib/zod-form';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import type { MerchantContext } from '../api/merchant-context';
import { useRequestStoreMid, type RequestMidAnswer } from '../api/request-store-mid';
import { CopyValue } from '../components/copy-value';
import { namedIssue, useMerchantFormResolver } from '../components/merchant-form-resolver';

/** The server's bounds of a terminal's label (`updateStoreMids`). */
const RequestMidFormSchema = z.object({ label: z.string().trim().min(1).max(60) });

/** The new terminal's credentials, shown this once: the server keeps only the secret's hash. */
function Credentials({ answer, onDone }: { answer: RequestMidAnswer; onDone: () => void }) {
  const intl = useIntl();
  const clientIdLabel = intl.formatMessage({ id: 'merchantAdmin.mid.clientId' });
  const secretLabel = intl.formatMessage({ id: 'merchantAdmin.mid.clientSecret' });
  return (
    <Stack gap="md">
      <FormAlert kind="success" title={intl.formatMessage({ id: 'merchantAdmin.mid.requestedTitle' })}>
        {intl.formatMessage(
          { id: 'merchantAdmin.mid.requestedText' },
          { label: answer.terminal.label, mid: answer.terminal.mid },
        )}
      </FormAlert>
      <dl className="tessera-merchant-facts">
        <div>
          <dt>{intl.formatMessage({ id: 'merchantAdmin.mid.mid' })}</dt>
          <dd>{answer.terminal.mid}</dd>
        </div>
        <div>
          <dt>{clientIdLabel}</dt>
          <dd>
            <CopyValue value={answer.terminal.clientId} label={clientIdLabel} />
          </dd>
        </div>
        <div>
          <dt>{secretLabel}</dt>
          <dd>
            <CopyValue value={answer.clientSecret} label={secretLabel} />
          </dd>
        </div>
      </dl>
      <Alert
        color="orange"
        // Mantine's orange title fails AA contrast on its light background.
        styles={{ title: { color: BADGE_COLOR.amber } }}
        variant="light"
        role="note"
        title={intl.formatMessage({ id: 'merchantAdmin.mid.onceTitle' })}
      >
        <Text size="sm">{intl.formatMessage({ id: 'merchantAdmin.mid.onceText' })}</Text>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onDone}>{intl.formatMessage({ id: 'merchantAdmin.mid.done' })}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Self-service request of a new terminal (MID) at a store (`updateStoreMids`): the merchant names
 * it (the till's label); it starts "awaiting enrolment" until the provider enrols it. The client id
 * and secret the till signs in with are shown once, with copy buttons and a warning.
 */
export function RequestTerminal({
  context,
  store,
  onClose,
}: {
  context: MerchantContext;
  store: StoreView;
  onClose: () => void;
}) {
  const intl = useIntl();
  const requestMid = useRequestStoreMid(context);
  const [answer, setAnswer] = useState<RequestMidAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const labelText = intl.formatMessage({ id: 'merchantAdmin.mid.label' });
  const form = useForm<z.input<typeof RequestMidFormSchema>, unknown, z.output<typeof RequestMidFormSchema>>({
    resolver: useMerchantFormResolver(RequestMidFormSchema, { label: labelText }),
    defaultValues: { label: '' },
    mode: 'onTouched',
  });

  if (answer) return <Credentials answer={answer} onDone={onClose} />;

  const submit = form.handleSubmit(async ({ label }) => {
    setFailure(null);
    const result = await requestMid.mutateAsync({ storeId: store.storeId, label });
    if (result.ok) return setAnswer(result.data);
    if (result.fieldErrors.label) {
      form.setError('label', {
        type: 'server',
        message: namedIssue(intl, labelText, result.fieldErrors.label),
      });
    } else {
      setFailure(result.message ?? intl.formatMessage({ id: 'merchantAdmin.form.failed' }));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">
        <Text size="sm">{intl.formatMessage({ id: 'merchantAdmin.mid.intro' }, { store: store.name })}</Text>
        <TextInput
          label={labelText}
          description={intl.formatMessage({ id: 'merchantAdmin.mid.labelHint' })}
          withAsterisk
          aria-required
          autoComplete="off"
          {...registerText(form.register, 'label')}
          error={form.formState.errors.label?.message}
        />
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {intl.formatMessage({ id: 'merchantAdmin.cancel' })}
        </Button>
        <LoadingButton type="submit" isLoading={requestMid.isPending}>
          {intl.formatMessage({ id: 'merchantAdmin.mid.submit' })}
        </LoadingButton>
      </Group>
    </form>
  );
}
