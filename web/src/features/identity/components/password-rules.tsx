import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  passwordProblems,
  type PasswordRule,
} from '@tessera/domain';
import { VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';

function RuleIcon({ state }: { state: 'met' | 'notMet' | 'onSave' }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {state === 'met' ? (
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : state === 'notMet' ? (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
      ) : (
        <circle cx="8" cy="8" r="2.5" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * The password policy (domain `PASSWORD_RULES`, ADR 033), shown before submit beside the field and
 * ticking as each rule is met while the user types. A rule the browser cannot decide (the common
 * passwords are listed only on the server; the email when the page does not know it) is shown
 * with a dot and "checked when you save". Each rule says in words how it stands, for screen readers.
 */
export function PasswordRules({
  password,
  id,
  email,
}: {
  password: string;
  id?: string;
  /** The account's email, when the page knows it: then "not your email" ticks too. */
  email?: string | null;
}) {
  const intl = useIntl();
  const problems = new Set<PasswordRule>(passwordProblems(password, { email }));
  const stateOf = (rule: PasswordRule) => {
    if (rule === 'notCommon' || (rule === 'notEmail' && !email)) return 'onSave' as const;
    return problems.has(rule) || (rule === 'minLength' && problems.has('maxLength'))
      ? ('notMet' as const)
      : ('met' as const);
  };
  return (
    <div className="tessera-password-rules" id={id}>
      <p className="tessera-password-rules__title">{intl.formatMessage({ id: 'identity.password.rules' })}</p>
      <ul>
        {PASSWORD_RULES.map((rule) => {
          const state = stateOf(rule);
          return (
            <li key={rule} className={state === 'met' ? 'is-met' : undefined} data-rule={rule}>
              <RuleIcon state={state} />
              <span>
                {intl.formatMessage(
                  { id: `identity.password.rule.${rule}` },
                  { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
                )}
                <VisuallyHidden>
                  {' '}
                  ({intl.formatMessage({ id: `identity.password.rule.${state}` })})
                </VisuallyHidden>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
