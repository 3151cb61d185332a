import type {
  Dispute,
  DisputeDetail,
  DisputeListQuery,
  OpenCardDisputeRequest,
  OpenMerchantDisputeRequest,
  RejectDisputeRequest,
  ResolveDisputeRequest,
} from '@tessera/domain';
import { OpenCardDisputeRequestSchema, OpenMerchantDisputeRequestSchema } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { rejectDispute, resolveDispute } from './close-dispute';
import type { DisputeActor, DisputesContext } from './context';
import { disputeDetailsOf, disputesOf, forCompany } from './dispute-views';
import { openDispute } from './open-dispute';
import { closedSince, findDispute, latestDisputesOf, listDisputes } from './repository';

export type DisputesService = ReturnType<typeof createDisputesService>;
export type { DisputeActor, DisputesContext };

/**
 * Disputes (issue 34 §1, ADR 043). Every read and write is scoped here by the party the route
 * resolved: a merchant's own calls, a company's own cards' purchases, or (provider staff) all. A
 * call or dispute outside the scope is "not found", as another merchant's store is.
 */
export function createDisputesService(ctx: DisputesContext) {
  return {
    /** A merchant (or staff acting for it) disputes one of the merchant's terminal calls. */
    async openForMerchant(
      actor: DisputeActor,
      merchantId: string,
      request: OpenMerchantDisputeRequest,
    ): Promise<Dispute> {
      const input = OpenMerchantDisputeRequestSchema.parse(request);
      const [call] = await ctx.terminals.disputes.calls(ctx.db, [input.transactionId]);
      if (!call || call.merchantId !== merchantId) {
        throw new AppError('NOT_FOUND', `no transaction ${input.transactionId} of ${merchantId}`, {
          fields: [{ field: 'transactionId', key: 'invalidValue' }],
        });
      }
      return openDispute(ctx, actor, {
        call,
        party: 'merchant',
        reason: input.reason,
        note: input.note,
        field: 'transactionId',
      });
    },

    /**
     * A company's order manager (or staff acting for the company) disputes, for the cardholder, a
     * purchase made with one of the company's cards: the card's movement names it.
     */
    async openForCompany(
      actor: DisputeActor,
      companyId: string,
      request: OpenCardDisputeRequest,
    ): Promise<Dispute> {
      const input = OpenCardDisputeRequestSchema.parse(request);
      const call = await ctx.terminals.disputes.purchaseOfMovement(ctx.db, input.cardId, input.movementId);
      if (!call || call.companyId !== companyId) {
        throw new AppError('NOT_FOUND', `no purchase ${input.movementId} of card ${input.cardId}`, {
          fields: [{ field: 'movementId', key: 'invalidValue' }],
        });
      }
      return forCompany(
        await openDispute(ctx, actor, {
          call,
          party: 'company',
          reason: input.reason,
          note: input.note,
          field: 'movementId',
        }),
      );
    },

    /** The merchant's disputes, open first, newest first. */
    async listForMerchant(merchantId: string, query: DisputeListQuery) {
      const { rows, total } = await listDisputes(ctx.db, { merchantId }, query);
      return { disputes: await disputesOf(ctx, ctx.db, rows), total };
    },

    /** The company's disputes (of one card when named), open first, newest first. */
    async listForCompany(companyId: string, query: DisputeListQuery & { cardId?: string | undefined }) {
      const { rows, total } = await listDisputes(
        ctx.db,
        { companyId, ...(query.cardId ? { cardId: query.cardId } : {}) },
        query,
      );
      return { disputes: (await disputesOf(ctx, ctx.db, rows)).map(forCompany), total };
    },

    /** The latest dispute of each of the merchant's calls named (others' calls find none). */
    async statesForMerchant(merchantId: string, transactionIds: readonly string[]) {
      const rows = await latestDisputesOf(ctx.db, { merchantId }, transactionIds);
      const disputes = await disputesOf(ctx, ctx.db, rows);
      return disputes.map((dispute) => ({ key: dispute.transaction.transactionId, dispute }));
    },

    /** The latest dispute of each of the card's movements named, by movement (the company's only). */
    async statesForCard(companyId: string, cardId: string, movementIds: readonly string[]) {
      const purchases = await ctx.terminals.disputes.purchasesOfMovements(ctx.db, cardId, movementIds);
      const movementOf = new Map([...purchases].map(([movement, call]) => [call, movement]));
      const rows = await latestDisputesOf(ctx.db, { companyId, cardId }, [...purchases.values()]);
      const disputes = await disputesOf(ctx, ctx.db, rows);
      return {
        disputes: disputes.flatMap((dispute) => {
          const key = movementOf.get(dispute.transaction.transactionId);
          return key ? [{ key, dispute: forCompany(dispute) }] : [];
        }),
        disputableKeys: [...purchases.keys()],
      };
    },

    /** The back office's queue: every dispute, open first, filtered by state. */
    async queue(query: DisputeListQuery): Promise<{ disputes: DisputeDetail[]; total: number }> {
      const { rows, total } = await listDisputes(ctx.db, { everyone: true }, query);
      return { disputes: await disputeDetailsOf(ctx, ctx.db, rows), total };
    },

    /** One dispute with its transaction and what is left to give back (provider staff). */
    async detail(disputeId: string): Promise<DisputeDetail> {
      const row = await findDispute(ctx.db, disputeId);
      if (!row) throw new AppError('NOT_FOUND', `no dispute ${disputeId}`);
      return (await disputeDetailsOf(ctx, ctx.db, [row]))[0]!;
    },

    resolve: (
      actor: DisputeActor,
      disputeId: string,
      input: ResolveDisputeRequest,
      options?: { at?: Date },
    ) => resolveDispute(ctx, actor, disputeId, input, options),
    reject: (actor: DisputeActor, disputeId: string, input: RejectDisputeRequest, options?: { at?: Date }) =>
      rejectDispute(ctx, actor, disputeId, input, options),

    /** The company's disputes that ended since `since` (its bell). */
    closedSince: (companyId: string, since: Date) => closedSince(ctx.db, companyId, since),
  };
}
