import { CardPrintingResponseSchema, UpdateCardPrintingRequestSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { CardPrintingService } from './service';

const tags = ['accounts'];

/**
 * `/api/v1/accounts/...` card-printing calls (SPEC §7). Reading is open to every company role and
 * provider staff; changing to the order manager and provider staff (audited). Both resolve the
 * company first (403 for a foreign one).
 */
export function cardPrintingRoutes(service: CardPrintingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveCardPrinting',
      {
        schema: { tags, response: { 200: CardPrintingResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'card-printing.read');
        return { success: true as const, cardPrinting: await service.getCardPrinting(companyId) };
      },
    );

    app.post(
      '/updateCardPrinting',
      {
        schema: {
          tags,
          body: UpdateCardPrintingRequestSchema,
          response: { 200: CardPrintingResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'card-printing.manage');
        return {
          success: true as const,
          cardPrinting: await service.updateCardPrinting(request.body, actor),
        };
      },
    );
  };
}
