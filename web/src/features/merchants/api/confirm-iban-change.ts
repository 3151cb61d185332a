import type { MerchantProfileResponse, MerchantSummary } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const CONFIRM_IBAN_PATH = `${MERCHANTS_API}/confirmIbanChange`;

export type IbanConfirmation =
  | { outcome: 'confirmed'; merchant: MerchantSummary }
  /** 404: the link was used already, has expired (24 hours) or is another merchant's. */
  | { outcome: 'invalid' }
  | { outcome: 'failed' };

/**
 * `POST confirmIbanChange {token}`: the mailed link's confirmation. The page says what happened
 * itself (a used or expired link is an answer, not an error); other failures go to the global error.
 */
export function useConfirmIbanChange(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<IbanConfirmation> => {
      const result = await request<{ merchant: MerchantSummary }>(CONFIRM_IBAN_PATH, {
        method: 'POST',
        body: { token },
        ...merchantOptions(context),
        suppressGlobalError: (failure) => failure.status === 404 || failure.status === 400,
      });
      if (!result.error) return { outcome: 'confirmed', merchant: result.data.merchant };
      return result.status === 404 || result.status === 400 ? { outcome: 'invalid' } : { outcome: 'failed' };
    },
    onSuccess: (answer) => {
      if (answer.outcome !== 'confirmed') return;
      queryClient.setQueryData<MerchantProfileResponse>(
        merchantAdminKeys.profile(context.merchantId),
        (before) => (before ? { ...before, merchant: answer.merchant } : before),
      );
    },
  });
}
