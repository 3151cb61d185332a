import { createHash } from 'node:crypto';
import {
  emailGreeting,
  localePath,
  type ConfirmRequest,
  type Locale,
  type ResetPasswordRequest,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { ContentService } from '../content';
import { randomCode } from './oidc-provider';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import {
  consumeCode,
  findUserByEmail,
  findUserById,
  findUsableCode,
  insertCode,
  updateUser,
  type CodePurpose,
  type UserRow,
} from './repository';

/** Emailed codes are valid for one hour (issue 3). */
export const CODE_TTL_SECONDS = 3600;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * The identity actions that work with emailed single-use codes (SPEC §7: request password reset,
 * reset password, request confirmation, confirm; `code_type=token`). Only the SHA-256 of a code is
 * stored; a code lasts an hour and is spent once.
 */
export function createEmailCodeActions(deps: {
  db: Db;
  mailer: Mailer;
  content: ContentService;
  publicUrl: string;
  now: () => Date;
  /** Runs work after the answer (so every address is answered alike). */
  inBackground(task: () => Promise<unknown>): void;
  revokeUserTokens(userId: string): Promise<void>;
}) {
  const { now, inBackground, revokeUserTokens } = deps;

  /** The link of an emailed code, on the page of the user's language (SPEC §2 /user/reset). */
  function codeLink(code: string, locale: Locale): string {
    return `${deps.publicUrl}${localePath(locale, '/user/reset')}?token=${encodeURIComponent(code)}&code_type=token`;
  }

  async function sendCodeEmail(user: UserRow, purpose: CodePurpose): Promise<void> {
    const code = randomCode();
    await insertCode(deps.db, {
      userId: user.id,
      codeHash: sha256(code),
      purpose,
      expiresAt: new Date(now().getTime() + CODE_TTL_SECONDS * 1000),
    });
    const locale = user.preferredLanguage;
    const emails = (await deps.content.getEntry('identity-emails', locale)) as Record<
      string,
      { subject: string; text: string }
    >;
    const template = emails[purpose === 'reset' ? 'passwordReset' : 'confirmAccount'];
    if (!template) throw new Error(`identity-emails/${locale} lacks ${purpose}`);
    const params = {
      greeting: emailGreeting(user.firstName, locale),
      firstName: user.firstName,
      link: codeLink(code, locale),
      hours: CODE_TTL_SECONDS / 3600,
    };
    await deps.mailer.send({
      to: user.email,
      subject: fill(template.subject, params),
      text: fill(template.text, params),
    });
  }

  /** A notice without a code (issue 21: the second factor was reset), in the user's language. */
  async function sendNoticeEmail(user: UserRow, notice: 'secondFactorReset'): Promise<void> {
    const locale = user.preferredLanguage;
    const emails = (await deps.content.getEntry('identity-emails', locale)) as Record<
      string,
      { subject: string; text: string }
    >;
    const template = emails[notice];
    if (!template) throw new Error(`identity-emails/${locale} lacks ${notice}`);
    const params = {
      greeting: emailGreeting(user.firstName, locale),
      firstName: user.firstName,
      link: `${deps.publicUrl}${localePath(locale, '/user/login')}`,
    };
    await deps.mailer.send({
      to: user.email,
      subject: fill(template.subject, params),
      text: fill(template.text, params),
    });
  }

  /** The usable code of `purposes` (not spent yet); TOKEN_INVALID_OR_EXPIRED for a wrong, used or expired one. */
  async function peekCode(token: string, purposes: CodePurpose[]) {
    const code = await findUsableCode(deps.db, sha256(token), purposes, now());
    if (!code) throw new AppError('TOKEN_INVALID_OR_EXPIRED', 'unknown, used or expired code');
    return code;
  }

  return {
    /** Issues a code of `purpose` and mails its link to the user (new users get a confirmation). */
    sendCodeEmail,
    sendNoticeEmail,

    /**
     * Emails a reset link when the address belongs to a user. Answers at once and the same way
     * for unknown addresses: the work happens after the answer.
     */
    requestPasswordReset(email: string): void {
      inBackground(async () => {
        const user = await findUserByEmail(deps.db, email);
        if (user) await sendCodeEmail(user, 'reset');
        else await verifyPassword(null, email);
      });
    },

    /** Emails a new confirmation link to an unconfirmed user; same answer for every address. */
    requestConfirmation(email: string): void {
      inBackground(async () => {
        const user = await findUserByEmail(deps.db, email);
        if (user && !user.isConfirmed) await sendCodeEmail(user, 'confirmation');
      });
    },

    /**
     * Sets a new password with an emailed code (a reset code, or the confirmation code of a new
     * user). Proves the address, so it confirms the account and lifts a lock after failed
     * sign-ins (not a lock by provider staff); every session and token of the user is revoked.
     */
    async resetPassword(request: ResetPasswordRequest): Promise<void> {
      // Length and the common list before the code is looked at; the email once its user is known.
      await assertStrongPassword(request.password, 'password');
      const code = await peekCode(request.token, ['reset', 'confirmation']);
      const owner = await findUserById(deps.db, code.userId);
      if (owner) await assertStrongPassword(request.password, 'password', owner.email);
      const passwordHash = await hashPassword(request.password);
      await deps.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, code.id, now())))
          throw new AppError('TOKEN_INVALID_OR_EXPIRED', 'code spent meanwhile');
        const user = await findUserById(tx, code.userId);
        if (!user) throw new AppError('TOKEN_INVALID_OR_EXPIRED', 'user removed');
        await updateUser(tx, user.id, {
          passwordHash,
          passwordChangedAt: now(),
          isConfirmed: true,
          failedAttempts: 0,
          ...(user.lockReason === 'failed_attempts' ? { isLocked: false, lockReason: null } : {}),
        });
        await writeAudit(tx, {
          actorUserId: user.id,
          action: `user.password_${code.purpose}`,
          entity: 'user',
          entityId: user.id,
        });
      });
      await revokeUserTokens(code.userId);
    },

    /** Confirms an account with its emailed code; a user without a password sets one here. */
    async confirm(request: ConfirmRequest): Promise<void> {
      const code = await peekCode(request.token, ['confirmation']);
      const user = await findUserById(deps.db, code.userId);
      if (!user) throw new AppError('TOKEN_INVALID_OR_EXPIRED', 'user removed');
      if (!user.passwordHash && !request.password) {
        throw new AppError('WEAK_PASSWORD', 'a password is needed', {
          fields: [{ field: 'password', key: 'required' }],
        });
      }
      if (request.password) await assertStrongPassword(request.password, 'password', user.email);
      const passwordHash = request.password ? await hashPassword(request.password) : undefined;
      await deps.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, code.id, now())))
          throw new AppError('TOKEN_INVALID_OR_EXPIRED', 'code spent meanwhile');
        await updateUser(tx, user.id, {
          isConfirmed: true,
          ...(passwordHash ? { passwordHash, passwordChangedAt: now() } : {}),
        });
        await writeAudit(tx, {
          actorUserId: user.id,
          action: 'user.confirm',
          entity: 'user',
          entityId: user.id,
        });
      });
      if (passwordHash) await revokeUserTokens(user.id);
    },
  };
}
