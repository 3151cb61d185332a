import {
  BatchIdParamsSchema,
  CreateBatchRequestSchema,
  DeliverOrdersRequestSchema,
  FulfilmentQueueResponseSchema,
  ProductionBatchesResponseSchema,
  ProductionBatchResponseSchema,
  ReturnShipmentRequestSchema,
  ShipOrdersRequestSchema,
  PendingSupplyOrdersResponseSchema,
  ShipSupplyOrderRequestSchema,
} from '@tessera/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { FulfilmentService } from './service';

const tags = ['fulfilment'];

/**
 * `/api/v1/fulfilment/...` (issue 18 §7; ADR 026): the production queue of provider staff. Reads
 * need `fulfilment.read`, changes `fulfilment.manage`; both roles 1 and 2 only.
 */
export function fulfilmentRoutes(service: FulfilmentService): FastifyPluginAsyncZod {
  return async (app) => {
    const staff = (actor: { userId: string; requestId: string }) => ({
      userId: actor.userId,
      requestId: actor.requestId,
    });

    app.get(
      '/queue',
      { schema: { tags, response: { 200: FulfilmentQueueResponseSchema } } },
      async (request) => {
        await requireActor(request, 'fulfilment.read');
        return { success: true as const, orders: await service.queue() };
      },
    );

    app.get(
      '/batches',
      { schema: { tags, response: { 200: ProductionBatchesResponseSchema } } },
      async (request) => {
        await requireActor(request, 'fulfilment.read');
        return { success: true as const, batches: await service.batches() };
      },
    );

    app.post(
      '/batches',
      { schema: { tags, body: CreateBatchRequestSchema, response: { 200: ProductionBatchResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'fulfilment.manage');
        return { success: true as const, batch: await service.createBatch(staff(actor), request.body) };
      },
    );

    app.get(
      '/batches/:batchId/embossing.csv',
      {
        schema: {
          tags,
          description:
            'The card bureau’s embossing file of a batch (ADR 026): `;`-separated, one line per card, never a card number.',
          params: BatchIdParamsSchema,
        },
      },
      async (request, reply) => {
        const actor = await requireActor(request, 'fulfilment.read');
        const file = await service.embossingFile(staff(actor), request.params.batchId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.csv);
      },
    );

    app.post(
      '/ship',
      { schema: { tags, body: ShipOrdersRequestSchema, response: { 200: ProductionBatchesResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'fulfilment.manage');
        return { success: true as const, batches: await service.ship(staff(actor), request.body) };
      },
    );

    app.post(
      '/deliver',
      {
        schema: {
          tags,
          body: DeliverOrdersRequestSchema,
          response: { 200: ProductionBatchesResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'fulfilment.manage');
        return { success: true as const, batches: await service.deliver(staff(actor), request.body) };
      },
    );

    app.post(
      '/return',
      {
        schema: { tags, body: ReturnShipmentRequestSchema, response: { 200: ProductionBatchResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'fulfilment.manage');
        return { success: true as const, batch: await service.returnShipment(staff(actor), request.body) };
      },
    );

    app.get(
      '/supplies',
      { schema: { tags, response: { 200: PendingSupplyOrdersResponseSchema } } },
      async (request) => {
        await requireActor(request, 'fulfilment.read');
        return { success: true as const, orders: await service.supplyOrders() };
      },
    );

    app.post(
      '/supplies/ship',
      {
        schema: {
          tags,
          body: ShipSupplyOrderRequestSchema,
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'fulfilment.manage');
        await service.shipSupplyOrder(staff(actor), request.body);
        return { success: true as const };
      },
    );
  };
}
