import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from './errors';

type ValidationIssue = { instancePath?: string; message?: string };

/** The schema issues of a Fastify validation error, or undefined for any other error. */
export function validationIssuesOf(error: unknown): ValidationIssue[] | undefined {
  return (error as { validation?: ValidationIssue[] }).validation;
}

/**
 * Answers a token request the schema refused as RFC 6749 §5.2 says (the terminal API's and the
 * public API's client-credentials endpoints): 400 `unsupported_grant_type` for another grant,
 * else `invalid_request` naming the fields, never cached.
 */
export function sendOAuthValidationError(
  request: FastifyRequest,
  reply: FastifyReply,
  issues: readonly ValidationIssue[],
): FastifyReply {
  const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
  const fields = issues.map((issue) => (issue.instancePath ?? '').replace(/^\//, '')).filter(Boolean);
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .send({
      error:
        grant !== undefined && grant !== 'client_credentials' ? 'unsupported_grant_type' : 'invalid_request',
      error_description: `invalid: ${[...new Set(fields)].join(', ') || 'body'}`,
    });
}

/**
 * An `error_description` (RFC 6749 §5.2: ASCII, for the developer) for a refusal made before the
 * schema, such as a body nested too deep (issue 33 §3): the fields, and the depth limit when it is that.
 */
export function oauthDescription(error: AppError): string {
  const parts = error.fields.map((problem) =>
    problem.key === 'nestedTooDeep'
      ? `${problem.field} nested deeper than ${problem.params?.max ?? '?'} levels`
      : problem.field,
  );
  return `invalid: ${parts.join(', ') || 'body'}`;
}

/**
 * Answers a resource request without a usable Bearer token as RFC 6750 §3 says (the terminal API's
 * calls, ADR 044): 401 with a `WWW-Authenticate: Bearer realm=…` challenge — with no error code
 * when the request carried no token (§3.1), with `error="invalid_token"` and its description when
 * the token is malformed, invalid or expired — and the RFC 6749 §5.2 body `{ error,
 * error_description }` of the API's token endpoint (`error` is `unauthorized` when the challenge
 * has no code), never cached. `description` is ASCII without quotes (it goes in a quoted-string).
 */
export function sendBearerError(
  reply: FastifyReply,
  realm: string,
  refusal: { error?: 'invalid_token'; description: string },
): FastifyReply {
  const challenge = refusal.error
    ? `Bearer realm="${realm}", error="${refusal.error}", error_description="${refusal.description}"`
    : `Bearer realm="${realm}"`;
  return reply
    .code(401)
    .header('www-authenticate', challenge)
    .header('cache-control', 'no-store')
    .send({ error: refusal.error ?? 'unauthorized', error_description: refusal.description });
}

/** The client id and secret of a token request: HTTP Basic (RFC 6749 §2.3.1) or the body. */
export function clientCredentials(
  request: FastifyRequest,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): { clientId: string; clientSecret: string } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1) return null;
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon)),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    } catch {
      return null;
    }
  }
  if (body.client_id && body.client_secret)
    return { clientId: body.client_id, clientSecret: body.client_secret };
  return null;
}
