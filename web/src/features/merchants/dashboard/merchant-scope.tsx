import { Alert, Button, Group, Text } from '@mantine/core';
import { isProviderRole, type MerchantProfileResponse } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { useMerchantContext, type MerchantContext } from '../api/merchant-context';
import { MerchantPicker } from '../components/merchant-picker';

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
  if (needsPick) return <MerchantPicker onPick={pick} initial={merchantId ?? ''} />;
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
  return (
    <>
      {isProvider ? (
        <ProviderBanner name={profile.data.merchant.tradeName} onChange={() => pick(null)} />
      ) : null}
      {children(context, profile.data)}
    </>
  );
}

/** Says that provider staff see someone else's portal, with the way to another merchant. */
function ProviderBanner({ name, onChange }: { name: string; onChange: () => void }) {
  const intl = useIntl();
  return (
    <Alert color="orange" variant="light" className="tessera-vt__banner">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600}>{intl.formatMessage({ id: 'merchants.portal.providerBanner' }, { name })}</Text>
        <Button variant="default" size="xs" onClick={onChange}>
          {intl.formatMessage({ id: 'merchants.portal.changeMerchant' })}
        </Button>
      </Group>
    </Alert>
  );
}
