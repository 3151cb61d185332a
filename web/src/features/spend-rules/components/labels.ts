import type { SpendCategory, SpendPeriod } from '@tessera/domain';
import type { MessageId } from '../../../i18n/messages';

export const SPEND_CATEGORY_LABELS: Record<SpendCategory, MessageId> = {
  groceries: 'account.spendCategory.groceries',
  restaurants: 'account.spendCategory.restaurants',
  fuel: 'account.spendCategory.fuel',
  transport: 'account.spendCategory.transport',
  travel: 'account.spendCategory.travel',
  accommodation: 'account.spendCategory.accommodation',
  office: 'account.spendCategory.office',
  electronics: 'account.spendCategory.electronics',
  online: 'account.spendCategory.online',
  entertainment: 'account.spendCategory.entertainment',
};

/** "per transaction", "per day"… */
export const SPEND_PERIOD_LABELS: Record<SpendPeriod, MessageId> = {
  transaction: 'account.spendPeriod.transaction',
  day: 'account.spendPeriod.day',
  week: 'account.spendPeriod.week',
  month: 'account.spendPeriod.month',
};
