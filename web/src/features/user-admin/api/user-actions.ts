import type { AdminUserResponse, EndSessionsResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { USERS_API, userAdminKeys } from './keys';

export const USER_ACTIONS = [
  'lock',
  'unlock',
  'requestConfirmation',
  'requestPasswordReset',
  'endSessions',
  'resetSecondFactor',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/**
 * `POST users/:userId/<action>` (provider staff): lock, unlock, resend the confirmation, force a
 * password reset, end every session (with a reason); reset the second factor (with a reason, issue
 * 21: `POST /api/v2/identity/users/:userId/second-factor/reset`). Failures (e.g. ADMIN_ONLY) go to
 * the global error dialog.
 */
export function useUserAction() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action, reason }: { userId: string; action: UserAction; reason?: string }) =>
      requestOrThrow<AdminUserResponse | EndSessionsResponse>(
        action === 'resetSecondFactor'
          ? `/api/v2/identity/users/${encodeURIComponent(userId)}/second-factor/reset`
          : `${USERS_API}/${encodeURIComponent(userId)}/${action}`,
        // Ending a user's sessions and resetting their second factor take the staff member's
        // reason, kept in the audit (ADR 031, ADR 033).
        { method: 'POST', locale, ...(reason === undefined ? {} : { body: { reason } }) },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}
