/**
 * Client logs (SPEC §7: "client logs go to a log endpoint by beacon"). Warnings the portal emits are
 * written to the console and sent to `POST /api/log` with `navigator.sendBeacon`, which survives a
 * page being closed and needs no CSRF header (the server exempts the endpoint; it only writes a line).
 */

export const LOG_PATH = '/api/log';

/** The server accepts 60 beacons a minute per address; a page never needs more than this many. */
const MAX_BEACONS_PER_PAGE = 30;
const MAX_MESSAGE_LENGTH = 1000;

let sent = 0;

export type ClientLogLevel = 'warn' | 'error' | 'info';

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Sends one entry to the log endpoint; silently does nothing where beacons are unavailable. */
export function sendLogBeacon(level: ClientLogLevel, parts: readonly unknown[]): void {
  if (sent >= MAX_BEACONS_PER_PAGE) return;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const entry = {
    level,
    message: parts.map(describe).join(' ').slice(0, MAX_MESSAGE_LENGTH),
    path: typeof window === 'undefined' ? '' : window.location.pathname,
    at: new Date().toISOString(),
  };
  try {
    // text/plain keeps the beacon a "simple" request; the server reads any small body as text.
    if (navigator.sendBeacon(LOG_PATH, new Blob([JSON.stringify(entry)], { type: 'text/plain' }))) sent += 1;
  } catch {
    // Logging must never break the page.
  }
}

/** A warning of the portal (failed lookups and the like, SPEC §8): console plus beacon. */
export function logWarning(...parts: unknown[]): void {
  console.warn(...parts);
  sendLogBeacon('warn', parts);
}

/** Tests: forget how many beacons this page has sent. */
export function resetClientLog(): void {
  sent = 0;
}
