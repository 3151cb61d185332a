import { effectiveCompanyId } from '../../../lib/company-selection';
import { useSession } from '../../../lib/session';
import { useStore } from '../../../lib/storage';

/** The company the signed-in user acts for (the route gate has made sure there is one). */
export function useActingCompanyId(): string | null {
  const session = useSession();
  const [companyData] = useStore('companyData');
  const [lastCompanyId] = useStore('lastCompanyId');
  const user = session.data?.user;
  return user ? effectiveCompanyId(user, companyData?.companyId ?? lastCompanyId) : null;
}
