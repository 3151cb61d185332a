import {
  ActivateComplimentResponseSchema,
  AdvanceOrderRequestSchema,
  APPROVER_ROLES,
  ApprovalSettingsResponseSchema,
  ApprovalSettingsSchema,
  OrderCardsRequestSchema,
  OrderCardsResponseSchema,
  OrderDetailsResponseSchema,
  OrderHistoryRequestSchema,
  OrderHistoryResponseSchema,
  OrderIdRequestSchema,
  OrderResponseSchema,
  OrdersOverviewResponseSchema,
  RejectOrderRequestSchema,
  ReorderResponseSchema,
  ROLE,
  SubmitDraftRequestSchema,
  SubmitOrderPaymentManagerRequestSchema,
  SubmitOrderResponseSchema,
  SubmitPaymentOmRequestSchema,
  UnloadPriceResponseSchema,
  UnloadRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowRoles, COMPANY_USERS, ORDERING } from '../../platform/auth-guard';
import { idempotencyOf } from '../../platform/idempotency';
import { requireCompany } from '../../platform/tenant';
import { orderActorOf as orderActor } from './actor';
import type { OrdersService } from './service';

const tags = ['orders'];
const PROVIDER = [ROLE.ADMIN, ROLE.CUSTOMER_CARE];
const FINANCE_SUBMITTERS = [...PROVIDER, ROLE.FINANCE_USER];
const PAYMENT_MANAGERS = [...PROVIDER, ROLE.PAYMENT_MANAGER];

/**
 * `/api/v1/orders/...` calls of submitted orders (SPEC §7; ADR 010). Reads are open to every
 * company role and to provider staff; each write to the roles the approval rule names.
 */
export function ordersRoutes(service: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    const submitted = { 200: SubmitOrderResponseSchema };

    app.post(
      '/submitPaymentOm',
      {
        schema: { tags, body: SubmitPaymentOmRequestSchema, response: submitted },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        ...(await service.submit(await orderActor(request), request.body, idempotencyOf(request))),
      }),
    );

    app.post(
      '/submitOrderFinanceUser',
      {
        schema: { tags, body: SubmitDraftRequestSchema, response: submitted },
        preHandler: allowRoles(...FINANCE_SUBMITTERS),
      },
      async (request) => ({
        success: true as const,
        ...(await service.submit(await orderActor(request), request.body, idempotencyOf(request))),
      }),
    );

    app.post(
      '/submitOrderPaymentManager',
      {
        schema: { tags, body: SubmitOrderPaymentManagerRequestSchema, response: submitted },
        preHandler: allowRoles(...PAYMENT_MANAGERS),
      },
      async (request) => ({
        success: true as const,
        ...(await service.submitAsPaymentManager(
          await orderActor(request),
          request.body,
          idempotencyOf(request),
        )),
      }),
    );

    app.post(
      '/rejectOrder',
      {
        schema: { tags, body: RejectOrderRequestSchema, response: { 200: OrderResponseSchema } },
        preHandler: allowRoles(...APPROVER_ROLES),
      },
      async (request) => ({
        success: true as const,
        order: await service.reject(await orderActor(request), request.body.orderId, request.body.reason),
      }),
    );

    app.post(
      '/cancelOrder',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: OrderResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => ({
        success: true as const,
        order: await service.cancel(await orderActor(request), request.body.orderId),
      }),
    );

    app.get(
      '/retrieveOrderHistory',
      {
        schema: {
          tags,
          querystring: OrderHistoryRequestSchema,
          response: { 200: OrderHistoryResponseSchema },
        },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.history(companyId, request.query)) };
      },
    );

    app.get(
      '/retrieveOrderDetails',
      {
        schema: { tags, querystring: OrderIdRequestSchema, response: { 200: OrderDetailsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const actor = await orderActor(request);
        return {
          success: true as const,
          order: await service.details(actor.companyId, request.query.orderId, actor),
        };
      },
    );

    app.get(
      '/retrieveOrderCards',
      {
        schema: { tags, querystring: OrderCardsRequestSchema, response: { 200: OrderCardsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.orderCards(companyId, request.query)) };
      },
    );

    app.get(
      '/retrieveOrdersOverview',
      {
        schema: { tags, response: { 200: OrdersOverviewResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.overview(companyId)) };
      },
    );

    app.get(
      '/approvalSettings',
      {
        schema: { tags, response: { 200: ApprovalSettingsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return {
          success: true as const,
          settings: { thresholdCents: await service.approvalThreshold(companyId) },
        };
      },
    );

    app.post(
      '/approvalSettings',
      {
        schema: { tags, body: ApprovalSettingsSchema, response: { 200: ApprovalSettingsResponseSchema } },
        preHandler: allowRoles(...PAYMENT_MANAGERS),
      },
      async (request) => ({
        success: true as const,
        settings: {
          thresholdCents: await service.setApprovalThreshold(
            await orderActor(request),
            request.body.thresholdCents,
          ),
        },
      }),
    );

    app.post(
      '/advanceOrder',
      {
        schema: { tags, body: AdvanceOrderRequestSchema, response: { 200: OrderResponseSchema } },
        preHandler: allowRoles(...PROVIDER),
      },
      async (request) => ({
        success: true as const,
        order: await service.advance(
          await orderActor(request),
          request.body.orderId,
          request.body.trackingNumber,
        ),
      }),
    );

    app.post(
      '/activateComplimentOrder',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: ActivateComplimentResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        activated: await service.activateComplimentOrder(await orderActor(request), request.body.orderId),
      }),
    );

    app.post(
      '/reorder',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: ReorderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        ...(await service.reorder(await orderActor(request), request.body.orderId, idempotencyOf(request))),
      }),
    );

    app.post(
      '/unloadOrderPriceCalculation',
      {
        schema: { tags, body: UnloadRequestSchema, response: { 200: UnloadPriceResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.unloadPrice(companyId, request.body)) };
      },
    );

    app.post(
      '/submitUnloadOrder',
      {
        schema: { tags, body: UnloadRequestSchema, response: { 200: OrderResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        order: await service.submitUnload(await orderActor(request), request.body, idempotencyOf(request)),
      }),
    );
  };
}
