import {
  TerminalDeskQuerySchema,
  TerminalDeskResponseSchema,
  TerminalDeskStateRequestSchema,
  TerminalViewSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { MerchantsService } from './service';

const tags = ['merchants'];

/**
 * `/api/v1/merchants/terminalDesk...` (issue 34 §1): the provider's terminals desk. Provider staff
 * (`settlements.manage`) list every merchant's tills, requested first, and enrol, suspend or
 * resume one with a reason that the audit log keeps. A merchant user is refused (403).
 */
export function terminalDeskRoutes(service: MerchantsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/terminalDesk',
      {
        schema: {
          tags,
          description:
            'Every merchant’s terminals with merchant, store, MID and state; requested ones first, with their count (provider staff).',
          querystring: TerminalDeskQuerySchema,
          response: { 200: TerminalDeskResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'settlements.manage');
        return { success: true as const, ...(await service.terminalDesk(request.query)) };
      },
    );

    app.post(
      '/terminalDesk/:terminalId/state',
      {
        schema: {
          tags,
          description:
            'Enrols (a requested or suspended terminal: enrol or resume) or suspends (an enrolled one) a terminal, with the reason, kept in the audit log. Any other move is a 409.',
          params: z.object({ terminalId: z.uuid() }),
          body: TerminalDeskStateRequestSchema,
          response: { 200: z.object({ success: z.literal(true), terminal: TerminalViewSchema }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'settlements.manage');
        const { state, reason } = request.body;
        const terminal = await service.anyTerminal(request.params.terminalId);
        const row = await service.setTerminalState(actor, terminal.merchantId, terminal.id, state, {
          reason,
          expectedFrom: state === 'suspended' ? ['enrolled'] : ['requested', 'suspended'],
        });
        return {
          success: true as const,
          terminal: {
            terminalId: row.id,
            mid: row.mid,
            label: row.label,
            state: row.state,
            clientId: row.clientId,
          },
        };
      },
    );
  };
}
