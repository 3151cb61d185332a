import type { Locale } from '@tessera/domain';
import accountEl from './areas/account.el.json';
import accountEn from './areas/account.en.json';
import bankStatementEl from './areas/bank-statement.el.json';
import bankStatementEn from './areas/bank-statement.en.json';
import bulkEl from './areas/bulk.el.json';
import bulkEn from './areas/bulk.en.json';
import cardIssueEl from './areas/card-issue.el.json';
import cardIssueEn from './areas/card-issue.en.json';
import cardsEl from './areas/cards.el.json';
import cardsEn from './areas/cards.en.json';
import draftsEl from './areas/drafts.el.json';
import draftsEn from './areas/drafts.en.json';
import merchantDashboardEl from './areas/merchant-dashboard.el.json';
import merchantDashboardEn from './areas/merchant-dashboard.en.json';
import merchantAdminEl from './areas/merchant-admin.el.json';
import merchantAdminEn from './areas/merchant-admin.en.json';
import merchantsEl from './areas/merchants.el.json';
import merchantsEn from './areas/merchants.en.json';
import ordersEl from './areas/orders.el.json';
import ordersEn from './areas/orders.en.json';
import el from './el.json';
import en from './en.json';

/**
 * UI chrome texts (page texts come from the content API). The shell's texts are in `el.json` and
 * `en.json`; each larger area keeps its own pair under `areas/` (`cards.el.json`, `cards.en.json`).
 * Every pair has the same keys; a test checks it, and the type below makes an unknown message id a
 * compile error.
 */
export const MESSAGE_AREAS = {
  shell: { el, en },
  cards: { el: cardsEl, en: cardsEn },
  account: { el: accountEl, en: accountEn },
  cardIssue: { el: cardIssueEl, en: cardIssueEn },
  drafts: { el: draftsEl, en: draftsEn },
  orders: { el: ordersEl, en: ordersEn },
  bankStatement: { el: bankStatementEl, en: bankStatementEn },
  bulk: { el: bulkEl, en: bulkEn },
  merchants: { el: merchantsEl, en: merchantsEn },
  merchantDashboard: { el: merchantDashboardEl, en: merchantDashboardEn },
  merchantAdmin: { el: merchantAdminEl, en: merchantAdminEn },
} as const;

const greek = {
  ...el,
  ...cardsEl,
  ...accountEl,
  ...cardIssueEl,
  ...draftsEl,
  ...ordersEl,
  ...bankStatementEl,
  ...bulkEl,
  ...merchantsEl,
  ...merchantDashboardEl,
  ...merchantAdminEl,
};
export type MessageId = keyof typeof greek;

export const MESSAGES: Record<Locale, Record<MessageId, string>> = {
  el: greek,
  en: {
    ...en,
    ...cardsEn,
    ...accountEn,
    ...cardIssueEn,
    ...draftsEn,
    ...ordersEn,
    ...bankStatementEn,
    ...bulkEn,
    ...merchantsEn,
    ...merchantDashboardEn,
    ...merchantAdminEn,
  } satisfies Record<MessageId, string>,
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented typing hook
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
