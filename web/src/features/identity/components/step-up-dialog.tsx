import { Button, Group, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMessageAreas } from '../../../i18n/use-message-areas';
import { answerStepUp } from '../../../lib/step-up';
import { AppModal } from '../../../ui/modal';
import { proveSecondFactor, useStepUpMinutes } from '../api/second-factor-account';

/**
 * Asks for the current code of the authenticator app when a change needs a fresh second factor
 * (issue 21 §2, issue 33 §9: any submission, payment or unload from the company's minimum amount,
 * an approval, who approves, a merchant's IBAN, an API client). The change waits and is sent again
 * once the code is accepted; Cancel leaves it refused. A wrong code stays beside the field. How
 * long the code then counts is the server's setting (`stepUpMinutes` of the security status): said
 * once known.
 */
export function StepUpDialog() {
  // The identity texts are not in every page's first load: they come with the dialog, which shows
  // once they are there (issue 36 §4, ADR 052).
  const hasTexts = useMessageAreas(['identity', 'signIn']);
  return hasTexts ? <StepUpForm /> : null;
}

function StepUpForm() {
  const intl = useIntl();
  const ids = useId();
  const minutes = useStepUpMinutes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError(intl.formatMessage({ id: 'shell.stepUp.codeFormat' }));
      return;
    }
    setChecking(true);
    const result = await proveSecondFactor(code);
    setChecking(false);
    if (result.ok) {
      answerStepUp(true);
      return;
    }
    setError(result.codeError ?? intl.formatMessage({ id: 'identity.secondFactor.error.invalid' }));
  };

  return (
    <AppModal
      opened
      onClose={() => answerStepUp(false)}
      title={intl.formatMessage({ id: 'shell.stepUp.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'shell.stepUp.close' }) }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={`${ids}-intro`}>
        <Text id={`${ids}-intro`} mb="sm">
          {minutes !== null
            ? intl.formatMessage({ id: 'shell.stepUp.intro' }, { minutes })
            : intl.formatMessage({ id: 'shell.stepUp.introShort' })}
        </Text>
        <TextInput
          name="code"
          label={intl.formatMessage({ id: 'identity.secondFactor.code' })}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          value={code}
          error={error}
          onChange={(event) => setCode(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => answerStepUp(false)}>
            {intl.formatMessage({ id: 'shell.stepUp.cancel' })}
          </Button>
          <Button type="submit" loading={isChecking}>
            {intl.formatMessage({ id: 'shell.stepUp.confirm' })}
          </Button>
        </Group>
      </form>
    </AppModal>
  );
}
