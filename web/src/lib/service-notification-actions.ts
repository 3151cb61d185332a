import {
  SERVICE_NOTIFICATION_SCOPE,
  TOP_UP_PRODUCTS,
  type CardCategory,
  type CardIssueReason,
  type ServiceNotificationId,
} from '@tessera/domain';
import { CARD_ISSUE_INFO_PATH, startIssueFlow } from './order-draft';
import type { TopUpProduct, TopUpTarget } from './ready-to-top-up';

/**
 * What a click on a service notification does (SPEC §3 ids, §4, §7). The server links them to the
 * card list filtered to the cards concerned; the portal acts on them instead:
 * - expiring Ticket Restaurant cards (expTrc plastic, expTrz virtual) start the expired flow with
 *   reason `expiring-trc` / `expiring-trz` on /card-issue/info;
 * - expiring Spendeo and MyBenefits cards start the expired flow on their own issue page
 *   (`?expired=true`);
 * - cards ready to top up make a ready-to-top-up draft of their product and family
 *   (`POST readyToTopUp`) and open it.
 */
export type ServiceNotificationAction =
  | {
      kind: 'issue';
      reason: CardIssueReason;
      /** `product:family` of the cards concerned. */
      selectedOption: string;
      /** Where the flow opens (without locale). */
      href: string;
    }
  | ({ kind: 'topUp' } & Required<TopUpTarget>);

const ISSUE_TARGETS: Partial<Record<ServiceNotificationId, { reason: CardIssueReason; href: string }>> = {
  expTrc: { reason: 'expiring-trc', href: CARD_ISSUE_INFO_PATH },
  expTrz: { reason: 'expiring-trz', href: CARD_ISSUE_INFO_PATH },
  expSpendeo: { reason: 'expired-card', href: '/cards/spendeo/issue?expired=true' },
  expMybenefits: { reason: 'expired-card', href: '/cards/mybenefits/issue?expired=true' },
};

const isTopUpProduct = (category: CardCategory): category is TopUpProduct =>
  (TOP_UP_PRODUCTS as readonly CardCategory[]).includes(category);

const isServiceNotificationId = (nid: string): nid is ServiceNotificationId =>
  Object.hasOwn(SERVICE_NOTIFICATION_SCOPE, nid);

/** The action of a service notification id; null for any other id (CMS notifications). */
export function serviceNotificationAction(nid: string): ServiceNotificationAction | null {
  if (!isServiceNotificationId(nid)) return null;
  const scope = SERVICE_NOTIFICATION_SCOPE[nid];
  if (scope.kind === 'topUp') {
    if (!isTopUpProduct(scope.category)) return null;
    return { kind: 'topUp', product: scope.category, family: scope.family };
  }
  const target = ISSUE_TARGETS[nid];
  if (!target) return null;
  return { kind: 'issue', ...target, selectedOption: `${scope.category}:${scope.family}` };
}

/**
 * Starts the local flow of an issue action (SPEC §4: reset the draft; the expired kinds store the
 * date now + 60 days) and answers where to go.
 */
export function startNotificationIssueFlow(
  action: Extract<ServiceNotificationAction, { kind: 'issue' }>,
  now = new Date(),
): string {
  startIssueFlow(action.reason, { selectedOption: action.selectedOption }, now);
  return action.href;
}
