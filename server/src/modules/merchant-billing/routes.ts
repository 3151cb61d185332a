import {
  BagsTrvStickersRequestSchema,
  BagsTrvStickersResponseSchema,
  CreateMerchantPaymentRequestSchema,
  CreateMerchantPaymentResponseSchema,
  FeeInvoiceQuerySchema,
  MerchantChargesQuerySchema,
  MerchantChargesResponseSchema,
  RetrieveRfCodeResponseSchema,
  SupplyOrdersResponseSchema,
  ValidateMerchantPaymentRequestSchema,
  ValidateMerchantPaymentResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { MerchantBillingService } from './service';

const tags = ['merchants'];

/**
 * `/api/v1/merchants/...`: what the merchant owes and how it pays (issue 16, SPEC §7). Reads for
 * every merchant user (view-only included) and provider staff naming the merchant; ordering and
 * paying for the merchant's administrator and provider staff.
 */
export function merchantBillingRoutes(service: MerchantBillingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/merchantCharges',
      {
        schema: {
          tags,
          description:
            'What the merchant owes the provider: terminal rentals and supply orders, VAT included.',
          querystring: MerchantChargesQuerySchema,
          response: { 200: MerchantChargesResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return {
          success: true as const,
          charges: await service.charges(merchantId, request.query.status, requestLocale(request)),
        };
      },
    );

    app.get(
      '/bagsTrvStickers',
      { schema: { tags, response: { 200: SupplyOrdersResponseSchema } } },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return { success: true as const, orders: await service.supplyOrders(merchantId) };
      },
    );

    app.post(
      '/bagsTrvStickers',
      {
        schema: {
          tags,
          description:
            'Orders packs of 100 bags and of 10 TRV stickers for one of the merchant’s stores; the price is an open charge.',
          body: BagsTrvStickersRequestSchema,
          response: { 200: BagsTrvStickersResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        return {
          success: true as const,
          ...(await service.orderSupplies(actor, actor.merchantId, request.body)),
        };
      },
    );

    app.get(
      '/retrieveRfCode',
      {
        schema: {
          tags,
          description:
            'The open charges, their sum and the RF reference to pay them by transfer (the same while the open charges are unchanged).',
          response: { 200: RetrieveRfCodeResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return { success: true as const, ...(await service.rfCode(merchantId, requestLocale(request))) };
      },
    );

    app.post(
      '/createMerchantPayment',
      {
        schema: {
          tags,
          description:
            'Starts a card payment of open charges (all without `chargeIds`) at the bank; answers its hosted page.',
          body: CreateMerchantPaymentRequestSchema,
          response: { 200: CreateMerchantPaymentResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        return {
          success: true as const,
          ...(await service.createPayment(actor, actor.merchantId, request.body)),
        };
      },
    );

    app.post(
      '/validateMerchantPayment',
      {
        schema: {
          tags,
          description:
            'The result page’s question: a payment’s state; with the bank’s signed return parameters, applies them once.',
          body: ValidateMerchantPaymentRequestSchema,
          response: { 200: ValidateMerchantPaymentResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return { success: true as const, ...(await service.validatePayment(merchantId, request.body)) };
      },
    );

    app.get(
      '/feeInvoice',
      {
        schema: {
          tags,
          description: 'The month’s fee invoice (PDF, in Greek) from its settlements.',
          querystring: FeeInvoiceQuerySchema,
        },
      },
      async (request, reply) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        const { pdf, fileName } = await service.feeInvoice(merchantId, request.query.month);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
