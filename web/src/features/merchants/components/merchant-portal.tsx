import { lazy, Suspense } from 'react';
import { MerchantDashboard } from '../dashboard/merchant-dashboard';
import { MerchantScope } from '../dashboard/merchant-scope';
import '../merchants.css';
import { VirtualTerminalLoading } from './virtual-terminal-loading';

// The terminal's form (Mantine's inputs, radios and selects, the demo cards) is not the first
// screen: it loads when the page shows it, below the dashboard (issue 36 §4, ADR 052).
const VirtualTerminal = lazy(() =>
  import('./virtual-terminal').then((module) => ({ default: module.VirtualTerminal })),
);

/**
 * The working part of the merchant portal's home: the dashboard (issue 16: sales, fees, the next
 * payout, charts, the latest declines) and below it the virtual terminal (issue 15 §3). Whose portal
 * it is, and the banner provider staff see, is `MerchantScope`'s. Whether the user may sell is the
 * server's answer (`access.canUseTerminal`): a view-only merchant user reads only.
 */
export function MerchantPortal() {
  // At least a window tall in every state (loading, picking a merchant, the dashboard filling in):
  // the section tiles below it start under the first screen and stay there (issue 36 §7, ADR 054).
  return (
    <div className="tessera-merchant-portal-area">
      <MerchantScope>
        {(context, profile) => (
          <div className="tessera-merchant-portal">
            <MerchantDashboard context={context} />
            <Suspense fallback={<VirtualTerminalLoading />}>
              <VirtualTerminal context={context} canSell={profile.access.canUseTerminal} />
            </Suspense>
          </div>
        )}
      </MerchantScope>
    </div>
  );
}
