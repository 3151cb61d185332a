import type {
  Courier,
  CreateBatchRequest,
  DeliverOrdersRequest,
  ErrorBody,
  PendingSupplyOrder,
  ProductionBatch,
  QueueOrder,
  ReturnShipmentRequest,
  ShipOrdersRequest,
  ShipSupplyOrderRequest,
} from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';

/** The production queue's calls (issue 18 §7; ADR 026): provider staff only, no company. */
export const FULFILMENT_API = '/api/v1/fulfilment';

export const fulfilmentKeys = {
  all: ['fulfilment'] as const,
  queue: () => [...fulfilmentKeys.all, 'queue'] as const,
  batches: () => [...fulfilmentKeys.all, 'batches'] as const,
  supplies: () => [...fulfilmentKeys.all, 'supplies'] as const,
};

/** Where a batch's embossing file is downloaded (the browser sends the session cookie). */
export const embossingFileHref = (batchId: string) =>
  `${FULFILMENT_API}/batches/${encodeURIComponent(batchId)}/embossing.csv`;

export const queueQueryOptions = () =>
  queryOptions({
    queryKey: fulfilmentKeys.queue(),
    queryFn: async ({ signal }) =>
      (await requestOrThrow<{ orders: QueueOrder[] }>(`${FULFILMENT_API}/queue`, { signal })).orders,
  });

export const batchesQueryOptions = () =>
  queryOptions({
    queryKey: fulfilmentKeys.batches(),
    queryFn: async ({ signal }) =>
      (await requestOrThrow<{ batches: ProductionBatch[] }>(`${FULFILMENT_API}/batches`, { signal })).batches,
  });

export const suppliesQueryOptions = () =>
  queryOptions({
    queryKey: fulfilmentKeys.supplies(),
    queryFn: async ({ signal }) =>
      (await requestOrThrow<{ orders: PendingSupplyOrder[] }>(`${FULFILMENT_API}/supplies`, { signal }))
        .orders,
  });

export const useFulfilmentQueue = () => useQuery(queueQueryOptions());
export const useSupplyOrders = () => useQuery(suppliesQueryOptions());
export const useProductionBatches = () => useQuery(batchesQueryOptions());

/** What a step answers: done, or the server's messages (each naming its order) to show on the page. */
export type StepResult = { ok: true } | { ok: false; messages: string[] };

/** A refused step (400, 409 naming orders or fields) stays on the page; anything else is global. */
function isStepFailure(failure: { status: number; body: ErrorBody | null }): boolean {
  return (failure.status === 400 || failure.status === 409) && (failure.body?.fields?.length ?? 0) > 0;
}

function useStep<B>(path: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B): Promise<StepResult> => {
      const result = await request<unknown>(`${FULFILMENT_API}/${path}`, {
        method: 'POST',
        body,
        locale,
        suppressGlobalError: isStepFailure,
      });
      if (!result.error) return { ok: true };
      const fields = result.error === true ? [] : (result.error.fields ?? []);
      return { ok: false, messages: [...new Set(fields.map((field) => field.message))] };
    },
    onSuccess: async (result) => {
      if (result.ok) await queryClient.invalidateQueries({ queryKey: fulfilmentKeys.all });
    },
  });
}

export const useCreateBatch = () => useStep<CreateBatchRequest>('batches');
export const useShipOrders = () => useStep<ShipOrdersRequest>('ship');
export const useDeliverOrders = () => useStep<DeliverOrdersRequest>('deliver');
export const useReturnShipment = () => useStep<ReturnShipmentRequest>('return');
export const useShipSupplyOrder = () => useStep<ShipSupplyOrderRequest>('supplies/ship');

export type { Courier };
