import { StoreSearchQuerySchema, StoreSearchResponseSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCardholder } from '../cardholders';
import type { CardholderStoresService } from './service';

const tags = ['cardholders'];

/** `GET /api/my/stores` (issue 35 §4, ADR 047): where the signed-in cardholder's card is taken. */
export function cardholderStoresRoutes(service: CardholderStoresService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stores',
      {
        schema: {
          tags,
          description:
            'The stores that accept the product of one of the cardholder’s cards (another card is 404): every word of q in the merchant, store, address, area, city or postal code (case and accents ignored), a postal code prefix, an area, a category, a channel (in-store, or online: a shop of its own or a delivery platform). Nearest first when lat and lng are given (stores without coordinates last), else by merchant and store name; 20 a page.',
          querystring: StoreSearchQuerySchema,
          response: { 200: StoreSearchResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        return service.findStores(email, request.query);
      },
    );
  };
}
