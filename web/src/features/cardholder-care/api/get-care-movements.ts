import type { CareMovementsResponse } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { CARE_PATH } from './care-keys';

/**
 * `GET /api/v1/cardholder-care/cards/:cardId/movements?reason=`: where a card was spent. A
 * mutation, not a query: every look is asked for with its reason and logged, never cached or
 * fetched again behind the user's back.
 */
export function useRevealMovements() {
  const locale = useLocale();
  return useMutation({
    mutationFn: async ({ cardId, reason }: { cardId: string; reason: string }) => {
      const query = new URLSearchParams({ reason }).toString();
      const result = await request<CareMovementsResponse>(
        `${CARE_PATH}/cards/${encodeURIComponent(cardId)}/movements?${query}`,
        {
          locale,
          suppressGlobalError: (failure: RequestFailure) => failure.status < 500 && failure.status !== 401,
        },
      );
      if (result.error) {
        return {
          ok: false as const,
          message: result.error === true ? null : (result.error.errorMessage ?? null),
        };
      }
      return { ok: true as const, movements: result.data.movements };
    },
  });
}
