import type { DisputeStatesResponse } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import {
  CARD_DISPUTES_PATH,
  disputeKeys,
  MERCHANT_DISPUTES_PATH,
  partyHeaders,
  type DisputeParty,
} from './dispute-keys';

/**
 * The latest dispute of each transaction (merchant) or card movement (company) of a page: every
 * row of the page asks with the page's ids, so the rows share one request.
 */
export function useDisputeStates(party: DisputeParty, ids: readonly string[], cardId?: string) {
  const locale = useLocale();
  const key =
    party.party === 'merchant'
      ? disputeKeys.merchantStates(party.merchantId, ids)
      : disputeKeys.cardStates(party.companyId, cardId ?? '', ids);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      const query =
        party.party === 'merchant'
          ? `${MERCHANT_DISPUTES_PATH}/ofTransactions?${new URLSearchParams({ transactionIds: ids.join(',') }).toString()}`
          : `${CARD_DISPUTES_PATH}/ofMovements?${new URLSearchParams({ cardId: cardId ?? '', movementIds: ids.join(',') }).toString()}`;
      return requestOrThrow<DisputeStatesResponse>(query, {
        locale,
        headers: partyHeaders(party),
        signal,
        // A row without its dispute state still shows the transaction.
        suppressGlobalError: true,
      });
    },
    enabled: ids.length > 0 && (party.party === 'merchant' || party.companyId !== null),
    select: (data) => ({
      byKey: new Map(data.disputes.map((entry) => [entry.key, entry.dispute])),
      disputable: data.disputableKeys ? new Set(data.disputableKeys) : null,
    }),
  });
}
