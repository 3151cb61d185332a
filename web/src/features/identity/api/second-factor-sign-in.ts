import {
  ERROR_CODE,
  type LoginResponse,
  type RecoveryCodesResponse,
  type SecondFactorEnrolmentResponse,
} from '@tessera/domain';
import { errorCodeOf, fieldErrorsOf, isFormFailure } from '../../../lib/form-errors';
import { request } from '../../../lib/request';

const base = (uid: string) => `/api/v2/identity/interaction/${encodeURIComponent(uid)}/second-factor`;

/** Why a code was not accepted: the form says it beside the field or above it. */
export type SecondFactorProblem = 'invalid' | 'locked' | 'expired' | 'rateLimited';

const PROBLEMS: Partial<Record<number, SecondFactorProblem>> = {
  [ERROR_CODE.SECOND_FACTOR_INVALID]: 'invalid',
  [ERROR_CODE.ACCOUNT_LOCKED]: 'locked',
  [ERROR_CODE.INTERACTION_EXPIRED]: 'expired',
  [ERROR_CODE.RATE_LIMITED]: 'rateLimited',
};

export type StepResult<T> =
  { ok: true; data: T } | { ok: false; problem: SecondFactorProblem | null; field: string | null };

async function post<T>(path: string, body: unknown): Promise<StepResult<T>> {
  const result = await request<T>(path, {
    method: 'POST',
    body,
    suppressGlobalError: isFormFailure(Object.keys(PROBLEMS).map(Number)),
  });
  if (!result.error) return { ok: true, data: result.data };
  const code = errorCodeOf(result.error);
  const problem = result.status === 429 ? 'rateLimited' : code === null ? null : (PROBLEMS[code] ?? null);
  const fields = fieldErrorsOf(result.error, ['code', 'recoveryCode'] as const);
  return { ok: false, problem, field: fields.code ?? fields.recoveryCode ?? null };
}

/** `POST …/second-factor` (issue 21): a code or a recovery code finishes the sign-in. */
export function submitSecondFactor(
  uid: string,
  body: { code?: string; recoveryCode?: string; rememberDevice: boolean },
): Promise<StepResult<LoginResponse>> {
  return post<LoginResponse>(base(uid), body);
}

/** `POST …/second-factor/enrol`: a new secret to scan (QR code and key), during the sign-in. */
export function startSignInEnrolment(uid: string): Promise<StepResult<SecondFactorEnrolmentResponse>> {
  return post<SecondFactorEnrolmentResponse>(`${base(uid)}/enrol`, undefined);
}

/** `POST …/second-factor/enrol/confirm`: the first code; answers the recovery codes and where to go on. */
export function confirmSignInEnrolment(
  uid: string,
  body: { code: string; rememberDevice: boolean },
): Promise<StepResult<RecoveryCodesResponse>> {
  return post<RecoveryCodesResponse>(`${base(uid)}/enrol/confirm`, body);
}
