import { Stack } from '@mantine/core';
import { MerchantDashboard } from '../dashboard/merchant-dashboard';
import { MerchantScope } from '../dashboard/merchant-scope';
import { VirtualTerminal } from './virtual-terminal';
import '../merchants.css';

/**
 * The working part of the merchant portal's home: the dashboard (issue 16: sales, fees, the next
 * payout, charts, the latest declines) and below it the virtual terminal (issue 15 §3). Whose portal
 * it is, and the banner provider staff see, is `MerchantScope`'s. Whether the user may sell is the
 * server's answer (`access.canUseTerminal`): a view-only merchant user reads only.
 */
export function MerchantPortal() {
  return (
    <MerchantScope>
      {(context, profile) => (
        <Stack gap="lg">
          <MerchantDashboard context={context} />
          <VirtualTerminal context={context} canSell={profile.access.canUseTerminal} />
        </Stack>
      )}
    </MerchantScope>
  );
}
