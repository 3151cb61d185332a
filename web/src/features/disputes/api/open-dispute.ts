import type { DisputeReason, DisputeResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import {
  CARD_DISPUTES_PATH,
  disputeKeys,
  MERCHANT_DISPUTES_PATH,
  partyHeaders,
  type DisputeParty,
} from './dispute-keys';

/** What the dispute is about: a merchant's transaction, or a card's purchase movement. */
export type DisputeSubject = { transactionId: string } | { cardId: string; movementId: string };

/**
 * `POST /api/v1/merchants/disputes` or `/api/v1/accounts/disputes`: opens a dispute. A refusal
 * (an open dispute already, 409) comes back for the dialog to show; other failures show globally.
 */
export function useOpenDispute(party: DisputeParty) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { subject: DisputeSubject; reason: DisputeReason; note: string }) => {
      const result = await request<DisputeResponse>(
        party.party === 'merchant' ? MERCHANT_DISPUTES_PATH : CARD_DISPUTES_PATH,
        {
          method: 'POST',
          locale,
          headers: partyHeaders(party),
          body: { ...input.subject, reason: input.reason, note: input.note },
          suppressGlobalError: (failure: RequestFailure) => failure.status < 500,
        },
      );
      if (result.error) {
        return {
          ok: false as const,
          message: result.error === true ? null : (result.error.errorMessage ?? null),
        };
      }
      return { ok: true as const, dispute: result.data.dispute };
    },
    onSuccess: (outcome) => {
      if (outcome.ok) void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
    },
  });
}
