import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SANDBOX_MODES } from './schema';
import type { InvoicingService } from './service';

/**
 * Test hooks (TEST_HOOKS, never in production): the sandbox AADE switched up, down or refusing
 * (with AADE's code and message), and optionally one pass of the transmission job at once, for the
 * end-to-end journeys of issue 37 (an invoice issued under transmission failure and sent when AADE
 * comes back; a refused document in the staff queue).
 */
export function invoicingTestRoutes(service: InvoicingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/mydata-sandbox',
      {
        schema: {
          tags: ['test'],
          body: z.object({
            mode: z.enum(SANDBOX_MODES),
            refusalCode: z
              .string()
              .trim()
              .regex(/^\d{1,4}$/)
              .optional(),
            refusalMessage: z.string().trim().min(1).max(500).optional(),
            duplicates: z.enum(['refuse', 'reregister']).optional(),
            /** Run the transmission job once after switching (what is due is sent now). */
            transmit: z.boolean().default(false),
            /** With `transmit`: documents waiting for a later retry are sent too (their time has come). */
            retryWaiting: z.boolean().default(false),
          }),
          response: {
            200: z.object({
              success: z.literal(true),
              /** The gateway the portal sends to: the switch acts only when it is `sandbox`. */
              gateway: z.string(),
              mode: z.enum(SANDBOX_MODES),
              refusalCode: z.string(),
              refusalMessage: z.string(),
              duplicates: z.enum(['refuse', 'reregister']),
              transmitted: z.number().int(),
              refused: z.number().int(),
              unanswered: z.number().int(),
            }),
          },
        },
      },
      async (request) => {
        const { transmit, retryWaiting, mode, refusalCode, refusalMessage, duplicates } = request.body;
        const state = await service.setSandboxState({
          mode,
          ...(refusalCode ? { refusalCode } : {}),
          ...(refusalMessage ? { refusalMessage } : {}),
          ...(duplicates ? { duplicates } : {}),
        });
        const report = transmit
          ? await service.transmitDue(
              // A day on: every retry the backoff put off (at most hours) is due.
              retryWaiting ? { dueBy: new Date(Date.now() + 86_400_000) } : {},
            )
          : { transmitted: 0, found: 0, refused: 0, unanswered: 0 };
        return {
          success: true as const,
          gateway: service.gateway.name,
          ...state,
          transmitted: report.transmitted + report.found,
          refused: report.refused,
          unanswered: report.unanswered,
        };
      },
    );
  };
}
