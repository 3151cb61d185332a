import type { CardCategory, CardFamily, NotificationStatusResponse } from '@tessera/domain';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { summarizeCards } from './repository';

/** SPEC §3 notification status: expiring and ready-to-top-up counts per product and family. */
export async function getNotificationStatus(
  ctx: CardsContext,
  companyId: string,
): Promise<NotificationStatusResponse> {
  const rows = await summarizeCards(ctx.db, companyId, cardClock(ctx.now()));
  const count = (product: CardCategory, family: CardFamily | null, field: 'expiringSoon' | 'readyToTopUp') =>
    rows
      .filter((row) => row.product === product && (family === null || row.family === family))
      .reduce((sum, row) => sum + row[field], 0);
  return {
    success: true,
    soonToExpireCards: {
      plastic: count('TICKET_RESTAURANT', 'plastic', 'expiringSoon'),
      virtual: count('TICKET_RESTAURANT', 'virtual', 'expiringSoon'),
    },
    spendeo: {
      soonToExpireCards: count('SPENDEO', null, 'expiringSoon'),
      readyToTopUpCards: count('SPENDEO', null, 'readyToTopUp'),
    },
    myBenefits: {
      soonToExpireCards: count('MY_BENEFITS', null, 'expiringSoon'),
      readyToTopUpCards: count('MY_BENEFITS', null, 'readyToTopUp'),
    },
    readyToTopUpCards: {
      plastic: count('TICKET_RESTAURANT', 'plastic', 'readyToTopUp'),
      virtual: count('TICKET_RESTAURANT', 'virtual', 'readyToTopUp'),
    },
  };
}
