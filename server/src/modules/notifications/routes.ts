import {
  MarkNotificationsReadRequestSchema,
  NotificationsResponseSchema,
  ReadNotificationsResponseSchema,
  ROLE_IDS,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowRoles, COMPANY_USERS, sessionOf } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { requireCompany } from '../../platform/tenant';
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
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const scope = await requireCompany(request);
        return {
          success: true as const,
          notifications: await service.serviceNotifications(
            scope.companyId,
            scope.session.userId,
            requestLocale(request),
          ),
        };
      },
    );

    /** Generic notifications: the ids this user has read, on whichever browser. */
    app.get(
      '/notifications/read',
      {
        schema: { tags, response: { 200: ReadNotificationsResponseSchema } },
        preHandler: allowRoles(...ROLE_IDS),
      },
      async (request) => {
        const session = await sessionOf(request);
        return { success: true as const, readIds: await service.readNotificationIds(session.userId) };
      },
    );

    app.post(
      '/notifications/mark-read',
      {
        schema: { tags, body: MarkNotificationsReadRequestSchema, response: { 200: Success } },
        preHandler: allowRoles(...ROLE_IDS),
      },
      async (request) => {
        const session = await sessionOf(request);
        await service.markNotificationsRead(session.userId, request.body.ids);
        return { success: true as const };
      },
    );
  };
}
