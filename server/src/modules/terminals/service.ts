import type {
  AuthoriseRequest,
  Locale,
  TransactionListQuery,
  RefundRequest,
  ReverseRequest,
  TerminalAnswer,
} from '@tessera/domain';
import { athensDate } from '@tessera/domain';
import type { Db, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findDemoCards } from '../cards';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';
import { authorise } from './authorise';
import { streamOf, writeMerchantTransactions } from './download-transactions';
import { merchantKpis } from './merchant-kpis';
import { listMerchantTransactions, type TransactionFilter } from './merchant-transactions';
import {
  callsForDispute,
  giveBackForDispute,
  givenBackFor,
  purchaseOfMovement,
  purchasesOfMovements,
} from './dispute-calls';
import { giveBack } from './give-back';
import { issueToken } from './issue-token';
import type { CallOptions, TerminalCaller, TerminalsContext } from './terminal-context';
import { createTerminalTokens } from './tokens';

export type TerminalsService = ReturnType<typeof createTerminalsService>;

export type TerminalsDeps = {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
  /** The server's secret: the access tokens' key is derived from it. */
  secret: string;
  tokenLifetimeSeconds?: number;
  /** Whether the virtual terminal offers demo cards (demo data and tests only). */
  demoCards: boolean;
  log?: TerminalsContext['log'];
  metrics?: TerminalsContext['metrics'];
  /** Told of each fresh purchase decision after its commit (issue 35 §5: cardholder alerts). */
  onDecided?: TerminalsContext['onDecided'];
};

/**
 * The terminal API (issue 15 §2, ADR 016): tokens for terminals, and their authorisations,
 * reversals and refunds; the virtual terminal of the portal calls the same operations.
 */
export function createTerminalsService(deps: TerminalsDeps) {
  const ctx: TerminalsContext = {
    db: deps.db,
    ledger: deps.ledger,
    merchants: deps.merchants,
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    ...(deps.onDecided ? { onDecided: deps.onDecided } : {}),
  };
  const tokens = createTerminalTokens({
    secret: deps.secret,
    lifetimeSeconds: deps.tokenLifetimeSeconds ?? 3_600,
  });
  return {
    tokens,
    issueToken: (clientId: string, clientSecret: string) =>
      issueToken({ db: deps.db, merchants: deps.merchants, tokens }, clientId, clientSecret),
    authorise: (caller: TerminalCaller, request: AuthoriseRequest, options: CallOptions) =>
      authorise(ctx, caller, request, options),
    reverse: (caller: TerminalCaller, request: ReverseRequest, options: CallOptions) =>
      giveBack(ctx, caller, 'reverse', request, options),
    refund: (caller: TerminalCaller, request: RefundRequest, options: CallOptions) =>
      giveBack(ctx, caller, 'refund', request, options),

    /**
     * A purchase on the portal's virtual terminal: the merchant's own terminal (another merchant's
     * is "not found"), the call id from the request's idempotency key.
     */
    async virtualPurchase(
      merchantId: string,
      input: { terminalId: string; amountCents: number; cardToken: string; idempotencyKey: string },
      locale: Locale,
    ): Promise<TerminalAnswer> {
      const terminal = await deps.merchants.terminalOf(merchantId, input.terminalId);
      return authorise(
        ctx,
        { terminalId: terminal.id, mid: terminal.mid },
        {
          terminalTransactionId: `VT-${input.idempotencyKey}`,
          mid: terminal.mid,
          cardToken: input.cardToken,
          amountCents: input.amountCents,
          time: new Date().toISOString(),
        },
        { locale },
      );
    },

    /**
     * What the disputes module reads and does of terminal calls (issue 34 §1, ADR 043): calls by id,
     * the purchase of a card's movement, and money given back through `reverse`/`refund`'s path.
     */
    disputes: {
      calls: (db: Executor, ids: readonly string[]) => callsForDispute(ctx, db, ids),
      purchaseOfMovement: (db: Executor, cardId: string, movementId: string) =>
        purchaseOfMovement(ctx, db, cardId, movementId),
      purchasesOfMovements: (db: Executor, cardId: string, movementIds: readonly string[]) =>
        purchasesOfMovements(db, cardId, movementIds),
      givenBack: givenBackFor,
      giveBack: (tx: Executor, input: Parameters<typeof giveBackForDispute>[2]) =>
        giveBackForDispute(ctx, tx, input),
    },

    transactions: (merchantId: string, query: TransactionListQuery) =>
      listMerchantTransactions({ db: deps.db, merchants: deps.merchants }, merchantId, query),
    downloadTransactions: (
      merchantId: string,
      filter: TransactionFilter,
      format: 'xlsx' | 'csv',
      locale: Locale,
      onError: (error: unknown) => void,
    ) =>
      streamOf(
        (output) =>
          writeMerchantTransactions(
            { db: deps.db, merchants: deps.merchants },
            merchantId,
            filter,
            format,
            locale,
            output,
          ),
        onError,
      ),
    kpis: (merchantId: string, now?: Date) =>
      merchantKpis({ db: deps.db, merchants: deps.merchants }, merchantId, now),

    async demoCards(limit = 12) {
      if (!deps.demoCards) throw new AppError('NOT_FOUND', 'demo cards are offered with demo data only');
      return findDemoCards(deps.db, limit, athensDate());
    },
  };
}
