import {
  MarkNotificationsReadRequestSchema,
  NotificationsResponseSchema,
  ReadNotificationsResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { NotificationsService } from './service';

const tags = ['accounts'];
const Success = z.object({ success: z.literal(true) });

/**
 * `/api/v1/accounts/...` notification calls (SPEC §3, §7): the company's service notifications
 * (every company role and provider staff; the company resolved first, 403 for a foreign one), and
 * the read state of the signed-in user (any role, no company).
 */
export function notificationsRoutes(service: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveNotifications',
      {
        schema: { tags, response: { 200: NotificationsResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'notifications.read');
        const [runOrders, others] = await Promise.all([
          service.runOrderNotifications(actor.companyId, actor.userId, actor.locale),
          service.serviceNotifications(actor.companyId, actor.userId, actor.locale),
        ]);
        return { success: true as const, notifications: [...runOrders, ...others] };
      },
    );

    /** Generic notifications: the ids this user has read, on whichever browser. */
    app.get(
      '/notifications/read',
      {
        schema: { tags, response: { 200: ReadNotificationsResponseSchema } },
      },
      async (request) => {
        const { userId } = await requireActor(request, 'account.self');
        return { success: true as const, readIds: await service.readNotificationIds(userId) };
      },
    );

    app.post(
      '/notifications/mark-read',
      {
        schema: { tags, body: MarkNotificationsReadRequestSchema, response: { 200: Success } },
      },
      async (request) => {
        const { userId } = await requireActor(request, 'account.self');
        await service.markNotificationsRead(userId, request.body.ids);
        return { success: true as const };
      },
    );
  };
}
