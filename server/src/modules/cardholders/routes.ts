import {
  CardholderCardsResponseSchema,
  CardholderMovementsResponseSchema,
  CardholderSessionResponseSchema,
  CardholderSignedInResponseSchema,
  CardIdParamsSchema,
  CardLockResponseSchema,
  CardRulesResponseSchema,
  ExportQuerySchema,
  MovementsQuerySchema,
  PasskeyAuthenticationVerifySchema,
  PasskeyIdParamsSchema,
  PasskeyRegisteredResponseSchema,
  PasskeyRegistrationVerifySchema,
  PasskeysResponseSchema,
  ReportLostResponseSchema,
  ReportLostSchema,
  RequestSignInCodeSchema,
  SignInCodeResponseSchema,
  VerifySignInCodeSchema,
} from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relyingPartyOf } from './passkeys';
import type { CardholdersService } from './service';
import { closeCardholderSession, openCardholderSession, requireCardholder } from './session';

const tags = ['cardholders'];
/** WebAuthn options as the library makes them (PublicKeyCredential…OptionsJSON), passed through. */
const OptionsJsonSchema = z.looseObject({ challenge: z.string() });
type OptionsJson = z.infer<typeof OptionsJsonSchema>;

export type CardholderRoutesOptions = {
  /** Sign-in calls per minute from one address (the portal's sign-in limit). */
  signInPerMinute: number;
};

/**
 * `/api/my/...` (issue 35 §1–3, §7; ADR 046): the cardholder's own API. Sign-in is public and
 * rate-limited; every other route needs the `tessera_my` session (`requireCardholder`, the
 * `cardholder.self` policy) and finds a card only through the session's e-mail on its holder record,
 * so another person's card is a 404. State changes need the portal's CSRF token like every route.
 */
export function cardholderRoutes(
  service: CardholdersService,
  options: CardholderRoutesOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    const signInLimit = { rateLimit: { max: options.signInPerMinute, timeWindow: '1 minute' } };
    const party = (request: FastifyRequest) => relyingPartyOf(service.context, request);

    app.post(
      '/sign-in/code',
      {
        config: signInLimit,
        schema: {
          tags,
          description:
            'Mails a six-digit sign-in code when some card’s holder record carries the e-mail; answers 202 either way. Five codes per e-mail per hour, then 429.',
          body: RequestSignInCodeSchema,
          response: { 202: SignInCodeResponseSchema },
        },
      },
      async (request, reply) => {
        await service.requestSignInCode(request.body, request.ip);
        return reply.status(202).send({ success: true as const, sent: true as const });
      },
    );

    app.post(
      '/sign-in/verify',
      {
        config: signInLimit,
        schema: {
          tags,
          description:
            'Signs in with the mailed code and sets the cardholder session cookie. Wrong, expired or used: 400 naming `code`; five wrong tries end the code.',
          body: VerifySignInCodeSchema,
          response: { 200: CardholderSignedInResponseSchema },
        },
      },
      async (request, reply) => {
        const cardholder = await service.verifySignInCode(request.body, request.ip);
        await openCardholderSession(request, reply, cardholder.email);
        return { success: true as const, cardholder };
      },
    );

    app.get(
      '/session',
      { schema: { tags, response: { 200: CardholderSessionResponseSchema } } },
      async (request) => {
        const { email } = await requireCardholder(request);
        const [cardholder, passkeys] = await Promise.all([
          service.account(email),
          service.countPasskeys(email),
        ]);
        return { success: true as const, cardholder, passkeys };
      },
    );

    app.post('/sign-out', { schema: { tags } }, async (request, reply) => {
      const principal = await requireCardholder(request);
      await closeCardholderSession(request, reply, principal, false);
      await service.recordSignOut(principal.email, request.ip);
      return reply.status(204).send();
    });

    app.post('/sign-out-everywhere', { schema: { tags } }, async (request, reply) => {
      const principal = await requireCardholder(request);
      await closeCardholderSession(request, reply, principal, true);
      await service.recordSignOut(principal.email, request.ip);
      return reply.status(204).send();
    });

    // ------------------------------------------------------------------------------ passkeys
    app.post(
      '/passkeys/registration/options',
      { schema: { tags, response: { 200: OptionsJsonSchema } } },
      async (request) => {
        const { email } = await requireCardholder(request);
        return (await service.passkeyRegistrationOptions(email, party(request))) as unknown as OptionsJson;
      },
    );

    app.post(
      '/passkeys/registration/verify',
      {
        schema: {
          tags,
          body: PasskeyRegistrationVerifySchema,
          response: { 200: PasskeyRegisteredResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        const { passkeyId } = await service.verifyPasskeyRegistration(
          email,
          party(request),
          request.body,
          request.ip,
        );
        return { success: true as const, passkeyId };
      },
    );

    app.post(
      '/passkeys/authentication/options',
      {
        config: signInLimit,
        schema: { tags, body: z.object({}).optional(), response: { 200: OptionsJsonSchema } },
      },
      async (request) =>
        (await service.passkeyAuthenticationOptions(party(request))) as unknown as OptionsJson,
    );

    app.post(
      '/passkeys/authentication/verify',
      {
        config: signInLimit,
        schema: {
          tags,
          body: PasskeyAuthenticationVerifySchema,
          response: { 200: CardholderSignedInResponseSchema },
        },
      },
      async (request, reply) => {
        const cardholder = await service.verifyPasskeyAuthentication(
          party(request),
          request.body,
          request.ip,
        );
        await openCardholderSession(request, reply, cardholder.email);
        return { success: true as const, cardholder };
      },
    );

    app.get('/passkeys', { schema: { tags, response: { 200: PasskeysResponseSchema } } }, async (request) => {
      const { email } = await requireCardholder(request);
      return { success: true as const, passkeys: await service.listPasskeys(email) };
    });

    app.delete(
      '/passkeys/:passkeyId',
      { schema: { tags, params: PasskeyIdParamsSchema } },
      async (request, reply) => {
        const { email } = await requireCardholder(request);
        await service.deletePasskey(email, request.params.passkeyId, request.ip);
        return reply.status(204).send();
      },
    );

    // ------------------------------------------------------------------------------ cards
    app.get(
      '/cards',
      { schema: { tags, response: { 200: CardholderCardsResponseSchema } } },
      async (request, reply) => {
        const { email } = await requireCardholder(request);
        void reply.header('cache-control', 'private, no-store');
        return { success: true as const, ...(await service.listCards(email)) };
      },
    );

    app.get(
      '/cards/:cardId/movements',
      {
        schema: {
          tags,
          params: CardIdParamsSchema,
          querystring: MovementsQuerySchema,
          response: { 200: CardholderMovementsResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        return {
          success: true as const,
          ...(await service.listMovements(email, request.params.cardId, request.query)),
        };
      },
    );

    for (const [path, locked] of [
      ['lock', true],
      ['unlock', false],
    ] as const) {
      app.post(
        `/cards/:cardId/${path}`,
        { schema: { tags, params: CardIdParamsSchema, response: { 200: CardLockResponseSchema } } },
        async (request) => {
          const { email } = await requireCardholder(request);
          return {
            success: true as const,
            ...(await service.setLocked(email, request.params.cardId, locked, request.ip)),
          };
        },
      );
    }

    app.post(
      '/cards/:cardId/report-lost',
      {
        schema: {
          tags,
          description:
            'Blocks the card for good, tells the company’s order managers and prepares a LOST replacement draft that keeps the balance.',
          params: CardIdParamsSchema,
          body: ReportLostSchema,
          response: { 200: ReportLostResponseSchema },
        },
      },
      async (request) => {
        const { email } = await requireCardholder(request);
        return {
          success: true as const,
          ...(await service.reportLost(email, request.params.cardId, request.body, request.ip)),
        };
      },
    );

    app.get(
      '/cards/:cardId/rules',
      { schema: { tags, params: CardIdParamsSchema, response: { 200: CardRulesResponseSchema } } },
      async (request) => {
        const { email } = await requireCardholder(request);
        return { success: true as const, ...(await service.listRules(email, request.params.cardId)) };
      },
    );

    app.get('/export', { schema: { tags, querystring: ExportQuerySchema } }, async (request, reply) => {
      const { email } = await requireCardholder(request);
      const data = await service.exportData(email);
      const day = data.exportedAt.slice(0, 10);
      void reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="tessera-my-data-${day}.csv"`)
          .send(`\uFEFF${service.exportAsCsv(data)}`);
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="tessera-my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    });
  };
}
