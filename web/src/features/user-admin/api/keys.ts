import { ACCOUNTS_API } from '../../../lib/request-context';

/** The back office's user administration under `/api/v1/accounts/users` (ADR 023). */
export const USERS_API = `${ACCOUNTS_API}/users`;

export const userAdminKeys = {
  all: ['backOffice', 'users'] as const,
  search: (filter: object) => [...userAdminKeys.all, 'search', filter] as const,
  user: (userId: string) => [...userAdminKeys.all, 'user', userId] as const,
};
