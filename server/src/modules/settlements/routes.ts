import {
  MarkPaidRequestSchema,
  MarkPaidResponseSchema,
  MerchantBalanceSchema,
  MerchantSettlementDetailsQuerySchema,
  MerchantSettlementDetailsResponseSchema,
  MerchantSettlementsQuerySchema,
  MerchantSettlementsResponseSchema,
  PayoutsQuerySchema,
  PayoutsResponseSchema,
  SendPayoutsResponseSchema,
  SettlementsQuerySchema,
  SettlementsResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { SettlementsService } from './service';

const tags = ['settlements'];

/**
 * `/api/v1/merchants/...` settlements and payouts (issue 15 §4, ADR 016): the provider's settlement
 * team (`settlements.manage`) lists settlements and payouts, sends the scheduled payouts as one
 * pain.001 file, downloads it and marks payouts paid; a merchant (`merchants.read`) reads its own
 * balance and settlements (provider staff too, naming the merchant in the `merchantId` header).
 */
export function settlementsRoutes(service: SettlementsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settlements',
      {
        schema: {
          tags,
          description:
            'Settlements of Athens business days, newest first: one per merchant and day, with the fee per product (provider staff).',
          querystring: SettlementsQuerySchema,
          response: { 200: SettlementsResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.listSettlements(request.query)) };
      },
    );

    app.get(
      '/payouts',
      {
        schema: {
          tags,
          description:
            'Payouts to merchants, by state (scheduled → sent → paid) and merchant (provider staff).',
          querystring: PayoutsQuerySchema,
          response: { 200: PayoutsResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.listPayouts(request.query)) };
      },
    );

    app.post(
      '/payouts/send',
      {
        schema: {
          tags,
          description:
            'Puts every scheduled payout into one SEPA credit-transfer file (pain.001.001.03) for the bank and marks them sent, posting each payout merchant → bank. With none scheduled, answers count 0 and no file.',
          response: { 200: SendPayoutsResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'settlements.manage');
        return service.sendPayouts(actor);
      },
    );

    app.get(
      '/payoutFiles/:fileId',
      {
        schema: {
          tags,
          description: 'A sent pain.001.001.03 file, as sent to the bank (XML download).',
          params: z.object({ fileId: z.uuid() }),
        },
      },
      async (request, reply) => {
        await requireActor(request, 'settlements.manage');
        const file = await service.payoutFile(request.params.fileId);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.messageId}.xml"`)
          .header('cache-control', 'private, no-store')
          .send(file.xml);
      },
    );

    app.post(
      '/payouts/markPaid',
      {
        schema: {
          tags,
          description:
            'The bank paid these sent payouts (back office or a bank statement line). All or none: a payout not sent is a 409.',
          body: MarkPaidRequestSchema,
          response: { 200: MarkPaidResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'settlements.manage');
        return { success: true as const, payouts: await service.markPaid(actor, request.body.payoutIds) };
      },
    );

    app.get(
      '/retrieveBalance',
      {
        schema: {
          tags,
          description:
            'What the merchant is owed: sales not settled yet, payouts scheduled, the next payout and the last five.',
          response: { 200: MerchantBalanceSchema.extend({ success: z.literal(true) }) },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return { success: true as const, ...(await service.merchantBalance(merchantId)) };
      },
    );

    app.get(
      '/retrieveSettlements',
      {
        schema: {
          tags,
          description:
            'The merchant’s own settlements of business days [from, to], newest first: fee and VAT per product, the payout with its state and dates, the sums of the range and the months with a fee invoice.',
          querystring: MerchantSettlementsQuerySchema,
          response: { 200: MerchantSettlementsResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return {
          success: true as const,
          ...(await service.listMerchantSettlements(merchantId, request.query)),
        };
      },
    );

    app.get(
      '/retrieveSettlementDetails',
      {
        schema: {
          tags,
          description: 'One of the merchant’s own settlements with its payout; another merchant’s is a 404.',
          querystring: MerchantSettlementDetailsQuerySchema,
          response: { 200: MerchantSettlementDetailsResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return {
          success: true as const,
          settlement: await service.getMerchantSettlement(merchantId, request.query.settlementId),
        };
      },
    );
  };
}
