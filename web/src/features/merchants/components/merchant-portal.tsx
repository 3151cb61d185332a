import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { isProviderRole } from '@tessera/domain';
import { useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { useSession } from '../../../lib/session';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { useMerchantContext } from '../api/merchant-context';
import { MerchantPicker } from './merchant-picker';
import { VirtualTerminal } from './virtual-terminal';
import '../merchants.css';

/** The address parameter naming the merchant provider staff act for. */
export const MERCHANT_PARAM = 'merchantId';

/**
 * The working part of the merchant portal's home (issue 15 §3): the virtual terminal. A merchant
 * user works for their own merchant; provider staff first choose one (kept in `?merchantId=` and
 * sent as the `merchantId` header), and a banner says whose portal they see. Whether the user may
 * sell is the server's answer (`access.canUseTerminal`): a view-only merchant user reads only.
 */
export function MerchantPortal() {
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
  return (
    <Stack gap="lg">
      {profile.isPending ? (
        <PortalLoading />
      ) : profile.isError ? (
        <PortalError onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {isProvider ? (
            <ProviderBanner name={profile.data.merchant.tradeName} onChange={() => pick(null)} />
          ) : null}
          <VirtualTerminal context={context} canSell={profile.data.access.canUseTerminal} />
        </>
      )}
    </Stack>
  );
}

function PortalLoading() {
  const intl = useIntl();
  return <LoadingState label={intl.formatMessage({ id: 'merchants.portal.loading' })} />;
}

function PortalError({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return <ErrorState message={intl.formatMessage({ id: 'merchants.portal.error' })} onRetry={onRetry} />;
}

/** Says that provider staff see someone else's portal, with the way to another merchant. */
export function ProviderBanner({ name, onChange }: { name: string; onChange: () => void }) {
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
