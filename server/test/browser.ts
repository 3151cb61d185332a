import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A minimal browser over `app.inject()`: keeps cookies between requests (by name, honouring
 * deletion), sends the public URL's Host, and follows nothing by itself, so tests see every hop
 * of the sign-in round trip.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  /** Headers sent with every request, such as the browser's `user-agent`. */
  readonly headers: Record<string, string> = {};
  private readonly origin: URL;

  constructor(
    private readonly app: App,
    publicUrl: string,
  ) {
    this.origin = new URL(publicUrl);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private absorb(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** A request to a path or to an absolute URL of the portal. */
  async request(
    method: Method,
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.origin);
    if (target.origin !== this.origin.origin)
      throw new Error(`the test browser only visits the portal, not ${target.origin}`);
    const response = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: this.origin.host,
        ...this.headers,
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
    });
    this.absorb(response);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, headers ? { headers } : {});
  }

  /** A JSON post with the CSRF header, as the web client sends state changes. */
  async post(url: string, payload: unknown = {}, headers: Record<string, string> = {}) {
    return this.request('POST', url, { payload, headers: { 'x-csrf-token': await this.csrf(), ...headers } });
  }

  async csrf(): Promise<string> {
    const response = await this.get('/api/auth/csrf');
    return response.json<{ csrfToken: string }>().csrfToken;
  }
}
