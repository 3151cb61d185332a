import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { ServiceActor } from '../../platform/policy';
import type { CompaniesService } from '../companies';
import type { ContentService } from '../content';
import { createEmailCodeActions } from './email-codes';
import { createOidcProvider, OIDC_PATH } from './oidc-provider';
import { deleteOidcPayloadsOfAccount, findUserWithCompanies, type UserWithCompanies } from './repository';

/** Who performs an action and for which request (audit): the part of the one `Actor` this service reads. */
export type Actor = Pick<ServiceActor, 'userId' | 'roleId' | 'requestId'>;

/** The raw Node request and response of a sign-in interaction (the provider reads its cookie). */
export type RawHttp = { req: IncomingMessage; res: ServerResponse };

export type IdentityDeps = {
  db: Db;
  mailer: Mailer;
  content: ContentService;
  companies: CompaniesService;
  /**
   * The portal sessions (the auth module's store, wired in `app.ts`): a lock or a new password ends
   * the user's sessions. Only this is asked of it, so identity never imports auth.
   */
  sessions: {
    endAllOfUser(userId: string, keepSessionIdHash?: string): Promise<unknown>;
    /** The session proved the second factor at `at` (issue 21: enrolment, step-up). */
    recordSecondFactor?(sessionIdHash: string, at: Date): Promise<void>;
  };
  publicUrl: string;
  /** PUBLIC_URL was given; else the portal's client may return to whatever host the browser used. */
  isPublicUrlFixed?: boolean;
  sessionSecret: string;
  cookieKeys: string[];
  maxFailedLogins: number;
  log: FastifyBaseLogger;
  now?: () => Date;
};

export type IdentityContext = Awaited<ReturnType<typeof createIdentityContext>>;

/**
 * What the identity operations share: the clock, the background work, the OpenID provider, the
 * token service and the emailed codes. Built once by the service.
 */
export async function createIdentityContext(deps: IdentityDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  /** Work answered before it finishes (mail of reset requests): tracked so tests and shutdown can await it. */
  const pending = new Set<Promise<unknown>>();

  function inBackground(task: () => Promise<unknown>): void {
    const promise = task()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'identity background task failed'))
      .finally(() => pending.delete(promise));
    pending.add(promise);
  }

  /** Resolves when background work (emails of reset and confirmation requests) has finished. */
  async function settle(): Promise<void> {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  async function loadUser(userId: string): Promise<UserWithCompanies | undefined> {
    return findUserWithCompanies(db, userId);
  }

  const provider: Provider = await createOidcProvider({
    db,
    publicUrl: deps.publicUrl,
    isPublicUrlFixed: deps.isPublicUrlFixed ?? true,
    sessionSecret: deps.sessionSecret,
    cookieKeys: deps.cookieKeys,
    log: deps.log,
    // Locked, unconfirmed or removed users get no tokens, even from a provider session.
    async findAccount(_ctx, sub) {
      const user = await loadUser(sub);
      if (!user || user.isLocked || !user.isConfirmed) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: user.isConfirmed,
            name: `${user.firstName} ${user.lastName}`,
            given_name: user.firstName,
            family_name: user.lastName,
            locale: user.preferredLanguage,
            userRoleId: user.roleId,
            userId: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            relatedCompanies: user.companyIds.map((companyId) => ({ companyId })),
          };
        },
      };
    },
  });

  /**
   * Token service: revokes everything the user holds (ARCHITECTURE §7) — the provider's sessions,
   * grants, codes and tokens, and the portal sessions, except `keepSessionIdHash` when given.
   */
  async function revokeUserTokens(
    userId: string,
    options: { keepSessionIdHash?: string } = {},
  ): Promise<void> {
    await deleteOidcPayloadsOfAccount(db, userId);
    await deps.sessions.endAllOfUser(userId, options.keepSessionIdHash);
  }

  const { sendCodeEmail, sendNoticeEmail, ...codes } = createEmailCodeActions({
    ...deps,
    now,
    inBackground,
    revokeUserTokens,
  });

  /** The sign-in interaction of the browser's cookie, which must be the one `uid` names; else INTERACTION_EXPIRED. */
  async function interactionOf(raw: RawHttp, uid: string) {
    const details = await provider.interactionDetails(raw.req, raw.res).catch((error: unknown) => {
      throw new AppError('INTERACTION_EXPIRED', 'interaction not found', { cause: error });
    });
    if (details.uid !== uid)
      throw new AppError('INTERACTION_EXPIRED', 'interaction uid differs from its cookie');
    return details;
  }

  return {
    deps,
    db,
    now,
    inBackground,
    settle,
    loadUser,
    provider,
    revokeUserTokens,
    /** Issues a code of `purpose` and mails its link to the user (new users get a confirmation). */
    sendCodeEmail,
    /** Mails a notice without a code (the second factor was reset). */
    sendNoticeEmail,
    /** The actions with emailed codes (`email-codes.ts`): reset and confirmation requests, reset, confirm. */
    codes,
    interactionOf,
    issuer: `${deps.publicUrl}${OIDC_PATH}`,
  };
}
