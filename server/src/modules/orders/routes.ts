import {
  BlockAndUnloadRequestSchema,
  BlockAndUnloadResponseSchema,
  ActivateComplimentResponseSchema,
  AdvanceOrderRequestSchema,
  ApproveOrderRequestSchema,
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
  SubmitDraftRequestSchema,
  SubmitOrderPaymentManagerRequestSchema,
  SubmitOrderResponseSchema,
  SubmitPaymentOmRequestSchema,
  UnloadPriceResponseSchema,
  UnloadRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import { idempotencyOf } from '../../platform/idempotency';
import type { OrdersService } from './service';

const tags = ['orders'];

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
      },
      async (request) => ({
        success: true as const,
        ...(await service.submit(
          await requireActor(request, 'orders.place'),
          request.body,
          idempotencyOf(request),
        )),
      }),
    );

    app.post(
      '/submitOrderFinanceUser',
      {
        schema: { tags, body: SubmitDraftRequestSchema, response: submitted },
      },
      async (request) => ({
        success: true as const,
        ...(await service.submit(
          await requireActor(request, 'orders.finance'),
          request.body,
          idempotencyOf(request),
        )),
      }),
    );

    app.post(
      '/submitOrderPaymentManager',
      {
        schema: { tags, body: SubmitOrderPaymentManagerRequestSchema, response: submitted },
      },
      async (request) => ({
        success: true as const,
        ...(await service.submitAsPaymentManager(
          await requireActor(request, 'orders.payment-manager'),
          request.body,
          idempotencyOf(request),
        )),
      }),
    );

    app.post(
      '/approveOrder',
      {
        schema: { tags, body: ApproveOrderRequestSchema, response: { 200: OrderResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        order: await service.approve(
          await requireActor(request, 'orders.reject'),
          request.body.orderId,
          request.body.comment,
        ),
      }),
    );

    app.post(
      '/rejectOrder',
      {
        schema: { tags, body: RejectOrderRequestSchema, response: { 200: OrderResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        order: await service.reject(
          await requireActor(request, 'orders.reject'),
          request.body.orderId,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/cancelOrder',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: OrderResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        order: await service.cancel(await requireActor(request, 'orders.cancel'), request.body.orderId),
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
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return { success: true as const, ...(await service.history(companyId, request.query)) };
      },
    );

    app.get(
      '/retrieveOrderDetails',
      {
        schema: { tags, querystring: OrderIdRequestSchema, response: { 200: OrderDetailsResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'orders.read');
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
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return { success: true as const, ...(await service.orderCards(companyId, request.query)) };
      },
    );

    app.get(
      '/retrieveOrdersOverview',
      {
        schema: { tags, response: { 200: OrdersOverviewResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return { success: true as const, ...(await service.overview(companyId)) };
      },
    );

    app.get(
      '/approvalSettings',
      {
        schema: { tags, response: { 200: ApprovalSettingsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return { success: true as const, settings: await service.approvalSettings(companyId) };
      },
    );

    app.post(
      '/approvalSettings',
      {
        schema: { tags, body: ApprovalSettingsSchema, response: { 200: ApprovalSettingsResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        settings: await service.setApprovalSettings(
          await requireActor(request, 'orders.approval-settings'),
          request.body,
        ),
      }),
    );

    app.post(
      '/advanceOrder',
      {
        schema: { tags, body: AdvanceOrderRequestSchema, response: { 200: OrderResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        order: await service.advance(
          await requireActor(request, 'orders.advance'),
          request.body.orderId,
          request.body.trackingNumber,
        ),
      }),
    );

    app.post(
      '/activateComplimentOrder',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: ActivateComplimentResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        activated: await service.activateComplimentOrder(
          await requireActor(request, 'orders.activate'),
          request.body.orderId,
        ),
      }),
    );

    app.post(
      '/reorder',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: ReorderResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        ...(await service.reorder(
          await requireActor(request, 'orders.place'),
          request.body.orderId,
          idempotencyOf(request),
        )),
      }),
    );

    app.post(
      '/unloadOrderPriceCalculation',
      {
        schema: { tags, body: UnloadRequestSchema, response: { 200: UnloadPriceResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.unload');
        return { success: true as const, ...(await service.unloadPrice(companyId, request.body)) };
      },
    );

    app.post(
      '/blockAndUnloadCards',
      {
        schema: {
          tags,
          description:
            "Leavers and expiry (issue 22 §4, ADR 036): blocks the chosen cards and returns each one's whole balance to the company's balance (one unload order), all or nothing; a card that is not a live card of the company is refused by its row. Accepts an Idempotency-Key: a repeat moves nothing.",
          body: BlockAndUnloadRequestSchema,
          response: { 200: BlockAndUnloadResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await service.blockAndUnloadCards(
          await requireActor(request, 'orders.unload'),
          request.body,
          idempotencyOf(request),
        )),
      }),
    );

    app.post(
      '/submitUnloadOrder',
      {
        schema: { tags, body: UnloadRequestSchema, response: { 200: OrderResponseSchema } },
      },
      async (request) => ({
        success: true as const,
        order: await service.submitUnload(
          await requireActor(request, 'orders.unload'),
          request.body,
          idempotencyOf(request),
        ),
      }),
    );
  };
}
