import { COMPANY_ROLES, type CreateUserRequest, type User } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError, declareUniqueConflict } from '../../platform/errors';
import type { WithinTransaction } from './administer-user';
import type { Actor, IdentityContext } from './identity-context';
import { assertStaffRule } from './staff-rules';
import { findUserByEmail, insertUser } from './repository';
import { toUser, userSearchText } from './user-views';

/** The answer to an e-mail address another user has (ADR 023). */
const emailTaken = () =>
  new AppError('CONFLICT', 'email taken', { fields: [{ field: 'email', key: 'emailTaken' }] });
// Two requests with one address at once: the second gets what it would get a moment later.
declareUniqueConflict('users_email_lower_idx', emailTaken);

/**
 * Creates a user (provider admin): unconfirmed and without a password; the confirmation email
 * lets them set one. Company roles need at least one related company.
 */
export async function createUser(
  ctx: IdentityContext,
  request: CreateUserRequest,
  actor: Actor & { companyId?: string | null },
  within?: WithinTransaction,
): Promise<User> {
  assertStaffRule(actor, null, request.userRoleId);
  const companyIds = [...new Set(request.companyIds)];
  if ((COMPANY_ROLES as readonly number[]).includes(request.userRoleId) && companyIds.length === 0) {
    throw new AppError('VALIDATION', 'company role without companies', {
      fields: [{ field: 'companyIds', key: 'required' }],
    });
  }
  if (!(COMPANY_ROLES as readonly number[]).includes(request.userRoleId) && companyIds.length > 0) {
    throw new AppError('VALIDATION', 'only company roles relate to companies', {
      fields: [{ field: 'companyIds', key: 'invalidValue' }],
    });
  }
  const existing = await ctx.deps.companies.existingCompanyIds(companyIds);
  if (existing.length !== companyIds.length) {
    throw new AppError('VALIDATION', 'unknown company', {
      fields: [{ field: 'companyIds', key: 'invalidChoice' }],
    });
  }
  if (await findUserByEmail(ctx.db, request.email)) throw emailTaken();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertUser(
      tx,
      {
        email: request.email,
        firstName: request.firstName,
        lastName: request.lastName,
        phone: request.phone,
        jobTitle: request.jobTitle,
        roleId: request.userRoleId,
        preferredLanguage: request.preferredLanguage,
        isConfirmed: false,
        searchText: userSearchText(request),
      },
      companyIds,
    );
    await within?.(tx, inserted.id);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId ?? null,
      action: 'user.create',
      entity: 'user',
      entityId: inserted.id,
      after: {
        email: inserted.email,
        firstName: inserted.firstName,
        lastName: inserted.lastName,
        roleId: inserted.roleId,
        preferredLanguage: inserted.preferredLanguage,
        companyIds,
      },
      requestId: actor.requestId ?? null,
    });
    return inserted;
  });
  ctx.inBackground(() => ctx.sendCodeEmail(row, 'confirmation'));
  return toUser(row, companyIds);
}
