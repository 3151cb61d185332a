import { VisuallyHidden } from '@mantine/core';
import type { Link as ContentLink } from '@tessera/domain';
import type { MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LanguageLink } from './language-link';

export type CmsLinkTarget = Pick<ContentLink, 'target' | 'isExternalPage'> & { href: string };

/** A content `Link` as the target of `CmsLink`: its `href`, else its `url`. */
export function cmsLinkTarget(link: ContentLink): CmsLinkTarget {
  return { href: link.href || link.url, target: link.target, isExternalPage: link.isExternalPage };
}

type CmsLinkProps = {
  link: CmsLinkTarget;
  children: ReactNode;
  className?: string;
  /** May call `preventDefault` to act instead of following the link. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  'aria-current'?: 'page';
  'aria-label'?: string;
};

/** A link from the CMS: internal ones stay in the current language; new-tab ones say so. */
export function CmsLink({ link, children, ...props }: CmsLinkProps) {
  const intl = useIntl();
  const isNewTab = link.target === '_blank';
  return (
    <LanguageLink to={link.href} target={isNewTab ? '_blank' : undefined} {...props}>
      {children}
      {isNewTab ? <VisuallyHidden> ({intl.formatMessage({ id: 'ui.newTab' })})</VisuallyHidden> : null}
    </LanguageLink>
  );
}
