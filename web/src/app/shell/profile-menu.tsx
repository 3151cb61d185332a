import type { ProfileMenuTexts, RoleId } from '@tessera/domain';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { AvatarTitle } from '../../ui/avatar-title';
import type { DropdownMenuItem } from '../../ui/dropdown-menu';
import { LanguageLink } from '../../ui/language-link';
import { paths } from '../paths';
import { headerLabelOf, profileLinksOf } from './role-menu';

// The menu's code (Mantine Menu, floating-ui) loads only for a signed-in user.
const DropdownMenu = lazy(() =>
  import('../../ui/dropdown-menu').then((module) => ({ default: module.DropdownMenu })),
);

export type ProfileMenuUser = {
  firstName: string;
  lastName: string;
  roleId: RoleId;
  /** The companies the user may act for (Select company shows above one). */
  relatedCompanyIds?: readonly string[];
};
export type ProfileMenuCompany = { companyId: string; name: string };

type ProfileMenuProps = {
  /** Texts from the menu content (`profileMenu`); UI defaults while it loads or if it failed. */
  texts?: ProfileMenuTexts;
  user?: ProfileMenuUser;
  company?: ProfileMenuCompany;
  /** Signs out; without it "Log out" links to the sign-out return page. */
  onLogOut?: () => void;
  /** While the session loads, a placeholder keeps the header from flashing "Sign in". */
  isLoading?: boolean;
};

/**
 * The profile menu (SPEC §2, §6): user name → admin information; company name and id → about;
 * All companies (provider roles), Select company (order and payment managers with more than one
 * company), New delivery point (order manager), Log out. Signed out: "Sign in". The trigger shows
 * the header label: the first name, or for provider staff the company they act for.
 */
export function ProfileMenu({ texts, user, company, onLogOut, isLoading = false }: ProfileMenuProps) {
  const intl = useIntl();
  if (isLoading) return <span className="tessera-profile-placeholder" aria-hidden="true" />;
  if (!user) {
    return (
      <LanguageLink to={paths.login.href()} className="tessera-sign-in">
        {intl.formatMessage({ id: 'shell.profile.signIn' })}
      </LanguageLink>
    );
  }

  const text = (key: keyof ProfileMenuTexts) =>
    texts?.[key] || intl.formatMessage({ id: `shell.profile.${key}` });
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  // The links below show exactly when the policy table lets the user open their pages.
  const links = new Set(profileLinksOf(user.roleId, user.relatedCompanyIds ?? []));
  // SPEC §6: first name for order and payment managers; company name for provider staff.
  const headerLabel = headerLabelOf(
    { userRoleId: user.roleId, firstName: user.firstName },
    company?.name ?? null,
    text('allCompanies'),
  );

  const items: DropdownMenuItem[] = [
    {
      key: 'personal',
      to: paths.accountAdminInformation.href(),
      label: (
        <span className="tessera-profile-item">
          <span>{text('personalAccount')}</span>
          <span className="tessera-profile-item__detail">{fullName}</span>
        </span>
      ),
    },
  ];
  if (company) {
    items.push({
      key: 'company',
      to: paths.accountAbout.href(),
      label: (
        <span className="tessera-profile-item">
          <span>{text('companyAccount')}</span>
          <span className="tessera-profile-item__detail">
            {company.name} ({company.companyId})
          </span>
        </span>
      ),
    });
  }
  if (links.has('backOffice')) {
    items.push({
      key: 'back-office',
      to: paths.backOffice.href(),
      label: intl.formatMessage({ id: 'shell.profile.backOffice' }),
    });
  }
  if (links.has('allCompanies')) {
    items.push({ key: 'all', to: paths.allCompanies.href(), label: text('allCompanies') });
  }
  if (links.has('companySelect')) {
    items.push({ key: 'select', to: paths.companySelect.href(), label: text('selectCompany') });
  }
  if (links.has('deliveryPoints')) {
    items.push({ key: 'delivery', to: paths.deliveryPoints.href(), label: text('newDeliveryPoint') });
  }
  items.push(
    onLogOut
      ? { key: 'logout', onClick: onLogOut, label: text('logOut'), isDanger: true }
      : { key: 'logout', to: paths.logout.href(), label: text('logOut'), isDanger: true },
  );

  const trigger = <AvatarTitle name={fullName || headerLabel} title={headerLabel} />;
  return (
    <Suspense fallback={<span className="tessera-dropdown-trigger">{trigger}</span>}>
      <DropdownMenu
        trigger={trigger}
        triggerLabel={intl.formatMessage({ id: 'shell.profile.open' }, { name: headerLabel })}
        items={items}
      />
    </Suspense>
  );
}
