import type { FastifyRequest } from 'fastify';
import { localeOfCulture, type Locale } from '@tessera/domain';

/** The request's language from its `Culture` header (SPEC §7): `en`/`en-us` → en, anything else → el. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['culture'];
  return localeOfCulture(Array.isArray(header) ? header[0] : header);
}
