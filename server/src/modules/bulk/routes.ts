import {
  BulkImportIdParamsSchema,
  BulkImportResponseSchema,
  BulkImportRowParamsSchema,
  BulkImportRowResponseSchema,
  BulkImportRowsQuerySchema,
  BulkImportRowsResponseSchema,
  BulkImportsResponseSchema,
  BulkLoadCardOrderRequestSchema,
  BulkLoadCardOrderResponseSchema,
  BulkProblemRowsQuerySchema,
  BulkTemplateQuerySchema,
  DropBulkImportRowsRequestSchema,
  UpdateBulkImportRowRequestSchema,
  UploadBulkFileQuerySchema,
  type BulkPurpose,
  type Locale,
} from '@tessera/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { requestLocale } from '../../platform/http';
import { idempotencyKeyOf } from '../../platform/idempotency';
import { requireActor } from '../../platform/policy';
import type { BulkService } from './service';
import type { TemplateKind } from './templates';

const tags = ['orders'];
const Success = z.object({ success: z.literal(true) });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * Content types an upload may come as: the file's own (Windows names a `.csv` as Excel's), or plain
 * bytes. The body is the file; what it is comes from its bytes, never from this header.
 */
const UPLOAD_TYPES = [
  XLSX,
  'application/vnd.ms-excel',
  'text/csv',
  'application/csv',
  'application/octet-stream',
];

/** An `.xlsx` download: an ASCII name for old clients, the name in the user's language for the rest. */
function sendXlsx(reply: FastifyReply, names: { ascii: string; local: string }, body: Buffer | PassThrough) {
  const ascii = names.ascii.replace(/[^\w.-]/g, '_');
  return reply
    .type(XLSX)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(names.local)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(body);
}

const TEMPLATE_NAMES: Record<TemplateKind, Record<BulkPurpose, Record<Locale, string>>> = {
  sample: {
    load: { el: 'προτυπο-φορτωσεις.xlsx', en: 'template-loads.xlsx' },
    new: { el: 'προτυπο-νεες-καρτες.xlsx', en: 'template-new-cards.xlsx' },
    mixed: { el: 'προτυπο-παραγγελια.xlsx', en: 'template-order.xlsx' },
  },
  example: {
    load: { el: 'παραδειγμα-φορτωσεις.xlsx', en: 'example-loads.xlsx' },
    new: { el: 'παραδειγμα-νεες-καρτες.xlsx', en: 'example-new-cards.xlsx' },
    mixed: { el: 'παραδειγμα-παραγγελια.xlsx', en: 'example-order.xlsx' },
  },
};

/**
 * `/api/v1/orders/...` bulk calls (SPEC §7: sample and example files, uploadExcelDraftOrder,
 * bulkLoadCardOrder; ADR 011). Reads are open to every company role and provider staff; writes to
 * the order manager and provider staff, like the drafts. Every route but the templates resolves
 * the company first (403 for one that is not the user's, 404 for an import of another company).
 */
export function bulkRoutes(
  service: BulkService,
  options: {
    maxBytes: number;
    /**
     * Issue 35 §8 (ADR 049): invites the holders an import names who were never invited to the
     * cardholder app, when the request asks for it; returns how many were invited.
     */
    inviteCardholders?: (
      actor: { userId: string; requestId?: string },
      companyId: string,
      importId: string,
    ) => Promise<number>;
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    // The upload's body is the file itself: no multipart envelope, the size capped by the route.
    app.addContentTypeParser(
      UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: options.maxBytes },
      (_request, body, done) => done(null, body),
    );

    for (const kind of ['sample', 'example'] as const) {
      app.get(
        kind === 'sample' ? '/downloadSampleFile' : '/downloadExampleFile',
        { schema: { tags, querystring: BulkTemplateQuerySchema } },
        async (request, reply) => {
          await requireActor(request, 'catalogue.read');
          const locale = request.query.lang ?? requestLocale(request);
          const file = await service.template(request.query.purpose, kind, locale);
          const names = TEMPLATE_NAMES[kind][request.query.purpose];
          return sendXlsx(reply, { ascii: names.en, local: names[locale] }, file);
        },
      );
    }

    app.post(
      '/uploadExcelDraftOrder',
      {
        schema: { tags, querystring: UploadBulkFileQuerySchema, response: { 202: BulkImportResponseSchema } },
        bodyLimit: options.maxBytes,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const actor = await requireActor(request, 'bulk.manage');
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('VALIDATION', 'no file in the body', {
            fields: [{ field: 'file', key: 'required' }],
          });
        }
        const created = await service.upload(
          actor,
          request.query,
          request.body,
          request.headers['content-type'],
          requestLocale(request),
        );
        return reply.status(202).send({ success: true as const, import: created });
      },
    );

    app.get(
      '/bulkImports',
      {
        schema: { tags, response: { 200: BulkImportsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'bulk.read');
        return { success: true as const, imports: await service.list(companyId, requestLocale(request)) };
      },
    );

    app.get(
      '/bulkImports/:importId',
      {
        schema: { tags, params: BulkImportIdParamsSchema, response: { 200: BulkImportResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'bulk.read');
        return {
          success: true as const,
          import: await service.get(companyId, request.params.importId, requestLocale(request)),
        };
      },
    );

    app.get(
      '/bulkImports/:importId/rows',
      {
        schema: {
          tags,
          params: BulkImportIdParamsSchema,
          querystring: BulkImportRowsQuerySchema,
          response: { 200: BulkImportRowsResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'bulk.read');
        const page = await service.rows(
          companyId,
          request.params.importId,
          request.query,
          requestLocale(request),
        );
        return {
          success: true as const,
          ...page,
          page: request.query.page,
          pageSize: request.query.pageSize,
        };
      },
    );

    app.patch(
      '/bulkImports/:importId/rows/:rowNumber',
      {
        schema: {
          tags,
          params: BulkImportRowParamsSchema,
          body: UpdateBulkImportRowRequestSchema,
          response: { 200: BulkImportRowResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'bulk.manage');
        const result = await service.updateRow(
          actor,
          request.params.importId,
          request.params.rowNumber,
          request.body.cells,
          requestLocale(request),
        );
        return { success: true as const, ...result };
      },
    );

    app.post(
      '/bulkImports/:importId/dropRows',
      {
        schema: {
          tags,
          params: BulkImportIdParamsSchema,
          body: DropBulkImportRowsRequestSchema,
          response: { 200: BulkImportResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'bulk.manage');
        const updated = await service.dropRows(
          actor,
          request.params.importId,
          request.body,
          requestLocale(request),
        );
        return { success: true as const, import: updated };
      },
    );

    app.get(
      '/bulkImports/:importId/problemRows',
      {
        schema: { tags, params: BulkImportIdParamsSchema, querystring: BulkProblemRowsQuerySchema },
      },
      async (request, reply) => {
        // A plain link: the company may come in the query instead of the header.
        const { companyId } = await requireActor(request, 'bulk.read', {
          companyId: request.query.companyId,
        });
        const locale = request.query.lang ?? requestLocale(request);
        const stream = new PassThrough();
        const row = await service.writeProblemRows(companyId, request.params.importId, locale, stream);
        const base = row.fileName.replace(/\.[^.]+$/, '').slice(0, 80);
        return sendXlsx(
          reply,
          {
            ascii: `${base}-problems.xlsx`,
            local: `${base}-${locale === 'el' ? 'προβλήματα' : 'problems'}.xlsx`,
          },
          stream,
        );
      },
    );

    app.delete(
      '/bulkImports/:importId',
      {
        schema: { tags, params: BulkImportIdParamsSchema, response: { 200: Success } },
      },
      async (request) => {
        const actor = await requireActor(request, 'bulk.manage');
        await service.deleteImport(actor, request.params.importId);
        return { success: true as const };
      },
    );

    app.post(
      '/bulkLoadCardOrder',
      {
        schema: {
          tags,
          body: BulkLoadCardOrderRequestSchema,
          response: { 200: BulkLoadCardOrderResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'bulk.manage');
        const result = await service.convert(request.body, actor, {
          key: idempotencyKeyOf(request),
          route: `${request.method} ${request.routeOptions.url}`,
        });
        // Once the drafts are made: a replay finds everyone invited already and sends nothing.
        const invitedCardholders =
          request.body.inviteCardholders && options.inviteCardholders
            ? await options.inviteCardholders(
                { userId: actor.userId, requestId: actor.requestId },
                actor.companyId,
                request.body.importId,
              )
            : undefined;
        return {
          success: true as const,
          ...result,
          ...(invitedCardholders === undefined ? {} : { invitedCardholders }),
        };
      },
    );
  };
}
