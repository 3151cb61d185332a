import {
  expiredFlowDate,
  newOrderDraft,
  withDiff,
  type CardIssueReason,
  type OrderDraft,
} from '@tessera/domain';
import { readStore, removeStore, writeStore } from './storage';

/**
 * Starting and keeping the card-issue draft (SPEC §3, §4). Every entry point — the card list's
 * panel, the bell, the home page, /card-load, the Spendeo and MyBenefits pages — starts a flow here.
 */

export const CARD_ISSUE_INFO_PATH = '/card-issue/info';

export type StartFlowOptions = {
  /** What the user chose on entry: `product:family`, or an expired-flow option. */
  selectedOption?: string | null;
};

/**
 * SPEC §4: starting an issue flow resets the local draft and removes the bulk cards and bulk
 * product; an expired-card flow (expired, expiring-trc, expiring-trz) also stores its reason, the
 * chosen option and an expiry date of now + 60 days. Returns the path to open.
 */
export function startIssueFlow(
  reason: CardIssueReason,
  options: StartFlowOptions = {},
  now = new Date(),
): string {
  removeStore('orderDraft');
  removeStore('draftOrder');
  removeStore('bulkOrderCards');
  removeStore('bulkProduct');
  const expired = reason === 'expired-card' || reason === 'expiring-trc' || reason === 'expiring-trz';
  writeStore(
    'orderDraft',
    newOrderDraft(reason, {
      selectedOption: options.selectedOption ?? null,
      expiringDate: expired ? expiredFlowDate(now) : null,
    }),
  );
  return CARD_ISSUE_INFO_PATH;
}

/** The draft being edited, or null. */
export function currentOrderDraft(): OrderDraft | null {
  return readStore('orderDraft');
}

/** Stores the draft with its diff against the saved version recomputed. */
export function saveLocalDraft(draft: OrderDraft): OrderDraft {
  const next = withDiff(draft);
  writeStore('orderDraft', next);
  return next;
}
