import { isProviderRole } from '@tessera/domain';
import { useActing } from './acting';
import { useSession } from './session';

/**
 * How a page speaks of the company (issue 34 §3 item 5, ADR 045): to the company's own users as
 * "your company", to provider staff acting for it by its name ("Alpha SA's cards"). Messages that
 * speak of the company take both values: `{acting, select, yes {… {company} …} other {… your
 * company …}}`.
 */
export type CompanyVoice = { acting: 'yes' | 'no'; company: string };

export function useCompanyVoice(): CompanyVoice {
  const session = useSession();
  const acting = useActing();
  const user = session.data?.user;
  const company = acting.data?.companyName ?? acting.data?.companyId ?? session.data?.companyId ?? null;
  if (user && isProviderRole(user.userRoleId) && company) return { acting: 'yes', company };
  return { acting: 'no', company: '' };
}
