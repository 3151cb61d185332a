import type { DisputeResponse, RejectDisputeRequest, ResolveDisputeRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { disputeKeys, DISPUTE_DESK_PATH } from './dispute-keys';

export type DisputeAnswer =
  ({ kind: 'resolve' } & ResolveDisputeRequest) | ({ kind: 'reject' } & RejectDisputeRequest);

/**
 * `POST /api/v1/disputes/:id/resolve` or `/reject` (provider staff). A resolution moves money: the
 * request helper asks for a fresh code when the server says so (code 33) and sends it again. A
 * refusal (409, 400, 422) comes back with its message for the form to show.
 */
export function useAnswerDispute(disputeId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, ...body }: DisputeAnswer) => {
      const result = await request<DisputeResponse>(
        `${DISPUTE_DESK_PATH}/${encodeURIComponent(disputeId)}/${kind}`,
        {
          method: 'POST',
          locale,
          body,
          suppressGlobalError: (failure: RequestFailure) => failure.status < 500 && failure.status !== 401,
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
    onSettled: () => void queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
  });
}
