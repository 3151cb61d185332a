import { foldForSearch, type RoleId, type User } from '@tessera/domain';
import type { UserRow } from './repository';

export function userSearchText(user: { email: string; firstName: string; lastName: string }): string {
  return foldForSearch(`${user.firstName} ${user.lastName} ${user.email}`);
}

export function toUser(row: UserRow, companyIds: string[]): User {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    jobTitle: row.jobTitle,
    userRoleId: row.roleId as RoleId,
    relatedCompanies: companyIds.map((companyId) => ({ companyId })),
    isConfirmed: row.isConfirmed,
    isLocked: row.isLocked,
    preferredLanguage: row.preferredLanguage,
    createdAt: row.createdAt.toISOString(),
  };
}
