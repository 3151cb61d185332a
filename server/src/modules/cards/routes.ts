import {
  CardFilterRequestSchema,
  CardFilterResponseSchema,
  CardholderResponseSchema,
  CardResponseSchema,
  CardsKpisResponseSchema,
  CardSummariesResponseSchema,
  NotificationStatusResponseSchema,
  ProductsResponseSchema,
  RenameCardRequestSchema,
  UpdateCardholderRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowRoles, COMPANY_USERS, ORDERING } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { requireCompany, type CompanyScope } from '../../platform/tenant';
import type { CardsService } from './service';

const tags = ['accounts'];

export function actorOf(scope: CompanyScope, requestId: string) {
  return { userId: scope.session.userId, companyId: scope.companyId, requestId };
}

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
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => ({
        success: true as const,
        products: await service.products(requestLocale(request)),
      }),
    );

    app.post(
      '/cardFilter',
      {
        schema: { tags, body: CardFilterRequestSchema, response: { 200: CardFilterResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return service.filterCards(companyId, request.body);
      },
    );

    app.get(
      '/retrieveCardSummaries',
      {
        schema: { tags, response: { 200: CardSummariesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, summaries: await service.summaries(companyId) };
      },
    );

    app.get(
      '/retrieveCardsKpis',
      {
        schema: { tags, response: { 200: CardsKpisResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.kpis(companyId)) };
      },
    );

    /** SPEC §3 notification status (the bell's counts). */
    app.get(
      '/notificationStatus',
      {
        schema: { tags, response: { 200: NotificationStatusResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return service.notificationStatus(companyId);
      },
    );

    app.post(
      '/updateCardholder',
      {
        schema: { tags, body: UpdateCardholderRequestSchema, response: { 200: CardholderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const scope = await requireCompany(request);
        const cardholder = await service.updateCardholder(request.body, actorOf(scope, String(request.id)));
        return { success: true as const, cardholder };
      },
    );

    app.post(
      '/account/card-name',
      {
        schema: { tags, body: RenameCardRequestSchema, response: { 200: CardResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const scope = await requireCompany(request);
        const card = await service.renameCard(
          request.body.cardId,
          request.body.cardName,
          actorOf(scope, String(request.id)),
        );
        return { success: true as const, card };
      },
    );
  };
}
