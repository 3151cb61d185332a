import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';

function EyeIcon({ isCrossed }: { isCrossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {isCrossed ? <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M3 3l18 18" /> : null}
    </svg>
  );
}

/**
 * A password input with a show/hide button that has a translated name, is reached by keyboard and
 * says whether the password shows (`aria-pressed`), and an input that says it is invalid while it
 * shows an error. Built on the text input the forms load anyway, not on Mantine's PasswordInput,
 * whose action-icon code the sign-in form would load for this one button (issue 36 §4, ADR 052).
 */
export function PasswordField(props: TextInputProps) {
  const intl = useIntl();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextInput
      type={isVisible ? 'text' : 'password'}
      aria-invalid={props.error ? true : undefined}
      rightSectionPointerEvents="all"
      rightSection={
        <button
          type="button"
          className="tessera-password-toggle"
          aria-label={intl.formatMessage({ id: 'identity.password.show' })}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          <EyeIcon isCrossed={isVisible} />
        </button>
      }
      {...props}
    />
  );
}
