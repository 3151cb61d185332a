import {
  OrderSummarySchema,
  PaymentInstructionsSchema,
  ProblemDetailsSchema,
  PublicBalanceSchema,
  PublicBulkLoadSchema,
  PublicCardholderSchema,
  PublicCardholdersPageSchema,
  PublicCardholdersQuerySchema,
  PublicCardIdParamsSchema,
  PublicCardSchema,
  PublicCardsPageSchema,
  PublicCardsQuerySchema,
  PublicCreateCardholderSchema,
  PublicCreateOrderSchema,
  PublicDraftIdParamsSchema,
  PublicInvoiceIdParamsSchema,
  PublicInvoiceSchema,
  PublicInvoicesPageSchema,
  PublicInvoicesQuerySchema,
  PublicOrderIdParamsSchema,
  PublicOrderSchema,
  PublicOrdersCreatedSchema,
  PublicOrdersPageSchema,
  PublicOrdersQuerySchema,
  PublicStatementPageSchema,
  PublicStatementQuerySchema,
  PublicSubmitDraftSchema,
  ROLE,
  type ApiScope,
} from '@tessera/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { idempotencyOf } from '../../platform/idempotency';
import { acceptedLocale, type PublicRoutes } from '../api-clients';
import type { CardsService } from '../cards';
import type { InvoicingService } from '../invoicing';
import type { OrdersService } from '../orders';
import type { PublicApiService } from './service';

const problems = {
  400: ProblemDetailsSchema,
  401: ProblemDetailsSchema,
  403: ProblemDetailsSchema,
  404: ProblemDetailsSchema,
  409: ProblemDetailsSchema,
  422: ProblemDetailsSchema,
  429: ProblemDetailsSchema,
};
const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(128)
    .describe('A unique key per operation (a UUID): a retry with it is answered, not repeated.'),
});

/**
 * The public API's resources (issue 22 §2, ADR 037), behind the front door of the api-clients
 * module (its guard, scopes, rate limit, audit and problem details): cards and cardholders,
 * orders (single, bulk, drafts submitted later), the company's balance and statement.
 */
export function publicApiResourceRoutes(deps: {
  service: PublicApiService;
  cards: CardsService;
  orders: OrdersService;
  /** Issue 37 §5: the company's invoices and credit notes, and their downloads. */
  invoicing: Pick<
    InvoicingService,
    'publicInvoicesPage' | 'publicInvoice' | 'publicInvoiceUbl' | 'customerInvoiceXml' | 'customerInvoicePdf'
  >;
}): PublicRoutes {
  const { service, cards, orders, invoicing } = deps;
  return async (app, kit) => {
    const { rateLimit } = kit;
    /** The operation's tags and the scope its token needs, as OpenAPI says it (OAuth 2 scopes). */
    const documented = (tag: string, scope: ApiScope) => ({
      tags: ['public-api', tag],
      security: [{ clientCredentials: [scope] }],
    });
    const locale = (request: { headers: Record<string, unknown> }) =>
      acceptedLocale(request.headers['accept-language'] as string | undefined);

    app.get(
      '/cards',
      {
        config: { apiScope: 'cards:read', rateLimit },
        schema: {
          ...documented('cards', 'cards:read'),
          summary: 'List the company’s cards',
          description:
            'Oldest first, a page at a time: pass the answer’s `nextCursor` as `cursor` for the next page.',
          querystring: PublicCardsQuerySchema,
          response: { 200: PublicCardsPageSchema, ...problems },
        },
      },
      async (request) => cards.publicCardsPage(kit.callerOf(request).companyId, request.query),
    );

    app.get(
      '/cards/:cardId',
      {
        config: { apiScope: 'cards:read', rateLimit },
        schema: {
          ...documented('cards', 'cards:read'),
          summary: 'One card of the company',
          params: PublicCardIdParamsSchema,
          response: { 200: PublicCardSchema, ...problems },
        },
      },
      async (request) => {
        const caller = kit.callerOf(request);
        const { data } = await cards.publicCardsPage(caller.companyId, { limit: 1 }, request.params.cardId);
        if (!data[0])
          throw new AppError('NOT_FOUND', `no card ${request.params.cardId} in ${caller.companyId}`);
        return data[0];
      },
    );

    app.get(
      '/cardholders',
      {
        config: { apiScope: 'cards:read', rateLimit },
        schema: {
          ...documented('cardholders', 'cards:read'),
          summary: 'List the company’s cardholders',
          description: 'Filter by `employeeCode` or `email` (exact, case-insensitive) to find one person.',
          querystring: PublicCardholdersQuerySchema,
          response: { 200: PublicCardholdersPageSchema, ...problems },
        },
      },
      async (request) => cards.publicCardholdersPage(kit.callerOf(request).companyId, request.query),
    );

    app.post(
      '/cardholders',
      {
        config: { apiScope: 'cards:write', rateLimit },
        schema: {
          ...documented('cardholders', 'cards:write'),
          summary: 'Create a cardholder',
          description:
            'A person to order cards for later (`cardholderId` in an order line). An employee code or email another cardholder of the company has is refused (409) naming the field.',
          headers: idempotencyHeader,
          body: PublicCreateCardholderSchema,
          response: { 201: PublicCardholderSchema, ...problems },
        },
      },
      async (request, reply) => {
        const caller = kit.callerOf(request);
        const idempotency = idempotencyOf(request);
        const created = await service.createCardholder(caller, request.body, idempotency);
        return reply.code(201).send(created);
      },
    );

    const ordered = { 201: PublicOrdersCreatedSchema, ...problems };

    app.post(
      '/orders',
      {
        config: { apiScope: 'orders:write', rateLimit },
        schema: {
          ...documented('orders', 'orders:write'),
          summary: 'Create an order: load cards, or issue new cards',
          description:
            '`type: load` names the company’s cards (`cardId`); `type: new` names a cardholder (`cardholderId`) or a new one (`cardholder`). With a `paymentMethod` (RF or IRIS) the order is submitted and its payment started (an order above the company’s approval threshold waits for its approvers first); with `paymentMethod: null` a draft is kept, to be submitted with `POST /order-drafts/{draftId}/submit`.',
          headers: idempotencyHeader,
          body: PublicCreateOrderSchema,
          response: ordered,
        },
      },
      async (request, reply) => {
        const caller = kit.callerOf(request);
        const result = await service.createOrder(
          caller,
          request.body,
          idempotencyOf(request),
          locale(request),
        );
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/loads/bulk',
      {
        config: { apiScope: 'orders:write', rateLimit },
        bodyLimit: 8 * 1024 * 1024,
        schema: {
          ...documented('orders', 'orders:write'),
          summary: 'Load (or issue) up to 10,000 cards in one call',
          description:
            'The lines are the Excel bulk template’s columns (amounts in cents) and are judged by the same rules as an uploaded file: an unknown or foreign card, a blocked or replaced one, an amount out of range, a line repeated… Any line in error refuses the whole call (422) naming each line as `lines.<index>.<field>`; nothing is made. Otherwise the lines become one order per product and family (as the Excel path makes drafts), submitted with the payment method, or drafts with `paymentMethod: null`.',
          headers: idempotencyHeader,
          body: PublicBulkLoadSchema,
          response: ordered,
        },
      },
      async (request, reply) => {
        const caller = kit.callerOf(request);
        const result = await service.bulkLoad(caller, request.body, idempotencyOf(request), locale(request));
        return reply.code(201).send(result);
      },
    );

    app.post(
      '/order-drafts/:draftId/submit',
      {
        config: { apiScope: 'orders:write', rateLimit },
        schema: {
          ...documented('orders', 'orders:write'),
          summary: 'Submit a kept draft',
          headers: idempotencyHeader,
          params: PublicDraftIdParamsSchema,
          body: PublicSubmitDraftSchema,
          response: {
            201: z.object({ order: OrderSummarySchema, payment: PaymentInstructionsSchema.nullable() }),
            ...problems,
          },
        },
      },
      async (request, reply) => {
        const caller = kit.callerOf(request);
        const result = await service.submitDraft(
          caller,
          request.params.draftId,
          request.body.paymentMethod,
          idempotencyOf(request),
          locale(request),
        );
        return reply.code(201).send(result);
      },
    );

    app.get(
      '/orders',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('orders', 'orders:read'),
          summary: 'List the company’s orders, newest first',
          querystring: PublicOrdersQuerySchema,
          response: { 200: PublicOrdersPageSchema, ...problems },
        },
      },
      async (request) => orders.publicPage(kit.callerOf(request).companyId, request.query),
    );

    app.get(
      '/orders/:orderId',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('orders', 'orders:read'),
          summary: 'One order with its timeline, price and payments',
          params: PublicOrderIdParamsSchema,
          response: { 200: PublicOrderSchema, ...problems },
        },
      },
      async (request) => {
        const caller = kit.callerOf(request);
        const { actions: _actions, ...order } = await orders.details(
          caller.companyId,
          request.params.orderId,
          {
            userId: caller.id,
            roleId: ROLE.ORDER_MANAGER,
          },
        );
        return order;
      },
    );

    app.get(
      '/balance',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('statements', 'orders:read'),
          summary: 'The company’s balance',
          response: { 200: PublicBalanceSchema, ...problems },
        },
      },
      async (request) => service.balance(kit.callerOf(request)),
    );

    app.get(
      '/statements',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('statements', 'orders:read'),
          summary: 'The company’s statement: every money movement, oldest first',
          description: '`from` and `to` are Athens calendar days, both included.',
          querystring: PublicStatementQuerySchema,
          response: { 200: PublicStatementPageSchema, ...problems },
        },
      },
      async (request) => service.statement(kit.callerOf(request), request.query),
    );

    // Issue 37 §5: the company's invoices and credit notes (the fees of its orders), and each one's
    // downloads. Read with `orders:read`: they document what its orders charged.
    app.get(
      '/invoices',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('invoices', 'orders:read'),
          summary: 'List the company’s invoices and credit notes, newest first',
          description:
            '`from` and `to` are issue dates (Athens calendar days), both included; `kind` keeps invoices or credit notes only. Each document carries the links to its downloads.',
          querystring: PublicInvoicesQuerySchema,
          response: { 200: PublicInvoicesPageSchema, ...problems },
        },
      },
      async (request) => invoicing.publicInvoicesPage(kit.callerOf(request).companyId, request.query),
    );

    app.get(
      '/invoices/:invoiceId',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('invoices', 'orders:read'),
          summary: 'One invoice or credit note of the company',
          params: PublicInvoiceIdParamsSchema,
          response: { 200: PublicInvoiceSchema, ...problems },
        },
      },
      async (request) => invoicing.publicInvoice(kit.callerOf(request).companyId, request.params.invoiceId),
    );

    app.get(
      '/invoices/:invoiceId/mydata',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('invoices', 'orders:read'),
          summary: 'The document as sent to AADE’s myDATA (XML)',
          description:
            'An `InvoicesDoc` of myDATA’s schema (v2.0.1, namespace `http://www.aade.gr/myDATA/invoice/v1.0`) holding this one document, as the portal sends it to AADE. A credit note whose invoice has no MARK yet answers 409 until it has one.',
          params: PublicInvoiceIdParamsSchema,
          response: { 200: download('application/xml', 'The myDATA `InvoicesDoc`'), ...problems },
        },
      },
      async (request, reply) => {
        const { fileName, xml } = await invoicing.customerInvoiceXml(
          { companyId: kit.callerOf(request).companyId },
          request.params.invoiceId,
        );
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(xml);
      },
    );

    app.get(
      '/invoices/:invoiceId/pdf',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('invoices', 'orders:read'),
          summary: 'The printed document (PDF)',
          description:
            'The A4 document in Greek, with English beside each label when `Accept-Language` asks for `en`: the parties, lines, VAT analysis and totals, and AADE’s MARK, UID and QR code once transmitted.',
          params: PublicInvoiceIdParamsSchema,
          response: { 200: download('application/pdf', 'The PDF'), ...problems },
        },
      },
      async (request, reply) => {
        const { companyId } = kit.callerOf(request);
        const { fileName, pdf } = await invoicing.customerInvoicePdf(
          { companyId },
          request.params.invoiceId,
          locale(request),
          (ids) => orders.orderNumbers(companyId, ids),
        );
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            // Fastify sends a Buffer as it is; the document describes the bytes as a binary string.
            .send(pdf as unknown as string)
        );
      },
    );

    app.get(
      '/invoices/:invoiceId/ubl',
      {
        config: { apiScope: 'orders:read', rateLimit },
        schema: {
          ...documented('invoices', 'orders:read'),
          summary: 'The document as UBL 2.1 following EN 16931 (XML)',
          description:
            'A UBL 2.1 `Invoice` (type 380) or, for a credit note, a `CreditNote` (381) naming the invoice it credits, following the European norm EN 16931; AADE’s MARK, once given, is an additional document reference described `##M.AR.K##`.',
          params: PublicInvoiceIdParamsSchema,
          response: { 200: download('application/xml', 'The UBL document'), ...problems },
        },
      },
      async (request, reply) => {
        const { companyId } = kit.callerOf(request);
        const { fileName, xml } = await invoicing.publicInvoiceUbl(
          companyId,
          request.params.invoiceId,
          (ids) => orders.orderNumbers(companyId, ids),
        );
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(xml);
      },
    );
  };
}

/** A 200 answer that is a file of `type`, as the OpenAPI document says it. */
function download(type: 'application/xml' | 'application/pdf', description: string) {
  return {
    description,
    content: {
      [type]: { schema: type === 'application/pdf' ? z.string().meta({ format: 'binary' }) : z.string() },
    },
  };
}
