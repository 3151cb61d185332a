import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, passwordProblems, type PasswordRule } from '@tessera/domain';
import { VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';

function RuleIcon({ isMet }: { isMet: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {isMet ? (
        <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
      )}
    </svg>
  );
}

/**
 * The rules a new password must meet (domain `PASSWORD_RULES`), shown before submit and ticking as
 * each is met while the user types. Each rule says in words whether it is met, for screen readers.
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const intl = useIntl();
  const problems = new Set<PasswordRule>(passwordProblems(password));
  return (
    <div className="tessera-password-rules" id={id}>
      <p className="tessera-password-rules__title">{intl.formatMessage({ id: 'identity.password.rules' })}</p>
      <ul>
        {PASSWORD_RULES.map((rule) => {
          const isMet = !problems.has(rule);
          return (
            <li key={rule} className={isMet ? 'is-met' : undefined} data-rule={rule}>
              <RuleIcon isMet={isMet} />
              <span>
                {intl.formatMessage({ id: `identity.password.rule.${rule}` }, { min: PASSWORD_MIN_LENGTH })}
                <VisuallyHidden>
                  {' '}
                  (
                  {intl.formatMessage({
                    id: isMet ? 'identity.password.rule.met' : 'identity.password.rule.notMet',
                  })}
                  )
                </VisuallyHidden>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
