import {
  BundlesResponseSchema,
  CheckCardholderRequestSchema,
  CheckCardholderResponseSchema,
  CompanyMaxDraftOrdersResponseSchema,
  CreateBundleDraftRequestSchema,
  DeleteDraftCardsRequestSchema,
  DraftCardsRequestSchema,
  DraftIdRequestSchema,
  DraftOrderResponseSchema,
  DraftOrdersResponseSchema,
  OrderPriceRequestSchema,
  OrderPriceResponseSchema,
  ReadyToTopUpRequestSchema,
  ReadyToTopUpResponseSchema,
  ReplaceCardsRequestSchema,
  ReplaceCardsResponseSchema,
  SaveDraftOrderRequestSchema,
  UpdateDraftOrderRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import { z } from 'zod';
import { requestLocale } from '../../platform/http';
import { idempotencyOf } from '../../platform/idempotency';
import type { DraftsService } from './service';

const tags = ['orders'];
const Success = z.object({ success: z.literal(true) });

/**
 * `/api/v1/orders/...` draft calls (SPEC §7 orders service). Every route resolves the company
 * first (403 for one that is not the user's); reads are open to every company role and provider
 * staff, writes to the order manager and provider staff. The calls that create drafts accept an
 * `Idempotency-Key` (ARCHITECTURE §5).
 */
export function draftsRoutes(service: DraftsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/saveDraftOrder',
      {
        schema: { tags, body: SaveDraftOrderRequestSchema, response: { 200: DraftOrderResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'drafts.manage');
        const draftOrder = await service.saveDraftOrder(request.body, actor, idempotencyOf(request));
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/replaceCards',
      {
        schema: {
          tags,
          description:
            'Leavers and expiry (issue 22 §4, ADR 036): EXPIRED drafts replacing the chosen expiring cards, one per product and family, all or nothing; a card marked "do not renew", of a leaver, not in use or expiring after 60 days is refused by its row. Accepts an Idempotency-Key.',
          body: ReplaceCardsRequestSchema,
          response: { 200: ReplaceCardsResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'drafts.manage');
        return {
          success: true as const,
          ...(await service.replaceCards(request.body, actor, idempotencyOf(request))),
        };
      },
    );

    app.get(
      '/retrieveDraftOrder',
      {
        schema: { tags, querystring: DraftIdRequestSchema, response: { 200: DraftOrderResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'drafts.read');
        return {
          success: true as const,
          draftOrder: await service.getDraftOrder(companyId, request.query.draftId),
        };
      },
    );

    app.get(
      '/retrieveDraftOrders',
      {
        schema: { tags, response: { 200: DraftOrdersResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'drafts.read');
        return { success: true as const, ...(await service.listDraftOrders(companyId)) };
      },
    );

    app.get(
      '/retrieveDraftOrdersFinanceUser',
      {
        schema: { tags, response: { 200: DraftOrdersResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.finance');
        return { success: true as const, ...(await service.listDraftOrders(companyId)) };
      },
    );

    app.post(
      '/updateDraftOrder',
      {
        schema: { tags, body: UpdateDraftOrderRequestSchema, response: { 200: DraftOrderResponseSchema } },
      },
      async (request) => {
        const draftOrder = await service.updateDraftOrder(
          request.body,
          await requireActor(request, 'drafts.manage'),
        );
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/deleteDraftOrder',
      {
        schema: { tags, body: DraftIdRequestSchema, response: { 200: Success } },
      },
      async (request) => {
        await service.deleteDraftOrder(request.body.draftId, await requireActor(request, 'drafts.manage'));
        return { success: true as const };
      },
    );

    app.post(
      '/addDraftOrderCards',
      {
        schema: { tags, body: DraftCardsRequestSchema, response: { 200: DraftOrderResponseSchema } },
      },
      async (request) => {
        const draftOrder = await service.addDraftCards(
          request.body,
          await requireActor(request, 'drafts.manage'),
        );
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/updateDraftOrderCards',
      {
        schema: { tags, body: DraftCardsRequestSchema, response: { 200: DraftOrderResponseSchema } },
      },
      async (request) => {
        const draftOrder = await service.updateDraftCards(
          request.body,
          await requireActor(request, 'drafts.manage'),
        );
        return { success: true as const, draftOrder };
      },
    );

    app.post(
      '/deleteDraftOrderCards',
      {
        schema: { tags, body: DeleteDraftCardsRequestSchema, response: { 200: DraftOrderResponseSchema } },
      },
      async (request) => {
        const draftOrder = await service.deleteDraftCards(
          request.body,
          await requireActor(request, 'drafts.manage'),
        );
        return { success: true as const, draftOrder };
      },
    );

    app.get(
      '/companyMaxDraftOrders',
      {
        schema: { tags, response: { 200: CompanyMaxDraftOrdersResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'drafts.read');
        return { success: true as const, ...(await service.maxDraftOrders(companyId)) };
      },
    );

    app.post(
      '/orderPriceCalculation',
      {
        schema: { tags, body: OrderPriceRequestSchema, response: { 200: OrderPriceResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'drafts.read');
        return { success: true as const, ...(await service.calculatePrice(companyId, request.body)) };
      },
    );

    app.post(
      '/readyToTopUp',
      {
        schema: { tags, body: ReadyToTopUpRequestSchema, response: { 200: ReadyToTopUpResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'drafts.manage');
        return {
          success: true as const,
          ...(await service.readyToTopUp(request.body, actor, idempotencyOf(request))),
        };
      },
    );

    app.post(
      '/checkCardholder',
      {
        schema: {
          tags,
          body: CheckCardholderRequestSchema,
          response: { 200: CheckCardholderResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'drafts.read');
        return { success: true as const, ...(await service.checkCardholders(companyId, request.body)) };
      },
    );

    // The bundle catalogues are no company's data: every company user, no company needed.
    app.get(
      '/retrieveComplimentaryBundles',
      {
        schema: { tags, response: { 200: BundlesResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'catalogue.read');
        return { success: true as const, bundles: service.bundles('complimentary', requestLocale(request)) };
      },
    );

    app.get(
      '/retrieveVoucherBundles',
      {
        schema: { tags, response: { 200: BundlesResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'catalogue.read');
        return { success: true as const, bundles: service.bundles('voucher', requestLocale(request)) };
      },
    );

    app.post(
      '/createBundleDraftOrder',
      {
        schema: {
          tags,
          body: CreateBundleDraftRequestSchema,
          response: { 200: ReadyToTopUpResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'drafts.manage');
        return {
          success: true as const,
          ...(await service.createBundleDraft(
            request.body,
            actor,
            requestLocale(request),
            idempotencyOf(request),
          )),
        };
      },
    );
  };
}
