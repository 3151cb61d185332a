import { createHash, randomBytes } from 'node:crypto';
import { DECLINE_REASON_TEXT, type DeclineReason, type Locale, type TerminalAnswer } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { BusinessMetrics } from '../../platform/metrics';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';
import type { AlertRecipient, TerminalCallRow } from './repository';

/** What the terminal operations share (one operation per file, ADR 015). */
export type TerminalsContext = {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
  /** Where work after a call's answer was decided reports a failure (the decline-spike watch). */
  log?: { warn(object: object, message: string): void };
  /** Counts the authorisations decided, by result and decline reason (none when absent). */
  metrics?: Pick<BusinessMetrics, 'authorisation'>;
  /**
   * Told of each fresh purchase decision once its transaction has committed (issue 35 §5, ADR 047:
   * the cardholder's alerts). Called without awaiting: what it does must not delay the terminal's
   * answer, and a failure there is its own to log.
   */
  onDecided?: (decision: AuthorisationDecided) => void;
};

/** A purchase decided at a terminal, as the after-commit hook is told of it. */
export type AuthorisationDecided = {
  callId: string;
  cardId: string;
  outcome: 'approved' | 'declined';
  declineReason: DeclineReason | null;
  amountCents: number;
  /** The card's available balance after the decision (unchanged by a decline). */
  balanceAfterCents: number;
  merchantName: string;
  storeName: string;
  at: Date;
  /**
   * What the card's holder asked to be told, read with the decision (migration 0038); null when
   * they asked nothing; absent when the caller did not read it (the alerts read it themselves).
   */
  recipient?: AlertRecipient | null;
};

/** Who calls: the terminal its token names (the API) or the virtual terminal of the portal. */
export type TerminalCaller = { terminalId: string; mid: string };

/** Options of one call: the answer's language, and the moment (the demo seed back-dates). */
export type CallOptions = { locale: Locale; at?: Date };

/** SHA-256 of the call's content: a repeat must carry the same. */
export function requestHashOf(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** A fresh authorisation id: 12 characters a cashier can read out. */
export function newAuthorisationId(): string {
  return randomBytes(9).toString('base64url').replace(/[-_]/g, 'X').slice(0, 12).toUpperCase();
}

/** The answer a stored call gave, in `locale`. */
export function answerOf(row: TerminalCallRow, locale: Locale): TerminalAnswer {
  if (row.outcome === 'approved') {
    return {
      outcome: 'approved',
      terminalTransactionId: row.terminalTransactionId,
      authorisationId: row.authorisationId!,
      amountCents: row.amountCents,
      balanceCents: row.balanceAfterCents ?? 0,
      at: row.createdAt.toISOString(),
    };
  }
  const reason = row.declineReason ?? 'cardNotActive';
  return {
    outcome: 'declined',
    terminalTransactionId: row.terminalTransactionId,
    reason,
    message: DECLINE_REASON_TEXT[reason][locale],
    at: row.createdAt.toISOString(),
  };
}

/**
 * The answer to a call whose terminal transaction id was used before: the stored answer when the
 * content is the same (one effect, same answer), else `duplicate`.
 */
export function repeatAnswer(row: TerminalCallRow, requestHash: string, locale: Locale): TerminalAnswer {
  if (row.requestHash === requestHash) return answerOf(row, locale);
  return {
    outcome: 'declined',
    terminalTransactionId: row.terminalTransactionId,
    reason: 'duplicate',
    message: DECLINE_REASON_TEXT.duplicate[locale],
    at: new Date().toISOString(),
  };
}

const PG_UNIQUE_VIOLATION = '23505';

/** Whether a failed call lost a race for its terminal transaction id (the unique index said so). */
export function isRepeatRace(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === PG_UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
