import { Stack } from '@mantine/core';
import { isProviderRole, type MerchantProfileResponse } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { useMerchantContext, type MerchantContext } from '../api/merchant-context';
import { MERCHANT_PARAM, ProviderBanner } from './merchant-portal';
import { MerchantPicker } from './merchant-picker';
import '../merchants.css';
import '../merchant-admin.css';

export type MerchantScopeValue = {
  context: MerchantContext;
  profile: MerchantProfileResponse;
  /**
   * Whether the user may change the merchant's data: its administrator or provider staff (the
   * server's `access`); a view-only merchant user reads only, and the server answers 403 anyway.
   */
  canEdit: boolean;
  /** `?merchantId=…` for links to the other merchant pages (provider staff), else ''. */
  merchantQuery: string;
};

/** What the user may do at the merchant shown, from the server's `access`. */
export function canEditMerchant(access: MerchantProfileResponse['access']): boolean {
  return access.isProviderStaff || access.merchantRole === 'admin';
}

/**
 * The merchant administration pages' frame (issue 16): a merchant user works for their own
 * merchant; provider staff first choose one (kept in `?merchantId=` and sent as the `merchantId`
 * header), and a banner says whose portal they see. The page's body gets the merchant's context,
 * profile and whether the user may edit.
 */
export function MerchantScope({ children }: { children: (scope: MerchantScopeValue) => ReactNode }) {
  const intl = useIntl();
  const session = useSession();
  const [search, setSearch] = useSearchParams();
  const roleId = session.data?.user.userRoleId;
  const isProvider = roleId !== undefined && isProviderRole(roleId);
  const named = search.get(MERCHANT_PARAM)?.trim() || null;
  const merchantId = isProvider ? named : null;
  const context = useMerchantContext(merchantId);
  const needsPick = isProvider && merchantId === null;
  const profile = useMerchantProfile(context, session.status === 'authenticated' && !needsPick);

  const pick = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next) params.set(MERCHANT_PARAM, next);
    else params.delete(MERCHANT_PARAM);
    setSearch(params);
  };

  if (session.status !== 'authenticated') return null;
  if (needsPick) return <MerchantPicker onPick={pick} />;
  if (profile.isPending) {
    return <LoadingState label={intl.formatMessage({ id: 'merchants.portal.loading' })} />;
  }
  if (profile.isError) {
    return (
      <ErrorState
        message={intl.formatMessage({ id: 'merchants.portal.error' })}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return (
    <Stack gap="lg">
      {isProvider ? (
        <ProviderBanner name={profile.data.merchant.tradeName} onChange={() => pick(null)} />
      ) : null}
      {children({
        context,
        profile: profile.data,
        canEdit: canEditMerchant(profile.data.access),
        merchantQuery: merchantId ? `?${new URLSearchParams({ [MERCHANT_PARAM]: merchantId })}` : '',
      })}
    </Stack>
  );
}
