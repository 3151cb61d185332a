import type { StoreView, UpdateStoreDetailsRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, type MerchantContext } from './merchant-context';
import { submitMerchantForm } from './submit-merchant-form';

export const UPDATE_STORE_PATH = `${MERCHANTS_API}/updateStoreDetails`;

export const STORE_FIELDS = [
  'name',
  'address',
  'city',
  'postalCode',
  'openingHours',
  'channels',
  'area',
  'lat',
  'lng',
] as const satisfies readonly (keyof UpdateStoreDetailsRequest)[];
export type StoreField = (typeof STORE_FIELDS)[number];

/**
 * `POST updateStoreDetails` (merchant administrator, provider staff): a store's name, address,
 * opening hours and channels. Its category and products are contractual and stay as they are.
 */
export function useUpdateStoreDetails(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateStoreDetailsRequest) =>
      submitMerchantForm<{ store: StoreView }, StoreField>(UPDATE_STORE_PATH, input, STORE_FIELDS, context),
    onSuccess: (result) => {
      if (!result.ok) return;
      void queryClient.invalidateQueries({ queryKey: merchantAdminKeys.stores(context.merchantId) });
      queryClient.setQueryData(
        merchantAdminKeys.storeDetails(context.merchantId, result.data.store.storeId),
        result.data.store,
      );
    },
  });
}
