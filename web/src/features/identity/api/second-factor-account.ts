import {
  ERROR_CODE,
  type RecoveryCodesResponse,
  type SecondFactorEnrolmentResponse,
  type SecondFactorStatusResponse,
} from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fieldErrorsOf, isFormFailure } from '../../../lib/form-errors';
import { identityKeys } from '../../../lib/query-keys';
import { request, requestOrThrow } from '../../../lib/request';

const BASE = '/api/v2/identity/second-factor';

/** `GET /api/v2/identity/second-factor` (issue 21): status, whether required, devices. */
export async function getSecondFactorStatus(signal?: AbortSignal) {
  return requestOrThrow<SecondFactorStatusResponse>(BASE, { signal });
}

export const secondFactorQueryOptions = queryOptions({
  queryKey: identityKeys.secondFactor,
  queryFn: ({ signal }) => getSecondFactorStatus(signal),
  staleTime: 0,
});

export function useSecondFactorStatus() {
  return useQuery(secondFactorQueryOptions);
}

/**
 * How long a code typed for step-up counts (the server's `STEP_UP_MINUTES`, issue 33 §9), for the
 * step-up prompt: read quietly (the prompt asks for the code whether or not this answers), null
 * until known.
 */
export function useStepUpMinutes(): number | null {
  const { data } = useQuery({
    queryKey: [...identityKeys.secondFactor, 'step-up-window'],
    queryFn: async ({ signal }) =>
      (await requestOrThrow<SecondFactorStatusResponse>(BASE, { signal, suppressGlobalError: true }))
        .stepUpMinutes,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? null;
}

/** A step of the security page: its data, or the message to show beside the code field. */
export type CodeStepResult<T> = { ok: true; data: T } | { ok: false; codeError: string | null };

/** POSTs to the security page's routes; a wrong code (32) stays with the form, beside the field. */
function post<T>(path: string, body?: unknown): Promise<CodeStepResult<T>> {
  return postCode<T>(`${BASE}${path}`, body);
}

async function postCode<T>(url: string, body?: unknown): Promise<CodeStepResult<T>> {
  const result = await request<T>(url, {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
    suppressGlobalError: isFormFailure([ERROR_CODE.SECOND_FACTOR_INVALID]),
  });
  if (!result.error) return { ok: true, data: result.data };
  if (result.error === true) return { ok: false, codeError: null };
  const message =
    result.error.errorCode === ERROR_CODE.SECOND_FACTOR_INVALID ? result.error.errorMessage : null;
  return { ok: false, codeError: message ?? fieldErrorsOf(result.error, ['code'] as const).code ?? null };
}

export const startEnrolment = () => post<SecondFactorEnrolmentResponse>('/enrol');
export const confirmEnrolment = (code: string) => post<RecoveryCodesResponse>('/enrol/confirm', { code });
export const regenerateRecoveryCodes = (code: string) =>
  post<RecoveryCodesResponse>('/recovery-codes', { code });
export const disableSecondFactor = (code: string) => post<{ success: true }>('/disable', { code });
export const revokeDevice = (deviceId: string) =>
  post<{ success: true }>(`/devices/${encodeURIComponent(deviceId)}/revoke`);
export const revokeAllDevices = () => post<{ success: true }>('/devices/revoke-all');

/**
 * `POST /api/v2/identity/step-up` (issue 21 §2): the current code proves the second factor again
 * for 5 minutes, so a change refused with code 33 can be sent again.
 */
export const proveSecondFactor = (code: string) =>
  postCode<{ success: true }>('/api/v2/identity/step-up', { code });
