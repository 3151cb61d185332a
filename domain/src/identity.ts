import { z } from 'zod';
import { LOCALES } from './locale';
import { ROLE } from './roles';

/**
 * Identity contracts (SPEC §3 session and token, §7 identity user actions; ADR 005). Shared by the
 * server (validation) and the web (forms and inferred types).
 */

// ---------------------------------------------------------------- password rules

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** The rules a new password must meet, in the order the web shows them before submit. */
export const PASSWORD_RULES = ['minLength', 'letter', 'digit'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The rules `password` breaks (empty when it is acceptable). Letters of any script count. */
export function passwordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('minLength');
  if (!/\p{L}/u.test(password)) problems.push('letter');
  if (!/\p{Nd}/u.test(password)) problems.push('digit');
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0 && password.length <= PASSWORD_MAX_LENGTH;
}

/** A new password: at least 10 characters with letters and digits (forms use it with zod resolvers). */
export const NewPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .refine((value) => passwordProblems(value).length === 0, { message: 'weakPassword' });

/**
 * Password fields as the API receives them: only bounded here, so that a weak password reaches the
 * service and is answered with the WEAK_PASSWORD code instead of a generic validation error.
 */
const PasswordInput = z.string().min(1).max(PASSWORD_MAX_LENGTH);

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
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordInput,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const SuccessResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

// ---------------------------------------------------------------- sign-in interaction

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
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
