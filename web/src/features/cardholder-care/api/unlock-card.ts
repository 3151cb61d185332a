import type { CareUnlockResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { CARE_PATH, careKeys } from './care-keys';

/** `POST /api/v1/cardholder-care/cards/:cardId/unlock` with the reason care gives. */
export function useUnlockCard() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cardId, reason }: { cardId: string; reason: string }) => {
      const result = await request<CareUnlockResponse>(
        `${CARE_PATH}/cards/${encodeURIComponent(cardId)}/unlock`,
        {
          method: 'POST',
          locale,
          body: { reason },
          suppressGlobalError: (failure: RequestFailure) => failure.status < 500 && failure.status !== 401,
        },
      );
      if (result.error) {
        return {
          ok: false as const,
          message: result.error === true ? null : (result.error.errorMessage ?? null),
        };
      }
      return { ok: true as const, card: result.data.card };
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}
