import {
  addDays,
  athensDate,
  type MerchantSettlementsQuery,
  type PayoutView,
  type PayoutsQuery,
  type SettlementView,
  type SettlementsQuery,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';
import { markPaid } from './mark-paid';
import { merchantBalance } from './merchant-balance';
import { getMerchantSettlement, listMerchantSettlements } from './merchant-settlements';
import {
  findPayoutFile,
  findPayouts,
  findSettlements,
  type PayoutWithDay,
  type SettlementRow,
} from './repository';
import { sendPayouts } from './send-payouts';
import { settleDay, settleMerchantDay, type SettleOptions } from './settle-day';
import type { SettlementsActor, SettlementsContext } from './settlements-context';

/** The cron job: asks for the settlement of the Athens day that just ended. */
export const SETTLEMENTS_DAILY_JOB = 'settlements.daily';
/** One business day's settlement of every merchant (`{ businessDay }`). */
export const SETTLE_DAY_JOB = 'settlements.settle-day';

/**
 * 02:30 Athens time, give or take the clocks: pg-boss reads cron in UTC, and 00:30 UTC is 02:30 in
 * Athens in winter (UTC+2) and 03:30 in summer (UTC+3). Either way the Athens day before is over and
 * the night's terminal traffic is low; the job settles "yesterday in Athens" whenever it runs.
 */
export const SETTLEMENTS_DAILY_CRON = '30 0 * * *';

/**
 * The singleton slot of a day's settlement job: pg-boss keeps one job per key and slot (12 hours,
 * the longest its archive interval allows; slots start at 00:00 and 12:00 UTC, so the 00:30 cron
 * of every instance falls in one).
 */
const SINGLETON_SECONDS = 12 * 3_600;

export type SettlementsService = ReturnType<typeof createSettlementsService>;

function settlementView(row: SettlementRow & { payoutId: string | null }): SettlementView {
  return {
    settlementId: row.id,
    merchantId: row.merchantId,
    businessDay: row.businessDay,
    purchasesCents: row.purchasesCents,
    refundsCents: row.refundsCents,
    grossCents: row.grossCents,
    feeCents: row.feeCents,
    vatCents: row.vatCents,
    netCents: row.netCents,
    carriedCents: row.carriedCents,
    lines: row.lines,
    payoutId: row.payoutId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function payoutView(row: PayoutWithDay): PayoutView {
  return {
    payoutId: row.id,
    merchantId: row.merchantId,
    settlementId: row.settlementId,
    businessDay: row.businessDay,
    amountCents: row.amountCents,
    iban: row.iban,
    bic: row.bic,
    endToEndId: row.endToEndId,
    state: row.state,
    payoutFileId: row.payoutFileId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/**
 * Settlements and payouts (issue 15 §4, ADR 016). With `jobs`, it defines the daily settlement: a
 * cron job (`SETTLEMENTS_DAILY_CRON`, sent once across instances by pg-boss) that queues the
 * settlement of yesterday in Athens with a pg-boss singleton key of that day, so the day is queued
 * once however many processes run; and under both, the unique `(merchant_id, business_day)` makes
 * each merchant's day settle exactly once even if the job ran twice.
 */
export function createSettlementsService(deps: {
  db: Db;
  ledger: LedgerService;
  merchants: MerchantsService;
  jobs?: Jobs;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const ctx: SettlementsContext = { db: deps.db, ledger: deps.ledger, merchants: deps.merchants };
  const now = deps.now ?? (() => new Date());

  /** Queues the settlement of `businessDay` once per day slot, across instances. */
  async function requestDay(businessDay: string): Promise<string | null> {
    if (!deps.jobs) throw new Error('settlements without a job queue');
    return deps.jobs.send(
      SETTLE_DAY_JOB,
      { businessDay },
      { singletonKey: `settle-day:${businessDay}`, singletonSeconds: SINGLETON_SECONDS },
    );
  }

  if (deps.jobs) {
    deps.jobs.define(SETTLEMENTS_DAILY_JOB, {
      cron: SETTLEMENTS_DAILY_CRON,
      handler: async () => {
        await requestDay(addDays(athensDate(now()), -1));
      },
    });
    deps.jobs.define<{ businessDay: string }>(SETTLE_DAY_JOB, {
      handler: async ({ businessDay }) => {
        await settleDay(ctx, businessDay, { at: now() });
      },
      retryLimit: 5,
      retryDelaySeconds: 300,
    });
  }

  return {
    /** Settles one merchant's Athens business day (once; a repeat answers the existing settlement). */
    settleMerchantDay: (merchantId: string, businessDay: string, options: SettleOptions = {}) =>
      settleMerchantDay(ctx, merchantId, businessDay, { at: now(), ...options }),
    /** Settles an Athens business day for every merchant with activity in it. */
    settleDay: (businessDay: string, options: SettleOptions = {}) =>
      settleDay(ctx, businessDay, { at: now(), ...options }),
    requestDay,
    sendPayouts: (actor: SettlementsActor, options: { at?: Date } = {}) =>
      sendPayouts(ctx, actor, { at: now(), ...options }),
    async markPaid(actor: SettlementsActor, payoutIds: readonly string[]): Promise<PayoutView[]> {
      return (await markPaid(ctx, actor, payoutIds, { at: now() })).map(payoutView);
    },

    async listSettlements(query: SettlementsQuery) {
      const { rows, total } = await findSettlements(deps.db, query, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { settlements: rows.map(settlementView), total, page: query.page, pageSize: query.pageSize };
    },

    async listPayouts(query: PayoutsQuery) {
      const { rows, total } = await findPayouts(deps.db, query, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { payouts: rows.map(payoutView), total, page: query.page, pageSize: query.pageSize };
    },

    /** A sent credit-transfer file, as sent. */
    async payoutFile(fileId: string): Promise<{ messageId: string; xml: string }> {
      const file = await findPayoutFile(deps.db, fileId);
      if (!file) throw new AppError('NOT_FOUND', `no payout file ${fileId}`);
      return { messageId: file.messageId, xml: file.xml };
    },

    merchantBalance: (merchantId: string) => merchantBalance(ctx, merchantId, now()),
    /** The merchant's own settlements with their payouts, the range's sums and invoice months. */
    listMerchantSettlements: (merchantId: string, query: MerchantSettlementsQuery) =>
      listMerchantSettlements(ctx, merchantId, query),
    /** One of the merchant's own settlements (another merchant's: NOT_FOUND). */
    getMerchantSettlement: (merchantId: string, settlementId: string) =>
      getMerchantSettlement(ctx, merchantId, settlementId),
  };
}
