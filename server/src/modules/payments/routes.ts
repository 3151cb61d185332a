import {
  ApmLoopsResponseSchema,
  CreatePaymentOrderRequestSchema,
  ImportBankStatementRequestSchema,
  ImportBankStatementResponseSchema,
  OrderIdRequestSchema,
  PaymentIdRequestSchema,
  PaymentInstructionsResponseSchema,
  PaymentMethodsResponseSchema,
  PaymentResultResponseSchema,
  SubmitPaymentOrderRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import { z } from 'zod';
import { idempotencyOf } from '../../platform/idempotency';
import type { PaymentsService } from './service';

const tags = ['orders'];

/**
 * `/api/v1/orders/...` payment calls (SPEC §7; ADR 010): the methods of an order, attempts, the
 * bank's return, payment results, statements and open transfers. Reads are open to every company
 * role and to provider staff; paying to the payer roles; statements to provider staff. The bank's
 * callback carries its own signature instead of a session (and is exempt from CSRF).
 */
export function paymentsRoutes(service: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrievePaymentMethods',
      {
        schema: { tags, querystring: OrderIdRequestSchema, response: { 200: PaymentMethodsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return {
          success: true as const,
          ...(await service.paymentMethods(companyId, request.query.orderId)),
        };
      },
    );

    app.post(
      '/createPaymentOrder',
      {
        schema: {
          tags,
          body: CreatePaymentOrderRequestSchema,
          response: { 200: PaymentInstructionsResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        payment: await service.createPayment(
          await requireActor(request, 'orders.pay'),
          request.body,
          idempotencyOf(request),
        ),
      }),
    );

    app.post(
      '/submitPaymentOrder',
      {
        schema: {
          tags,
          body: SubmitPaymentOrderRequestSchema,
          response: { 200: PaymentResultResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await service.submitPaymentReturn(await requireActor(request, 'orders.pay'), request.body)),
      }),
    );

    app.get(
      '/retrievePayment',
      {
        schema: { tags, querystring: PaymentIdRequestSchema, response: { 200: PaymentResultResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return { success: true as const, ...(await service.getPayment(companyId, request.query.paymentId)) };
      },
    );

    app.post(
      '/payments/callback',
      {
        schema: {
          tags,
          body: z.object({
            eventId: z.string().min(1).max(100),
            paymentId: z.uuid(),
            result: z.enum(['approved', 'declined', 'cancelled']),
            bankReference: z.string().max(64),
            amountCents: z.number().int(),
          }),
          headers: z.object({ 'x-bank-signature': z.string().max(128) }),
          response: { 200: z.object({ success: z.literal(true), outcome: z.string() }) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await service.bankCallback(request.body, request.headers['x-bank-signature'])),
      }),
    );

    app.post(
      '/importBankStatement',
      {
        schema: {
          tags,
          body: ImportBankStatementRequestSchema,
          response: { 200: ImportBankStatementResponseSchema },
        },
        // A month of a busy account: the 5 MB the page accepts, as JSON (Greek text is two bytes a letter).
        bodyLimit: 12_000_000,
      },
      async (request) => {
        const session = await requireActor(request, 'payments.import-statement');
        return {
          success: true as const,
          ...(await service.importStatement(session.userId, request.body.csv)),
        };
      },
    );

    app.get(
      '/retrieveApmLoops',
      {
        schema: { tags, response: { 200: ApmLoopsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'orders.read');
        return { success: true as const, ...(await service.apmLoops(companyId)) };
      },
    );
  };
}
