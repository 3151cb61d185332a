import {
  MerchantKpisSchema,
  TransactionDownloadQuerySchema,
  TransactionListQuerySchema,
  TransactionListResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { TerminalsService } from './service';

/**
 * `/api/v1/merchants/...`: the merchant's transactions and dashboard figures (SPEC §7
 * retrieveTransactionList, downloadTransactionsList, retrieveKpis), read from the terminal calls.
 */
export function merchantTransactionRoutes(service: TerminalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['merchants'];

    app.get(
      '/retrieveTransactionList',
      {
        schema: {
          tags,
          description:
            'The merchant’s purchases, reversals and refunds (approved and declined), newest first; `nextCursor` gives the next page.',
          querystring: TransactionListQuerySchema,
          response: { 200: TransactionListResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read', {
          merchantId: request.query.merchantId,
        });
        return { success: true as const, ...(await service.transactions(merchantId, request.query)) };
      },
    );

    app.get(
      '/downloadTransactionsList',
      {
        schema: {
          tags,
          description: 'The filtered transactions as an xlsx or CSV file, streamed.',
          querystring: TransactionDownloadQuerySchema,
        },
      },
      async (request, reply) => {
        const { merchantId } = await requireActor(request, 'merchants.read', {
          merchantId: request.query.merchantId,
        });
        const { format, lang, merchantId: _named, ...filter } = request.query;
        const locale = lang ?? requestLocale(request);
        const stream = service.downloadTransactions(merchantId, filter, format, locale, (error) =>
          request.log.error({ err: error }, 'transaction download failed'),
        );
        const name = `transactions-${merchantId}.${format}`;
        return reply
          .type(
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          )
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );

    app.get(
      '/retrieveKpis',
      {
        schema: {
          tags,
          description: 'The dashboard’s figures: sales today and this month, charts and the latest declines.',
          querystring: z.object({ merchantId: z.string().max(20).optional() }),
          response: { 200: z.object({ success: z.literal(true), kpis: MerchantKpisSchema }) },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read', {
          merchantId: request.query.merchantId,
        });
        return { success: true as const, kpis: await service.kpis(merchantId) };
      },
    );
  };
}
