import { z } from 'zod';
import { CompanyUserSchema } from './account';
import { PhoneSchema } from './cards';
import { CompanyIdSchema, LocaleSchema, RoleIdSchema, UserSchema } from './identity';
import { MERCHANT_USER_ROLES } from './merchants';

/**
 * User administration (issue 18 §2, ADR 023): provider staff search and change the users of every
 * company and merchant from `/back-office/users`; a company's order manager manages the company's
 * own users from `/account/users` (the specification's user-permission page, SPEC §6).
 */

// ---------------------------------------------------------------- statuses

/** How a user stands: locked wins over unconfirmed (a locked user cannot confirm either). */
export const USER_STATUSES = ['active', 'locked', 'unconfirmed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export function userStatusOf(user: { isLocked: boolean; isConfirmed: boolean }): UserStatus {
  if (user.isLocked) return 'locked';
  return user.isConfirmed ? 'active' : 'unconfirmed';
}

// ---------------------------------------------------------------- provider staff

/** A user as the back office lists it: with company names, merchant and status. */
export const AdminUserSchema = UserSchema.extend({
  status: z.enum(USER_STATUSES),
  companies: z.array(z.object({ companyId: z.string(), name: z.string() })),
  merchant: z
    .object({ merchantId: z.string(), name: z.string(), merchantRole: z.enum(MERCHANT_USER_ROLES) })
    .nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** `POST /api/v1/accounts/users/userList`: every user, by name or email, company or merchant, role, status. */
export const AdminSearchUsersRequestSchema = z.object({
  /** Words of the name or email (accents and case ignored). */
  query: z.string().trim().max(200).default(''),
  /** A company (or merchant) id, or words of its name. */
  company: z.string().trim().max(200).default(''),
  userRoleId: RoleIdSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type AdminSearchUsersRequest = z.input<typeof AdminSearchUsersRequestSchema>;
export type AdminSearchUsers = z.output<typeof AdminSearchUsersRequestSchema>;
export const AdminSearchUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminSearchUsersResponse = z.infer<typeof AdminSearchUsersResponseSchema>;
export const AdminUserResponseSchema = z.object({ success: z.literal(true), user: AdminUserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

/** The role and where the user works: companies for roles 3–5, a merchant and standing for 1001. */
const Access = {
  userRoleId: RoleIdSchema,
  companyIds: z.array(CompanyIdSchema).max(200).default([]),
  merchantId: z.string().trim().min(1).max(40).optional(),
  merchantRole: z.enum(MERCHANT_USER_ROLES).optional(),
};

/** `POST /api/v1/accounts/users/registerProfile` (provider staff): a user of any company, merchant or the provider. */
export const AdminCreateUserRequestSchema = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: PhoneSchema.default(''),
  preferredLanguage: LocaleSchema.default('el'),
  ...Access,
});
export type AdminCreateUserRequest = z.input<typeof AdminCreateUserRequestSchema>;
export type AdminCreateUser = z.output<typeof AdminCreateUserRequestSchema>;

/** `POST /api/v1/accounts/users/:userId/updateManager` (provider staff): details, role and companies. */
export const AdminUpdateUserRequestSchema = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  phone: PhoneSchema.default(''),
  preferredLanguage: LocaleSchema.default('el'),
  ...Access,
});
export type AdminUpdateUserRequest = z.input<typeof AdminUpdateUserRequestSchema>;
export type AdminUpdateUser = z.output<typeof AdminUpdateUserRequestSchema>;

/** `POST /api/v1/accounts/users/:userId/endSessions`: how many portal sessions ended. */
export const EndSessionsResponseSchema = z.object({
  success: z.literal(true),
  endedSessions: z.number().int(),
});
export type EndSessionsResponse = z.infer<typeof EndSessionsResponseSchema>;

// ---------------------------------------------------------------- the company's order manager

/**
 * A user of the company as its order manager manages them: `isManageable` is false for oneself and
 * for a colleague who also works for a company the manager is not related to.
 */
export const ManagedCompanyUserSchema = CompanyUserSchema.extend({
  status: z.enum(USER_STATUSES),
  isManageable: z.boolean(),
});
export type ManagedCompanyUser = z.infer<typeof ManagedCompanyUserSchema>;
/** `GET /api/v1/accounts/companyUsers`. */
export const ManagedCompanyUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(ManagedCompanyUserSchema),
});
export type ManagedCompanyUsersResponse = z.infer<typeof ManagedCompanyUsersResponseSchema>;
export const ManagedCompanyUserResponseSchema = z.object({
  success: z.literal(true),
  user: ManagedCompanyUserSchema,
});
export type ManagedCompanyUserResponse = z.infer<typeof ManagedCompanyUserResponseSchema>;
