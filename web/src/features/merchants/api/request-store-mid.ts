import type { TerminalView } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { merchantAdminKeys } from './merchant-admin-keys';
import { MERCHANTS_API, type MerchantContext } from './merchant-context';
import { submitMerchantForm } from './submit-merchant-form';

export const REQUEST_MID_PATH = `${MERCHANTS_API}/updateStoreMids`;

export type RequestMidInput = { storeId: string; label: string };
export type RequestMidAnswer = { terminal: TerminalView; clientSecret: string };

/**
 * `POST updateStoreMids`: asks for a new terminal (MID) at a store. It stays `requested` until the
 * provider enrols it; the answer carries the terminal's client secret this once (the server keeps
 * only its hash), so the page shows it once, to copy.
 */
export function useRequestStoreMid(context: MerchantContext) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestMidInput) =>
      submitMerchantForm<RequestMidAnswer, 'label'>(REQUEST_MID_PATH, input, ['label'], context),
    onSuccess: (result) => {
      if (result.ok) {
        void queryClient.invalidateQueries({ queryKey: merchantAdminKeys.stores(context.merchantId) });
      }
    },
  });
}
