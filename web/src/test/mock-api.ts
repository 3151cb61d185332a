import { vi } from 'vitest';
import * as fixtures from './fixtures';

export type MockRequest = { method: string; path: string; url: URL; headers: Headers; body: unknown };
export type MockReply = { status?: number; body?: unknown } | Response;
export type MockHandler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** Default answers of the content endpoints every page's shell calls. */
export function shellHandlers(): Record<string, MockHandler> {
  return {
    'GET /api/content/menu': { body: fixtures.menu },
    'GET /api/content/merchant-menu': { body: fixtures.menu },
    'GET /api/content/footer': { body: fixtures.footer },
    'GET /api/content/merchant-footer': { body: fixtures.footer },
    'GET /api/content/notifications': { body: fixtures.notificationsContent() },
    'GET /api/auth/session': { body: {} },
    'GET /api/auth/csrf': { body: { csrfToken: 'csrf-1' } },
    'GET /api/content/error-codes': { body: { success: true, errorCodes: [] } },
    'GET /api/content/pages/home': { body: fixtures.page('home', { title: 'Καλώς ήρθατε' }) },
    'GET /api/content/pages/not-found': { body: fixtures.page('not-found', { title: 'Δεν βρέθηκε' }) },
    'GET /api/content/faqs': { body: fixtures.faqs },
  };
}

function toResponse(reply: MockReply): Response {
  if (reply instanceof Response) return reply;
  return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
    status: reply.status ?? 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces `fetch` with handlers keyed `METHOD /path` (query ignored). Unknown requests answer 404
 * so a test notices them. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, MockHandler> = {}, { withShell = true } = {}) {
  const all = { ...(withShell ? shellHandlers() : {}), ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const handler = all[`${method} ${url.pathname}`];
    const request: MockRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    if (handler === undefined) {
      return toResponse({
        status: 404,
        body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
      });
    }
    return toResponse(typeof handler === 'function' ? await handler(request) : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests made to a path, as the handlers saw them. */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, path: string): MockRequest[] {
  return fetchMock.mock.calls
    .map(([input, init = {}]) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      return {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        url,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
    })
    .filter((request) => request.path === path);
}
