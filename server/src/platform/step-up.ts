import { STEP_UP_MINUTES } from '@tessera/domain';
import { AppError } from './errors';

/**
 * What step-up reads of the person acting (issue 21 §2, ADR 031): whether they have a second
 * factor, when they last typed one of its codes in this session, and how long a code typed counts
 * (the server's `STEP_UP_MINUTES`; issue 33 §9).
 */
export type SecondFactorState = { isEnrolled: boolean; provedAt: Date | null; windowMs: number };

/** The window when the server is not told otherwise (`STEP_UP_MINUTES` unset). */
export const STEP_UP_WINDOW_MS = STEP_UP_MINUTES * 60_000;

/**
 * Refuses `what` (403, code 33 STEP_UP_REQUIRED) when the person has a second factor and has not
 * typed one of its codes within the window. Without a second factor there is nothing to ask for;
 * without a state (a job, a seed, a recurring run, an API client with its own credentials) no
 * person is present.
 */
export function assertFreshSecondFactor(
  state: SecondFactorState | undefined,
  what: string,
  now: Date = new Date(),
): void {
  if (!state?.isEnrolled) return;
  if (state.provedAt !== null && now.getTime() - state.provedAt.getTime() <= state.windowMs) return;
  throw new AppError(
    'STEP_UP_REQUIRED',
    `${what} needs a second factor within ${state.windowMs / 60_000} minutes`,
  );
}
