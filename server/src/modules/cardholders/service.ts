import { and, eq, gte } from 'drizzle-orm';
import { cards } from '../cards/schema';
import type { CardholderLocale } from '@tessera/domain';
import type { CardholdersContext } from './context';
import { exportAsCsv, exportCardholderData } from './export-data';
import { listOwnCardRules, listOwnCards, listOwnMovements, setOwnCardLocked } from './own-cards';
import {
  countPasskeys,
  deletePasskey,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from './passkeys';
import { reportOwnCardLost } from './report-lost';
import { cardholderAccounts, cardholderEvents } from './schema';
import { requestSignInCode, verifySignInCode } from './sign-in';

export type CardholdersService = ReturnType<typeof createCardholdersService>;

/**
 * The cardholder area (issue 35 §1–3, §7; ADR 046): sign-in by mailed code and passkeys, the
 * cardholder's cards, movements, lock, report lost, rules and data download. Every card operation
 * finds the card through the session's e-mail on its holder record; each is a file of its own.
 */
export function createCardholdersService(deps: Omit<CardholdersContext, 'now'> & { now?: () => Date }) {
  const ctx: CardholdersContext = { ...deps, now: deps.now ?? (() => new Date()) };
  const bind =
    <Args extends unknown[], Result>(operation: (ctx: CardholdersContext, ...args: Args) => Result) =>
    (...args: Args): Result =>
      operation(ctx, ...args);
  return {
    context: ctx,
    requestSignInCode: bind(requestSignInCode),
    verifySignInCode: bind(verifySignInCode),
    /** The session's account: name, language. */
    async account(email: string): Promise<{ email: string; displayName: string; locale: CardholderLocale }> {
      const [row] = await ctx.db.select().from(cardholderAccounts).where(eq(cardholderAccounts.email, email));
      return { email, displayName: row?.displayName ?? '', locale: row?.locale ?? 'el' };
    },
    /** When the company's cards were reported lost by their holders since `since` (the company's bell). */
    async reportedLostSince(companyId: string, since: Date): Promise<{ at: Date }[]> {
      return ctx.db
        .select({ at: cardholderEvents.at })
        .from(cardholderEvents)
        .innerJoin(cards, eq(cards.id, cardholderEvents.cardId))
        .where(
          and(
            eq(cards.companyId, companyId),
            eq(cardholderEvents.kind, 'report-lost'),
            gte(cardholderEvents.at, since),
          ),
        );
    },
    async recordSignOut(email: string, ip: string): Promise<void> {
      await ctx.db.insert(cardholderEvents).values({ email, at: ctx.now(), kind: 'sign-out', ip });
    },
    listCards: bind(listOwnCards),
    listMovements: bind(listOwnMovements),
    setLocked: bind(setOwnCardLocked),
    reportLost: bind(reportOwnCardLost),
    listRules: bind(listOwnCardRules),
    exportData: bind(exportCardholderData),
    exportAsCsv,
    passkeyRegistrationOptions: bind(passkeyRegistrationOptions),
    verifyPasskeyRegistration: bind(verifyPasskeyRegistration),
    passkeyAuthenticationOptions: bind(passkeyAuthenticationOptions),
    verifyPasskeyAuthentication: bind(verifyPasskeyAuthentication),
    listPasskeys: bind(listPasskeys),
    countPasskeys: bind(countPasskeys),
    deletePasskey: bind(deletePasskey),
  };
}
