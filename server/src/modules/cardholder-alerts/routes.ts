import {
  AlertSettingsResponseSchema,
  AlertSettingsSchema,
  CardholderNotificationsResponseSchema,
  MarkCardholderNotificationsReadSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCardholder } from '../cardholders';
import type { CardholderAlertsService } from './service';

const tags = ['cardholders'];

/** `/api/my/alerts` and `/api/my/notifications` (issue 35 §5, ADR 047): the signed-in cardholder's own. */
export function cardholderAlertsRoutes(service: CardholderAlertsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/alerts',
      {
        schema: {
          tags,
          description:
            'The cardholder’s alerts: e-mails per purchase and decline, a low-balance threshold, expiry reminders and the language of the texts (defaults: expiry reminders only).',
          response: { 200: AlertSettingsResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        return { success: true as const, alerts: await service.getAlerts(email) };
      },
    );

    app.put(
      '/alerts',
      {
        schema: {
          tags,
          description: 'Saves every alert choice at once.',
          body: AlertSettingsSchema,
          response: { 200: AlertSettingsResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        return { success: true as const, alerts: await service.updateAlerts(email, request.body) };
      },
    );

    app.get(
      '/notifications',
      {
        schema: {
          tags,
          description:
            'The bell: the newest 50 entries in the cardholder’s language, and how many are unread.',
          response: { 200: CardholderNotificationsResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        return { success: true as const, ...(await service.listNotifications(email)) };
      },
    );

    app.post(
      '/notifications/read',
      {
        schema: {
          tags,
          description: 'Marks the named entries of the bell read (another cardholder’s ids change nothing).',
          body: MarkCardholderNotificationsReadSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const { email } = await requireCardholder(request);
        await service.markNotificationsRead(email, request.body.ids);
        return reply.status(204).send(null);
      },
    );
  };
}
