import { isProviderRole, type MerchantProfileResponse } from '@tessera/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { useMerchantContext, type MerchantContext } from '../api/merchant-context';

// Only provider staff choose a merchant: its form (inputs, the reason field) is not in a merchant
// user's first load of the portal (issue 36 §4, ADR 052).
const MerchantPicker = lazy(() =>
  import('../components/merchant-picker').then((module) => ({ default: module.MerchantPicker })),
);
// The banner over someone else's portal is for provider staff too.
const ProviderBanner = lazy(() =>
  import('../components/provider-banner').then((module) => ({ default: module.ProviderBanner })),
);

/** The address parameter naming the merchant provider staff act for. */
export const MERCHANT_PARAM = 'merchantId';

/**
 * A link inside the merchant portal that keeps the merchant provider staff act for
 * (`?merchantId=`); a merchant user's links stay plain.
 */
export function merchantHref(href: string, merchantId: string | null, search?: URLSearchParams): string {
  const params = new URLSearchParams(search);
  if (merchantId) params.set(MERCHANT_PARAM, merchantId);
  const query = params.toString();
  return query ? `${href}?${query}` : href;
}

type ScopeProps = {
  children: (context: MerchantContext, profile: MerchantProfileResponse) => ReactNode;
};

/**
 * Whose merchant portal a page shows (issue 15 §3, issue 16): a merchant user works for their own
 * merchant; provider staff first choose one (kept in `?merchantId=` and sent as the `merchantId`
 * header), and a banner says whose portal they see. The page's content gets the request context and
 * the merchant's profile (with what the user may do there).
 */
export function MerchantScope({ children }: ScopeProps) {
  const intl = useIntl();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const roleId = session.data?.user.userRoleId;
  const isProvider = roleId !== undefined && isProviderRole(roleId);
  const named = search.get(MERCHANT_PARAM)?.trim() || null;
  const merchantId = isProvider ? named : null;
  const context = useMerchantContext(merchantId);
  // Staff act for the merchant the address names only once they have said why (issue 18).
  const needsPick = isProvider && (merchantId === null || session.data?.acting?.merchantId !== merchantId);
  const profile = useMerchantProfile(context, session.status === 'authenticated' && !needsPick);

  const pick = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next) params.set(MERCHANT_PARAM, next);
    else params.delete(MERCHANT_PARAM);
    setSearch(params);
  };

  if (session.status !== 'authenticated') return null;
  if (needsPick) {
    return (
      <Suspense fallback={<LoadingState />}>
        <MerchantPicker onPick={pick} initial={merchantId ?? ''} />
      </Suspense>
    );
  }
  if (profile.isPending)
    return <LoadingState label={intl.formatMessage({ id: 'merchants.portal.loading' })} />;
  if (profile.isError) {
    return (
      <ErrorState
        message={intl.formatMessage({ id: 'merchants.portal.error' })}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (!isProvider) return children(context, profile.data);
  // Staff see the banner and the portal together, once the banner's code is there.
  return (
    <Suspense fallback={<LoadingState />}>
      <ProviderBanner name={profile.data.merchant.tradeName} onChange={() => pick(null)} />
      {children(context, profile.data)}
    </Suspense>
  );
}
