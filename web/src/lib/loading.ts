import { useSyncExternalStore } from 'react';

/**
 * The global loading overlay (SPEC §1): long operations register themselves here; the shell shows
 * the overlay while any is running (ARCHITECTURE §8: every long operation shows progress).
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** Shows the overlay until the promise settles; returns the promise's result. */
export async function withLoadingOverlay<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  pending += 1;
  emit();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    pending -= 1;
    emit();
  }
}

export function isGlobalLoading(): boolean {
  return pending > 0;
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isGlobalLoading,
    isGlobalLoading,
  );
}
