import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from '@tessera/domain';
import { z } from 'zod';

/**
 * Refuses unsafe text (a NUL byte, another control character, half a surrogate pair) anywhere in
 * the input as a zod issue at its path, so the error handler names the field like any other.
 */
const SafeTextGuard = z.unknown().superRefine((data, context) => {
  for (const path of unsafeTextPaths(data)) {
    context.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE, path });
  }
});
const guard = zodValidatorCompiler({ schema: SafeTextGuard, method: 'POST', url: '*', httpPart: 'body' });

/**
 * The validator of every route: the text guard over the raw body, query, params and headers, then
 * the route's own zod schema (issue 12 §4: one place, so no route can forget it). Text schemas
 * in `domain/` need not repeat the rule.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const checked = guard(data);
    return typeof checked === 'object' && 'error' in checked && checked.error ? checked : validate(data);
  };
};
