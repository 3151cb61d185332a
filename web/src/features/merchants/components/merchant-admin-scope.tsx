import { Stack } from '@mantine/core';
import type { MerchantProfileResponse } from '@tessera/domain';
import type { ReactNode } from 'react';
import type { MerchantContext } from '../api/merchant-context';
import { MERCHANT_PARAM, MerchantScope as PortalScope } from '../dashboard/merchant-scope';
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
 * The merchant administration pages' frame (issue 16): whose portal it is (the portal's
 * `MerchantScope`: a merchant user's own merchant, or the one provider staff chose, with the
 * banner), and whether the user may edit.
 */
export function MerchantScope({ children }: { children: (scope: MerchantScopeValue) => ReactNode }) {
  return (
    <PortalScope>
      {(context, profile) => (
        <Stack gap="lg">
          {children({
            context,
            profile,
            canEdit: canEditMerchant(profile.access),
            merchantQuery: context.merchantId
              ? `?${new URLSearchParams({ [MERCHANT_PARAM]: context.merchantId })}`
              : '',
          })}
        </Stack>
      )}
    </PortalScope>
  );
}
