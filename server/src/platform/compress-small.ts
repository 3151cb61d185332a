import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Answers compressed at all: above this many bytes (the plugin's threshold too). */
export const COMPRESS_THRESHOLD = 1024;
/** Up to this many bytes an answer is compressed at once; a longer one goes to the plugin's streams. */
export const COMPRESS_AT_ONCE_MAX = 64 * 1024;

const COMPRESSIBLE = /^application\/(?:[\w.-]+\+)?json(?:;|$)|^text\/(?!event-stream)/;

/** The encoding to answer in: brotli, else gzip, as the client accepts (a `q=0` refuses one). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepts = (name: string) =>
    header.split(',').some((part) => {
      const [token, ...params] = part.trim().toLowerCase().split(';');
      if (token !== name && token !== '*') return false;
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Answers of 1–64 KB (a page of the card list, an order, most API answers) compressed in one
 * synchronous call (issue 36 §3, ADR 053): at brotli quality 1 or gzip level 1 that is a fraction
 * of a millisecond, where @fastify/compress's stream path (a pipeline, its events and a hop to the
 * thread pool per answer) cost a request more CPU than the compression itself. Registered before the
 * plugin: an answer it encodes carries its `content-encoding`, which the plugin leaves alone; a
 * larger answer, a stream or a file is the plugin's as before. Same encodings, same threshold.
 */
export function installSmallAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_THRESHOLD || size > COMPRESS_AT_ONCE_MAX) return done(null, payload);
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const body =
      encoding === 'br'
        ? brotliCompressSync(payload, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : gzipSync(payload, { level: 1 });
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/\baccept-encoding\b/i.test(String(vary)))
      reply.header('vary', `${String(vary)}, accept-encoding`);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, body);
  });
}
