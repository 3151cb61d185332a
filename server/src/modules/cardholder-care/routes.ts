import {
  CardholderAppRequestSchema,
  CardholderAppResponseSchema,
  CareLookupRequestSchema,
  CareLookupResponseSchema,
  CareMovementsRequestSchema,
  CareMovementsResponseSchema,
  CareUnlockRequestSchema,
  CareUnlockResponseSchema,
  InviteCardholderRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { CardholderCareService } from './service';

const tags = ['cardholder-care'];

/**
 * `/api/v1/accounts/cardholderApp...` (issue 35 §8, ADR 049): whether the company's cardholders use
 * the app, and their invitation. The company is resolved first (403 for one not the user's); another
 * company's cardholder is 404.
 */
export function cardholderAppRoutes(service: CardholderCareService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/cardholderApp',
      {
        schema: {
          tags,
          description:
            "Whether one of the company's cardholders uses the cardholder app: no e-mail, not invited, invited (when), activated (first sign-in).",
          querystring: CardholderAppRequestSchema,
          response: { 200: CardholderAppResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cardholder-app.read');
        return {
          success: true as const,
          status: await service.appStatus(companyId, request.query.cardholderId),
        };
      },
    );

    app.post(
      '/cardholderApp/invite',
      {
        schema: {
          tags,
          description:
            'Sends the cardholder the app invitation e-mail (Greek and English, with the sign-in link). At most once every 10 minutes per cardholder (429); a holder without an e-mail is a 400 naming `email`.',
          body: InviteCardholderRequestSchema,
          response: { 200: CardholderAppResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'cardholder-app.invite');
        return {
          success: true as const,
          status: await service.invite(
            { userId: actor.userId, requestId: actor.requestId },
            actor.companyId,
            request.body.cardholderId,
          ),
        };
      },
    );
  };
}

/**
 * `/api/v1/cardholder-care/...` (issue 35 §8, ADR 049): customer care's look-up of a cardholder,
 * their cards and history, an unlock with a reason, and where a card was spent with a reason.
 */
export function cardholderCareRoutes(service: CardholderCareService): FastifyPluginAsyncZod {
  return async (app) => {
    const params = z.object({ cardId: z.uuid() });

    app.get(
      '/lookup',
      {
        schema: {
          tags,
          description:
            "A cardholder by e-mail (their cards at every company), or the cards of one company ending in `last4`: the cards, the app's invitation and activation, the sign-in and lock history.",
          querystring: CareLookupRequestSchema,
          response: { 200: CareLookupResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'cardholder-care.read');
        return { success: true as const, cardholders: await service.lookup(request.query) };
      },
    );

    app.post(
      '/cards/:cardId/unlock',
      {
        schema: {
          tags,
          description:
            "Unlocks a card its holder (or care) locked; the reason is kept in the holder's history and the audit log. A card not locked is a 409.",
          params,
          body: CareUnlockRequestSchema,
          response: { 200: CareUnlockResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'cardholder-care.manage');
        return {
          success: true as const,
          card: await service.unlock(
            { userId: actor.userId, requestId: actor.requestId },
            request.params.cardId,
            request.body,
          ),
        };
      },
    );

    app.get(
      '/cards/:cardId/movements',
      {
        schema: {
          tags,
          description:
            'A card’s movements with the merchant and store (a dispute, a fraud claim): the reason is required and logged in the audit log.',
          params,
          querystring: CareMovementsRequestSchema,
          response: { 200: CareMovementsResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'cardholder-care.manage');
        return {
          success: true as const,
          ...(await service.movements(
            { userId: actor.userId, requestId: actor.requestId },
            request.params.cardId,
            request.query,
          )),
        };
      },
    );
  };
}
