import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/routes';
import { contentRoutes } from './modules/content/routes';
import { createContentService, type ContentService } from './modules/content/service';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { APP_VERSION, healthRoutes } from './modules/health/routes';
import type { Config } from './platform/config';
import { installCsrfGuard } from './platform/csrf';
import type { Database } from './platform/db';
import { installErrorHandling, type ErrorCatalogue } from './platform/errors';
import { createMailer, type Mailer } from './platform/mail';
import { installMetrics } from './platform/metrics';
import { installSpa, isSpaPath } from './platform/spa';

declare module 'fastify' {
  interface FastifyInstance {
    spaIndexHtml?: string;
  }
}

export type AppServices = { content: ContentService; mailer: Mailer };
export type App = FastifyInstance & { services: AppServices };

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  mailer?: Mailer;
};

/**
 * Builds the Fastify app from the platform and the modules. `main.ts` listens on it; tests call it
 * through `inject()`. Holds no state between requests beyond short content caches.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger ??
      (config.NODE_ENV === 'development' && process.stdout.isTTY
        ? { level: config.LOG_LEVEL, transport: { target: 'pino-pretty' } }
        : { level: config.LOG_LEVEL }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.NODE_ENV === 'production',
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = options.mailer ?? createMailer(database, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const content = createContentService({
    db: database.db,
    mailer,
    contactInbox: config.CONTACT_INBOX,
    publicUrl: config.publicUrl,
  });
  let catalogue: ErrorCatalogue | undefined = content.catalogue();
  installErrorHandling(app, () => catalogue);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Tessera API', version: APP_VERSION, description: 'Portal API (SPEC §7)' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  installMetrics(app);
  installCsrfGuard(app, config.sessionSecret);

  await app.register(healthRoutes(database), { prefix: '/api' });
  await app.register(contentRoutes(content), { prefix: '/api/content' });
  await app.register(authRoutes({ secret: config.sessionSecret, secureCookies: config.publicUrl.startsWith('https:') }), {
    prefix: '/api/auth',
  });
  if (config.isDevMailbox) await app.register(devMailboxRoutes(database.db), { prefix: '/dev' });

  const hasSpa = await installSpa(app, config.WEB_DIST);
  if (hasSpa) {
    // History fallback: any GET that is not an API path and matched no route is the SPA.
    app.addHook('onRequest', async (request, reply) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && !request.routeOptions.url && isSpaPath(request.url)) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(app.spaIndexHtml);
      }
      return undefined;
    });
  }

  const decorated = app as unknown as App;
  decorated.services = { content, mailer };
  app.addHook('onClose', async () => {
    catalogue = undefined;
  });
  return decorated;
}
