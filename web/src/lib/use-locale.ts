import { splitLocalePath, type Locale } from '@tessera/domain';
import { useLocation } from 'react-router';

/** The UI language, read from the address (SPEC §2: `/en` prefix for English, none for Greek). */
export function useLocale(): Locale {
  return splitLocalePath(useLocation().pathname).locale;
}
