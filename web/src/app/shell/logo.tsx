import { useIntl } from 'react-intl';
import { LanguageLink } from '../../ui/language-link';

/** The brand's mark (also drawn by `index.html`'s static frame). */
export function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0b5f5a" />
      <rect x="7" y="7" width="8" height="8" rx="1.5" fill="#ffffff" />
      <rect x="17" y="7" width="8" height="8" rx="1.5" fill="#f2b84b" />
      <rect x="7" y="17" width="8" height="8" rx="1.5" fill="#f2b84b" />
      <rect x="17" y="17" width="8" height="8" rx="1.5" fill="#ffffff" />
    </svg>
  );
}

type LogoProps = { to?: string; asLink?: boolean };

/** "Tessera" with its mark; links home (the merchant home for merchants, SPEC §6). */
export function Logo({ to = '/', asLink = true }: LogoProps) {
  const intl = useIntl();
  const content = (
    <>
      <LogoMark />
      <span className="tessera-logo__text">Tessera</span>
    </>
  );
  if (!asLink) return <span className="tessera-logo">{content}</span>;
  return (
    <LanguageLink
      to={to}
      className="tessera-logo"
      aria-label={intl.formatMessage({ id: 'shell.header.home' })}
    >
      {content}
    </LanguageLink>
  );
}
