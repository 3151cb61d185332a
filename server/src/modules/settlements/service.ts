import {
  addDays,
  athensDate,
  type MerchantSettlementsQuery,
  type PayoutView,
  type PayoutFilesQuery,
  type PayoutsQuery,
  type SettlementDeskQuery,
  type SettlementsQuery,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { InvoicingService } from '../invoicing';
import type { LedgerService } from '../ledger';
import type { MerchantsService } from '../merchants';
import { markPaid } from './mark-paid';
import { merchantBalance } from './merchant-balance';
import { getMerchantSettlement, listMerchantSettlements } from './merchant-settlements';
import { deskPayoutView, merchantNames, payoutDesk } from './payout-desk';
import { findPayoutFile, findPayouts, findSettlements } from './repository';
import { returnPayout } from './return-payout';
import { settlementDesk } from './settlement-desk';
import { payoutView, settlementView } from './settlement-view';
import { sendPayouts } from './send-payouts';
import { businessDayWindow, settleDay, settleMerchantDay, type SettleOptions } from './settle-day';
import type { SettlementsActor, SettlementsContext } from './settlements-context';
import type { FastifyBaseLogger } from 'fastify';

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
  /** E-mails the merchant of a returned payout (issue 34). */
  mailer?: Mailer;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Issue 37 (ADR 059): each settled day's commission invoice and credit notes. */
  invoicing?: Pick<InvoicingService, 'invoiceSettlement'>;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const ctx: SettlementsContext = {
    db: deps.db,
    ledger: deps.ledger,
    merchants: deps.merchants,
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...(deps.log ? { log: deps.log } : {}),
    ...(deps.invoicing ? { invoicing: deps.invoicing } : {}),
  };
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
    async markPaid(
      actor: SettlementsActor,
      payoutIds: readonly string[],
      options: { at?: Date } = {},
    ): Promise<PayoutView[]> {
      return (await markPaid(ctx, actor, payoutIds, { at: now(), ...options })).map(payoutView);
    },

    /**
     * The bank returned a payout (issue 34, ADR 042): reversed on the ledger, paid again later,
     * the merchant told. Answers both payouts and the merchant's balance after it.
     */
    async returnPayout(
      actor: SettlementsActor,
      input: { payoutId: string; reason: string },
      options: { at?: Date } = {},
    ) {
      const result = await returnPayout(ctx, actor, input, { at: now(), ...options });
      const names = await merchantNames(ctx);
      return {
        payout: deskPayoutView(result.payout, names),
        repayment: deskPayoutView(result.repayment, names),
        balanceCents: result.balanceCents,
      };
    },

    /** The payout desk: files with their payouts and control sums, payouts waiting, balances. */
    payoutDesk: (query: PayoutFilesQuery) => payoutDesk(ctx, query),

    /** The settlements desk: settled and missing merchant days of a range. */
    settlementDesk: (query: SettlementDeskQuery) => settlementDesk(ctx, query, now()),

    /**
     * Settles a past business day again for every merchant with sales in it (staff's "re-run the
     * day"): idempotent as the job is, a merchant settled before is left as it was. Audited.
     */
    async rerunDay(actor: SettlementsActor, businessDay: string) {
      if (businessDayWindow(businessDay).to > now()) {
        throw new AppError('CONFLICT', `business day ${businessDay} is not over yet`);
      }
      const results = await settleDay(ctx, businessDay, { at: now() });
      const settled = results.filter((result) => result.isNew).length;
      await writeAudit(deps.db, {
        actorUserId: actor.userId,
        action: 'settlement.rerun',
        entity: 'settlement-day',
        entityId: businessDay,
        after: { businessDay, settled, existing: results.length - settled },
        requestId: actor.requestId ?? null,
      });
      return { settled, existing: results.length - settled };
    },

    async listSettlements(query: SettlementsQuery) {
      const { rows, total } = await findSettlements(deps.db, query, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        settlements: rows.map((row) => settlementView(row)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
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
