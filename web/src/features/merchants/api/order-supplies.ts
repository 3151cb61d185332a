import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import type { MerchantCharge, SupplyOrder } from './merchant-billing';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';
import { submitMerchantForm } from './submit-merchant-form';

export const SUPPLIES_PATH = `${MERCHANTS_API}/bagsTrvStickers`;

export type SupplyOrderInput = { storeId: string; bags: number; stickers: number; notes: string };
export const SUPPLY_FIELDS = ['storeId', 'bags', 'stickers', 'notes'] as const;
export type SupplyField = (typeof SUPPLY_FIELDS)[number];

/** `GET bagsTrvStickers`: the merchant's orders of bags and Ticket Restaurant stickers. */
export async function getSupplyOrders(
  context: MerchantContext,
  signal?: AbortSignal,
): Promise<SupplyOrder[]> {
  const body = await requestOrThrow<{ orders: SupplyOrder[] }>(SUPPLIES_PATH, {
    ...merchantOptions(context),
    signal,
  });
  return body.orders;
}

export const supplyOrdersQueryOptions = (context: MerchantContext) =>
  queryOptions({
    queryKey: merchantAdminKeys.supplyOrders(context.merchantId),
    queryFn: ({ signal }) => getSupplyOrders(context, signal),
  });

export function useSupplyOrders(context: MerchantContext) {
  return useQuery(supplyOrdersQueryOptions(context));
}

/**
 * `POST bagsTrvStickers`: an order of bags and stickers delivered to one of the merchant's stores;
 * its price becomes an open charge, paid with the others on the payment page.
 */
export function useOrderSupplies(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupplyOrderInput) =>
      submitMerchantForm<{ order: SupplyOrder; charge: MerchantCharge }, SupplyField>(
        SUPPLIES_PATH,
        input,
        SUPPLY_FIELDS,
        context,
      ),
    onSuccess: (result) => {
      if (!result.ok) return;
      for (const queryKey of [
        merchantAdminKeys.supplyOrders(context.merchantId),
        merchantAdminKeys.charges(context.merchantId, 'open'),
        merchantAdminKeys.rfCode(context.merchantId),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
