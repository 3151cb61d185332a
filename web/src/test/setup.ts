import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearGlobalError } from '../lib/global-error';
import { resetClientLog } from '../lib/client-log';
import { resetRequestCaches } from '../lib/request';
import { resetSessionClient } from '../lib/session';

// React's development build captures a stack trace (and a console task) for every element it
// creates, up to 10,000 between two commits, to name the owner in its warnings: about a sixth of the
// web tests' time (ADR 038, round seven). Its counter reads as full, so each element gets React's
// shared "unknown owner" stack instead. Warnings still fail the test (console.error below) and
// still name the component; only their owner stack is shorter.
Object.defineProperty(
  (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: object })
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE,
  'recentlyCreatedOwnerStacks',
  { configurable: true, get: () => Number.POSITIVE_INFINITY, set: () => undefined },
);

// The UI texts load with the routes that name them (issue 17). Importing the files once here keeps
// that first import (the transform of some 270 KB of JSON) out of each test's time limits; the
// texts store stays empty, so the routes still have to load what they show.
await Promise.all(Object.values(import.meta.glob('../i18n/**/*.json')).map((load) => load()));

// A page waits for its lazy route and its texts: on a loaded two-core CI machine that can take
// longer than Testing Library's 1 s default, which made correct tests fail at random.
configure({ asyncUtilTimeout: 3_000 });

// The DOM (happy-dom; jsdom for a few files) lacks what Mantine and the router use for layout and media queries.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
// Mantine's autosizing textarea re-measures when web fonts load.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
// A browser's beacon would really send: the client log then falls back to fetch, which tests stub.
Object.defineProperty(window.navigator, 'sendBeacon', {
  value: undefined,
  configurable: true,
  writable: true,
});
Element.prototype.scrollIntoView = function scrollIntoView() {};
Element.prototype.scrollTo = function scrollTo() {};

// STYLE (Epic Stack): console.error fails a test.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  // Failed lookups are logged only (SPEC §8); keep test output quiet.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  clearGlobalError();
  resetRequestCaches();
  resetSessionClient();
  resetClientLog();
  window.sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = 'el';
  if (consoleErrors.length > 0) {
    const message = consoleErrors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called:\n${message}`);
  }
});
