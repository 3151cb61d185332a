import {
  CardDisputeStatesQuerySchema,
  DisputeDetailResponseSchema,
  DisputeListQuerySchema,
  DisputeListResponseSchema,
  DisputeQueueResponseSchema,
  DisputeResponseSchema,
  DisputeStatesResponseSchema,
  MerchantDisputeStatesQuerySchema,
  OpenCardDisputeRequestSchema,
  OpenMerchantDisputeRequestSchema,
  RejectDisputeRequestSchema,
  ResolveDisputeRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { DisputesService } from './service';

const tags = ['disputes'];

/**
 * `/api/v1/merchants/disputes...` (issue 34 §1, ADR 043): the merchant's side. Its users (and
 * provider staff naming the merchant in the `merchantId` header) read its disputes; its
 * administrator opens one on a transaction of its own.
 */
export function merchantDisputeRoutes(service: DisputesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/disputes',
      {
        schema: {
          tags,
          description: 'The merchant’s disputes, open first, then newest first.',
          querystring: DisputeListQuerySchema,
          response: { 200: DisputeListResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchant-disputes.read');
        return { success: true as const, ...(await service.listForMerchant(merchantId, request.query)) };
      },
    );

    app.get(
      '/disputes/ofTransactions',
      {
        schema: {
          tags,
          description:
            'The latest dispute of each named transaction (comma-separated ids, at most 100) that has one; another merchant’s transactions find none.',
          querystring: MerchantDisputeStatesQuerySchema,
          response: { 200: DisputeStatesResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchant-disputes.read');
        return {
          success: true as const,
          disputes: await service.statesForMerchant(merchantId, request.query.transactionIds),
        };
      },
    );

    app.post(
      '/disputes',
      {
        schema: {
          tags,
          description:
            'Opens a dispute of one of the merchant’s purchases (approved or declined). One open dispute per transaction: a second is a 409.',
          body: OpenMerchantDisputeRequestSchema,
          response: { 200: DisputeResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchant-disputes.open');
        return {
          success: true as const,
          dispute: await service.openForMerchant(actor, actor.merchantId, request.body),
        };
      },
    );
  };
}

/**
 * `/api/v1/accounts/disputes...` (issue 34 §1, ADR 043): the company's side. Its users read the
 * disputes of its cards' purchases; its order manager (or provider staff acting for the company)
 * opens one for a cardholder from the card's purchase.
 */
export function companyDisputeRoutes(service: DisputesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/disputes',
      {
        schema: {
          tags,
          description: 'The disputes of the company’s cards (of one card when `cardId` is given).',
          querystring: DisputeListQuerySchema.extend({ cardId: z.uuid().optional() }),
          response: { 200: DisputeListResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'card-disputes.read');
        return { success: true as const, ...(await service.listForCompany(companyId, request.query)) };
      },
    );

    app.get(
      '/disputes/ofMovements',
      {
        schema: {
          tags,
          description:
            'The latest dispute of each of the card’s movements named (comma-separated ledger transaction ids) that has one.',
          querystring: CardDisputeStatesQuerySchema,
          response: { 200: DisputeStatesResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'card-disputes.read');
        return {
          success: true as const,
          ...(await service.statesForCard(companyId, request.query.cardId, request.query.movementIds)),
        };
      },
    );

    app.post(
      '/disputes',
      {
        schema: {
          tags,
          description:
            'Opens a dispute, for the cardholder, of a purchase made with one of the company’s cards (the card’s movement). One open dispute per purchase: a second is a 409.',
          body: OpenCardDisputeRequestSchema,
          response: { 200: DisputeResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'card-disputes.open');
        return {
          success: true as const,
          dispute: await service.openForCompany(actor, actor.companyId, request.body),
        };
      },
    );
  };
}

/**
 * `/api/v1/disputes...` (registered under `/api/v1`; issue 34 §1, ADR 043): the provider staff's queue. They read every
 * dispute, resolve one with a reversal or a refund (a money move: a fresh second-factor code, ADR
 * 040) or reject it with a reason.
 */
export function disputeDeskRoutes(service: DisputesService): FastifyPluginAsyncZod {
  return async (app) => {
    const params = z.object({ disputeId: z.uuid() });

    app.get(
      '/disputes',
      {
        schema: {
          tags,
          description: 'Every dispute, open first, then newest first; filtered by state (provider staff).',
          querystring: DisputeListQuerySchema,
          response: { 200: DisputeQueueResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'disputes.read');
        return { success: true as const, ...(await service.queue(request.query)) };
      },
    );

    app.get(
      '/disputes/:disputeId',
      {
        schema: {
          tags,
          description: 'One dispute with its transaction, its parties and what is left to give back.',
          params,
          response: { 200: DisputeDetailResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'disputes.read');
        return { success: true as const, dispute: await service.detail(request.params.disputeId) };
      },
    );

    app.post(
      '/disputes/:disputeId/resolve',
      {
        schema: {
          tags,
          description:
            'Resolves an open dispute with money back to the card through the ledger: `reversal` (the whole purchase, while nothing was given back) or `refund` of `amountCents` (at most what is left). Asks for a fresh second-factor code (403, code 33). Once only: a closed dispute is a 409.',
          params,
          body: ResolveDisputeRequestSchema,
          response: { 200: DisputeResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'disputes.resolve');
        return {
          success: true as const,
          dispute: await service.resolve(actor, request.params.disputeId, request.body),
        };
      },
    );

    app.post(
      '/disputes/:disputeId/reject',
      {
        schema: {
          tags,
          description: 'Rejects an open dispute with a reason; no money moves. A closed dispute is a 409.',
          params,
          body: RejectDisputeRequestSchema,
          response: { 200: DisputeResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'disputes.resolve');
        return {
          success: true as const,
          dispute: await service.reject(actor, request.params.disputeId, request.body),
        };
      },
    );
  };
}
