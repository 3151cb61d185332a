import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { CardholderIdentity, Passkey } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { CardholdersContext } from './context';
import { isKnownCardholder } from './repository';
import { cardholderAccounts, cardholderChallenges, cardholderEvents, cardholderPasskeys } from './schema';

type RegistrationResponse = Parameters<typeof verifyRegistrationResponse>[0]['response'];
type AuthenticationResponse = Parameters<typeof verifyAuthenticationResponse>[0]['response'];

/** How long a WebAuthn challenge may be answered. */
const CHALLENGE_MINUTES = 5;
const RP_NAME = 'Tessera';

/**
 * The relying party of a request (ADR 046): the public address when PUBLIC_URL fixes it, else the
 * host the browser opened (so `localhost` and `127.0.0.1` both work in development and tests).
 */
export type RelyingParty = { rpID: string; origin: string };

export function relyingPartyOf(
  ctx: Pick<CardholdersContext, 'publicUrl' | 'isPublicUrlFixed'>,
  request: { protocol: string; host: string },
): RelyingParty {
  const url = new URL(ctx.isPublicUrlFixed ? ctx.publicUrl : `${request.protocol}://${request.host}`);
  return { rpID: url.hostname, origin: url.origin };
}

const REFUSED = () =>
  new AppError('VALIDATION', 'passkey not verified', {
    fields: [{ field: 'response', key: 'invalidValue' }],
  });

/** The challenge a response's client data signs (base64url JSON), or null when unreadable. */
function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Takes (deletes) a live challenge of the purpose, for the e-mail when given; false if none. */
async function takeChallenge(
  ctx: CardholdersContext,
  purpose: 'registration' | 'authentication',
  challenge: string,
  email: string | null,
): Promise<boolean> {
  await ctx.db.delete(cardholderChallenges).where(lt(cardholderChallenges.expiresAt, ctx.now()));
  const taken = await ctx.db
    .delete(cardholderChallenges)
    .where(
      and(
        eq(cardholderChallenges.purpose, purpose),
        eq(cardholderChallenges.challenge, challenge),
        gt(cardholderChallenges.expiresAt, ctx.now()),
        ...(email === null ? [] : [eq(cardholderChallenges.email, email)]),
      ),
    )
    .returning({ id: cardholderChallenges.id });
  return taken.length > 0;
}

async function keepChallenge(
  ctx: CardholdersContext,
  purpose: 'registration' | 'authentication',
  challenge: string,
  email: string | null,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(cardholderChallenges).values({
    email,
    purpose,
    challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
}

/** `POST /api/my/passkeys/registration/options`: a discoverable credential for the signed-in cardholder. */
export async function passkeyRegistrationOptions(
  ctx: CardholdersContext,
  email: string,
  party: RelyingParty,
) {
  const [account] = await ctx.db.select().from(cardholderAccounts).where(eq(cardholderAccounts.email, email));
  const existing = await ctx.db
    .select({ credentialId: cardholderPasskeys.credentialId, transports: cardholderPasskeys.transports })
    .from(cardholderPasskeys)
    .where(eq(cardholderPasskeys.email, email));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: party.rpID,
    userName: email,
    userDisplayName: account?.displayName ?? email,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, 'registration', options.challenge, email);
  return options;
}

/** `POST /api/my/passkeys/registration/verify`: checks the attestation and keeps the credential. */
export async function verifyPasskeyRegistration(
  ctx: CardholdersContext,
  email: string,
  party: RelyingParty,
  request: { response: unknown; label?: string | undefined },
  ip: string,
): Promise<{ passkeyId: string }> {
  const response = request.response as RegistrationResponse;
  const challenge = challengeOf(response);
  if (challenge === null || !(await takeChallenge(ctx, 'registration', challenge, email))) throw REFUSED();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.rpID,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw REFUSED();
  const { credential } = verification.registrationInfo;
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(cardholderPasskeys)
    .values({
      email,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      label: request.label ?? '',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: cardholderPasskeys.id });
  if (!row) throw new AppError('CONFLICT', 'this passkey is registered already');
  await ctx.db.insert(cardholderEvents).values({ email, at: now, kind: 'passkey-added', ip });
  return { passkeyId: row.id };
}

/** `POST /api/my/passkeys/authentication/options`: discoverable credentials, so no list of ids. */
export async function passkeyAuthenticationOptions(ctx: CardholdersContext, party: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: party.rpID,
    allowCredentials: [],
    userVerification: 'preferred',
  });
  await keepChallenge(ctx, 'authentication', options.challenge, null);
  return options;
}

/**
 * `POST /api/my/passkeys/authentication/verify`: the credential by its id, its signature over the
 * live challenge, its counter moved on; the cardholder must still hold a live card.
 */
export async function verifyPasskeyAuthentication(
  ctx: CardholdersContext,
  party: RelyingParty,
  request: { response: unknown },
  ip: string,
): Promise<CardholderIdentity> {
  const response = request.response as AuthenticationResponse;
  const challenge = challengeOf(response);
  if (challenge === null || !(await takeChallenge(ctx, 'authentication', challenge, null))) throw REFUSED();
  const [passkey] = await ctx.db
    .select()
    .from(cardholderPasskeys)
    .where(eq(cardholderPasskeys.credentialId, response.id));
  if (!passkey) throw REFUSED();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports as never,
    },
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  const now = ctx.now();
  if (!verification.verified) {
    await ctx.db
      .insert(cardholderEvents)
      .values({ email: passkey.email, at: now, kind: 'sign-in-failed', ip, reason: 'passkey' });
    throw REFUSED();
  }
  if (!(await isKnownCardholder(ctx.db, passkey.email))) throw REFUSED();
  await ctx.db
    .update(cardholderPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(cardholderPasskeys.id, passkey.id));
  await ctx.db
    .insert(cardholderEvents)
    .values({ email: passkey.email, at: now, kind: 'sign-in', ip, reason: 'passkey' });
  const [account] = await ctx.db
    .select()
    .from(cardholderAccounts)
    .where(eq(cardholderAccounts.email, passkey.email));
  return { email: passkey.email, displayName: account?.displayName ?? '' };
}

export async function listPasskeys(ctx: CardholdersContext, email: string): Promise<Passkey[]> {
  const rows = await ctx.db
    .select()
    .from(cardholderPasskeys)
    .where(eq(cardholderPasskeys.email, email))
    .orderBy(desc(cardholderPasskeys.createdAt));
  return rows.map((row) => ({
    passkeyId: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function countPasskeys(ctx: CardholdersContext, email: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(cardholderPasskeys)
    .where(eq(cardholderPasskeys.email, email));
  return Number(row?.n ?? 0);
}

/** Removes one of the cardholder's passkeys; another person's is "not found". */
export async function deletePasskey(
  ctx: CardholdersContext,
  email: string,
  passkeyId: string,
  ip: string,
): Promise<void> {
  const removed = await ctx.db
    .delete(cardholderPasskeys)
    .where(and(eq(cardholderPasskeys.id, passkeyId), eq(cardholderPasskeys.email, email)))
    .returning({ id: cardholderPasskeys.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', `passkey ${passkeyId} is not the cardholder's`);
  await ctx.db.insert(cardholderEvents).values({ email, at: ctx.now(), kind: 'passkey-removed', ip });
}
