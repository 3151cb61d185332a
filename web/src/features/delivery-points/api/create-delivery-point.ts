import type { DeliveryPointInput, DeliveryPointResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from '../../../lib/form-errors';
import { ACCOUNTS_API } from '../../../lib/request-context';
import { deliveryPointKeys } from '../../../lib/query-keys';
import {
  DELIVERY_POINT_FIELDS,
  normalizeDeliveryPoint,
  type DeliveryPointField,
} from '../../../lib/api/delivery-points';

export const CREATE_DELIVERY_POINT_PATH = `${ACCOUNTS_API}/createDeliveryPoint`;

/** `POST createDeliveryPoint` (order manager, /delivery-points). */
export function useCreateDeliveryPoint(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryPointInput) =>
      submitForm<DeliveryPointResponse, DeliveryPointField>(
        CREATE_DELIVERY_POINT_PATH,
        normalizeDeliveryPoint(input),
        DELIVERY_POINT_FIELDS,
        { locale, companyId },
      ),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: deliveryPointKeys.all(companyId) });
    },
  });
}
