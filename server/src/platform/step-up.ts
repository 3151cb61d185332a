import { STEP_UP_MINUTES } from '@tessera/domain';
import { AppError } from './errors';

/**
 * What step-up reads of the person acting (issue 21 §2, ADR 031): whether they have a second
 * factor, and when they last typed one of its codes in this session.
 */
export type SecondFactorState = { isEnrolled: boolean; provedAt: Date | null };

export const STEP_UP_WINDOW_MS = STEP_UP_MINUTES * 60_000;

/**
 * Refuses `what` (403, code 33 STEP_UP_REQUIRED) when the person has a second factor and has not
 * typed one of its codes within the last STEP_UP_MINUTES minutes. Without a second factor there is
 * nothing to ask for; without a state (a job, a seed, a recurring run) no person is present.
 */
export function assertFreshSecondFactor(
  state: SecondFactorState | undefined,
  what: string,
  now: Date = new Date(),
): void {
  if (!state?.isEnrolled) return;
  if (state.provedAt !== null && now.getTime() - state.provedAt.getTime() <= STEP_UP_WINDOW_MS) return;
  throw new AppError('STEP_UP_REQUIRED', `${what} needs a second factor within ${STEP_UP_MINUTES} minutes`);
}
