import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRequestContext } from '../../../lib/request-context';
import { refreshAfterSubmission, submitDraftOrder, type SubmitDraftInput } from '../../../lib/api/orders';

/**
 * Submits a draft from /paymentManager (`submitOrderPaymentManager` {draftId}) or /finance
 * (`submitOrderFinanceUser` {draftId}); the order then awaits payment. Answers the response, or
 * null after a failure (shown by the global error).
 */
export function useSubmitDraft() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { draft: SubmitDraftInput; idempotencyKey: string }) =>
      submitDraftOrder(input.draft, context, input.idempotencyKey),
    onSuccess: async (response, input) => {
      if (response) await refreshAfterSubmission(queryClient, input.draft.draftId);
    },
  });
}
