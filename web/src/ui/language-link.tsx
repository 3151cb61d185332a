import { localePath } from '@tessera/domain';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useLocale } from '../lib/use-locale';

export type LanguageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  Pick<LinkProps, 'replace' | 'state' | 'preventScrollReset'> & {
    /** A path without locale (`/faqs`), or an external address (`https:`, `mailto:`, `tel:`). */
    to: string;
    ref?: Ref<HTMLAnchorElement>;
  };

/** True for `https:`, `mailto:`, `tel:` and protocol-relative addresses. */
export function isExternalHref(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}

/**
 * The locale-aware link: every internal link goes through it so English pages keep linking to
 * English pages (`/en/...`). External addresses render a plain anchor.
 */
export function LanguageLink({ to, ref, replace, state, preventScrollReset, ...anchor }: LanguageLinkProps) {
  const locale = useLocale();
  if (isExternalHref(to)) {
    const rel = anchor.target === '_blank' ? (anchor.rel ?? 'noopener noreferrer') : anchor.rel;
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content arrives in `anchor.children`
    return <a ref={ref} href={to} {...anchor} rel={rel} />;
  }
  return (
    <Link
      ref={ref}
      to={localePath(locale, to)}
      replace={replace}
      state={state}
      preventScrollReset={preventScrollReset}
      {...anchor}
    />
  );
}
