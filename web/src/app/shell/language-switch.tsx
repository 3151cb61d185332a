import { switchLocalePath } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useLocale } from '../../lib/use-locale';

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M3 12h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * Switches between Greek and English on the same page: path, query and hash are kept (SPEC §2).
 * Its text is the other language's name, in that language.
 */
export function LanguageSwitch({ className, onSwitch }: { className?: string; onSwitch?: () => void }) {
  const intl = useIntl();
  const location = useLocation();
  const locale = useLocale();
  const target = locale === 'el' ? 'en' : 'el';
  const to = switchLocalePath(`${location.pathname}${location.search}${location.hash}`, target);
  return (
    <Link
      to={to}
      lang={target}
      hrefLang={target}
      className={['tessera-language-switch', className].filter(Boolean).join(' ')}
      title={intl.formatMessage({ id: 'shell.language.switch' })}
      onClick={onSwitch}
    >
      <GlobeIcon />
      <span>{target === 'en' ? 'English' : 'Ελληνικά'}</span>
    </Link>
  );
}
