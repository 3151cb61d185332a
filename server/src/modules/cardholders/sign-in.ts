import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import {
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MAX_ATTEMPTS,
  SIGN_IN_CODE_MINUTES,
  SIGN_IN_CODES_PER_HOUR,
  type CardholderIdentity,
  type CardholderLocale,
  type RequestSignInCode,
  type VerifySignInCode,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { CardholdersContext } from './context';
import { isKnownCardholder } from './repository';
import { cardholderAccounts, cardholderCodes, cardholderEvents } from './schema';
import { hashCode } from './session';

/** The mail that carries a sign-in code, in the cardholder's language. */
function codeMail(code: string, locale: CardholderLocale, url: string): { subject: string; text: string } {
  return locale === 'en'
    ? {
        subject: `Your Tessera sign-in code: ${code}`,
        text: `Your sign-in code is ${code}.\n\nIt works once, for ${SIGN_IN_CODE_MINUTES} minutes, at ${url}.\nIf you did not ask for it, ignore this e-mail: nobody can sign in without the code.`,
      }
    : {
        subject: `Ο κωδικός σύνδεσης Tessera: ${code}`,
        text: `Ο κωδικός σύνδεσής σας είναι ${code}.\n\nΙσχύει μία φορά, για ${SIGN_IN_CODE_MINUTES} λεπτά, στο ${url}.\nΑν δεν τον ζητήσατε, αγνοήστε αυτό το μήνυμα: κανείς δεν μπορεί να συνδεθεί χωρίς τον κωδικό.`,
      };
}

/**
 * `POST /api/my/sign-in/code` (issue 35 §1, ADR 046): a six-digit code mailed to `email` when some
 * card's holder record carries it. The answer is the same either way (no account enumeration), and
 * so is the limit: every request is counted as a code row (an unknown e-mail's row holds the hash of
 * a code nobody is sent), five per e-mail per hour, then 429. A new code ends the earlier ones.
 */
export async function requestSignInCode(
  ctx: CardholdersContext,
  request: RequestSignInCode,
  ip: string,
): Promise<void> {
  const now = ctx.now();
  const email = request.email;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [counted] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cardholderCodes)
    .where(and(eq(cardholderCodes.email, email), gte(cardholderCodes.createdAt, hourAgo)));
  if ((counted?.n ?? 0) >= SIGN_IN_CODES_PER_HOUR) {
    throw new AppError('RATE_LIMITED', `more than ${SIGN_IN_CODES_PER_HOUR} codes an hour for one e-mail`);
  }
  const holder = await isKnownCardholder(ctx.db, email);
  const code = holder
    ? String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0')
    : randomBytes(16).toString('hex');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(cardholderCodes)
      .set({ usedAt: now })
      .where(and(eq(cardholderCodes.email, email), isNull(cardholderCodes.usedAt)));
    await tx.insert(cardholderCodes).values({
      email,
      codeHash: hashCode(ctx.secret, email, code),
      expiresAt: new Date(now.getTime() + SIGN_IN_CODE_MINUTES * 60_000),
      createdAt: now,
      ip,
    });
    if (holder) {
      await tx
        .insert(cardholderAccounts)
        .values({
          email,
          displayName: `${holder.firstName} ${holder.lastName}`.trim(),
          locale: request.locale,
          createdAt: now,
        })
        .onConflictDoNothing();
      await tx.insert(cardholderEvents).values({ email, at: now, kind: 'code-sent', ip });
    }
  });
  if (!holder) return;
  const [account] = await ctx.db
    .select({ locale: cardholderAccounts.locale })
    .from(cardholderAccounts)
    .where(eq(cardholderAccounts.email, email));
  const locale = request.locale ?? account?.locale ?? 'el';
  const url = `${ctx.publicUrl}${locale === 'en' ? '/en' : ''}/my`;
  await ctx.mailer.send({ to: email, ...codeMail(code, locale, url) });
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const WRONG_CODE = () =>
  new AppError('VALIDATION', 'wrong, expired or used sign-in code', {
    fields: [{ field: 'code', key: 'signInCodeInvalid' }],
  });

/**
 * `POST /api/my/sign-in/verify`: the latest live code of the e-mail, compared by its hash. A wrong
 * try counts against the code; the fifth wrong try ends it, so a sixth is refused even with the
 * right code. Wrong, expired, used or unknown: the same 400 naming `code`.
 */
export async function verifySignInCode(
  ctx: CardholdersContext,
  request: VerifySignInCode,
  ip: string,
): Promise<CardholderIdentity> {
  const now = ctx.now();
  const email = request.email;
  const matched = await ctx.db.transaction(async (tx) => {
    const [code] = await tx
      .select()
      .from(cardholderCodes)
      .where(
        and(
          eq(cardholderCodes.email, email),
          isNull(cardholderCodes.usedAt),
          gt(cardholderCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(cardholderCodes.createdAt))
      .limit(1)
      .for('update');
    if (!code || code.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) return false;
    if (!sameHash(code.codeHash, hashCode(ctx.secret, email, request.code))) {
      const attempts = code.attempts + 1;
      await tx
        .update(cardholderCodes)
        .set({ attempts, ...(attempts >= SIGN_IN_CODE_MAX_ATTEMPTS ? { usedAt: now } : {}) })
        .where(eq(cardholderCodes.id, code.id));
      return false;
    }
    await tx.update(cardholderCodes).set({ usedAt: now }).where(eq(cardholderCodes.id, code.id));
    return true;
  });
  const [account] = await ctx.db.select().from(cardholderAccounts).where(eq(cardholderAccounts.email, email));
  if (!matched || !account) {
    if (account) await ctx.db.insert(cardholderEvents).values({ email, at: now, kind: 'sign-in-failed', ip });
    throw WRONG_CODE();
  }
  await ctx.db.insert(cardholderEvents).values({ email, at: now, kind: 'sign-in', ip, reason: 'code' });
  return { email, displayName: account.displayName };
}
