import type { FastifyRequest } from 'fastify';
import { localeOfCulture, type Locale } from '@tessera/domain';

/** The request's language from its `Culture` header (SPEC §7): `en`/`en-us` → en, anything else → el. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['culture'];
  return localeOfCulture(Array.isArray(header) ? header[0] : header);
}

/** A Host value a browser can have sent: a name or an address, and a port. */
const HOST =
  /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The origin the browser used for this request (`http://127.0.0.1:3000`), for redirects that must
 * land on the host holding its cookies (issue 13 §1). With a fixed public URL, that URL. Scheme and
 * host come from `X-Forwarded-Proto`/`-Host` only behind a proxy named in TRUST_PROXY (Fastify's
 * `request.protocol` and `request.host` honour it); an unusable Host falls back to `fallback`.
 */
export function requestOrigin(request: FastifyRequest, fixed: string | null, fallback: string): string {
  if (fixed) return fixed;
  const host = request.host;
  if (!host || !HOST.test(host)) return fallback;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}
