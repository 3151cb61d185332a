import type { DeliveryPointInput, DeliveryPointResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DELIVERY_POINT_FIELDS,
  normalizeDeliveryPoint,
  type DeliveryPointField,
} from '../../../lib/api/delivery-points';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { deliveryPointKeys } from '../../../lib/query-keys';
import { ACCOUNTS_API, useRequestContext, type RequestContext } from '../../../lib/request-context';

export const ADD_DELIVERY_POINT_PATH = `${ACCOUNTS_API}/addDeliveryPoint`;

export type AddDeliveryPointResult = FormResult<DeliveryPointResponse, DeliveryPointField>;

/**
 * `POST addDeliveryPoint` (inline, from the flow): a new address, or the company's identical one
 * (`existing: true`). Postal code and phone go as the server stores them (`11526`, `+30…`), so one
 * address typed two ways is one address.
 */
export function addDeliveryPoint(
  input: DeliveryPointInput,
  context: RequestContext,
): Promise<AddDeliveryPointResult> {
  return submitForm(ADD_DELIVERY_POINT_PATH, normalizeDeliveryPoint(input), DELIVERY_POINT_FIELDS, context);
}

export function useAddDeliveryPoint() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryPointInput) => addDeliveryPoint(input, context),
    onSuccess: (result) => {
      if (result.ok)
        void queryClient.invalidateQueries({ queryKey: deliveryPointKeys.all(context.companyId) });
    },
  });
}
