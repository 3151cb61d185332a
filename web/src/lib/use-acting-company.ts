import { effectiveCompanyId } from './company-selection';
import { useSession } from './session';
import { useStore, type CompanyData } from './storage';

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

/**
 * The stored data (name, VAT) of the company the user acts for, once it is loaded: null until the
 * company lookup of the selection (SPEC §4) has stored it, and whenever `useActingCompanyId` is.
 */
export function useActingCompany(): CompanyData | null {
  const companyId = useActingCompanyId();
  const [companyData] = useStore('companyData');
  return companyId !== null && companyData?.companyId === companyId ? companyData : null;
}
