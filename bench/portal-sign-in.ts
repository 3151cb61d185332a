import { demoTotpCode } from '../server/src/db/seed/demo-second-factor';

/**
 * A real sign-in through the running server, as a browser makes it (benchmarks measure the user's
 * path): the session client's CSRF token, `POST /api/auth/signin/tessera`, the OpenID provider's
 * authorisation, the login interaction with e-mail and password (and the demo second factor when
 * the account asks for it, issue 21), the callback that opens the portal session. Cookies are kept by name between the hops; redirects are followed by hand.
 */
export type PortalSession = {
  /** The `cookie` header of the signed-in browser. */
  cookie: string;
  /** A CSRF token for state-changing calls. */
  csrfToken: string;
};

export async function signIn(base: string, email: string, password: string): Promise<PortalSession> {
  const jar = new Map<string, string>();
  const origin = new URL(base);
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function hop(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, base);
    // The server may name its public address; the hops stay on the address we reach it at.
    target.protocol = origin.protocol;
    target.host = origin.host;
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(jar.size > 0 ? { cookie: cookie() } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  const csrf = async () => ((await (await hop('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  const json = (body: unknown, token?: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-csrf-token': token } : {}) },
    body: JSON.stringify(body),
  });

  const signin = await hop(
    '/api/auth/signin/tessera',
    json({ csrfToken: await csrf(), callbackUrl: '/', json: true }),
  );
  if (signin.status !== 200) throw new Error(`sign-in: HTTP ${signin.status}`);
  const authorize = await hop(((await signin.json()) as { url: string }).url);
  const loginPage = new URL(authorize.headers.get('location') ?? '', base);
  const uid = loginPage.searchParams.get('uid');
  if (!uid) throw new Error(`sign-in: no interaction (HTTP ${authorize.status})`);
  const login = await hop(
    `/api/v2/identity/interaction/${uid}/login`,
    json({ email, password }, await csrf()),
  );
  if (login.status !== 200) throw new Error(`sign-in: login HTTP ${login.status} ${await login.text()}`);
  let { redirectTo } = (await login.json()) as { redirectTo?: string };
  // Provider staff prove the second factor (issue 21): the demo's published secret gives the code.
  // A code is accepted once, so a second sign-in within the same 30 s uses the next step's code.
  for (let attempt = 0; !redirectTo && attempt < 4; attempt += 1) {
    const now = Date.now();
    if (attempt === 2) await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 50));
    const code = demoTotpCode(Date.now(), attempt % 2);
    const step = await hop(`/api/v2/identity/interaction/${uid}/second-factor`, json({ code }, await csrf()));
    if (step.status === 200) redirectTo = ((await step.json()) as { redirectTo: string }).redirectTo;
    else if (step.status !== 400)
      throw new Error(`sign-in: second factor HTTP ${step.status} ${await step.text()}`);
  }
  if (!redirectTo) throw new Error('sign-in: the second factor was refused');
  const resume = await hop(redirectTo);
  const callback = await hop(resume.headers.get('location') ?? '');
  if (callback.status >= 400) throw new Error(`sign-in: callback HTTP ${callback.status}`);
  const session = await hop('/api/auth/session');
  const user = (await session.json()) as { user?: { email?: string } } | null;
  if (!user?.user) throw new Error('sign-in: no session after the callback');
  return { cookie: cookie(), csrfToken: await csrf() };
}

/**
 * A browser's first step before a state change, for the cardholder sign-in: a CSRF token and its
 * cookie, and a JSON `POST` to `base` that sends both.
 */
export async function csrfPoster(base: string): Promise<(url: string, body: unknown) => Promise<Response>> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const csrfCookie = csrfResponse.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return (url, body) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie },
      body: JSON.stringify(body),
    });
}
