import {
  formatAmount,
  formatRf,
  recurringPaymentDueDay,
  SERVICE_NOTIFICATION_IDS,
  SERVICE_NOTIFICATION_SCOPE,
  startOfAthensMonth,
  athensDate,
  athensMidnight,
  type Locale,
  type PortalNotification,
} from '@tessera/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { CardsService } from '../cards';
import type { ContentService } from '../content';
import { findReads, upsertReads } from './repository';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** The id of the returned-shipments notification (ADR 026). */
export const SHIPMENT_RETURNED_NOTIFICATION = 'shipmentReturned';

/** The id of the failed recurring runs notification (issue 19, ADR 028). */
export const RECURRING_RUN_FAILED_NOTIFICATION = 'recurringRunFailed';
/** The id of the answered disputes notification (issue 34 §1, ADR 043). */
export const DISPUTE_CHANGED_NOTIFICATION = 'disputeChanged';
/** How long an answered dispute stays in the bell. */
const DISPUTE_CHANGED_DAYS = 30;
/** The id of the cards their holders reported lost or stolen (issue 35 §3, ADR 046). */
export const CARD_REPORTED_LOST_NOTIFICATION = 'cardReportedLost';
/** How long a card reported lost stays in the bell. */
const CARD_REPORTED_LOST_DAYS = 30;

/** The id of an order a recurring run made that awaits payment, one per order (issue 34 §3 item 1). */
export const RECURRING_RUN_AWAITING_PAYMENT_NOTIFICATION = 'recurringRunAwaitingPayment';

/** What the bell says of an order a recurring run made that awaits payment. */
export type RunOrderAwaitingPayment = {
  orderId: string;
  orderNumber: number;
  totalCents: number;
  rfCode: string;
  ruleName: string;
  runDay: string;
  createdAt: Date;
};

/**
 * One notification per order a run made that awaits payment: its number, amount, RF reference and
 * the day to pay by, leading to the order; it leaves the bell once the order is paid.
 */
function awaitingPaymentNotifications(
  orders: RunOrderAwaitingPayment[],
  texts: Record<string, { title: string; excerpt: string }>,
  reads: { notificationId: string; readAt: Date }[],
  prefix: string,
): PortalNotification[] {
  const text = texts[RECURRING_RUN_AWAITING_PAYMENT_NOTIFICATION] ?? {
    title: RECURRING_RUN_AWAITING_PAYMENT_NOTIFICATION,
    excerpt: '{order} {amount} {rf} {due}',
  };
  const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  return orders.map((order) => {
    const nid = `${RECURRING_RUN_AWAITING_PAYMENT_NOTIFICATION}:${order.orderId}`;
    const url = `/order-details-page?orderId=${encodeURIComponent(order.orderId)}`;
    const values: Record<string, string> = {
      order: `#${order.orderNumber}`,
      amount: formatAmount(order.totalCents),
      rf: formatRf(order.rfCode),
      due: day(recurringPaymentDueDay(order.runDay)),
      rule: order.ruleName,
    };
    return {
      nid,
      expiring: false,
      logo: '',
      title: text.title,
      excerpt: text.excerpt.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
      link: {
        id: nid,
        pageType: 'orders',
        title: text.title,
        url,
        href: `${prefix}${url}`,
        target: '_self',
        isExternalPage: false,
      },
      read: reads.some((entry) => entry.notificationId === nid),
      notificationDateTime: order.createdAt.toISOString(),
    };
  });
}

/** How long a failed run stays in the bell. */
const RECURRING_FAILURE_DAYS = 30;

/**
 * One notification for several events of a kind (returned shipments, failed recurring runs): its
 * count, dated by the latest, read once the user read it after that; `url` leads to the one event
 * or, when several, to their list.
 */
function eventsNotification(
  id: string,
  events: { at: Date }[],
  url: string,
  texts: Record<string, { title: string; excerpt: string }>,
  reads: { notificationId: string; readAt: Date }[],
  prefix: string,
): PortalNotification | null {
  if (events.length === 0) return null;
  const latest = new Date(Math.max(...events.map((entry) => entry.at.getTime())));
  const text = texts[id] ?? { title: id, excerpt: '{count}' };
  return {
    nid: id,
    expiring: false,
    logo: '',
    title: text.title,
    excerpt: text.excerpt.replaceAll('{count}', String(events.length)),
    link: {
      id,
      pageType: 'orders',
      title: text.title,
      url,
      href: `${prefix}${url}`,
      target: '_self',
      isExternalPage: false,
    },
    read: reads.some((entry) => entry.notificationId === id && entry.readAt >= latest),
    notificationDateTime: latest.toISOString(),
    count: events.length,
  };
}

/** The company's returned shipments: to the order, or the history when several. */
function returnedNotification(
  returned: { orderId: string; returnedAt: Date }[],
  texts: Record<string, { title: string; excerpt: string }>,
  reads: { notificationId: string; readAt: Date }[],
  prefix: string,
): PortalNotification | null {
  const url =
    returned.length === 1
      ? `/order-details-page?orderId=${encodeURIComponent(returned[0]!.orderId)}`
      : '/orders/order-history';
  const events = returned.map((entry) => ({ at: entry.returnedAt }));
  return eventsNotification(SHIPMENT_RETURNED_NOTIFICATION, events, url, texts, reads, prefix);
}

/** The company's failed recurring runs: to the rule, or the rules when several. */
function recurringFailedNotification(
  failed: { ruleId: string; createdAt: Date }[],
  texts: Record<string, { title: string; excerpt: string }>,
  reads: { notificationId: string; readAt: Date }[],
  prefix: string,
): PortalNotification | null {
  const rules = [...new Set(failed.map((entry) => entry.ruleId))];
  const url = rules.length === 1 ? `/orders/recurring-rules/${rules[0]!}` : '/orders/recurring-rules';
  const events = failed.map((entry) => ({ at: entry.createdAt }));
  return eventsNotification(RECURRING_RUN_FAILED_NOTIFICATION, events, url, texts, reads, prefix);
}

const NotificationTextsSchema = z.record(z.string(), z.object({ title: z.string(), excerpt: z.string() }));

/**
 * Notifications (SPEC §3, §7 accounts service): the service notifications of the company, made from
 * its cards to act on, and which notifications (service or CMS) each user has read, on whichever
 * browser.
 */
export function createNotificationsService(deps: {
  /** The database of the read state. */
  db: Db;
  /** Counts the company's cards expiring soon and ready to top up. */
  cards: CardsService;
  /** The notification texts per language (`notification-texts`). */
  content: ContentService;
  /** The clock that decides what "since it last appeared" means (tests pass their own). */
  now?: () => Date;
  /**
   * Shipments of the company the courier brought back and not sent again yet (issue 18 §7, ADR 026):
   * a notification of their own, read once the user read it after the latest return.
   */
  returnedShipments?: (companyId: string) => Promise<{ orderId: string; returnedAt: Date }[]>;
  /** Orders of the company made by recurring runs and awaiting payment (issue 34 §3 item 1). */
  recurringAwaitingPayment?: (companyId: string) => Promise<RunOrderAwaitingPayment[]>;
  /** Recurring runs of the company that made nothing since a date (issue 19): the bell tells. */
  recurringFailures?: (companyId: string, since: Date) => Promise<{ ruleId: string; createdAt: Date }[]>;
  /** Disputes of the company's cards' purchases resolved or rejected since a date (issue 34 §1). */
  disputesClosed?: (companyId: string, since: Date) => Promise<{ disputeId: string; closedAt: Date }[]>;
  /** Cards of the company their holders reported lost or stolen since a date (issue 35 §3). */
  cardsReportedLost?: (companyId: string, since: Date) => Promise<{ at: Date }[]>;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * The service-generated notifications of the company (SPEC §3 ids): one per kind with cards
     * to act on, titled in `locale`, read when the user read it after it last appeared.
     */
    async serviceNotifications(
      companyId: string,
      userId: string,
      locale: Locale,
    ): Promise<PortalNotification[]> {
      const at = now();
      const failuresSince = new Date(at.getTime() - RECURRING_FAILURE_DAYS * 86_400_000);
      const disputesSince = new Date(at.getTime() - DISPUTE_CHANGED_DAYS * 86_400_000);
      const [summaries, textsRaw, reads, returned, failedRuns, closedDisputes] = await Promise.all([
        deps.cards.summaries(companyId),
        deps.content.getEntry('notification-texts', locale),
        findReads(deps.db, userId),
        deps.returnedShipments ? deps.returnedShipments(companyId) : Promise.resolve([]),
        deps.recurringFailures ? deps.recurringFailures(companyId, failuresSince) : Promise.resolve([]),
        deps.disputesClosed ? deps.disputesClosed(companyId, disputesSince) : Promise.resolve([]),
      ]);
      const reportedLost = deps.cardsReportedLost
        ? await deps.cardsReportedLost(
            companyId,
            new Date(at.getTime() - CARD_REPORTED_LOST_DAYS * 86_400_000),
          )
        : [];
      const texts = NotificationTextsSchema.parse(textsRaw);
      const dayStart = athensMidnight(athensDate(at));
      const monthStart = startOfAthensMonth(at);
      const prefix = locale === 'en' ? '/en' : '';
      const returns = returnedNotification(returned, texts, reads, prefix);
      const service = SERVICE_NOTIFICATION_IDS.flatMap((id): PortalNotification[] => {
        const scope = SERVICE_NOTIFICATION_SCOPE[id];
        const count = summaries
          .filter((row) => row.product === scope.category && row.family === scope.family)
          .reduce((sum, row) => sum + (scope.kind === 'expiring' ? row.expiringSoon : row.readyToTopUp), 0);
        if (count === 0) return [];
        const text = texts[id] ?? { title: id, excerpt: '{count}' };
        const since = scope.kind === 'expiring' ? dayStart : monthStart;
        const read = reads.some((entry) => entry.notificationId === id && entry.readAt >= since);
        const query = new URLSearchParams({
          [scope.kind === 'expiring' ? 'expiringSoon' : 'readyToTopUp']: 'true',
          product: scope.category,
          family: scope.family,
        });
        const url = `/card-list?${query.toString()}`;
        return [
          {
            nid: id,
            expiring: scope.kind === 'expiring',
            logo: scope.category === 'TICKET_RESTAURANT' ? 'ticket-restaurant' : scope.category.toLowerCase(),
            title: text.title,
            excerpt: text.excerpt.replaceAll('{count}', String(count)),
            link: {
              id,
              pageType: 'cardList',
              title: text.title,
              url,
              href: `${prefix}${url}`,
              target: '_self',
              isExternalPage: false,
            },
            read,
            notificationDateTime: since.toISOString(),
            count,
          },
        ];
      });
      const failures = recurringFailedNotification(failedRuns, texts, reads, prefix);
      const disputes = eventsNotification(
        DISPUTE_CHANGED_NOTIFICATION,
        closedDisputes.map((entry) => ({ at: entry.closedAt })),
        '/card-list',
        texts,
        reads,
        prefix,
      );
      // Issue 35 §3: the replacement drafts the holders' reports prepared wait on the drafts page.
      const lost = eventsNotification(
        CARD_REPORTED_LOST_NOTIFICATION,
        reportedLost,
        '/draft-orders',
        texts,
        reads,
        prefix,
      );
      return [
        ...(lost ? [lost] : []),
        ...(disputes ? [disputes] : []),
        ...(failures ? [failures] : []),
        ...(returns ? [returns] : []),
        ...service,
      ];
    },

    /**
     * One notification per order of the company a recurring run made that still awaits payment
     * (issue 34 §3 item 1), titled in `locale`, read once the user opened it; the bell shows them
     * before the service notifications.
     */
    async runOrderNotifications(
      companyId: string,
      userId: string,
      locale: Locale,
    ): Promise<PortalNotification[]> {
      if (!deps.recurringAwaitingPayment) return [];
      const orders = await deps.recurringAwaitingPayment(companyId);
      if (orders.length === 0) return [];
      const [textsRaw, reads] = await Promise.all([
        deps.content.getEntry('notification-texts', locale),
        findReads(deps.db, userId),
      ]);
      const texts = NotificationTextsSchema.parse(textsRaw);
      return awaitingPaymentNotifications(orders, texts, reads, locale === 'en' ? '/en' : '');
    },

    /** The ids of every notification the user has read. */
    async readNotificationIds(userId: string): Promise<string[]> {
      return (await findReads(deps.db, userId)).map((entry) => entry.notificationId);
    },

    /** Marks notifications read by the user now (ids repeated once). */
    async markNotificationsRead(userId: string, ids: string[]): Promise<void> {
      await upsertReads(deps.db, userId, [...new Set(ids)], now());
    },
  };
}
