import { passwordProblems, type PasswordRule } from '@tessera/domain';
import { Stack } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

export type NewPasswordValues = { password: string; repeat: string };

/**
 * A new password typed twice, with the rules shown under the first field before submit (described
 * by them for screen readers).
 */
export function NewPasswordFields({
  values,
  errors,
  onChange,
  labels,
  email,
}: {
  values: NewPasswordValues;
  errors: { password?: string; repeat?: string };
  onChange: (values: NewPasswordValues) => void;
  labels: { password: string; repeat: string };
  /** The account's email, when the page knows it (change password): checked before submit too. */
  email?: string | null;
}) {
  const rulesId = useId();
  const intl = useIntl();
  return (
    <Stack gap="md">
      <PasswordField
        name="newPassword"
        label={labels.password}
        autoComplete="new-password"
        withAsterisk
        aria-required
        aria-describedby={rulesId}
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange({ ...values, password: event.currentTarget.value })}
      />
      <PasswordRules password={values.password} id={rulesId} email={email} />
      <PasswordField
        name="repeatPassword"
        label={labels.repeat}
        autoComplete="new-password"
        withAsterisk
        aria-required
        value={values.repeat}
        error={errors.repeat}
        onChange={(event) => onChange({ ...values, repeat: event.currentTarget.value })}
        description={
          values.repeat !== '' && values.repeat === values.password
            ? intl.formatMessage({ id: 'identity.password.matches' })
            : undefined
        }
      />
    </Stack>
  );
}

/**
 * Checks a new password before it is sent: the rules the browser can decide (length, and the
 * email when known; the common list is the server's), both entries equal. The message names the
 * first broken rule.
 */
export function newPasswordErrors(
  values: NewPasswordValues,
  messages: { required: string; mismatch: string; problem: (rule: PasswordRule) => string },
  email?: string | null,
): { password?: string; repeat?: string } {
  if (values.password === '') return { password: messages.required };
  const [problem] = passwordProblems(values.password, { email });
  if (problem) return { password: messages.problem(problem) };
  if (values.repeat !== values.password) return { repeat: messages.mismatch };
  return {};
}
