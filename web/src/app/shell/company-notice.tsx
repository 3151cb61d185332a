import { Anchor } from '@mantine/core';
import { isProviderRole, splitLocalePath } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { canSelectCompany } from '../../lib/company-selection';
import { useSession } from '../../lib/session';
import { LanguageLink } from '../../ui/language-link';
import { paths } from '../paths';
import { useActingCompanyId } from '../../lib/use-acting-company';

/**
 * A bar under the header while a user who must choose a company has none (SPEC §6: the payment
 * manager's and provider staff's main menu is hidden until then), pointing to where to choose.
 */
export function CompanyNotice() {
  const intl = useIntl();
  const session = useSession();
  const location = useLocation();
  const companyId = useActingCompanyId();
  const user = session.data?.user;
  if (!user) return null;
  if (companyId !== null) return null;
  const path = splitLocalePath(location.pathname).path;

  let text: string;
  let link: { href: string; label: string };
  if (isProviderRole(user.userRoleId)) {
    // The company list and the back office's own tools need no company.
    if (path === paths.allCompanies.href() || path.startsWith(paths.backOffice.href())) return null;
    text = intl.formatMessage({ id: 'shell.company.providerNone' });
    link = {
      href: paths.allCompanies.href(),
      label: intl.formatMessage({ id: 'shell.company.providerLink' }),
    };
  } else if (canSelectCompany(user)) {
    if (path === paths.companySelect.href()) return null;
    text = intl.formatMessage({ id: 'shell.company.choose' });
    link = {
      href: paths.companySelect.href(),
      label: intl.formatMessage({ id: 'shell.company.chooseLink' }),
    };
  } else {
    return null;
  }

  return (
    <div className="tessera-company-notice">
      <p className="tessera-container tessera-company-notice__inner">
        <span>{text}</span>
        <Anchor component={LanguageLink} to={link.href} fw={700}>
          {link.label}
        </Anchor>
      </p>
    </div>
  );
}
