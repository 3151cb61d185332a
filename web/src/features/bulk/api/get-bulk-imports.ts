import type { BulkImportsResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDERS_API, ordersRequestOptions, type OrdersContext } from '../../../lib/placed-orders';
import { requestOrThrow } from '../../../lib/request';
import { useOrdersContext } from '../../../lib/use-orders-context';
import { bulkKeys } from './query-keys';

export const BULK_IMPORTS_PATH = `${ORDERS_API}/bulkImports`;

/** `GET bulkImports`: the company's imports of the last 30 days, newest first. */
export async function getBulkImports(context: OrdersContext, signal?: AbortSignal) {
  const data = await requestOrThrow<BulkImportsResponse>(BULK_IMPORTS_PATH, {
    ...ordersRequestOptions(context),
    signal,
  });
  return data.imports;
}

export const bulkImportsQueryOptions = (context: OrdersContext) =>
  queryOptions({
    queryKey: bulkKeys.imports(context.companyId),
    queryFn: ({ signal }) => getBulkImports(context, signal),
    enabled: context.companyId !== null,
  });

export function useBulkImports() {
  return useQuery(bulkImportsQueryOptions(useOrdersContext()));
}
