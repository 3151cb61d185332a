import type { ProfileMenuTexts } from '@tessera/domain';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { LanguageLink } from '../../ui/language-link';
import { paths } from '../paths';
import type { ProfileMenuCompany, ProfileMenuUser } from './user-menu';

// The signed-in menu (avatar, links, the dropdown) loads only for a signed-in user (ADR 052).
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

// The menu's user and company are the signed-in menu's (types only: nothing of it loads here).
export type { ProfileMenuCompany, ProfileMenuUser };

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
 * company), New delivery point (order manager), Log out (`user-menu.tsx`). Signed out: "Sign in".
 * The trigger shows the header label: the first name, or for provider staff the company they act
 * for. While the session or the signed-in menu's code loads, a placeholder keeps its place.
 */
export function ProfileMenu({ texts, user, company, onLogOut, isLoading = false }: ProfileMenuProps) {
  const intl = useIntl();
  const placeholder = <span className="tessera-profile-placeholder" aria-hidden="true" />;
  if (isLoading) return placeholder;
  if (!user) {
    return (
      <LanguageLink to={paths.login.href()} className="tessera-sign-in">
        {intl.formatMessage({ id: 'shell.profile.signIn' })}
      </LanguageLink>
    );
  }
  return (
    <Suspense fallback={placeholder}>
      <UserMenu texts={texts} user={user} company={company} onLogOut={onLogOut} />
    </Suspense>
  );
}
