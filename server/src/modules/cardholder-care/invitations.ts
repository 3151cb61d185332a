import { INVITATION_INTERVAL_MS, type CardholderAppStatus } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { CareActor, CareContext } from './context';
import { invitationMail } from './invitation-mail';
import {
  findAccounts,
  findCompanyName,
  findHolderOfCompany,
  findUninvitedHoldersOfImport,
  insertEvent,
  markInvited,
  type AccountRow,
} from './repository';

function statusOf(
  cardholderId: string,
  email: string,
  account: AccountRow | undefined,
  now: Date,
): CardholderAppStatus {
  const invitedAt = account?.invitedAt ?? null;
  const activatedAt = account?.activatedAt ?? null;
  const next = invitedAt ? new Date(invitedAt.getTime() + INVITATION_INTERVAL_MS) : null;
  return {
    cardholderId,
    state: !email ? 'no-email' : activatedAt ? 'activated' : invitedAt ? 'invited' : 'not-invited',
    invitedAt: invitedAt?.toISOString() ?? null,
    activatedAt: activatedAt?.toISOString() ?? null,
    nextInviteAt: email && next && next > now ? next.toISOString() : null,
  };
}

/**
 * Sends one invitation, unless one went out to the e-mail less than 10 minutes ago (then false):
 * the mark, the 'invited' event and the audit entry commit together, then the mail goes.
 */
async function sendInvitation(
  ctx: CareContext,
  actor: CareActor,
  holder: { email: string; firstName: string; lastName: string },
  companyId: string,
  companyName: string,
): Promise<boolean> {
  const now = ctx.now();
  const isMarked = await ctx.db.transaction(async (tx) => {
    const marked = await markInvited(
      tx,
      holder.email,
      `${holder.firstName} ${holder.lastName}`.trim(),
      now,
      new Date(now.getTime() - INVITATION_INTERVAL_MS),
    );
    if (!marked) return false;
    await insertEvent(tx, { email: holder.email, kind: 'invited', actor: actor.userId });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId,
      action: 'cardholder.invite',
      entity: 'cardholder',
      entityId: holder.email,
      requestId: actor.requestId ?? null,
    });
    return true;
  });
  if (!isMarked) return false;
  await ctx.mailer.send(
    invitationMail({ to: holder.email, firstName: holder.firstName, companyName, publicUrl: ctx.publicUrl }),
  );
  return true;
}

/** Whether one of the company's cardholders uses the app; another company's is not found. */
export async function getAppStatus(
  ctx: CareContext,
  companyId: string,
  cardholderId: string,
): Promise<CardholderAppStatus> {
  const holder = await findHolderOfCompany(ctx.db, companyId, cardholderId);
  if (!holder) throw new AppError('NOT_FOUND', `no cardholder ${cardholderId} of ${companyId}`);
  const [account] = holder.email ? await findAccounts(ctx.db, [holder.email]) : [];
  return statusOf(holder.id, holder.email, account, ctx.now());
}

/**
 * (Re)sends the app's invitation to one of the company's cardholders: 400 naming `email` without
 * one, 429 within 10 minutes of the last one (to that e-mail, from any company).
 */
export async function inviteCardholder(
  ctx: CareContext,
  actor: CareActor,
  companyId: string,
  cardholderId: string,
): Promise<CardholderAppStatus> {
  const holder = await findHolderOfCompany(ctx.db, companyId, cardholderId);
  if (!holder) throw new AppError('NOT_FOUND', `no cardholder ${cardholderId} of ${companyId}`);
  if (!holder.email) {
    throw new AppError('VALIDATION', `cardholder ${cardholderId} has no e-mail`, {
      fields: [{ field: 'email', key: 'required' }],
    });
  }
  const sent = await sendInvitation(ctx, actor, holder, companyId, await findCompanyName(ctx.db, companyId));
  if (!sent)
    throw new AppError('RATE_LIMITED', `cardholder ${holder.email} invited less than 10 minutes ago`);
  const [account] = await findAccounts(ctx.db, [holder.email]);
  return statusOf(holder.id, holder.email, account, ctx.now());
}

/**
 * Invites the holders an import's good rows name who were never invited (the bulk load's option,
 * applied once the import is turned into drafts). Returns how many were invited.
 */
export async function inviteHoldersOfImport(
  ctx: CareContext,
  actor: CareActor,
  companyId: string,
  importId: string,
): Promise<number> {
  const holders = await findUninvitedHoldersOfImport(ctx.db, companyId, importId);
  const name = await findCompanyName(ctx.db, companyId);
  let invited = 0;
  for (const holder of holders) {
    if (await sendInvitation(ctx, actor, holder, companyId, name)) invited += 1;
  }
  return invited;
}
