import {
  cultureOf,
  ERROR_CODE,
  SILENT_ERROR_CODES,
  splitLocalePath,
  type ErrorBody,
  type ErrorCodesResponse,
  type Locale,
} from '@tessera/domain';
import { raiseGlobalError, type GlobalError, type GlobalErrorMessage } from './global-error';
import { currentCompanyId } from './storage';
import { askForStepUp, canAskForStepUp } from './step-up';

/**
 * The shared request helper (SPEC §7–8, ARCHITECTURE §8, STYLE "Errors").
 *
 * Every call sends `Content-Type: application/json` (`application/octet-stream` for raw bytes; none
 * for a state change without a body, which the server would refuse as empty JSON), `Culture`
 * (`el-gr` | `en-us`), the company acted for (`companyId`: the caller's, else the stored company
 * data's or the remembered id) and, on state changes, the CSRF token. It never throws: it returns
 * `{ data, error, status }` and detects an abort. Every failure (non-OK status, or `success: false` in the body) raises the
 * global error unless the caller suppresses it or the request was aborted:
 * - error code 135 → error modal whose single Ok goes home;
 * - status ≥ 500 or a network failure → full-screen system-problem page;
 * - status 404 → "Not found: <path>";
 * - otherwise → the catalogue message for the code, else the server's message;
 * - codes in `SILENT_ERROR_CODES` (40: no draft orders) are ignored;
 * - a 401 with code 3 (the session ended) tells the session client instead (`onSessionLost`), whose
 *   route guard sends the browser to sign-in with SessionRequired.
 * Components never parse error bodies themselves.
 */

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the caller may inspect to decide whether to suppress the global error. */
export type RequestFailure = {
  path: string;
  status: number;
  /** The parsed error body, or `null` when the server sent none (or the network failed). */
  body: ErrorBody | null;
};

export type RequestOptions = {
  method?: RequestMethod;
  /** Serialised as JSON. */
  body?: unknown;
  /**
   * Bytes sent as they are instead of `body` (a file upload, ADR 011): `Content-Type` is
   * `application/octet-stream` unless `headers` names another.
   */
  rawBody?: Blob | ArrayBuffer;
  signal?: AbortSignal;
  /** The UI language; defaults to the one in the browser's address. */
  locale?: Locale;
  headers?: Record<string, string>;
  /**
   * `true` to handle every failure in the caller, or a predicate for some of them (a form showing
   * its own 400 field errors still wants the system-problem page on a 500).
   */
  suppressGlobalError?: boolean | ((failure: RequestFailure) => boolean);
};

export type RequestResult<T> =
  | { data: T; error: false; status: number; aborted: false }
  | { data: null; error: ErrorBody | true; status: number; aborted: boolean };

const STATE_CHANGING = new Set<RequestMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_PATH = '/api/auth/csrf';
export const ERROR_CODES_PATH = '/api/content/error-codes';

/** The locale of the page the browser shows: `/en/...` is English, anything else Greek. */
export function currentLocale(): Locale {
  return typeof window === 'undefined' ? 'el' : splitLocalePath(window.location.pathname).locale;
}

// ---------------------------------------------------------------------------------------------
// CSRF token: fetched once and cached; refetched once when the server answers 403 with code 8.

let csrfToken: Promise<string | null> | null = null;

function getCsrfToken(): Promise<string | null> {
  csrfToken ??= fetch(CSRF_PATH, {
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
  })
    .then(async (response) => {
      const body: unknown = response.ok ? await response.json() : null;
      const token = isRecord(body) && typeof body.csrfToken === 'string' ? body.csrfToken : null;
      if (token === null) csrfToken = null;
      return token;
    })
    .catch(() => {
      csrfToken = null;
      return null;
    });
  return csrfToken;
}

// ---------------------------------------------------------------------------------------------
// Error-code catalogue: one fetch per culture, kept for the life of the page.

const catalogues = new Map<Locale, Promise<Map<number, string>>>();

function getErrorCatalogue(locale: Locale): Promise<Map<number, string>> {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = request<ErrorCodesResponse>(ERROR_CODES_PATH, { locale, suppressGlobalError: true }).then(
      (result) => {
        if (result.error) {
          // Logged only (SPEC §8: failed lookups are logged); the next error tries again.
          catalogues.delete(locale);
          return new Map();
        }
        return new Map(result.data.errorCodes.map((entry) => [entry.errorCode, entry.errorCodeMessage]));
      },
    );
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/** Forgets the cached CSRF token and error catalogues (tests; sign-out). */
export function resetRequestCaches(): void {
  csrfToken = null;
  catalogues.clear();
}

// ---------------------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function asErrorBody(body: unknown): ErrorBody | null {
  if (!isRecord(body) || body.success !== false) return null;
  return {
    success: false,
    errorCode: typeof body.errorCode === 'number' ? body.errorCode : 0,
    errorLevel: body.errorLevel === 'warning' || body.errorLevel === 'info' ? body.errorLevel : 'error',
    errorMessage: typeof body.errorMessage === 'string' ? body.errorMessage : '',
    ...(typeof body.requestId === 'string' ? { requestId: body.requestId } : {}),
    ...(Array.isArray(body.fields) ? { fields: body.fields as ErrorBody['fields'] } : {}),
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Decides what the global error shows for a failure (SPEC §8); `null` when nothing. */
async function globalErrorFor(failure: RequestFailure, locale: Locale): Promise<GlobalError | null> {
  const code = failure.body?.errorCode;
  if (code !== undefined && SILENT_ERROR_CODES.includes(code)) return null;
  if (code === ERROR_CODE.COMPANY_UNAVAILABLE) {
    return { kind: 'modal', goHome: true, errorCode: code, message: await messageFor(failure, locale) };
  }
  if (code === ERROR_CODE.SECOND_FACTOR_REQUIRED) {
    // Issue 21: the account must now sign in with two factors (a company turned it on, or staff
    // reset the factor): Ok signs out, and the next sign-in asks for the code or sets the app up.
    const message = await messageFor(failure, locale);
    return { kind: 'modal', goHome: false, signInAgain: true, errorCode: code, message };
  }
  if (failure.status >= 500 || failure.status === 0) return { kind: 'system' };
  if (failure.status === 404) {
    return {
      kind: 'modal',
      goHome: false,
      errorCode: code,
      message: { kind: 'notFound', path: failure.path },
    };
  }
  return { kind: 'modal', goHome: false, errorCode: code, message: await messageFor(failure, locale) };
}

async function messageFor(failure: RequestFailure, locale: Locale): Promise<GlobalErrorMessage> {
  const code = failure.body?.errorCode;
  if (code !== undefined && code !== 0) {
    const fromCatalogue = (await getErrorCatalogue(locale)).get(code);
    if (fromCatalogue) return { kind: 'text', text: fromCatalogue };
  }
  if (failure.body?.errorMessage) return { kind: 'text', text: failure.body.errorMessage };
  return { kind: 'generic' };
}

// ---------------------------------------------------------------------------------------------
// A 401 with code 3 means the portal session ended (idle or absolute timeout, sign-out elsewhere).
// The session client re-reads the session and the route guard sends the browser to sign-in
// (SessionRequired), so no error modal is shown on top.

const unauthenticatedListeners = new Set<() => void>();

/** Called when any request finds the session gone; returns the unsubscribe function. */
export function onSessionLost(listener: () => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

function isSessionLost(failure: RequestFailure): boolean {
  return failure.status === 401 && failure.body?.errorCode === ERROR_CODE.UNAUTHENTICATED;
}

async function handleFailure(
  failure: RequestFailure,
  options: RequestOptions,
  locale: Locale,
): Promise<void> {
  if (isSessionLost(failure) && unauthenticatedListeners.size > 0) {
    unauthenticatedListeners.forEach((listener) => listener());
    return;
  }
  const suppress = options.suppressGlobalError;
  if (suppress === true || (typeof suppress === 'function' && suppress(failure))) return;
  const error = await globalErrorFor(failure, locale);
  if (error && options.signal?.aborted !== true) raiseGlobalError(error);
}

/** Calls the portal's API. Never throws; see the module comment for the error rules. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<RequestResult<T>> {
  const method = options.method ?? 'GET';
  const locale = options.locale ?? currentLocale();
  const aborted = (status: number): RequestResult<T> => ({ data: null, error: true, status, aborted: true });

  let status = 0;
  let body: unknown = null;
  let isCsrfRetried = false;
  let isSteppedUp = false;
  for (;;) {
    try {
      const hasBody = options.body !== undefined || options.rawBody !== undefined;
      const headers: Record<string, string> = {
        // A state change without a body (a DELETE) names no type: the server refuses empty JSON.
        ...(hasBody || !STATE_CHANGING.has(method)
          ? {
              'Content-Type': options.rawBody === undefined ? 'application/json' : 'application/octet-stream',
            }
          : {}),
        Culture: cultureOf(locale),
        ...options.headers,
      };
      // The caller's company wins (a page may act for a company not stored yet); the stored one
      // is only the default.
      const callerNamesCompany = Object.keys(headers).some((name) => name.toLowerCase() === 'companyid');
      const companyId = callerNamesCompany ? null : currentCompanyId();
      if (companyId !== null) headers.companyId = companyId;
      if (STATE_CHANGING.has(method)) {
        const token = await getCsrfToken();
        if (token !== null) headers['X-CSRF-Token'] = token;
      }
      const response = await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        signal: options.signal,
        ...(options.rawBody !== undefined
          ? { body: options.rawBody }
          : options.body === undefined
            ? {}
            : { body: JSON.stringify(options.body) }),
      });
      status = response.status;
      body = await readBody(response);
    } catch (error) {
      if (isAbort(error, options.signal)) return aborted(status);
      // The server could not be reached at all: the system-problem page (SPEC §8, ServerError).
      await handleFailure({ path, status: 0, body: null }, options, locale);
      return { data: null, error: true, status: 0, aborted: false };
    }
    const errorBody = asErrorBody(body);
    const isCsrfRejection = status === 403 && errorBody?.errorCode === ERROR_CODE.CSRF_INVALID;
    if (isCsrfRejection && STATE_CHANGING.has(method) && !isCsrfRetried) {
      // The token expired with the session: fetch a new one and try once more.
      isCsrfRetried = true;
      csrfToken = null;
      continue;
    }
    const isStepUp = status === 403 && errorBody?.errorCode === ERROR_CODE.STEP_UP_REQUIRED;
    if (isStepUp && STATE_CHANGING.has(method) && !isSteppedUp && canAskForStepUp()) {
      // Issue 21 §2: the change needs a fresh code of the second factor; ask, then send it again.
      isSteppedUp = true;
      if (await askForStepUp()) continue;
    }
    break;
  }

  if (options.signal?.aborted) return aborted(status);
  const errorBody = asErrorBody(body);
  const isOk = status >= 200 && status < 300 && errorBody === null;
  if (isOk) return { data: body as T, error: false, status, aborted: false };

  await handleFailure({ path, status, body: errorBody }, options, locale);
  return { data: null, error: errorBody ?? true, status, aborted: false };
}

/** A failed request as an exception, for TanStack Query functions that must throw. */
export class RequestError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly aborted: boolean;

  constructor(path: string, result: { status: number; error: ErrorBody | true; aborted: boolean }) {
    super(`Request to ${path} failed with status ${result.status}`);
    this.name = 'RequestError';
    this.status = result.status;
    this.body = result.error === true ? null : result.error;
    this.aborted = result.aborted;
  }
}

/** `request` that returns the data or throws a `RequestError` (for query functions). */
export async function requestOrThrow<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const result = await request<T>(path, options);
  if (result.error) throw new RequestError(path, result);
  return result.data;
}
