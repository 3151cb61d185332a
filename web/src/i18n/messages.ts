import type { MessageFormatElement } from 'react-intl';
import type accountEl from './areas/account.el.json';
import type bankStatementEl from './areas/bank-statement.el.json';
import type bulkEl from './areas/bulk.el.json';
import type cardIssueEl from './areas/card-issue.el.json';
import type cardsEl from './areas/cards.el.json';
import type draftsEl from './areas/drafts.el.json';
import type merchantAdminEl from './areas/merchant-admin.el.json';
import type merchantDashboardEl from './areas/merchant-dashboard.el.json';
import type merchantsEl from './areas/merchants.el.json';
import type ordersEl from './areas/orders.el.json';
import type userAdminEl from './areas/user-admin.el.json';
// Issue 18 §3, §6 (ADR 024).
import type backOfficeEl from './areas/back-office.el.json';
import type leadsEl from './areas/leads.el.json';
import type el from './el.json';
// Issue 18 §7–8 (ADR 026).
import type fulfilmentEl from './areas/fulfilment.el.json';
import type clientErrorsEl from './areas/client-errors.el.json';
// issue 18 §5: content editing (ADR 025)
import type contentEditorEl from './areas/content-editor.el.json';
// Issue 19 (ADR 028): recurring load rules.
import type recurringEl from './areas/recurring.el.json';
// Issue 34 §1 (ADR 043): disputes.
import type disputesEl from './areas/disputes.el.json';
// Issue 34 §1 (ADR 042): the payout desk.
import type payoutDeskEl from './areas/payout-desk.el.json';
// Issue 35 §8 (ADR 049): the company's and care's side of cardholders.
import type cardholderCareEl from './areas/cardholder-care.el.json';
// Issue 36 §4 (ADR 052): the shell's texts that only some pages show, out of every first load.
import type signInEl from './areas/sign-in.el.json';
import type identityEl from './areas/identity.el.json';
import type contentEl from './areas/content.el.json';
import type companiesEl from './areas/companies.el.json';
import type merchantBalanceSheetEl from './areas/merchant-balance-sheet.el.json';
import type merchantTerminalEl from './areas/merchant-terminal.el.json';
import type merchantNotificationsEl from './areas/merchant-notifications.el.json';
import type merchantChartsEl from './areas/merchant-charts.el.json';
// Issue 37 §3–4: the provider staff's invoice desk.
import type invoicingDeskEl from './areas/invoicing-desk.el.json';
// Issue 37 §4: a company's and a merchant's own invoices.
import type invoicesEl from './areas/invoices.el.json';

/**
 * UI chrome texts (page texts come from the content API). The shell's texts are in `el.json` and
 * `en.json`; each larger area keeps its own pair under `areas/` (`cards.el.json`, `cards.en.json`).
 * Every pair has the same keys (a test checks it), and the type below makes an unknown message id
 * a compile error. The imports above are types only: the texts themselves are loaded per language
 * and per area when a page needs them (`load-messages.ts`, issue 17).
 */
export type MessageId =
  | keyof typeof invoicesEl
  | keyof typeof el
  | keyof typeof cardsEl
  | keyof typeof accountEl
  | keyof typeof cardIssueEl
  | keyof typeof draftsEl
  | keyof typeof ordersEl
  | keyof typeof bankStatementEl
  | keyof typeof bulkEl
  | keyof typeof merchantsEl
  | keyof typeof merchantDashboardEl
  | keyof typeof merchantAdminEl
  | keyof typeof backOfficeEl
  // issue 18 §2: user administration (ADR 023)
  | keyof typeof userAdminEl
  // Issue 18 §7–8 (ADR 026).
  | keyof typeof fulfilmentEl
  | keyof typeof clientErrorsEl
  // Issue 18 §3, §6 (ADR 024).
  | keyof typeof leadsEl
  // issue 18 §5: content editing (ADR 025)
  | keyof typeof contentEditorEl
  // Issue 19 (ADR 028): recurring load rules.
  | keyof typeof recurringEl
  // Issue 34 §1 (ADR 043): disputes.
  | keyof typeof disputesEl
  // Issue 34 §1 (ADR 042): the payout desk.
  | keyof typeof payoutDeskEl
  // Issue 35 §8 (ADR 049): the company's and care's side of cardholders.
  | keyof typeof cardholderCareEl
  // Issue 36 §4 (ADR 052).
  | keyof typeof signInEl
  | keyof typeof identityEl
  | keyof typeof contentEl
  | keyof typeof companiesEl
  | keyof typeof merchantBalanceSheetEl
  | keyof typeof merchantTerminalEl
  | keyof typeof merchantNotificationsEl
  | keyof typeof merchantChartsEl
  | keyof typeof invoicingDeskEl;

/** The shell's texts (`shell`) and each area's (`areas/<kebab-name>.<locale>.json`). */
export const MESSAGE_AREAS = [
  'shell',
  'cards',
  'account',
  'cardIssue',
  'drafts',
  'orders',
  'bankStatement',
  'bulk',
  'merchants',
  'merchantDashboard',
  'merchantAdmin',
  'backOffice',
  // issue 18 §2: user administration (ADR 023)
  'userAdmin',
  // Issue 18 §7–8 (ADR 026).
  'fulfilment',
  'clientErrors',
  // Issue 18 §3, §6 (ADR 024).
  'leads',
  // issue 18 §5: content editing (ADR 025)
  'contentEditor',
  // Issue 19 (ADR 028): recurring load rules.
  'recurring',
  // Issue 34 §1 (ADR 043): disputes.
  'disputes',
  // Issue 34 §1 (ADR 042): the payout desk.
  'payoutDesk',
  // Issue 35 §8 (ADR 049): the company's and care's side of cardholders.
  'cardholderCare',
  // Issue 36 §4 (ADR 052): the sign-in form's texts; the other identity pages'; the content pages'
  // (contact, FAQs, videos); the company pages' (about, select, all companies).
  'signIn',
  'identity',
  'content',
  'companies',
  // The balance sheet's tables, out of the dashboard's texts that the merchant home loads.
  'merchantBalanceSheet',
  // The virtual terminal's form, which loads after the merchant home's first screen.
  'merchantTerminal',
  // The merchant's bell and notifications page.
  'merchantNotifications',
  // The dashboard's charts (which load after its figures) and the balance sheet's.
  'merchantCharts',
  // Issue 37 §3–4: the provider staff's invoice desk.
  'invoicingDesk',
  // Issue 37 §4: a company's and a merchant's own invoices.
  'invoices',
] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];

/** One language's texts as react-intl takes them: strings, or ICU trees when the build precompiled them. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented typing hook
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
