import { ERROR_CODE, type LoginRequest, type LoginResponse } from '@tessera/domain';
import { useCallback, useState } from 'react';
import { errorCodeOf, fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';

export const loginPath = (uid: string) => `/api/v2/identity/interaction/${encodeURIComponent(uid)}/login`;

export type LoginProblem =
  'invalidCredentials' | 'locked' | 'notConfirmed' | 'rateLimited' | 'expired' | 'passwordResetRequired';

export type LoginResult =
  | { ok: true; redirectTo: string }
  /** The account proves its second factor next (issue 21); `enrolled: false`: it enrols first. */
  | { ok: true; next: 'secondFactor'; enrolled: boolean }
  | { ok: false; problem: LoginProblem | null; fieldErrors: FieldErrors<keyof LoginRequest> };

const PROBLEMS: Partial<Record<number, LoginProblem>> = {
  [ERROR_CODE.INVALID_CREDENTIALS]: 'invalidCredentials',
  [ERROR_CODE.ACCOUNT_LOCKED]: 'locked',
  [ERROR_CODE.ACCOUNT_NOT_CONFIRMED]: 'notConfirmed',
  [ERROR_CODE.RATE_LIMITED]: 'rateLimited',
  [ERROR_CODE.INTERACTION_EXPIRED]: 'expired',
  [ERROR_CODE.PASSWORD_RESET_REQUIRED]: 'passwordResetRequired',
};

/**
 * `POST /api/v2/identity/interaction/:uid/login` (the provider's sign-in interaction): answers
 * `{redirectTo}`, where the browser continues. Wrong password, locked or unconfirmed account, rate
 * limit and an expired interaction come back as a problem for the form to explain; 400s as field
 * errors; anything else goes to the global error.
 */
export async function login(uid: string, input: LoginRequest): Promise<LoginResult> {
  const result = await request<LoginResponse>(loginPath(uid), {
    method: 'POST',
    body: input,
    suppressGlobalError: isFormFailure(Object.keys(PROBLEMS).map(Number)),
  });
  if (!result.error) {
    if (result.data.next === 'secondFactor') {
      return { ok: true, next: 'secondFactor', enrolled: result.data.enrolled ?? false };
    }
    return { ok: true, redirectTo: result.data.redirectTo ?? '/' };
  }
  const code = errorCodeOf(result.error);
  const problem = result.status === 429 ? 'rateLimited' : code === null ? null : (PROBLEMS[code] ?? null);
  return { ok: false, problem, fieldErrors: fieldErrorsOf(result.error, ['email', 'password'] as const) };
}

/**
 * The login call and whether it is under way: all the form needs of a mutation, without
 * react-query's mutation code in the sign-in page's first load (issue 36 §4, ADR 052).
 */
export function useLogin(uid: string) {
  const [isPending, setIsPending] = useState(false);
  const mutateAsync = useCallback(
    async (input: LoginRequest) => {
      setIsPending(true);
      try {
        return await login(uid, input);
      } finally {
        setIsPending(false);
      }
    },
    [uid],
  );
  return { mutateAsync, isPending };
}
