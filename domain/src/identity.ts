import { z } from 'zod';
import { LOCALES } from './locale';
import { ROLE } from './roles';

/**
 * Identity contracts (SPEC §3 session and token, §7 identity user actions; ADR 005). Shared by the
 * server (validation) and the web (forms and inferred types).
 */

// ---------------------------------------------------------------- password rules

/**
 * The password policy of OWASP ASVS 5.0 level 2 (V6.2; ADR 033): at least 12 characters and at
 * most 128, counted in Unicode code points; no composition rules (no "a letter and a digit"); not
 * one of the most common passwords (checked by the server against the list it ships); not the
 * account's email address nor containing its local part. Checked only when a password is set:
 * existing passwords keep working and nobody is made to change theirs periodically.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** How many of the most common passwords are refused (ASVS 6.2.4: at least the top 3,000). */
export const COMMON_PASSWORDS_REFUSED = 10_000;
/** Local parts shorter than this are too short to be recognised inside a password (`al@…`). */
const MIN_EMAIL_PART_LENGTH = 3;

/** The rules a new password must meet, in the order the web shows them before submit. */
export const PASSWORD_RULES = ['minLength', 'notEmail', 'notCommon'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number] | 'maxLength';

/** What a password is checked against besides itself. */
export type PasswordContext = {
  /** The account's email address, when known (the reset page knows it only on the server). */
  email?: string | null;
  /** Tells whether a password is one of the common ones (the server's list; the web has none). */
  isCommon?: (password: string) => boolean;
};

/** Whether `password` is the email address or contains its local part (case-insensitive). */
export function containsEmail(password: string, email: string): boolean {
  const lower = password.toLocaleLowerCase('en');
  const address = email.trim().toLocaleLowerCase('en');
  if (address === '') return false;
  const localPart = address.split('@')[0] ?? '';
  return (
    lower === address ||
    lower.includes(address) ||
    ([...localPart].length >= MIN_EMAIL_PART_LENGTH && lower.includes(localPart))
  );
}

/**
 * The rules `password` breaks (empty when it is acceptable). Length counts code points, so
 * `αβγ` is three characters and an emoji one. `notEmail` and `notCommon` are checked only with
 * what `context` gives.
 */
export function passwordProblems(password: string, context: PasswordContext = {}): PasswordRule[] {
  const problems: PasswordRule[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) problems.push('minLength');
  if (length > PASSWORD_MAX_LENGTH) problems.push('maxLength');
  if (context.email && containsEmail(password, context.email)) problems.push('notEmail');
  if (context.isCommon?.(password)) problems.push('notCommon');
  return problems;
}

export function isStrongPassword(password: string, context: PasswordContext = {}): boolean {
  return passwordProblems(password, context).length === 0;
}

/** A new password as the web can check it (length only; forms use it with zod resolvers). */
export const NewPasswordSchema = z.string().refine((value) => passwordProblems(value).length === 0, {
  message: 'weakPassword',
});

/**
 * Password fields as the API receives them: only bounded here (128 code points may take up to 512
 * UTF-16 units), so that a weak password reaches the service and is answered with the
 * WEAK_PASSWORD code naming the rule instead of a generic validation error.
 */
const PasswordInput = z
  .string()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);

// ---------------------------------------------------------------- users

export const RoleIdSchema = z.literal([
  ROLE.ADMIN,
  ROLE.CUSTOMER_CARE,
  ROLE.ORDER_MANAGER,
  ROLE.FINANCE_USER,
  ROLE.PAYMENT_MANAGER,
  ROLE.MERCHANT,
]);
export const LocaleSchema = z.enum(LOCALES);
export const CompanyIdSchema = z.string().trim().min(1).max(20);
const Email = z.email().max(254);

/** A related company as the token carries it (SPEC §3 `relatedCompanies`). */
export const RelatedCompanySchema = z.object({ companyId: z.string() });
export type RelatedCompany = z.infer<typeof RelatedCompanySchema>;

/** A user as the identity module shows it to provider staff and to the user. */
export const UserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  userRoleId: RoleIdSchema,
  relatedCompanies: z.array(RelatedCompanySchema),
  isConfirmed: z.boolean(),
  isLocked: z.boolean(),
  preferredLanguage: LocaleSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const CreateUserRequestSchema = z.object({
  email: Email,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: z.string().trim().max(30).default(''),
  jobTitle: z.string().trim().max(80).default(''),
  userRoleId: RoleIdSchema,
  companyIds: z.array(CompanyIdSchema).max(200).default([]),
  preferredLanguage: LocaleSchema.default('el'),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;
export const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const SearchUsersRequestSchema = z.object({
  query: z.string().trim().max(200).default(''),
  userRoleId: RoleIdSchema.optional(),
  companyId: CompanyIdSchema.optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type SearchUsersRequest = z.infer<typeof SearchUsersRequestSchema>;
export const SearchUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(UserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchUsersResponse = z.infer<typeof SearchUsersResponseSchema>;

export const UserIdParamsSchema = z.object({ userId: z.uuid() });

/** Codes sent by email: `code_type=token` (SPEC §7). */
export const CODE_TYPES = ['token'] as const;
export const CodeTypeSchema = z.enum(CODE_TYPES);

export const EmailRequestSchema = z.object({ email: z.string().trim().max(254) });
export type EmailRequest = z.infer<typeof EmailRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  code_type: CodeTypeSchema.default('token'),
  password: PasswordInput,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const ConfirmRequestSchema = z.object({
  token: z.string().min(1).max(200),
  code_type: CodeTypeSchema.default('token'),
  /** Needed when the account has no password yet (a new user setting theirs). */
  password: PasswordInput.optional(),
});
export type ConfirmRequest = z.infer<typeof ConfirmRequestSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: PasswordInput,
  newPassword: PasswordInput,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const SuccessResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

// ---------------------------------------------------------------- sign-in interaction

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: PasswordInput,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
/**
 * `redirectTo` when the sign-in is complete; `next: 'secondFactor'` when the account must prove its
 * second factor first (`enrolled: false`: it must enrol now; issue 21, ADR 031).
 */
export const LoginResponseSchema = z.object({
  success: z.literal(true),
  redirectTo: z.string().optional(),
  next: z.literal('secondFactor').optional(),
  enrolled: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const InteractionResponseSchema = z.object({
  success: z.literal(true),
  uid: z.string(),
  prompt: z.string(),
  loginHint: z.string().optional(),
});
export type InteractionResponse = z.infer<typeof InteractionResponseSchema>;

// ---------------------------------------------------------------- session client (SPEC §7)

/** `userInfo` of SPEC §3: the token claims the portal reads. */
export const SessionUserSchema = z.object({
  name: z.string(),
  email: z.string(),
  userRoleId: RoleIdSchema,
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relatedCompanies: z.array(RelatedCompanySchema),
  preferredLanguage: LocaleSchema,
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** `GET /api/auth/session`: `{}` when signed out (next-auth shape); tokens never leave the server. */
export const SessionResponseSchema = z.union([
  z.object({
    user: SessionUserSchema,
    /** When the session ends unless used again (idle timeout, capped by the absolute one). */
    expires: z.string(),
    companyId: z.string().optional(),
    /**
     * Provider staff acting for a company: which, why (typed when they started) and since when
     * (issue 18, ADR 027).
     */
    acting: z
      .object({
        companyId: z.string().nullable(),
        merchantId: z.string().nullable(),
        reason: z.string(),
        since: z.string(),
      })
      .optional(),
  }),
  z.object({}).strict(),
]);
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const ProvidersResponseSchema = z.record(
  z.string(),
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.literal('oidc'),
    signinUrl: z.string(),
    callbackUrl: z.string(),
  }),
);
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;

/** Body of `POST /api/auth/signin/:provider` and `/signout` (form or JSON, next-auth style). */
export const SignInRequestSchema = z.object({
  csrfToken: z.string().max(200).optional(),
  callbackUrl: z.string().max(2000).optional(),
  json: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;
export const UrlResponseSchema = z.object({ url: z.string() });
export type UrlResponse = z.infer<typeof UrlResponseSchema>;

/** The provider id of the portal's own identity provider in the session client. */
export const AUTH_PROVIDER_ID = 'tessera';
