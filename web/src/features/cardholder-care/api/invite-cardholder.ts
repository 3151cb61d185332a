import type { CardholderAppResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { contextOptions, useRequestContext } from '../../../lib/request-context';
import { CARDHOLDER_APP_PATH, careKeys } from './care-keys';

/**
 * `POST /api/v1/accounts/cardholderApp/invite`: (re)sends the app's invitation. A refusal (429
 * within 10 minutes, 400 without an e-mail) comes back with its message for the panel to show.
 */
export function useInviteCardholder(cardholderId: string) {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await request<CardholderAppResponse>(`${CARDHOLDER_APP_PATH}/invite`, {
        ...contextOptions(context),
        method: 'POST',
        body: { cardholderId },
        suppressGlobalError: (failure: RequestFailure) => failure.status < 500 && failure.status !== 401,
      });
      if (result.error) {
        return {
          ok: false as const,
          message: result.error === true ? null : (result.error.errorMessage ?? null),
        };
      }
      return { ok: true as const, status: result.data.status };
    },
    onSuccess: (result) => {
      if (result.ok) {
        queryClient.setQueryData<CardholderAppResponse>(careKeys.app(context.companyId, cardholderId), {
          success: true,
          status: result.status,
        });
      }
    },
  });
}
