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

/** `GET webhookEndpoints` (issue 22 §3, ADR 035): the company's endpoints, never a secret. */
export const webhookEndpointsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...webhooksKey(companyId), 'endpoints'],
    queryFn: async ({ signal }): Promise<WebhookEndpoint[]> =>
      (
        await requestOrThrow<WebhookEndpointsResponse>(WEBHOOK_ENDPOINTS_PATH, {
          headers: companyHeaders(companyId),
          signal,
        })
      ).endpoints,
  });

export function useWebhookEndpoints(companyId: string) {
  return useQuery(webhookEndpointsQueryOptions(companyId));
}

/** `GET webhookDeliveries?endpointId=`: the endpoint's last deliveries, newest first. */
export function useWebhookDeliveries(companyId: string, endpointId: string | null) {
  return useQuery({
    queryKey: [...webhooksKey(companyId), 'deliveries', endpointId],
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
function useWebhookChange<Body extends object, Answer>(companyId: string, path: string) {
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
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhooksKey(companyId) }),
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

export const useReplayWebhookDelivery = (companyId: string) =>
  useWebhookChange<ReplayWebhookDeliveryRequest, { success: true; delivery: WebhookDelivery }>(
    companyId,
    'replayWebhookDelivery',
  );
