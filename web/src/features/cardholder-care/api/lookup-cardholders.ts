import type { CareLookupResponse } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { CARE_PATH, careKeys } from './care-keys';

/** What care looks for: an e-mail, or a card's last four digits within a company. */
export type CareSearch = { email: string } | { last4: string; companyId: string };

/** `GET /api/v1/cardholder-care/lookup`: the cardholders found, with cards and history. */
export function useCardholderLookup(search: CareSearch | null) {
  const locale = useLocale();
  const query = search ? new URLSearchParams(search).toString() : '';
  return useQuery({
    queryKey: careKeys.lookup(query),
    queryFn: ({ signal }) =>
      requestOrThrow<CareLookupResponse>(`${CARE_PATH}/lookup?${query}`, { locale, signal }),
    enabled: search !== null,
    select: (data) => data.cardholders,
  });
}
