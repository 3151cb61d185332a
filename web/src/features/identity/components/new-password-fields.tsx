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
}: {
  values: NewPasswordValues;
  errors: { password?: string; repeat?: string };
  onChange: (values: NewPasswordValues) => void;
  labels: { password: string; repeat: string };
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
      <PasswordRules password={values.password} id={rulesId} />
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

/** Checks a new password before it is sent: rules met, both entries equal. */
export function newPasswordErrors(
  values: NewPasswordValues,
  messages: { required: string; weak: string; mismatch: string },
  isStrong: (password: string) => boolean,
): { password?: string; repeat?: string } {
  if (values.password === '') return { password: messages.required };
  if (!isStrong(values.password)) return { password: messages.weak };
  if (values.repeat !== values.password) return { repeat: messages.mismatch };
  return {};
}
