import type { CardholderAppResponse } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { contextOptions, useRequestContext } from '../../../lib/request-context';
import { CARDHOLDER_APP_PATH, careKeys } from './care-keys';

/** `GET /api/v1/accounts/cardholderApp?cardholderId=`: whether the holder uses the app. */
export function useCardholderApp(cardholderId: string) {
  const context = useRequestContext();
  return useQuery({
    queryKey: careKeys.app(context.companyId, cardholderId),
    queryFn: ({ signal }) =>
      requestOrThrow<CardholderAppResponse>(
        `${CARDHOLDER_APP_PATH}?${new URLSearchParams({ cardholderId }).toString()}`,
        // The panel shows the cardholder without this line when it cannot be read.
        { ...contextOptions(context), signal, suppressGlobalError: true },
      ),
    enabled: context.companyId !== null,
    select: (data) => data.status,
  });
}
