import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSRF_COOKIE, issueCsrfToken } from '../../platform/csrf';

/**
 * The session client's endpoints (SPEC §7). The foundation serves the CSRF token and an empty
 * session; the identity module replaces the session with the real one.
 */
export function authRoutes(options: { secret: string; secureCookies: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/csrf',
      { schema: { tags: ['auth'], response: { 200: z.object({ csrfToken: z.string() }) } } },
      async (request, reply) => {
        const existing = request.cookies[CSRF_COOKIE];
        const token = existing && existing.includes('.') ? existing : issueCsrfToken(options.secret);
        reply.setCookie(CSRF_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies,
          path: '/',
        });
        return { csrfToken: token };
      },
    );
  };
}
