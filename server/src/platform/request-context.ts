import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * What the platform knows of the request a piece of code runs for (issue 18, ADR 027): its id,
 * and once the route's guard has run, who acts and for whom. The audit writer reads it so every
 * change made while provider staff act for a company carries their reason, whichever module
 * writes the entry. Code outside a request (jobs, seeds) has no context.
 */
export type RequestContext = {
  requestId: string;
  /** The signed-in user, once `requireActor` has run. */
  actorUserId?: string;
  /** The merchant acted for, for a merchant-scoped action. */
  merchantId?: string | null;
  /** Provider staff's reason for acting for the company or merchant (null for everyone else). */
  actingReason?: string | null;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** Gives every request its context (a hook on the root instance, before any other). */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Only the API changes anything; files and pages need no context.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/sandbox/')) return done();
    storage.run({ requestId: String(request.id) }, done);
  });
}

/** The context of the request this code runs for, or undefined outside a request. */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}
