import {
  BundlesResponseSchema,
  CheckCardholderRequestSchema,
  CheckCardholderResponseSchema,
  CompanyMaxDraftOrdersResponseSchema,
  CreateBundleDraftRequestSchema,
  DeleteDraftCardsRequestSchema,
  DraftCardsRequestSchema,
  DraftIdRequestSchema,
  DraftOrderResponseSchema,
  DraftOrdersResponseSchema,
  OrderPriceRequestSchema,
  OrderPriceResponseSchema,
  ReadyToTopUpRequestSchema,
  ReadyToTopUpResponseSchema,
  ROLE,
  SaveDraftOrderRequestSchema,
  UpdateDraftOrderRequestSchema,
} from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowRoles, COMPANY_USERS, ORDERING } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { requireCompany } from '../../platform/tenant';
import type { DraftActor, DraftsService, IdempotencyOptions } from './service';

const tags = ['orders'];
const Success = z.object({ success: z.literal(true) });
/** Who lists drafts to submit them (SPEC §7 retrieveDraftOrdersFinanceUser): role 4 and provider staff. */
const FINANCE = [ROLE.ADMIN, ROLE.CUSTOMER_CARE, ROLE.FINANCE_USER];

async function actorOf(request: FastifyRequest): Promise<DraftActor> {
  const scope = await requireCompany(request);
  return { userId: scope.session.userId, companyId: scope.companyId, requestId: String(request.id) };
}

/** The `Idempotency-Key` of the request, scoped to the route it was sent to. */
function idempotencyOf(request: FastifyRequest): IdempotencyOptions {
  return { key: idempotencyKeyOf(request), route: `${request.method} ${request.routeOptions.url}` };
}

/**
 * `/api/v1/orders/...` draft calls (SPEC §7 orders service). Every route resolves the company
 * first (403 for one that is not the user's); reads are open to every company role and provider
 * staff, writes to the order manager and provider staff. The calls that create drafts accept an
 * `Idempotency-Key` (ARCHITECTURE §5).
 */
export function draftsRoutes(service: DraftsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/saveDraftOrder',
      {
        schema: { tags, body: SaveDraftOrderRequestSchema, response: { 200: DraftOrderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const actor = await actorOf(request);
        const draftOrder = await service.saveDraftOrder(request.body, actor, idempotencyOf(request));
        return { success: true as const, draftOrder };
      },
    );

    app.get(
      '/retrieveDraftOrder',
      {
        schema: { tags, querystring: DraftIdRequestSchema, response: { 200: DraftOrderResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return {
          success: true as const,
          draftOrder: await service.getDraftOrder(companyId, request.query.draftId),
        };
      },
    );

    app.get(
      '/retrieveDraftOrders',
      {
        schema: { tags, response: { 200: DraftOrdersResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.listDraftOrders(companyId)) };
      },
    );

    app.get(
      '/retrieveDraftOrdersFinanceUser',
      {
        schema: { tags, response: { 200: DraftOrdersResponseSchema } },
        preHandler: allowRoles(...FINANCE),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.listDraftOrders(companyId)) };
      },
    );

    app.post(
      '/updateDraftOrder',
      {
        schema: { tags, body: UpdateDraftOrderRequestSchema, response: { 200: DraftOrderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const draftOrder = await service.updateDraftOrder(request.body, await actorOf(request));
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/deleteDraftOrder',
      {
        schema: { tags, body: DraftIdRequestSchema, response: { 200: Success } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        await service.deleteDraftOrder(request.body.draftId, await actorOf(request));
        return { success: true as const };
      },
    );

    app.post(
      '/addDraftOrderCards',
      {
        schema: { tags, body: DraftCardsRequestSchema, response: { 200: DraftOrderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const draftOrder = await service.addDraftCards(request.body, await actorOf(request));
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/updateDraftOrderCards',
      {
        schema: { tags, body: DraftCardsRequestSchema, response: { 200: DraftOrderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const draftOrder = await service.updateDraftCards(request.body, await actorOf(request));
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/deleteDraftOrderCards',
      {
        schema: { tags, body: DeleteDraftCardsRequestSchema, response: { 200: DraftOrderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const draftOrder = await service.deleteDraftCards(request.body, await actorOf(request));
        return { success: true as const, draftOrder };
      },
    );

    app.get(
      '/companyMaxDraftOrders',
      {
        schema: { tags, response: { 200: CompanyMaxDraftOrdersResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.maxDraftOrders(companyId)) };
      },
    );

    app.post(
      '/orderPriceCalculation',
      {
        schema: { tags, body: OrderPriceRequestSchema, response: { 200: OrderPriceResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.calculatePrice(companyId, request.body)) };
      },
    );

    app.post(
      '/readyToTopUp',
      {
        schema: { tags, body: ReadyToTopUpRequestSchema, response: { 200: ReadyToTopUpResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const actor = await actorOf(request);
        return {
          success: true as const,
          ...(await service.readyToTopUp(request.body, actor, idempotencyOf(request))),
        };
      },
    );

    app.post(
      '/checkCardholder',
      {
        schema: {
          tags,
          body: CheckCardholderRequestSchema,
          response: { 200: CheckCardholderResponseSchema },
        },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.checkCardholders(companyId, request.body)) };
      },
    );

    // The bundle catalogues are no company's data: every company user, no company needed.
    app.get(
      '/retrieveComplimentaryBundles',
      {
        schema: { tags, response: { 200: BundlesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => ({
        success: true as const,
        bundles: service.bundles('complimentary', requestLocale(request)),
      }),
    );

    app.get(
      '/retrieveVoucherBundles',
      {
        schema: { tags, response: { 200: BundlesResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => ({
        success: true as const,
        bundles: service.bundles('voucher', requestLocale(request)),
      }),
    );

    app.post(
      '/createBundleDraftOrder',
      {
        schema: {
          tags,
          body: CreateBundleDraftRequestSchema,
          response: { 200: ReadyToTopUpResponseSchema },
        },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const actor = await actorOf(request);
        return {
          success: true as const,
          ...(await service.createBundleDraft(
            request.body,
            actor,
            requestLocale(request),
            idempotencyOf(request),
          )),
        };
      },
    );
  };
}
