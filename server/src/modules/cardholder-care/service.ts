import {
  INVITATION_INTERVAL_MS,
  maskCardNumber,
  type CardMovementsResponse,
  type CardholderAppStatus,
  type CareCard,
  type CareCardholder,
  type CareLookupRequest,
  type CareMovementsRequest,
} from '@tessera/domain';
import {
  CareLookupRequestSchema,
  CareMovementsRequestSchema,
  CareUnlockRequestSchema,
} from '@tessera/domain';
import { cardMovementKindOf } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { accountMovements } from '../ledger';
import type { CareActor, CareContext } from './context';
import { invitationMail } from './invitation-mail';
import {
  companyExists,
  findAccounts,
  findCard,
  findCardsByEmail,
  findCardsByLast4,
  findCompanyName,
  findEvents,
  findHolderOfCompany,
  findUninvitedHoldersOfImport,
  insertEvent,
  markInvited,
  unlockCard,
  type AccountRow,
  type CareCardRow,
} from './repository';

export type CardholderCareService = ReturnType<typeof createCardholderCareService>;
export type { CareActor, CareContext };

/** The latest events care sees per look-up. */
const HISTORY_LIMIT = 100;

function statusOf(
  cardholderId: string,
  email: string,
  account: AccountRow | undefined,
  now: Date,
): CardholderAppStatus {
  const invitedAt = account?.invitedAt ?? null;
  const activatedAt = account?.activatedAt ?? null;
  const next = invitedAt ? new Date(invitedAt.getTime() + INVITATION_INTERVAL_MS) : null;
  return {
    cardholderId,
    state: !email ? 'no-email' : activatedAt ? 'activated' : invitedAt ? 'invited' : 'not-invited',
    invitedAt: invitedAt?.toISOString() ?? null,
    activatedAt: activatedAt?.toISOString() ?? null,
    nextInviteAt: email && next && next > now ? next.toISOString() : null,
  };
}

function careCardOf(row: CareCardRow, balanceCents: number): CareCard {
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
 * The company's and customer care's side of cardholders (issue 35 §8, ADR 049). The company's calls
 * are scoped by the company the route resolved (another company's cardholder is "not found"); care's
 * serve every company, and what they change or reveal is logged with the reason given.
 */
export function createCardholderCareService(ctx: CareContext) {
  /** Sends one invitation, unless one went out less than 10 minutes ago (then false). */
  async function sendInvitation(
    actor: CareActor,
    holder: { email: string; firstName: string; lastName: string },
    companyId: string,
    companyName: string,
  ): Promise<boolean> {
    const now = ctx.now();
    const isMarked = await ctx.db.transaction(async (tx) => {
      const marked = await markInvited(
        tx,
        holder.email,
        `${holder.firstName} ${holder.lastName}`.trim(),
        now,
        new Date(now.getTime() - INVITATION_INTERVAL_MS),
      );
      if (!marked) return false;
      await insertEvent(tx, { email: holder.email, kind: 'invited', actor: actor.userId });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        companyId,
        action: 'cardholder.invite',
        entity: 'cardholder',
        entityId: holder.email,
        requestId: actor.requestId ?? null,
      });
      return true;
    });
    if (!isMarked) return false;
    await ctx.mailer.send(
      invitationMail({
        to: holder.email,
        firstName: holder.firstName,
        companyName,
        publicUrl: ctx.publicUrl,
      }),
    );
    return true;
  }

  return {
    /** Whether one of the company's cardholders uses the app. */
    async appStatus(companyId: string, cardholderId: string): Promise<CardholderAppStatus> {
      const holder = await findHolderOfCompany(ctx.db, companyId, cardholderId);
      if (!holder) throw new AppError('NOT_FOUND', `no cardholder ${cardholderId} of ${companyId}`);
      const [account] = holder.email ? await findAccounts(ctx.db, [holder.email]) : [];
      return statusOf(holder.id, holder.email, account, ctx.now());
    },

    /**
     * (Re)sends the app's invitation to one of the company's cardholders: 422 without an e-mail,
     * 429 within 10 minutes of the last one (to that e-mail, from any company).
     */
    async invite(actor: CareActor, companyId: string, cardholderId: string): Promise<CardholderAppStatus> {
      const holder = await findHolderOfCompany(ctx.db, companyId, cardholderId);
      if (!holder) throw new AppError('NOT_FOUND', `no cardholder ${cardholderId} of ${companyId}`);
      if (!holder.email) {
        throw new AppError('VALIDATION', `cardholder ${cardholderId} has no e-mail`, {
          fields: [{ field: 'email', key: 'required' }],
        });
      }
      const sent = await sendInvitation(actor, holder, companyId, await findCompanyName(ctx.db, companyId));
      if (!sent)
        throw new AppError('RATE_LIMITED', `cardholder ${holder.email} invited less than 10 minutes ago`);
      const [account] = await findAccounts(ctx.db, [holder.email]);
      return statusOf(holder.id, holder.email, account, ctx.now());
    },

    /**
     * Invites the holders an import's good rows name who were never invited (the bulk load's
     * option, applied when the import is turned into drafts). Returns how many were invited.
     */
    async inviteForImport(actor: CareActor, companyId: string, importId: string): Promise<number> {
      const holders = await findUninvitedHoldersOfImport(ctx.db, companyId, importId);
      const name = await findCompanyName(ctx.db, companyId);
      let invited = 0;
      for (const holder of holders) {
        if (await sendInvitation(actor, holder, companyId, name)) invited += 1;
      }
      return invited;
    },

    /** Care's look-up by e-mail (any company), or by a card's last four digits within a company. */
    async lookup(request: CareLookupRequest): Promise<CareCardholder[]> {
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
    },

    /** Care unlocks a locked card with a reason: an 'unlock' event by the staff member, audited. */
    async unlock(actor: CareActor, cardId: string, request: { reason: string }): Promise<CareCard> {
      const { reason } = CareUnlockRequestSchema.parse(request);
      const card = await findCard(ctx.db, cardId);
      if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
      await ctx.db.transaction(async (tx) => {
        if (!(await unlockCard(tx, cardId))) {
          throw new AppError('CONFLICT', `card ${cardId} is not locked`);
        }
        if (card.email) {
          await insertEvent(tx, { email: card.email, kind: 'unlock', cardId, actor: actor.userId, reason });
        }
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: card.companyId,
          action: 'card.unlock',
          entity: 'card',
          entityId: cardId,
          before: { lockedAt: card.lockedAt?.toISOString() ?? null, lockedBy: card.lockedBy },
          after: { lockedAt: null, lockedBy: null },
          actingReason: reason,
          requestId: actor.requestId ?? null,
        });
      });
      return careCardOf(
        { ...card, lockedAt: null, lockedBy: null },
        await ctx.ledger.balance(ctx.db, card.accountId),
      );
    },

    /**
     * Where a card was spent (issue 35 §7): the movements with the merchant and store, for provider
     * staff only and with a reason the audit log keeps beside who looked and when.
     */
    async movements(
      actor: CareActor,
      cardId: string,
      request: CareMovementsRequest,
    ): Promise<Omit<CardMovementsResponse, 'success'>> {
      const { reason, limit } = CareMovementsRequestSchema.parse(request);
      const card = await findCard(ctx.db, cardId);
      if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
      const [rows, balanceCents] = await Promise.all([
        accountMovements(ctx.db, card.accountId, limit),
        ctx.ledger.balance(ctx.db, card.accountId),
      ]);
      await writeAudit(ctx.db, {
        actorUserId: actor.userId,
        companyId: card.companyId,
        action: 'card.movements.reveal',
        entity: 'card',
        entityId: cardId,
        after: { movements: rows.length },
        actingReason: reason,
        requestId: actor.requestId ?? null,
      });
      return {
        cardId,
        balanceCents,
        movements: rows.map((row) => ({
          movementId: row.transactionId,
          kind: cardMovementKindOf(row.kind, row.amountCents),
          amountCents: row.amountCents,
          description: row.description,
          reference: row.reference,
          postedAt: row.postedAt.toISOString(),
        })),
      };
    },
  };
}
