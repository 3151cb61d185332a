import {
  ContentEntriesResponseSchema,
  ContentEntryResponseSchema,
  ContentKey,
  ContentPreviewResponseSchema,
  ContentVersionResponseSchema,
  ContentVersionsResponseSchema,
  PublishContentRequestSchema,
  PublishContentResponseSchema,
  SaveContentDraftRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { ContentEditing, EditorActor } from './editing';

const tags = ['content-editing'];
const KeyLocaleQuery = z.object({ key: ContentKey, locale: z.enum(['el', 'en']) });

const editor = (actor: { userId: string; companyId: string | null; requestId: string }): EditorActor => ({
  userId: actor.userId,
  companyId: actor.companyId,
  requestId: actor.requestId,
});

/**
 * `/api/content/admin/...` (issue 18 §5, ADR 025): the content editor. Reading (entries, drafts,
 * previews, history) is for provider staff (`content.review`); saving a draft, publishing and
 * restoring for the provider's admin (`content.edit`).
 */
export function contentAdminRoutes(editing: ContentEditing): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/entries',
      { schema: { tags, response: { 200: ContentEntriesResponseSchema } } },
      async (request) => {
        await requireActor(request, 'content.review');
        return { success: true as const, entries: await editing.entries() };
      },
    );

    app.get(
      '/entry',
      {
        schema: {
          tags,
          querystring: z.object({ key: ContentKey }),
          response: { 200: ContentEntryResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'content.review');
        return { success: true as const, ...(await editing.entry(request.query.key)) };
      },
    );

    app.post(
      '/drafts',
      {
        schema: {
          tags,
          description: 'Saves a new draft of one culture; rich text is sanitised with the allow-list.',
          body: SaveContentDraftRequestSchema,
          response: { 200: ContentVersionResponseSchema },
        },
        bodyLimit: 1024 * 1024,
      },
      async (request) => {
        const actor = await requireActor(request, 'content.edit');
        const { key, locale, value } = request.body;
        return {
          success: true as const,
          version: await editing.saveDraft(editor(actor), key, locale, value),
        };
      },
    );

    app.get(
      '/preview',
      { schema: { tags, querystring: KeyLocaleQuery, response: { 200: ContentPreviewResponseSchema } } },
      async (request) => {
        await requireActor(request, 'content.review');
        const { key, locale } = request.query;
        return { success: true as const, key, locale, preview: await editing.preview(key, locale) };
      },
    );

    app.post(
      '/publish',
      {
        schema: { tags, body: PublishContentRequestSchema, response: { 200: PublishContentResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'content.edit');
        return {
          success: true as const,
          published: await editing.publish(editor(actor), request.body.key, request.body.locales),
        };
      },
    );

    app.get(
      '/versions',
      { schema: { tags, querystring: KeyLocaleQuery, response: { 200: ContentVersionsResponseSchema } } },
      async (request) => {
        await requireActor(request, 'content.review');
        return {
          success: true as const,
          versions: await editing.versions(request.query.key, request.query.locale),
        };
      },
    );

    app.get(
      '/versions/:id',
      {
        schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: ContentVersionResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'content.review');
        return { success: true as const, version: await editing.version(request.params.id) };
      },
    );

    app.post(
      '/versions/:id/restore',
      {
        schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: ContentVersionResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'content.edit');
        return { success: true as const, version: await editing.restore(editor(actor), request.params.id) };
      },
    );
  };
}
