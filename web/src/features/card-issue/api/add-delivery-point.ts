import {
  normalizeGreekPhone,
  normalizePostalCode,
  type DeliveryPointInput,
  type DeliveryPointResponse,
} from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';

export const ADD_DELIVERY_POINT_PATH = `${ACCOUNTS_API}/addDeliveryPoint`;

export const DELIVERY_POINT_FIELDS = [
  'alias',
  'street',
  'streetNumber',
  'postalCode',
  'city',
  'region',
  'contactName',
  'phone',
  'notes',
] as const satisfies readonly (keyof DeliveryPointInput)[];
export type DeliveryPointField = (typeof DELIVERY_POINT_FIELDS)[number];

export type AddDeliveryPointResult =
  | { ok: true; data: DeliveryPointResponse }
  | { ok: false; fieldErrors: FieldErrors<DeliveryPointField>; message: string | null };

/**
 * `POST addDeliveryPoint` (inline, from the flow): a new address, or the company's identical one
 * (`existing: true`). Postal code and phone go as the server stores them (`11526`, `+30…`), so one
 * address typed two ways is one address.
 */
export async function addDeliveryPoint(
  input: DeliveryPointInput,
  context: RequestContext,
): Promise<AddDeliveryPointResult> {
  const body: DeliveryPointInput = {
    ...input,
    postalCode: normalizePostalCode(input.postalCode) ?? input.postalCode,
    phone: normalizeGreekPhone(input.phone) ?? input.phone,
  };
  const result = await request<DeliveryPointResponse>(ADD_DELIVERY_POINT_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body,
    suppressGlobalError: isFormFailure(),
  });
  if (!result.error) return { ok: true, data: result.data };
  const fieldErrors = fieldErrorsOf(result.error, DELIVERY_POINT_FIELDS);
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  const message = result.error === true || hasFieldError ? null : result.error.errorMessage || null;
  return { ok: false, fieldErrors, message };
}

export function useAddDeliveryPoint() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryPointInput) => addDeliveryPoint(input, context),
    onSuccess: (result) => {
      if (result.ok)
        void queryClient.invalidateQueries({ queryKey: ['accounts', 'deliveryPoints', context.companyId] });
    },
  });
}
