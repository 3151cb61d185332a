import type { CardPrintingResponse, UpdateCardPrintingRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from '../../../lib/form-errors';
import { cardPrintingQueryOptions } from './get-card-printing';
import { ACCOUNTS_API } from '../../../lib/request-context';

export const UPDATE_CARD_PRINTING_PATH = `${ACCOUNTS_API}/updateCardPrinting`;

export const CARD_PRINTING_FIELDS = [
  'embossLine',
  'printLogo',
  'carrierMessage',
  'defaultDeliveryPointId',
  'printEmployeeCode',
] as const satisfies readonly (keyof UpdateCardPrintingRequest)[];
export type CardPrintingField = (typeof CARD_PRINTING_FIELDS)[number];

/** `POST updateCardPrinting` (order manager and provider staff). */
export function useUpdateCardPrinting(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCardPrintingRequest) =>
      submitForm<CardPrintingResponse, CardPrintingField>(
        UPDATE_CARD_PRINTING_PATH,
        input,
        CARD_PRINTING_FIELDS,
        { locale, companyId },
      ),
    onSuccess: (result) => {
      if (result.ok)
        queryClient.setQueryData(cardPrintingQueryOptions(companyId).queryKey, result.data.cardPrinting);
    },
  });
}
