/**
 * Client logs (SPEC §7: "client logs go to a log endpoint by beacon"; issue 18 §8; ADR 026).
 * Warnings the portal emits, uncaught errors and unhandled promise rejections are written to the
 * console (the first by us, the others by the browser) and sent to `POST /api/log` with
 * `navigator.sendBeacon`, which survives a page being closed and needs no CSRF header (the server
 * exempts the endpoint; it redacts card numbers and tokens, caps the size and rate, and stores it).
 */
import { CLIENT_LOG_LIMITS, CLIENT_LOG_MAX_BYTES } from '@tessera/domain';

export const LOG_PATH = '/api/log';

/** The server accepts 60 beacons a minute per address; a page never needs more than this many. */
const MAX_BEACONS_PER_PAGE = 30;
/** Of which uncaught errors and rejections: a loop of failures must not flood the log. */
const MAX_ERRORS_PER_PAGE = 10;

let sent = 0;
let errorsSent = 0;
let lastError = '';
let installed = false;

export type ClientLogLevel = 'warn' | 'error' | 'info';
type ClientLogKind = 'log' | 'error' | 'rejection';

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The body within the server's cap: the stack shortened first, then the message. */
function bodyOf(entry: Record<string, string>): string {
  let body = JSON.stringify(entry);
  if (body.length > CLIENT_LOG_MAX_BYTES - 256) {
    body = JSON.stringify({
      ...entry,
      stack: entry.stack!.slice(0, 500),
      message: entry.message!.slice(0, 500),
    });
  }
  return body;
}

function beacon(level: ClientLogLevel, kind: ClientLogKind, message: string, stack = ''): boolean {
  if (sent >= MAX_BEACONS_PER_PAGE) return false;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  const entry = {
    level,
    kind,
    message: message.slice(0, CLIENT_LOG_LIMITS.message),
    stack: stack.slice(0, CLIENT_LOG_LIMITS.stack),
    // The path only: a query string may carry what does not belong in a log.
    path: typeof window === 'undefined' ? '' : window.location.pathname,
    at: new Date().toISOString(),
  };
  try {
    // text/plain keeps the beacon a "simple" request; the server reads any small body as text.
    if (navigator.sendBeacon(LOG_PATH, new Blob([bodyOf(entry)], { type: 'text/plain' }))) {
      sent += 1;
      return true;
    }
  } catch {
    // Logging must never break the page.
  }
  return false;
}

/** Sends one entry to the log endpoint; silently does nothing where beacons are unavailable. */
export function sendLogBeacon(level: ClientLogLevel, parts: readonly unknown[]): void {
  beacon(level, 'log', parts.map(describe).join(' '));
}

/** A warning of the portal (failed lookups and the like, SPEC §8): console plus beacon. */
export function logWarning(...parts: unknown[]): void {
  console.warn(...parts);
  sendLogBeacon('warn', parts);
}

/** An uncaught error or rejection: at most `MAX_ERRORS_PER_PAGE`, the same one twice in a row once. */
export function reportClientError(kind: 'error' | 'rejection', reason: unknown): void {
  if (errorsSent >= MAX_ERRORS_PER_PAGE) return;
  const message = describe(reason) || 'Unknown error';
  const stack = reason instanceof Error ? (reason.stack ?? '') : '';
  if (`${kind}:${message}` === lastError) return;
  lastError = `${kind}:${message}`;
  if (beacon('error', kind, message, stack)) errorsSent += 1;
}

/**
 * Listens for uncaught errors and unhandled promise rejections of the page, once however often it
 * is called (the boot calls it before the first render). Answers whether it installed them now.
 */
export function installClientErrorReporting(target: Window = window): boolean {
  if (installed) return false;
  installed = true;
  target.addEventListener('error', (event: ErrorEvent) => {
    // A failed <img> or <script> fires a plain Event without a message: nothing to report.
    if (!event.message && !event.error) return;
    reportClientError('error', event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reportClientError('rejection', event.reason);
  });
  return true;
}

/** Tests: forget how many beacons this page has sent (the listeners stay). */
export function resetClientLog(): void {
  sent = 0;
  errorsSent = 0;
  lastError = '';
}

/** Tests: allow `installClientErrorReporting` to install again (on a fresh target). */
export function resetClientErrorReporting(): void {
  installed = false;
}
