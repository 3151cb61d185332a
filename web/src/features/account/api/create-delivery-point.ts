import {
  normalizeGreekPhone,
  normalizePostalCode,
  type DeliveryPointInput,
  type DeliveryPointResponse,
} from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from './accounts-api';
import { ACCOUNTS_API } from '../../../lib/request-context';

export const CREATE_DELIVERY_POINT_PATH = `${ACCOUNTS_API}/createDeliveryPoint`;

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

/**
 * The address as the server stores it: the postal code as five digits (`115 26` → `11526`) and the
 * phone with its country code (`210 123 4567` → `+302101234567`), so the same address typed two
 * ways is one address. The schema has already accepted both.
 */
export function normalizeDeliveryPoint(input: DeliveryPointInput): DeliveryPointInput {
  return {
    ...input,
    postalCode: normalizePostalCode(input.postalCode) ?? input.postalCode,
    phone: normalizeGreekPhone(input.phone) ?? input.phone,
  };
}

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
      if (result.ok)
        void queryClient.invalidateQueries({ queryKey: ['accounts', 'deliveryPoints', companyId] });
    },
  });
}
