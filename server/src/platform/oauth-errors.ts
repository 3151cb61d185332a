import type { FastifyReply, FastifyRequest } from 'fastify';

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
