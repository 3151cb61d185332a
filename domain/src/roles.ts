/** Role ids as carried in the token's `userRoleId` claim (SPEC §6). Roles below 3 are provider-side. */
export const ROLE = {
  ADMIN: 1,
  CUSTOMER_CARE: 2,
  ORDER_MANAGER: 3,
  FINANCE_USER: 4,
  PAYMENT_MANAGER: 5,
  MERCHANT: 1001,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE);

/** Provider staff (roles below 3) may act for any company; that is audited. */
export function isProviderRole(role: RoleId): boolean {
  return role < ROLE.ORDER_MANAGER;
}

/** Company-side roles: they act only for their related companies. */
export const COMPANY_ROLES: readonly RoleId[] = [ROLE.ORDER_MANAGER, ROLE.FINANCE_USER, ROLE.PAYMENT_MANAGER];
