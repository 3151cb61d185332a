import { useSyncExternalStore } from 'react';

/**
 * The global error state (SPEC §2 widgets, §8): a tiny external store so the request helper can
 * raise errors outside React, and the shell renders them.
 *
 * - `system`: the full-screen system-problem page (status 500 or above, network failure).
 * - `modal`: the error modal with a single Ok; `goHome` makes Ok navigate home (error code 135).
 *   Its text is either a message from the server (catalogue or `errorMessage`) or a UI message id.
 */
export type GlobalErrorMessage =
  { kind: 'text'; text: string } | { kind: 'notFound'; path: string } | { kind: 'generic' };

export type GlobalError =
  | { kind: 'system' }
  | {
      kind: 'modal';
      message: GlobalErrorMessage;
      goHome: boolean;
      errorCode?: number;
      /** Ok signs out so the user signs in again (code 31: the account now needs two factors). */
      signInAgain?: boolean;
    };

let current: GlobalError | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function getGlobalError(): GlobalError | null {
  return current;
}

/** Shows an error. The system-problem page outranks a modal: a modal never replaces it. */
export function raiseGlobalError(error: GlobalError): void {
  if (current?.kind === 'system' && error.kind !== 'system') return;
  current = error;
  emit();
}

export function clearGlobalError(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeGlobalError(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalError(): GlobalError | null {
  return useSyncExternalStore(subscribeGlobalError, getGlobalError, getGlobalError);
}
