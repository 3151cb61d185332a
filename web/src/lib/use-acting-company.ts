import { effectiveCompanyId } from './company-selection';
import { useSession } from './session';
import { useStore } from './storage';

/**
 * The company the signed-in user acts for (`effectiveCompanyId` over the stored company), or null
 * while signed out, for merchants, and for provider staff who have not chosen a company yet.
 */
export function useActingCompanyId(): string | null {
  const session = useSession();
  const [companyData] = useStore('companyData');
  const [lastCompanyId] = useStore('lastCompanyId');
  const user = session.data?.user;
  return user ? effectiveCompanyId(user, companyData?.companyId ?? lastCompanyId) : null;
}
