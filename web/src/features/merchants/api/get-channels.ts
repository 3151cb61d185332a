import type { StoreChannel } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const CHANNELS_PATH = `${MERCHANTS_API}/retrieveChannels`;

export type Channel = { code: StoreChannel; name: string };

/** `GET retrieveChannels`: where a store may sell, named in the request's language. */
export async function getChannels(context: MerchantContext, signal?: AbortSignal): Promise<Channel[]> {
  const body = await requestOrThrow<{ channels: Channel[] }>(CHANNELS_PATH, {
    ...merchantOptions(context),
    signal,
  });
  return body.channels;
}

export const channelsQueryOptions = (context: MerchantContext) =>
  queryOptions({
    queryKey: merchantAdminKeys.channels(context.merchantId, context.locale),
    queryFn: ({ signal }) => getChannels(context, signal),
    staleTime: 60 * 60 * 1000,
  });

export function useChannels(context: MerchantContext) {
  return useQuery(channelsQueryOptions(context));
}
