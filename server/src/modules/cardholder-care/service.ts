import type { CareLookupRequest, CareMovementsRequest } from '@tessera/domain';
import { revealMovements, unlockLockedCard } from './care-card';
import type { CareActor, CareContext } from './context';
import { getAppStatus, inviteCardholder, inviteHoldersOfImport } from './invitations';
import { lookupCardholders } from './lookup-cardholders';

export type CardholderCareService = ReturnType<typeof createCardholderCareService>;
export type { CareActor, CareContext };

/**
 * The company's and customer care's side of cardholders (issue 35 §8, ADR 049), one operation per
 * file. The company's calls are scoped by the company the route resolved (another company's
 * cardholder is "not found"); care's serve every company, and what they change or reveal is logged
 * with the reason given.
 */
export function createCardholderCareService(ctx: CareContext) {
  return {
    /** Whether one of the company's cardholders uses the app. */
    appStatus: (companyId: string, cardholderId: string) => getAppStatus(ctx, companyId, cardholderId),
    /** (Re)sends the app's invitation (once every 10 minutes per e-mail). */
    invite: (actor: CareActor, companyId: string, cardholderId: string) =>
      inviteCardholder(ctx, actor, companyId, cardholderId),
    /** The bulk load's option: invites the import's holders never invited; answers how many. */
    inviteForImport: (actor: CareActor, companyId: string, importId: string) =>
      inviteHoldersOfImport(ctx, actor, companyId, importId),
    /** Care's look-up by e-mail, or by a card's last four within a company. */
    lookup: (request: CareLookupRequest) => lookupCardholders(ctx, request),
    /** Care unlocks a locked card with a reason. */
    unlock: (actor: CareActor, cardId: string, request: { reason: string }) =>
      unlockLockedCard(ctx, actor, cardId, request),
    /** Care sees where a card was spent, with a reason. */
    movements: (actor: CareActor, cardId: string, request: CareMovementsRequest) =>
      revealMovements(ctx, actor, cardId, request),
  };
}
