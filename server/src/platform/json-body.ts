import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * The deepest JSON body any route accepts (issue 33 §3, ADR 039). A request's own nesting is a few
 * levels (a content entry, the deepest, about ten); a body nested thousands of levels deep only
 * burns CPU and stack in whatever walks it.
 */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found by counting brackets outside
 * strings in one pass, before anything is parsed: a hostile body stops at its `max + 1`-th opening
 * bracket. (Text that is not JSON may be counted wrongly; the parser refuses it anyway.)
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) isInString = false;
    } else if (code === QUOTE) {
      isInString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** The refusal of a body nested too deep: a 400 naming `body` and the limit, in every API's shape. */
export function jsonTooDeepError(max = JSON_MAX_DEPTH): AppError {
  return new AppError('VALIDATION', `JSON body nested deeper than ${max} levels`, {
    fields: [{ field: 'body', key: 'nestedTooDeep', params: { max } }],
  });
}

/**
 * Replaces Fastify's `application/json` parser with the same parser (prototype-poisoning checks
 * included) behind the depth check, for every route of the app: install it before any plugin
 * registers routes. Parsers a plugin adds for other types (the bulk upload, the log beacon's text)
 * are its own; the beacon's JSON arrives here.
 */
export function installJsonBodyParser(app: FastifyInstance, maxDepth = JSON_MAX_DEPTH): void {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsJsonDepth(body as string, maxDepth)) {
      done(jsonTooDeepError(maxDepth), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
