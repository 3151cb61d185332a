import {
  ErrorCodesResponseSchema,
  FaqsResponseSchema,
  FooterResponseSchema,
  MenuResponseSchema,
  NotificationsContentResponseSchema,
  PageResponseSchema,
  SubmitContactRequestSchema,
  SubmitContactResponseSchema,
  VideoTutorialsResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { contentAdminRoutes } from './admin-routes';
import type { ContentService } from './service';

const AudienceQuery = z.object({ audience: z.enum(['company', 'merchant']).default('company') });
const tags = ['content'];

/** `/api/content/...`: public CMS content per `Culture` header, and the contact form. */
export function contentRoutes(service: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(contentAdminRoutes(service.editing), { prefix: '/admin' });
    app.get('/menu', { schema: { tags, response: { 200: MenuResponseSchema } } }, async (request) =>
      service.getMenu(requestLocale(request)),
    );
    app.get('/merchant-menu', { schema: { tags, response: { 200: MenuResponseSchema } } }, async (request) =>
      service.getMenu(requestLocale(request), 'merchant'),
    );
    app.get('/footer', { schema: { tags, response: { 200: FooterResponseSchema } } }, async (request) =>
      service.getFooter(requestLocale(request)),
    );
    app.get(
      '/merchant-footer',
      { schema: { tags, response: { 200: FooterResponseSchema } } },
      async (request) => service.getFooter(requestLocale(request), 'merchant'),
    );
    app.get(
      '/pages/:slug',
      { schema: { tags, params: z.object({ slug: z.string() }), response: { 200: PageResponseSchema } } },
      async (request) => ({
        success: true as const,
        page: await service.getPage(request.params.slug, requestLocale(request)),
      }),
    );
    app.get(
      '/faqs',
      {
        schema: {
          tags,
          querystring: AudienceQuery.extend({ q: z.string().max(200).default('') }),
          response: { 200: FaqsResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        groups: await service.getFaqs(requestLocale(request), request.query.audience, request.query.q),
      }),
    );
    app.get(
      '/video-tutorials',
      { schema: { tags, response: { 200: VideoTutorialsResponseSchema } } },
      async (request) => service.getVideoTutorials(requestLocale(request)),
    );
    app.get(
      '/notifications',
      {
        schema: { tags, querystring: AudienceQuery, response: { 200: NotificationsContentResponseSchema } },
      },
      async (request) => {
        // Announcements aimed at one company reach its users only (ADR 025): the session says whose.
        const session = await currentSession(request);
        const companyIds = session
          ? session.companyId
            ? [session.companyId]
            : session.relatedCompanyIds
          : [];
        const { audience } = request.query;
        return service.getNotifications(requestLocale(request), audience, { audience, companyIds });
      },
    );
    app.get(
      '/error-codes',
      { schema: { tags, response: { 200: ErrorCodesResponseSchema } } },
      async (request) => service.getErrorCodes(requestLocale(request)),
    );
    app.post(
      '/contact',
      {
        schema: { tags, body: SubmitContactRequestSchema, response: { 200: SubmitContactResponseSchema } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => ({
        success: true as const,
        ...(await service.submitContact(request.body, requestLocale(request))),
      }),
    );
  };
}
