import { useSyncExternalStore } from 'react';

/**
 * Step-up (issue 21 §2, ADR 031): a change the server refuses with code 33 (STEP_UP_REQUIRED)
 * waits here while the shell asks for a code of the authenticator app; the request helper sends
 * the change again once the code was accepted. A tiny external store, as the global error is, so
 * the request helper (outside React) can ask and the shell (inside) can answer.
 */
type Pending = { resolve: (isProved: boolean) => void };

let pending: Pending | null = null;
let waiting: Promise<boolean> | null = null;
let hosts = 0;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** Whether a dialog is mounted to ask (none in tests of a lone component, nor before the shell). */
export function canAskForStepUp(): boolean {
  return hosts > 0;
}

/**
 * Asks for a fresh code; resolves true once the server accepted one, false when the user cancels.
 * Several refused requests at once share one question.
 */
export function askForStepUp(): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    pending = { resolve };
    emit();
  }).finally(() => {
    waiting = null;
  });
  return waiting;
}

/** The dialog's answer: the code was accepted (true) or the user cancelled (false). */
export function answerStepUp(isProved: boolean): void {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(isProved);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` (after the question is stored) each time a code is asked for; for tests and tools. */
export function onStepUpAsked(listener: () => void): () => void {
  const wrapped = () => {
    if (pending !== null) queueMicrotask(listener);
  };
  return subscribe(wrapped);
}

/** Whether a code is being asked for now (the shell's dialog shows while it is). */
export function useStepUpAsked(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending !== null,
    () => false,
  );
}

/** The dialog host registers while mounted, so requests know someone can ask. */
export function registerStepUpHost(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
  };
}
