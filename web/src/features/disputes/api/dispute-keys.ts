import type { DisputeListQuery } from '@tessera/domain';

/** The query keys of disputes: every dispute read starts with `['disputes']`, so one change refreshes all. */
export const disputeKeys = {
  all: ['disputes'] as const,
  merchantStates: (merchantId: string | null, ids: readonly string[]) =>
    ['disputes', 'merchant', merchantId, 'states', ids.join(',')] as const,
  cardStates: (companyId: string | null, cardId: string, ids: readonly string[]) =>
    ['disputes', 'company', companyId, cardId, 'states', ids.join(',')] as const,
  merchantList: (merchantId: string | null, query: Partial<DisputeListQuery>) =>
    ['disputes', 'merchant', merchantId, 'list', query] as const,
  queue: (query: Partial<DisputeListQuery>) => ['disputes', 'queue', query] as const,
  detail: (disputeId: string) => ['disputes', 'detail', disputeId] as const,
};

/** Who a dispute request is for: a merchant (staff name it) or a company (the one acted for). */
export type DisputeParty =
  { party: 'merchant'; merchantId: string | null } | { party: 'company'; companyId: string | null };

export const MERCHANT_DISPUTES_PATH = '/api/v1/merchants/disputes';
export const CARD_DISPUTES_PATH = '/api/v1/accounts/disputes';
export const DISPUTE_DESK_PATH = '/api/v1/disputes';

/** The headers naming the party: the merchant (staff) or the company acted for. */
export function partyHeaders(party: DisputeParty): Record<string, string> {
  if (party.party === 'merchant') return party.merchantId ? { merchantId: party.merchantId } : {};
  return party.companyId ? { companyId: party.companyId } : {};
}
