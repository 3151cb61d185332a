import {
  ActivateComplimentResponseSchema,
  AdvanceOrderRequestSchema,
  ApmLoopsResponseSchema,
  APPROVER_ROLES,
  ApprovalSettingsResponseSchema,
  ApprovalSettingsSchema,
  CreatePaymentOrderRequestSchema,
  ImportBankStatementRequestSchema,
  ImportBankStatementResponseSchema,
  OrderCardsRequestSchema,
  OrderCardsResponseSchema,
  OrderDetailsResponseSchema,
  OrderHistoryRequestSchema,
  OrderHistoryResponseSchema,
  OrderIdRequestSchema,
  OrderResponseSchema,
  OrdersOverviewResponseSchema,
  PAYER_ROLES,
  PaymentIdRequestSchema,
  PaymentInstructionsResponseSchema,
  PaymentMethodsResponseSchema,
  PaymentResultResponseSchema,
  RejectOrderRequestSchema,
  ReorderResponseSchema,
  ROLE,
  SubmitDraftRequestSchema,
  SubmitOrderPaymentManagerRequestSchema,
  SubmitOrderResponseSchema,
  SubmitPaymentOmRequestSchema,
  SubmitPaymentOrderRequestSchema,
  UnloadPriceResponseSchema,
  UnloadRequestSchema,
} from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowRoles, COMPANY_USERS, ORDERING, sessionOf } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { requireCompany } from '../../platform/tenant';
import type { IdempotencyOptions } from './draft-context';
import type { OrderActor, PlacedOrdersService } from './placed-service';

const tags = ['orders'];
const PROVIDER = [ROLE.ADMIN, ROLE.CUSTOMER_CARE];
const FINANCE_SUBMITTERS = [...PROVIDER, ROLE.FINANCE_USER];
const PAYMENT_MANAGERS = [...PROVIDER, ROLE.PAYMENT_MANAGER];

async function orderActor(request: FastifyRequest, companyId?: string): Promise<OrderActor> {
  const scope = await requireCompany(request, { companyId });
  return {
    userId: scope.session.userId,
    companyId: scope.companyId,
    roleId: scope.session.roleId,
    locale: requestLocale(request),
    requestId: String(request.id),
  };
}

function idempotencyOf(request: FastifyRequest): IdempotencyOptions {
  return { key: idempotencyKeyOf(request), route: `${request.method} ${request.routeOptions.url}` };
}

/**
 * `/api/v1/orders/...` calls of submitted orders and payments (SPEC §7; ADR 010). Reads are open to
 * every company role and to provider staff; each write to the roles the approval rule names. The
 * bank's callback carries its own signature instead of a session (and is exempt from CSRF).
 */
export function placedOrdersRoutes(service: PlacedOrdersService): FastifyPluginAsyncZod {
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
      async (request) => {
        const actor = await orderActor(request);
        const body = request.body;
        if ('orderId' in body) {
          return { success: true as const, order: await service.approve(actor, body.orderId), payment: null };
        }
        return { success: true as const, ...(await service.submit(actor, body, idempotencyOf(request))) };
      },
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
      '/retrievePaymentMethods',
      {
        schema: { tags, querystring: OrderIdRequestSchema, response: { 200: PaymentMethodsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return {
          success: true as const,
          ...(await service.paymentMethods(companyId, request.query.orderId)),
        };
      },
    );

    app.post(
      '/createPaymentOrder',
      {
        schema: {
          tags,
          body: CreatePaymentOrderRequestSchema,
          response: { 200: PaymentInstructionsResponseSchema },
        },
        preHandler: allowRoles(...PAYER_ROLES),
      },
      async (request) => ({
        success: true as const,
        payment: await service.createPayment(await orderActor(request), request.body, idempotencyOf(request)),
      }),
    );

    app.post(
      '/submitPaymentOrder',
      {
        schema: {
          tags,
          body: SubmitPaymentOrderRequestSchema,
          response: { 200: PaymentResultResponseSchema },
        },
        preHandler: allowRoles(...PAYER_ROLES),
      },
      async (request) => ({
        success: true as const,
        ...(await service.submitPaymentReturn(await orderActor(request), request.body)),
      }),
    );

    app.get(
      '/retrievePayment',
      {
        schema: { tags, querystring: PaymentIdRequestSchema, response: { 200: PaymentResultResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.getPayment(companyId, request.query.paymentId)) };
      },
    );

    app.post(
      '/payments/callback',
      {
        schema: {
          tags,
          body: z.object({
            eventId: z.string().min(1).max(100),
            paymentId: z.uuid(),
            result: z.enum(['approved', 'declined', 'cancelled']),
            bankReference: z.string().max(64),
            amountCents: z.number().int(),
          }),
          headers: z.object({ 'x-bank-signature': z.string().max(128) }),
          response: { 200: z.object({ success: z.literal(true), outcome: z.string() }) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await service.bankCallback(request.body, request.headers['x-bank-signature'])),
      }),
    );

    app.post(
      '/importBankStatement',
      {
        schema: {
          tags,
          body: ImportBankStatementRequestSchema,
          response: { 200: ImportBankStatementResponseSchema },
        },
        // A month of a busy account: the 5 MB the page accepts, as JSON (Greek text is two bytes a letter).
        bodyLimit: 12_000_000,
        preHandler: allowRoles(...PROVIDER),
      },
      async (request) => {
        const session = await sessionOf(request);
        return {
          success: true as const,
          ...(await service.importStatement(session.userId, request.body.csv)),
        };
      },
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
      '/retrieveApmLoops',
      {
        schema: { tags, response: { 200: ApmLoopsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, ...(await service.apmLoops(companyId)) };
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
