import {
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
      const [summaries, textsRaw, reads] = await Promise.all([
        deps.cards.summaries(companyId),
        deps.content.getEntry('notification-texts', locale),
        findReads(deps.db, userId),
      ]);
      const texts = NotificationTextsSchema.parse(textsRaw);
      const dayStart = athensMidnight(athensDate(at));
      const monthStart = startOfAthensMonth(at);
      const prefix = locale === 'en' ? '/en' : '';
      return SERVICE_NOTIFICATION_IDS.flatMap((id): PortalNotification[] => {
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
