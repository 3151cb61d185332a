import {
  can,
  ENROLMENT_STATES,
  MerchantListResponseSchema,
  MerchantProfileResponseSchema,
  StoreListResponseSchema,
  TerminalViewSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { MerchantsService } from './service';

const tags = ['merchants'];

/**
 * `/api/v1/merchants/...`: the merchant's own data (ADR 016). A merchant user reads their own
 * merchant; provider staff name one in the `merchantId` header. The merchant portal's pages (issue
 * 16) build on these.
 */
export function merchantsRoutes(service: MerchantsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveRedeemerProfileDetails',
      {
        schema: {
          tags,
          description:
            'The merchant’s profile, and what the signed-in user may do there (`access`: a view-only merchant user cannot sell on the virtual terminal).',
          response: { 200: MerchantProfileResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.read');
        const access = {
          merchantRole: actor.merchantRole,
          canUseTerminal: can(
            { roleId: actor.roleId, relatedCompanyIds: [], merchantRole: actor.merchantRole },
            'terminals.use',
          ),
          isProviderStaff: actor.isProviderStaff,
        };
        return { success: true as const, merchant: await service.profile(actor.merchantId), access };
      },
    );

    app.get(
      '/retrieveStoreList',
      {
        schema: {
          tags,
          response: { 200: StoreListResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return { success: true as const, stores: await service.stores(merchantId) };
      },
    );

    app.post(
      '/updateStoreMids',
      {
        schema: {
          tags,
          description:
            'Ask for a new terminal (MID) at one of the merchant’s stores: it starts `requested` until the provider enrols it. The client secret is answered this once.',
          body: z.object({ storeId: z.uuid(), label: z.string().trim().min(1).max(60) }),
          response: {
            200: z.object({
              success: z.literal(true),
              terminal: TerminalViewSchema,
              clientSecret: z.string(),
            }),
          },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        const { terminal, clientSecret } = await service.requestTerminal(
          actor,
          actor.merchantId,
          request.body,
        );
        return {
          success: true as const,
          terminal: {
            terminalId: terminal.id,
            mid: terminal.mid,
            label: terminal.label,
            state: terminal.state,
            clientId: terminal.clientId,
          },
          clientSecret,
        };
      },
    );

    app.get(
      '/merchants',
      {
        schema: {
          tags,
          description: 'Every merchant, for provider staff choosing one to act for.',
          response: { 200: MerchantListResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'settlements.manage');
        return { success: true as const, merchants: await service.list() };
      },
    );

    app.post(
      '/terminals/:terminalId/state',
      {
        schema: {
          tags,
          description: 'Enrol, suspend or re-request a terminal MID (provider staff; merchantId header).',
          params: z.object({ terminalId: z.uuid() }),
          body: z.object({ merchantId: z.string().min(1).max(20), state: z.enum(ENROLMENT_STATES) }),
          response: { 200: z.object({ success: z.literal(true), terminal: TerminalViewSchema }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'settlements.manage');
        const row = await service.setTerminalState(
          actor,
          request.body.merchantId,
          request.params.terminalId,
          request.body.state,
        );
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
