import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import type { SecondFactorEnrolmentResponse } from '@tessera/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMessageAreas } from '../../../i18n/use-message-areas';
import type { MessageId } from '../../../i18n/messages';
import { LoadingButton } from '../../../ui/loading-button';
import { LoadingSpinner } from '../../../ui/loading-spinner';
import {
  confirmSignInEnrolment,
  startSignInEnrolment,
  submitSecondFactor,
  type SecondFactorProblem,
} from '../api/second-factor-sign-in';
import { FormAlert } from './form-alert';
import { RecoveryCodes } from './recovery-codes';
import { TotpEnrolment } from './totp-enrolment';

const PROBLEM_MESSAGES: Record<SecondFactorProblem, MessageId> = {
  invalid: 'identity.secondFactor.error.invalid',
  locked: 'identity.login.error.locked',
  expired: 'identity.login.error.expired',
  rateLimited: 'identity.login.error.rateLimited',
};

/**
 * The second step of signing in (issue 21): the six-digit code of the authenticator app or a
 * recovery code, and whether to remember this browser for 30 days. An account that must use two
 * factors but has none enrols here first (QR code, first code) and sees its recovery codes once.
 * `onDone` receives the address where the sign-in continues.
 */
type SecondFactorStepProps = {
  uid: string;
  enrolled: boolean;
  onDone: (redirectTo: string) => void;
  onRestart: () => void;
};

/**
 * The step once its texts are there: they are not the sign-in form's (`signIn`), they load with
 * the step (issue 36 §4, ADR 052).
 */
export function SecondFactorStep(props: SecondFactorStepProps) {
  const hasTexts = useMessageAreas(['identity']);
  return hasTexts ? <SecondFactorStepForm {...props} /> : <LoadingSpinner />;
}

function SecondFactorStepForm({ uid, enrolled, onDone, onRestart }: SecondFactorStepProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [isRecovery, setIsRecovery] = useState(false);
  const [rememberDevice, setRememberDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isCodeRefused, setIsCodeRefused] = useState(false);
  const [problem, setProblem] = useState<SecondFactorProblem | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  /** Each refusal announces its message again, even the same one. */
  const [attempts, setAttempts] = useState(0);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolmentResponse | null>(null);
  const [finished, setFinished] = useState<{ recoveryCodes: string[]; redirectTo: string } | null>(null);

  useEffect(() => {
    if (enrolled) return;
    void startSignInEnrolment(uid).then((result) => {
      if (result.ok) setEnrolment(result.data);
      else setProblem(result.problem ?? 'expired');
    });
  }, [uid, enrolled]);

  /**
   * A refused code: the alert above the form says why ("the code is wrong, has expired…"), so the
   * field is only marked invalid; the server's generic field text ("This value is not valid.")
   * would repeat it less well (issue 34 §3 item 6). A refusal without a reason keeps the field's.
   */
  const refuse = (result: { field: string | null; problem: SecondFactorProblem | null }) => {
    setFieldError(result.problem ? null : result.field);
    setIsCodeRefused(result.problem !== null || result.field !== null);
    setProblem(result.problem);
    setCode('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const value = code.trim();
    if (value === '') {
      setFieldError(intl.formatMessage({ id: 'identity.field.required' }));
      return;
    }
    setFieldError(null);
    setIsBusy(true);
    setAttempts((count) => count + 1);
    if (!enrolled) {
      const result = await confirmSignInEnrolment(uid, { code: value, rememberDevice });
      setIsBusy(false);
      if (result.ok) {
        setFinished({ recoveryCodes: result.data.recoveryCodes, redirectTo: result.data.redirectTo ?? '/' });
        return;
      }
      refuse(result);
      return;
    }
    const result = await submitSecondFactor(uid, {
      ...(isRecovery ? { recoveryCode: value } : { code: value }),
      rememberDevice,
    });
    if (result.ok) {
      onDone(result.data.redirectTo ?? '/');
      return;
    }
    setIsBusy(false);
    refuse(result);
  };

  if (problem === 'expired' || problem === 'locked') {
    return (
      <Stack gap="md">
        <FormAlert kind="error" key={problem}>
          {intl.formatMessage({ id: PROBLEM_MESSAGES[problem] })}
        </FormAlert>
        <Button size="md" onClick={onRestart}>
          {intl.formatMessage({ id: 'identity.login.restart' })}
        </Button>
      </Stack>
    );
  }

  if (finished) {
    return (
      <Stack gap="md">
        <RecoveryCodes codes={finished.recoveryCodes} />
        <Button size="md" onClick={() => onDone(finished.redirectTo)}>
          {intl.formatMessage({ id: 'identity.secondFactor.continue' })}
        </Button>
      </Stack>
    );
  }

  if (!enrolled && !enrolment) return <LoadingSpinner />;

  const label = isRecovery
    ? intl.formatMessage({ id: 'identity.secondFactor.recoveryCode' })
    : intl.formatMessage({ id: 'identity.secondFactor.code' });

  return (
    <Stack gap="md">
      <Text>
        {intl.formatMessage({
          id: enrolled ? 'identity.secondFactor.prompt' : 'identity.secondFactor.enrolPrompt',
        })}
      </Text>
      {problem ? (
        <FormAlert kind="error" key={`${problem}-${attempts}`}>
          {intl.formatMessage({ id: PROBLEM_MESSAGES[problem] })}
        </FormAlert>
      ) : null}
      {enrolment ? <TotpEnrolment qrDataUrl={enrolment.qrDataUrl} secret={enrolment.secret} /> : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack gap="md">
          <TextInput
            name="code"
            label={label}
            autoComplete="one-time-code"
            inputMode={isRecovery ? 'text' : 'numeric'}
            withAsterisk
            aria-required
            value={code}
            error={fieldError ?? (isCodeRefused && problem !== null)}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Checkbox
            label={intl.formatMessage({ id: 'identity.secondFactor.rememberDevice' })}
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.currentTarget.checked)}
          />
          <LoadingButton type="submit" size="md" isLoading={isBusy}>
            {intl.formatMessage({ id: 'identity.secondFactor.submit' })}
          </LoadingButton>
          {enrolled ? (
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setIsRecovery(!isRecovery);
                setCode('');
                setFieldError(null);
              }}
            >
              {intl.formatMessage({
                id: isRecovery ? 'identity.secondFactor.useApp' : 'identity.secondFactor.useRecovery',
              })}
            </Anchor>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
