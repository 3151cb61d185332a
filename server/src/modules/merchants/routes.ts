import {
  can,
  CHANNEL_NAMES,
  ENROLMENT_STATES,
  LocaleSchema,
  MERCHANT_USER_ROLES,
  MerchantListResponseSchema,
  MerchantNotificationSchema,
  MerchantProfileResponseSchema,
  MerchantSummarySchema,
  STORE_CHANNELS,
  StoreListResponseSchema,
  StoreViewSchema,
  TerminalViewSchema,
  UpdateRedeemerProfileRequestSchema,
  UpdateStoreDetailsRequestSchema,
  UserSchema,
} from '@tessera/domain';
import { requestLocale } from '../../platform/http';
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
      '/retrieveStoreDetails',
      {
        schema: {
          tags,
          querystring: z.object({ storeId: z.uuid(), merchantId: z.string().max(20).optional() }),
          response: { 200: z.object({ success: z.literal(true), store: StoreViewSchema }) },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read', {
          merchantId: request.query.merchantId,
        });
        return {
          success: true as const,
          store: await service.storeDetails(merchantId, request.query.storeId),
        };
      },
    );

    app.post(
      '/updateStoreDetails',
      {
        schema: {
          tags,
          description:
            'A store’s name, address, opening hours, channels, neighbourhood and coordinates (both or neither; null clears them, absent keeps them). Its category and products are contractual.',
          body: UpdateStoreDetailsRequestSchema,
          response: { 200: z.object({ success: z.literal(true), store: StoreViewSchema }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        return {
          success: true as const,
          store: await service.updateStoreDetails(actor, actor.merchantId, request.body),
        };
      },
    );

    app.get(
      '/retrieveChannels',
      {
        schema: {
          tags,
          response: {
            200: z.object({
              success: z.literal(true),
              channels: z.array(z.object({ code: z.enum(STORE_CHANNELS), name: z.string() })),
            }),
          },
        },
      },
      async (request) => {
        await requireActor(request, 'merchants.read');
        const locale = requestLocale(request);
        return {
          success: true as const,
          channels: STORE_CHANNELS.map((code) => ({ code, name: CHANNEL_NAMES[code][locale] })),
        };
      },
    );

    app.post(
      '/updateRedeemerProfile',
      {
        schema: {
          tags,
          description:
            'Contact details change at once; a new IBAN takes effect only once the link mailed to the merchant’s contact address confirms it.',
          body: UpdateRedeemerProfileRequestSchema,
          response: {
            200: z.object({
              success: z.literal(true),
              merchant: MerchantSummarySchema,
              ibanChangePending: z.boolean(),
            }),
          },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        const { ibanChangePending } = await service.updateProfile(
          actor,
          actor.merchantId,
          request.body,
          requestLocale(request),
        );
        return {
          success: true as const,
          merchant: await service.profile(actor.merchantId),
          ibanChangePending,
        };
      },
    );

    app.post(
      '/confirmIbanChange',
      {
        schema: {
          tags,
          body: z.object({ token: z.string().min(20).max(100) }),
          response: { 200: z.object({ success: z.literal(true), merchant: MerchantSummarySchema }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        await service.confirmIbanChange(actor, actor.merchantId, request.body.token);
        return { success: true as const, merchant: await service.profile(actor.merchantId) };
      },
    );

    const MerchantUserSchema = UserSchema.extend({ merchantRole: z.enum(MERCHANT_USER_ROLES) });

    app.get(
      '/merchantUsers',
      {
        schema: {
          tags,
          response: { 200: z.object({ success: z.literal(true), users: z.array(MerchantUserSchema) }) },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return { success: true as const, users: await service.users(merchantId) };
      },
    );

    app.post(
      '/inviteMerchantUser',
      {
        schema: {
          tags,
          description:
            'Invites an administrator or a view-only user; the confirmation mail lets them set a password.',
          body: z.object({
            email: z.email().max(200),
            firstName: z.string().trim().min(1).max(100),
            lastName: z.string().trim().min(1).max(100),
            role: z.enum(MERCHANT_USER_ROLES),
            preferredLanguage: LocaleSchema.default('el'),
          }),
          response: { 200: z.object({ success: z.literal(true), user: MerchantUserSchema }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        return {
          success: true as const,
          user: await service.inviteUser(actor, actor.merchantId, request.body),
        };
      },
    );

    app.post(
      '/lockMerchantUser',
      {
        schema: {
          tags,
          body: z.object({ userId: z.uuid(), locked: z.boolean() }),
          response: { 200: z.object({ success: z.literal(true), user: MerchantUserSchema }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'merchants.manage');
        return {
          success: true as const,
          user: await service.setUserLocked(
            actor,
            actor.merchantId,
            request.body.userId,
            request.body.locked,
          ),
        };
      },
    );

    app.get(
      '/retrieveMerchantNotifications',
      {
        schema: {
          tags,
          response: {
            200: z.object({
              success: z.literal(true),
              notifications: z.array(MerchantNotificationSchema),
              unread: z.number().int(),
            }),
          },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        return {
          success: true as const,
          ...(await service.notifications(merchantId, requestLocale(request))),
        };
      },
    );

    app.post(
      '/updateMerchantNotification',
      {
        schema: {
          tags,
          description: 'Marks one notification read, or every one without an id.',
          body: z.object({ notificationId: z.uuid().optional() }),
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchants.read');
        await service.markNotificationsRead(merchantId, request.body.notificationId);
        return { success: true as const };
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
