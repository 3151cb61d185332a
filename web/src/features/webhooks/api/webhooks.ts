import type {
  CreateWebhookEndpointRequest,
  ReplayWebhookDeliveryRequest,
  UpdateWebhookEndpointRequest,
  WebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointResponse,
  WebhookEndpointSecretResponse,
  WebhookEndpointsResponse,
} from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { useLocale } from '../../../lib/use-locale';

export const WEBHOOK_ENDPOINTS_PATH = `${ACCOUNTS_API}/webhookEndpoints`;
export const WEBHOOK_DELIVERIES_PATH = `${ACCOUNTS_API}/webhookDeliveries`;

const webhooksKey = (companyId: string) => ['accounts', companyId, 'webhooks'] as const;

/** The company's endpoints, and whether plain http to this machine is accepted (development). */
export type WebhookEndpoints = { endpoints: WebhookEndpoint[]; allowsHttpToLoopback: boolean };

/** `GET webhookEndpoints` (issue 22 §3, ADR 035): the company's endpoints, never a secret. */
export const webhookEndpointsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...webhooksKey(companyId), 'endpoints'],
    queryFn: async ({ signal }): Promise<WebhookEndpoints> => {
      const answer = await requestOrThrow<WebhookEndpointsResponse>(WEBHOOK_ENDPOINTS_PATH, {
        headers: companyHeaders(companyId),
        signal,
      });
      return { endpoints: answer.endpoints, allowsHttpToLoopback: answer.allowsHttpToLoopback === true };
    },
  });

export function useWebhookEndpoints(companyId: string) {
  return useQuery(webhookEndpointsQueryOptions(companyId));
}

const deliveriesKey = (companyId: string, endpointId: string | null) =>
  [...webhooksKey(companyId), 'deliveries', endpointId] as const;

/** `GET webhookDeliveries?endpointId=`: the endpoint's last deliveries, newest first. */
export function useWebhookDeliveries(companyId: string, endpointId: string | null) {
  return useQuery({
    queryKey: deliveriesKey(companyId, endpointId),
    enabled: endpointId !== null,
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> =>
      (
        await requestOrThrow<WebhookDeliveriesResponse>(
          `${WEBHOOK_DELIVERIES_PATH}?endpointId=${encodeURIComponent(endpointId ?? '')}`,
          { headers: companyHeaders(companyId), signal },
        )
      ).deliveries,
  });
}

/** A change of the company's webhooks; failures go to the global error dialog (code 33: step-up). */
function useWebhookChange<Body extends object, Answer>(
  companyId: string,
  path: string,
  onAnswer?: (answer: Answer) => void,
) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      requestOrThrow<Answer>(`${ACCOUNTS_API}/${path}`, {
        method: 'POST',
        locale,
        headers: companyHeaders(companyId),
        body,
      }),
    onSuccess: (answer) => {
      onAnswer?.(answer);
      void queryClient.invalidateQueries({ queryKey: webhooksKey(companyId) });
    },
  });
}

export const useCreateWebhookEndpoint = (companyId: string) =>
  useWebhookChange<CreateWebhookEndpointRequest, WebhookEndpointSecretResponse>(
    companyId,
    'createWebhookEndpoint',
  );

export const useUpdateWebhookEndpoint = (companyId: string) =>
  useWebhookChange<UpdateWebhookEndpointRequest, WebhookEndpointResponse>(companyId, 'updateWebhookEndpoint');

export const useDeleteWebhookEndpoint = (companyId: string) =>
  useWebhookChange<{ endpointId: string }, { success: true }>(companyId, 'deleteWebhookEndpoint');

/**
 * `replayWebhookDelivery`: the log shows the delivery queued at once, from the answer (issue 34 §3
 * item 8), before the log is read again; the server sends it right away.
 */
export function useReplayWebhookDelivery(companyId: string, endpointId: string) {
  const queryClient = useQueryClient();
  return useWebhookChange<ReplayWebhookDeliveryRequest, { success: true; delivery: WebhookDelivery }>(
    companyId,
    'replayWebhookDelivery',
    ({ delivery }) =>
      queryClient.setQueryData<WebhookDelivery[]>(deliveriesKey(companyId, endpointId), (log) =>
        log?.map((entry) => (entry.deliveryId === delivery.deliveryId ? delivery : entry)),
      ),
  );
}
