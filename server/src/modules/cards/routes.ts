import {
  CardFilterRequestSchema,
  CardFilterResponseSchema,
  CardMovementsRequestSchema,
  CardMovementsResponseSchema,
  CardholderLeaverRequestSchema,
  CardholderResponseSchema,
  LeaversAndExpiringRequestSchema,
  LeaversAndExpiringResponseSchema,
  MarkCardholderLeaverRequestSchema,
  MarkCardholderLeaverResponseSchema,
  SetCardsRenewalRequestSchema,
  SetCardsRenewalResponseSchema,
  CardResponseSchema,
  CardsKpisResponseSchema,
  CardSummariesResponseSchema,
  NotificationStatusResponseSchema,
  ProductsResponseSchema,
  RenameCardRequestSchema,
  UpdateCardholderRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { CardsService } from './service';

const tags = ['accounts'];

/**
 * `/api/v1/accounts/...` card calls (SPEC §7). Every route resolves the company first (tenant scope:
 * 403 for a company that is not the user's), then reads or changes only that company's cards.
 */
export function cardsRoutes(service: CardsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveProducts',
      {
        schema: { tags, response: { 200: ProductsResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'catalogue.read');
        return { success: true as const, products: await service.products(requestLocale(request)) };
      },
    );

    app.post(
      '/cardFilter',
      {
        schema: { tags, body: CardFilterRequestSchema, response: { 200: CardFilterResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        return service.filterCards(companyId, request.body);
      },
    );

    app.get(
      '/retrieveCardSummaries',
      {
        schema: { tags, response: { 200: CardSummariesResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        return { success: true as const, summaries: await service.summaries(companyId) };
      },
    );

    app.get(
      '/retrieveCardsKpis',
      {
        schema: { tags, response: { 200: CardsKpisResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        return { success: true as const, ...(await service.kpis(companyId)) };
      },
    );

    app.get(
      '/cardMovements',
      {
        schema: {
          tags,
          description:
            "One of the company's cards: its latest movements (loads, purchases at merchants, refunds), newest first, and its balance. Another company's card is 404.",
          querystring: CardMovementsRequestSchema,
          response: { 200: CardMovementsResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        const { cardId, limit } = request.query;
        return { success: true as const, ...(await service.cardMovements(companyId, cardId, limit)) };
      },
    );

    /** SPEC §3 notification status (the bell's counts). */
    app.get(
      '/notificationStatus',
      {
        schema: { tags, response: { 200: NotificationStatusResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        return service.notificationStatus(companyId);
      },
    );

    app.post(
      '/updateCardholder',
      {
        schema: { tags, body: UpdateCardholderRequestSchema, response: { 200: CardholderResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'cards.manage');
        const cardholder = await service.updateCardholder(request.body, actor);
        return { success: true as const, cardholder };
      },
    );

    app.get(
      '/leaversAndExpiring',
      {
        schema: {
          tags,
          description:
            "Leavers and expiry (issue 22 §4, ADR 036): the company's live cards expiring within 60 days (Athens calendar) and the live cards of cardholders marked as leavers, soonest expiry first, with each view's count.",
          querystring: LeaversAndExpiringRequestSchema,
          response: { 200: LeaversAndExpiringResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        return service.leaversAndExpiring(companyId, request.query);
      },
    );

    app.get(
      '/cardholderLeaver',
      {
        schema: {
          tags,
          description: "A cardholder's leaver mark (ADR 036); another company's cardholder is 404.",
          querystring: CardholderLeaverRequestSchema,
          response: { 200: MarkCardholderLeaverResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'cards.read');
        return {
          success: true as const,
          cardholder: await service.cardholderLeaver(companyId, request.query.cardholderId),
        };
      },
    );

    app.post(
      '/markCardholderLeaver',
      {
        schema: {
          tags,
          description:
            "Marks a cardholder as a leaver (with an optional leaving date) or unmarks them (ADR 036); another company's cardholder is 404.",
          body: MarkCardholderLeaverRequestSchema,
          response: { 200: MarkCardholderLeaverResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'cards.manage');
        return {
          success: true as const,
          cardholder: await service.markCardholderLeaver(request.body, actor),
        };
      },
    );

    app.post(
      '/setCardsRenewal',
      {
        schema: {
          tags,
          description:
            'Marks cards "do not renew" (an expiry replacement refuses them) or "renew" (ADR 036), all or nothing; each refused id is named by its row.',
          body: SetCardsRenewalRequestSchema,
          response: { 200: SetCardsRenewalResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'cards.manage');
        return { success: true as const, ...(await service.setCardsRenewal(request.body, actor)) };
      },
    );

    app.post(
      '/account/card-name',
      {
        schema: { tags, body: RenameCardRequestSchema, response: { 200: CardResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'cards.manage');
        const card = await service.renameCard(request.body.cardId, request.body.cardName, actor);
        return { success: true as const, card };
      },
    );
  };
}
