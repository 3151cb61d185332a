import type { DisputeParty, DisputeReason, DisputeState } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';

/** The message of each dispute reason, state and party (message ids are camelCase, the codes are not). */
export const REASON_TEXT: Record<DisputeReason, MessageId> = {
  declined_but_charged: 'disputes.reason.declinedButCharged',
  charged_twice: 'disputes.reason.chargedTwice',
  refund_not_received: 'disputes.reason.refundNotReceived',
};

export const STATE_TEXT: Record<DisputeState, MessageId> = {
  open: 'disputes.state.open',
  resolved_reversal: 'disputes.state.resolvedReversal',
  resolved_refund: 'disputes.state.resolvedRefund',
  rejected: 'disputes.state.rejected',
};

export const PARTY_TEXT: Record<DisputeParty, MessageId> = {
  merchant: 'disputes.party.merchant',
  company: 'disputes.party.company',
  staff: 'disputes.party.staff',
};
