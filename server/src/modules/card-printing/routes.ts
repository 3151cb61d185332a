import { CardPrintingResponseSchema, UpdateCardPrintingRequestSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowRoles, COMPANY_USERS, ORDERING } from '../../platform/auth-guard';
import { requireCompany, requireCompanyActor } from '../../platform/tenant';
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
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
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
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        cardPrinting: await service.updateCardPrinting(request.body, await requireCompanyActor(request)),
      }),
    );
  };
}
