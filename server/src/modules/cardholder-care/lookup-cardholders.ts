import {
  maskCardNumber,
  CareLookupRequestSchema,
  type CareCard,
  type CareCardholder,
  type CareLookupRequest,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { CareContext } from './context';
import {
  companyExists,
  findAccounts,
  findCardsByEmail,
  findCardsByLast4,
  findEvents,
  type CareCardRow,
} from './repository';

/** The latest events care sees per cardholder. */
const HISTORY_LIMIT = 100;

/** A card as care sees it: masked number, holder, company, lock and balance. */
export function careCardOf(row: CareCardRow, balanceCents: number): CareCard {
  return {
    cardId: row.cardId,
    companyId: row.companyId,
    companyName: row.companyName,
    product: row.product,
    cardName: row.cardName,
    maskedNumber: maskCardNumber(row.bin, row.last4),
    holderName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    status: row.status,
    lockedAt: row.lockedAt?.toISOString() ?? null,
    lockedBy: row.lockedBy,
    balanceCents,
  };
}

/**
 * Care's look-up (issue 35 §8): by e-mail (the person's cards at every company), or by a card's
 * last four digits within a company; one entry per person, with the app's invitation and
 * activation and the latest events, staff actors by name.
 */
export async function lookupCardholders(
  ctx: CareContext,
  request: CareLookupRequest,
): Promise<CareCardholder[]> {
  const input = CareLookupRequestSchema.parse(request);
  let cards: CareCardRow[];
  if (input.email) cards = await findCardsByEmail(ctx.db, input.email);
  else {
    if (!(await companyExists(ctx.db, input.companyId!))) {
      throw new AppError('VALIDATION', `no company ${input.companyId}`, {
        fields: [{ field: 'companyId', key: 'invalidValue' }],
      });
    }
    cards = await findCardsByLast4(ctx.db, input.companyId!, input.last4!);
  }
  // One entry per person: cards grouped by the e-mail (a holder without one stands alone).
  const groups = new Map<string, CareCardRow[]>();
  for (const card of cards) {
    const key = card.email || `card:${card.cardId}`;
    groups.set(key, [...(groups.get(key) ?? []), card]);
  }
  const emails = [...groups.keys()].filter((key) => !key.startsWith('card:'));
  const [accounts, events, balances] = await Promise.all([
    findAccounts(ctx.db, emails),
    findEvents(ctx.db, emails, HISTORY_LIMIT * Math.max(1, emails.length)),
    Promise.all(cards.map((card) => ctx.ledger.balance(ctx.db, card.accountId))),
  ]);
  const balanceOf = new Map(cards.map((card, index) => [card.cardId, balances[index]!]));
  const actorIds = [...new Set(events.map((event) => event.actor))].filter((actor) =>
    /^[0-9a-f-]{36}$/.test(actor),
  );
  const users = ctx.identity && actorIds.length > 0 ? await ctx.identity.usersByIds(actorIds) : [];
  const names = new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim()]));
  return [...groups.entries()].map(([key, rows]) => {
    const email = key.startsWith('card:') ? '' : key;
    const account = accounts.find((row) => row.email === email);
    return {
      email,
      invitedAt: account?.invitedAt?.toISOString() ?? null,
      activatedAt: account?.activatedAt?.toISOString() ?? null,
      cards: rows.map((row) => careCardOf(row, balanceOf.get(row.cardId) ?? 0)),
      events: events
        .filter((event) => email && event.email === email)
        .slice(0, HISTORY_LIMIT)
        .map((event) => ({
          id: event.id,
          at: event.at.toISOString(),
          kind: event.kind,
          cardId: event.cardId,
          actor: names.get(event.actor) ?? event.actor,
          reason: event.reason,
          ip: event.ip,
        })),
    };
  });
}
