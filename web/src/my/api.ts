import type { MyLocale } from './i18n';

/**
 * The cardholder API client (`/api/my/…`, issue 35). Same conventions as the portal's request
 * helper (web/src/lib/request.ts), without its dependencies: JSON bodies, the `Culture` header, and
 * on every state change the CSRF token of `GET /api/auth/csrf` in `X-CSRF-Token` (double submit
 * with its cookie), fetched once and fetched again once when the server answers 403 code 8. It
 * never throws: a failure comes back with its status and the server's error body, or `offline`.
 */

export type Bilingual = { el: string; en: string };
export type Cardholder = { email: string; displayName: string; locale?: MyLocale };
export type SessionAnswer = { cardholder: Cardholder; passkeys: number };

export type MyCard = {
  cardId: string;
  product: string;
  family: string;
  productName: Bilingual;
  maskedNumber: string;
  cardName: string;
  companyName: string;
  status: string;
  locked: boolean;
  leaver: boolean;
  availableCents: number;
  expiries: { amountCents: number; expiresOn: string }[];
};
export type CardsAnswer = { readAt: string; cards: MyCard[] };

export type Movement = {
  id: string;
  at: string;
  kind: 'load' | 'purchase' | 'refund' | 'reversal' | 'decline' | 'expiry';
  amountCents: number;
  merchantName: string | null;
  storeName: string | null;
  declineReason: string | null;
  declineText: Bilingual | null;
  advice: Bilingual | null;
};
export type MovementsAnswer = { movements: Movement[]; nextCursor: string | null };

export type Rule = { label: Bilingual; limitCents: number | null; period: string; spentCents: number };
export type RulesAnswer = { rules: Rule[]; dailyCapCents: number | null };

export type Store = {
  storeId: string;
  merchantName: string;
  storeName: string;
  address: string;
  area?: string;
  city: string;
  postalCode: string;
  category: string;
  channels: string[];
  openingHours: string;
  lat: number | null;
  lng: number | null;
  distanceMeters: number | null;
  acceptedProducts: string[];
};
export type StoresAnswer = { stores: Store[]; total: number; page: number; pageSize: number };

export type AlertSettings = {
  purchase: boolean;
  decline: boolean;
  lowBalanceCents: number | null;
  expiryReminders: boolean;
  locale: MyLocale;
};
export type Notification = { id: string; at: string; title: string; body: string; read: boolean };
export type NotificationsAnswer = { notifications: Notification[]; unread: number };
export type Passkey = { passkeyId: string; label: string; createdAt: string; lastUsedAt: string | null };

export type FieldError = { field: string; message: string };
export type ErrorBody = { errorCode: number; errorMessage: string; fields?: FieldError[] };

export type Result<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; error: ErrorBody | null; offline: boolean };

const CSRF_INVALID = 8;
let csrf: Promise<string | null> | null = null;
let locale: MyLocale = 'el';

export function setApiLocale(next: MyLocale): void {
  locale = next;
}

/** Forgets the CSRF token (tests; and after sign-in, when the server may bind a new one). */
export function resetCsrf(): void {
  csrf = null;
}

function csrfToken(): Promise<string | null> {
  csrf ??= fetch('/api/auth/csrf', { credentials: 'same-origin' })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as { csrfToken?: unknown }) : null;
      return typeof body?.csrfToken === 'string' ? body.csrfToken : null;
    })
    .catch(() => null)
    .then((token) => {
      if (token === null) csrf = null;
      return token;
    });
  return csrf;
}

async function send<T>(method: string, path: string, body: unknown, retried: boolean): Promise<Result<T>> {
  const headers: Record<string, string> = { Culture: locale === 'en' ? 'en-us' : 'el-gr' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = await csrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: null, offline: true };
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const record = parsed as (Partial<ErrorBody> & { success?: boolean }) | null;
  if (!response.ok || record?.success === false) {
    const error =
      record && typeof record.errorCode === 'number'
        ? { errorCode: record.errorCode, errorMessage: record.errorMessage ?? '', fields: record.fields }
        : null;
    if (response.status === 403 && error?.errorCode === CSRF_INVALID && !retried) {
      csrf = null;
      return send(method, path, body, true);
    }
    return { ok: false, status: response.status, error, offline: false };
  }
  return { ok: true, status: response.status, data: parsed as T };
}

export const api = {
  get: <T>(path: string) => send<T>('GET', path, undefined, false),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, body, false),
  put: <T>(path: string, body: unknown) => send<T>('PUT', path, body, false),
  delete: <T>(path: string) => send<T>('DELETE', path, undefined, false),
};

/** The message to show for a failure: the field's, else the server's, else a generic one. */
export function errorText(
  result: Result<unknown>,
  fallback: { offline: string; generic: string },
  field?: string,
) {
  if (result.ok) return '';
  if (result.offline) return fallback.offline;
  const fieldError = field ? result.error?.fields?.find((entry) => entry.field === field) : undefined;
  return fieldError?.message || result.error?.errorMessage || fallback.generic;
}
