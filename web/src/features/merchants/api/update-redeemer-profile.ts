import type { MerchantProfileResponse, MerchantSummary, UpdateRedeemerProfileRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, type MerchantContext } from './merchant-context';
import { submitMerchantForm } from './submit-merchant-form';

export const UPDATE_PROFILE_PATH = `${MERCHANTS_API}/updateRedeemerProfile`;

export const PROFILE_FIELDS = [
  'contactName',
  'contactEmail',
  'contactPhone',
  'address',
  'iban',
  'bic',
] as const satisfies readonly (keyof UpdateRedeemerProfileRequest)[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type UpdateProfileAnswer = { merchant: MerchantSummary; ibanChangePending: boolean };

/**
 * `POST updateRedeemerProfile` (merchant administrator, provider staff): contact details change at
 * once; a new IBAN only once the link mailed to the current contact address confirms it
 * (`ibanChangePending`), so a stolen session alone cannot redirect the merchant's money.
 */
export function useUpdateRedeemerProfile(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRedeemerProfileRequest) =>
      submitMerchantForm<UpdateProfileAnswer, ProfileField>(
        UPDATE_PROFILE_PATH,
        input,
        PROFILE_FIELDS,
        context,
      ),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData<MerchantProfileResponse>(
        merchantAdminKeys.profile(context.merchantId),
        (before) => (before ? { ...before, merchant: result.data.merchant } : before),
      );
    },
  });
}
