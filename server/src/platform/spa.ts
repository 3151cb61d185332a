import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that are never the SPA: unknown ones answer JSON 404 (ARCHITECTURE §5). */
const NOT_SPA = /^\/(api|metrics|dev|sandbox)(\/|$)/;

export function isSpaPath(url: string): boolean {
  return !NOT_SPA.test(url.split('?')[0] ?? '/');
}

/**
 * Serves the built SPA: hashed assets with a long cache, and `index.html` for every other GET that
 * is not an API path (history fallback). Returns false when there is no build to serve.
 */
export async function installSpa(app: FastifyInstance, distFolder: string): Promise<boolean> {
  const root = path.resolve(distFolder);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = await readFile(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const cached = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', cached ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(`assets/${file}`);
  });
  app.decorate('spaIndexHtml', indexHtml);
  return true;
}
