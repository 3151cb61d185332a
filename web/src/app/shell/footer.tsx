import type { FooterResponse } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { CmsLink, cmsLinkTarget } from '../../ui/cms-link';
import { paths } from '../paths';
import { SocialIcon } from './social-icon';

const NETWORK_NAMES = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  youtube: 'YouTube',
};

/**
 * The footer (SPEC §2): columns of links, social links, bottom links and the copyright line from
 * the content service. While it loads, or if it failed, the legal links and a plain copyright show.
 */
export function Footer({ footer }: { footer: FooterResponse | undefined }) {
  const intl = useIntl();
  const year = new Date().getFullYear();
  const fallbackLinks = [
    { key: 'terms', href: paths.page.href('terms'), text: intl.formatMessage({ id: 'shell.footer.terms' }) },
    {
      key: 'privacy',
      href: paths.page.href('privacy'),
      text: intl.formatMessage({ id: 'shell.footer.privacy' }),
    },
    {
      key: 'cookies',
      href: paths.page.href('cookies'),
      text: intl.formatMessage({ id: 'shell.footer.cookies' }),
    },
  ];

  return (
    <footer className="tessera-footer">
      <div className="tessera-container tessera-footer__inner">
        {footer && footer.footerColumns.length > 0 ? (
          <nav
            aria-label={intl.formatMessage({ id: 'shell.footer.label' })}
            className="tessera-footer__columns"
          >
            {footer.footerColumns.map((column, index) => (
              <div key={`${column.columnTitle}-${index}`} className="tessera-footer__column">
                <h2 className="tessera-footer__title">{column.columnTitle}</h2>
                <ul>
                  {column.columnLinks.map((link, linkIndex) => (
                    <li key={`${link.id}-${linkIndex}`}>
                      <CmsLink link={cmsLinkTarget(link)}>{link.title}</CmsLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        ) : null}

        {footer && footer.socialLinks.length > 0 ? (
          <ul
            className="tessera-footer__social"
            aria-label={intl.formatMessage({ id: 'shell.footer.social' })}
          >
            {footer.socialLinks.map((social) => (
              <li key={social.network}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={intl.formatMessage(
                    { id: 'shell.footer.socialLink' },
                    { name: social.title || NETWORK_NAMES[social.network] },
                  )}
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="tessera-footer__bottom">
          <ul className="tessera-footer__bottom-links">
            {footer
              ? footer.bottomLinks.map((link, index) => (
                  <li key={`${link.id}-${index}`}>
                    <CmsLink link={cmsLinkTarget(link)}>{link.title}</CmsLink>
                  </li>
                ))
              : fallbackLinks.map((link) => (
                  <li key={link.key}>
                    <CmsLink link={{ href: link.href, target: '_self', isExternalPage: false }}>
                      {link.text}
                    </CmsLink>
                  </li>
                ))}
          </ul>
          <p className="tessera-footer__copyright">
            {footer?.copyright || intl.formatMessage({ id: 'shell.footer.copyright' }, { year })}
          </p>
        </div>
      </div>
    </footer>
  );
}
