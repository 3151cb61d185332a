import { localePath } from '@tessera/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { isSigningOut, useSession } from '../lib/session';
import { useLocale } from '../lib/use-locale';
import { LoadingState } from '../ui/state-views';
import { decideAccess, type RouteAccess } from './route-access';
import { useActingCompanyId } from '../lib/use-acting-company';

// The 403 page is rare: its code is not in every page's first load (issue 36 §4, ADR 052).
const ForbiddenPage = lazy(() =>
  import('./forbidden-page').then((module) => ({ default: module.ForbiddenPage })),
);

function accessOfHandle(handle: unknown): RouteAccess {
  if (typeof handle === 'object' && handle !== null && 'access' in handle)
    return handle.access as RouteAccess;
  return { kind: 'public' };
}

/** The sign-in page with SessionRequired and the way back (SPEC §2, §8), in the page's language. */
export function sessionRequiredHref(locale: 'el' | 'en', callbackUrl: string): string {
  return `${localePath(locale, '/user/login')}?error=SessionRequired&callbackUrl=${encodeURIComponent(callbackUrl)}`;
}

/**
 * Applies the route table's allowed roles around the page (SPEC §6): a signed-out visitor of a
 * protected page goes to sign-in with `error=SessionRequired` and a callback to the page; a role
 * that may not open it sees the 403 page; a company page without a company first asks for one.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const access = accessOfHandle(useMatches().at(-1)?.handle);
  const session = useSession();
  const location = useLocation();
  const locale = useLocale();
  const actingCompanyId = useActingCompanyId();

  if (access.kind === 'public') return children;
  if (isSigningOut()) return <LoadingState />;
  const user = session.status === 'loading' ? undefined : (session.data?.user ?? null);
  const decision = decideAccess(access, user, actingCompanyId);
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'loading':
      return <LoadingState />;
    case 'forbidden':
      return (
        <Suspense fallback={<LoadingState />}>
          <ForbiddenPage />
        </Suspense>
      );
    case 'chooseCompany':
      return <Navigate replace to={localePath(locale, decision.href)} />;
    case 'signIn':
      return (
        <Navigate
          replace
          to={sessionRequiredHref(locale, `${location.pathname}${location.search}${location.hash}`)}
        />
      );
  }
}
