import { z } from 'zod';
import { ROLE, type RoleId } from './roles';

/**
 * Two-factor sign-in (issue 21, docs/decisions/031-two-factor-sign-in.md): TOTP of RFC 6238 (any
 * authenticator app), ten single-use recovery codes, remembered devices for 30 days.
 */

/** Provider staff always sign in with a second factor; companies may add their own roles. */
export const ALWAYS_SECOND_FACTOR_ROLES: readonly RoleId[] = [ROLE.ADMIN, ROLE.CUSTOMER_CARE];

/** How long a remembered device skips the code (issue 21). */
export const TRUSTED_DEVICE_DAYS = 30;

/**
 * Step-up (issue 21 §2, issue 33 §9): every submission, payment and unload, approvals, a merchant's
 * IBAN, who approves and API clients need a code of the second factor typed within this many
 * minutes, when the user has a second factor. The default of the server's `STEP_UP_MINUTES`
 * setting (1 to STEP_UP_MINUTES_MAX: the change the code was asked for is sent again after it, so
 * the window cannot be nought).
 */
export const STEP_UP_MINUTES = 5;
export const STEP_UP_MINUTES_MAX = 60;

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/** A six-digit code of the authenticator app (spaces typed for readability are dropped). */
export const TotpCodeSchema = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown (`xxxx-xxxx-xx`); case and dashes are forgiven. */
export const RecoveryCodeSchema = z.string().trim().min(8).max(40);

/** `POST /api/v2/identity/interaction/:uid/second-factor`: a code or a recovery code. */
export const SecondFactorSignInRequestSchema = z
  .object({
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
    rememberDevice: z.boolean().optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'exactly one of code and recoveryCode',
    path: ['code'],
  });
export type SecondFactorSignInRequest = z.infer<typeof SecondFactorSignInRequestSchema>;

/** A request carrying the current code of the authenticator app. */
export const SecondFactorCodeRequestSchema = z.object({ code: TotpCodeSchema });
export type SecondFactorCodeRequest = z.infer<typeof SecondFactorCodeRequestSchema>;

/** Confirms an enrolment with the first code (during sign-in also whether to remember the device). */
export const SecondFactorConfirmRequestSchema = z.object({
  code: TotpCodeSchema,
  rememberDevice: z.boolean().optional(),
});
export type SecondFactorConfirmRequest = z.infer<typeof SecondFactorConfirmRequestSchema>;

/** A new secret to enrol: shown once, as a QR code and as text for manual entry. */
export const SecondFactorEnrolmentResponseSchema = z.object({
  success: z.literal(true),
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type SecondFactorEnrolmentResponse = z.infer<typeof SecondFactorEnrolmentResponseSchema>;

/** The recovery codes, shown once (enrolment and regeneration); `redirectTo` continues a sign-in. */
export const RecoveryCodesResponseSchema = z.object({
  success: z.literal(true),
  recoveryCodes: z.array(z.string()),
  redirectTo: z.string().optional(),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

export const TrustedDeviceSchema = z.object({
  deviceId: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
});
export type TrustedDevice = z.infer<typeof TrustedDeviceSchema>;

/** `GET /api/v2/identity/second-factor`: the account's security page. */
export const SecondFactorStatusResponseSchema = z.object({
  success: z.literal(true),
  isEnrolled: z.boolean(),
  isRequired: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  devices: z.array(TrustedDeviceSchema),
  /** The server's step-up window (`STEP_UP_MINUTES`): a code typed is good for this long. */
  stepUpMinutes: z.number().int().min(1),
});
export type SecondFactorStatusResponse = z.infer<typeof SecondFactorStatusResponseSchema>;

export const DeviceIdParamsSchema = z.object({ deviceId: z.uuid() });

/** Provider staff reset a user's second factor, saying why (audited). */
export const ResetSecondFactorRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export type ResetSecondFactorRequest = z.infer<typeof ResetSecondFactorRequestSchema>;

/** The company roles that must sign in with two factors (a company setting; staff always must). */
export const CompanySecondFactorRolesSchema = z.object({
  companyId: z.string().min(1).max(20),
  roleIds: z
    .array(
      z.union([z.literal(ROLE.ORDER_MANAGER), z.literal(ROLE.FINANCE_USER), z.literal(ROLE.PAYMENT_MANAGER)]),
    )
    .max(3),
});
export type CompanySecondFactorRoles = z.infer<typeof CompanySecondFactorRolesSchema>;

export const CompanySecondFactorRolesResponseSchema = z.object({
  success: z.literal(true),
  roleIds: z.array(z.number().int()),
});
export type CompanySecondFactorRolesResponse = z.infer<typeof CompanySecondFactorRolesResponseSchema>;
