import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useIntl } from 'react-intl';

/**
 * A password input whose show/hide button has a translated name and can be reached by keyboard, and
 * whose input says it is invalid while it shows an error (Mantine's sets only a data attribute).
 */
export function PasswordField(props: PasswordInputProps) {
  const intl = useIntl();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage({ id: 'identity.password.show' }) }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
