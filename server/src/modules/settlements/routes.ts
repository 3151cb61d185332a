import {
  DateOnlySchema,
  MarkPaidRequestSchema,
  MarkReturnedRequestSchema,
  MarkReturnedResponseSchema,
  PayoutDeskResponseSchema,
  PayoutFilesQuerySchema,
  RerunDayRequestSchema,
  RerunDayResponseSchema,
  SettlementDeskQuerySchema,
  SettlementDeskResponseSchema,
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

    // ---------------------------------------------------------------- the payout desk (issue 34)

    app.get(
      '/payoutDesk',
      {
        schema: {
          tags,
          description:
            'The payout desk (provider staff): payout files newest first with their control figures (NbOfTxs, CtrlSum), execution date and payouts; the scheduled payouts not in a file (those with an invalid IBAN wait and say so); every merchant’s ledger balance.',
          querystring: PayoutFilesQuerySchema,
          response: { 200: PayoutDeskResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.payoutDesk(request.query)) };
      },
    );

    app.post(
      '/payouts/markReturned',
      {
        schema: {
          tags,
          description:
            'The bank returned a sent or paid payout, for the reason given: its ledger transaction is reversed (the amount is back on the merchant account), a new payout of it is scheduled for a later file and the merchant is told. A second return of the same payout is a 409. Asks for a fresh second-factor code (code 33).',
          body: MarkReturnedRequestSchema,
          response: { 200: MarkReturnedResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.returnPayout(actor, request.body)) };
      },
    );

    app.get(
      '/settlementDesk',
      {
        schema: {
          tags,
          description:
            'The settlements desk (provider staff): each merchant’s settled days of [from, to] (default the last 14 days that are over) and the days flagged missing: sales but no settlement.',
          querystring: SettlementDeskQuerySchema,
          response: { 200: SettlementDeskResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.settlementDesk(request.query)) };
      },
    );

    app.post(
      '/settlements/rerunDay',
      {
        schema: {
          tags,
          description:
            'Settles a business day that is over again, for every merchant with sales in it, as the daily job does: a merchant settled before is left as it was (idempotent). A day not over is a 409.',
          body: RerunDayRequestSchema,
          response: { 200: RerunDayResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.rerunDay(actor, request.body.businessDay)) };
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

/**
 * `POST /api/test/settlements/settleDay` (only with `TEST_HOOKS`, never in production): settles an
 * Athens business day for every merchant with sales in it, as the `settlements.settle-day` job
 * does, but in the request (the crash test kills the server during it and asks again at once,
 * instead of waiting for pg-boss to expire the dead job and retry it). No session, like the
 * recurring hook: it is never registered in production.
 */
export function settlementsTestRoutes(service: SettlementsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/settlements/settleDay',
      {
        schema: {
          tags: ['test'],
          body: z.object({
            businessDay: DateOnlySchema,
            /** Holds each merchant's transaction open this long once its settlement is written. */
            holdMs: z.number().int().min(0).max(60_000).default(0),
          }),
          response: {
            200: z.object({
              success: z.literal(true),
              /** Merchants settled by this call. */
              settled: z.number().int(),
              /** Merchants whose day was settled before (nothing done again). */
              existing: z.number().int(),
            }),
          },
        },
      },
      async (request) => {
        const { businessDay, holdMs } = request.body;
        const hold =
          holdMs > 0 ? { onSettling: () => new Promise<void>((done) => setTimeout(done, holdMs)) } : {};
        const results = await service.settleDay(businessDay, hold);
        const settled = results.filter((result) => result.isNew).length;
        return { success: true as const, settled, existing: results.length - settled };
      },
    );
  };
}
