import type { Locale } from '@tessera/domain';
import type { MessageArea, Messages } from './messages';

type Loader = () => Promise<{ default: Messages }>;

/**
 * One chunk per language and area (issue 17): a page loads the shell's texts of its language and
 * the areas it names, never the other language's nor the other areas'. The file names are
 * literal so the bundler sees each JSON file (and the build precompiles it, `vite.config.ts`).
 */
const LOADERS: Record<MessageArea, Record<Locale, Loader>> = {
  shell: { el: () => import('./el.json'), en: () => import('./en.json') },
  cards: { el: () => import('./areas/cards.el.json'), en: () => import('./areas/cards.en.json') },
  account: { el: () => import('./areas/account.el.json'), en: () => import('./areas/account.en.json') },
  cardIssue: {
    el: () => import('./areas/card-issue.el.json'),
    en: () => import('./areas/card-issue.en.json'),
  },
  drafts: { el: () => import('./areas/drafts.el.json'), en: () => import('./areas/drafts.en.json') },
  orders: { el: () => import('./areas/orders.el.json'), en: () => import('./areas/orders.en.json') },
  bankStatement: {
    el: () => import('./areas/bank-statement.el.json'),
    en: () => import('./areas/bank-statement.en.json'),
  },
  bulk: { el: () => import('./areas/bulk.el.json'), en: () => import('./areas/bulk.en.json') },
  merchants: {
    el: () => import('./areas/merchants.el.json'),
    en: () => import('./areas/merchants.en.json'),
  },
  merchantDashboard: {
    el: () => import('./areas/merchant-dashboard.el.json'),
    en: () => import('./areas/merchant-dashboard.en.json'),
  },
  merchantAdmin: {
    el: () => import('./areas/merchant-admin.el.json'),
    en: () => import('./areas/merchant-admin.en.json'),
  },
  // Issue 18 §3, §6 (ADR 024).
  backOffice: {
    el: () => import('./areas/back-office.el.json'),
    en: () => import('./areas/back-office.en.json'),
  },
  // issue 18 §2: user administration (ADR 023)
  userAdmin: {
    el: () => import('./areas/user-admin.el.json'),
    en: () => import('./areas/user-admin.en.json'),
  },
  // Issue 18 §7–8 (ADR 026).
  fulfilment: {
    el: () => import('./areas/fulfilment.el.json'),
    en: () => import('./areas/fulfilment.en.json'),
  },
  clientErrors: {
    el: () => import('./areas/client-errors.el.json'),
    en: () => import('./areas/client-errors.en.json'),
  },
  leads: { el: () => import('./areas/leads.el.json'), en: () => import('./areas/leads.en.json') },
  // issue 18 §5: content editing (ADR 025)
  contentEditor: {
    el: () => import('./areas/content-editor.el.json'),
    en: () => import('./areas/content-editor.en.json'),
  },
  // Issue 19 (ADR 028): recurring load rules.
  recurring: {
    el: () => import('./areas/recurring.el.json'),
    en: () => import('./areas/recurring.en.json'),
  },
  // Issue 34 §1 (ADR 043): disputes.
  disputes: {
    el: () => import('./areas/disputes.el.json'),
    en: () => import('./areas/disputes.en.json'),
  },
  // Issue 34 §1 (ADR 042): the payout desk.
  payoutDesk: {
    el: () => import('./areas/payout-desk.el.json'),
    en: () => import('./areas/payout-desk.en.json'),
  },
  // Issue 35 §8 (ADR 049): the company's and care's side of cardholders.
  cardholderCare: {
    el: () => import('./areas/cardholder-care.el.json'),
    en: () => import('./areas/cardholder-care.en.json'),
  },
  // Issue 36 §4 (ADR 052): out of the shell's texts, which every first load carries.
  signIn: { el: () => import('./areas/sign-in.el.json'), en: () => import('./areas/sign-in.en.json') },
  identity: {
    el: () => import('./areas/identity.el.json'),
    en: () => import('./areas/identity.en.json'),
  },
  content: { el: () => import('./areas/content.el.json'), en: () => import('./areas/content.en.json') },
  companies: {
    el: () => import('./areas/companies.el.json'),
    en: () => import('./areas/companies.en.json'),
  },
  merchantBalanceSheet: {
    el: () => import('./areas/merchant-balance-sheet.el.json'),
    en: () => import('./areas/merchant-balance-sheet.en.json'),
  },
  merchantTerminal: {
    el: () => import('./areas/merchant-terminal.el.json'),
    en: () => import('./areas/merchant-terminal.en.json'),
  },
  merchantNotifications: {
    el: () => import('./areas/merchant-notifications.el.json'),
    en: () => import('./areas/merchant-notifications.en.json'),
  },
  merchantCharts: {
    el: () => import('./areas/merchant-charts.el.json'),
    en: () => import('./areas/merchant-charts.en.json'),
  },
  // Issue 37 §3–4: the provider staff's invoice desk.
  invoicingDesk: {
    el: () => import('./areas/invoicing-desk.el.json'),
    en: () => import('./areas/invoicing-desk.en.json'),
  },
  // Issue 37 §4: a company's and a merchant's own invoices.
  invoices: {
    el: () => import('./areas/invoices.el.json'),
    en: () => import('./areas/invoices.en.json'),
  },
};

/** The texts loaded so far, per language: a new object after each load, so React sees the change. */
const merged: Record<Locale, Messages> = { el: {}, en: {} };
const loaded: Record<Locale, Set<MessageArea>> = { el: new Set(), en: new Set() };
/** Loads under way or done, by `el/cards` (one file) or `el:cards,shell` (a request). */
const pending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

function loadArea(locale: Locale, area: MessageArea): Promise<void> {
  const key = `${locale}/${area}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = LOADERS[area][locale]().then(
      (module) => {
        merged[locale] = { ...merged[locale], ...module.default } as Messages;
        loaded[locale].add(area);
        listeners.forEach((listener) => listener());
      },
      (error: unknown) => {
        // A failed chunk (a new release, the network) may be tried again by the next navigation.
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Loads the texts of `areas` in `locale` (each file at most once); resolves when all are there.
 * The same request gets the same promise.
 */
export function loadMessages(locale: Locale, areas: readonly MessageArea[]): Promise<void> {
  const key = `${locale}:${[...areas].sort().join(',')}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = Promise.all(areas.map((area) => loadArea(locale, area))).then(
      () => undefined,
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/** True when every area of `areas` is loaded in `locale`. */
export function hasMessages(locale: Locale, areas: readonly MessageArea[]): boolean {
  return areas.every((area) => loaded[locale].has(area));
}

/** The areas loaded in `locale` (a language switch loads the same ones in the other language). */
export function loadedAreas(locale: Locale): MessageArea[] {
  return [...loaded[locale]];
}

/** Every text of `locale` loaded so far (react-intl's `messages`). */
export function messagesOf(locale: Locale): Messages {
  return merged[locale];
}

/** For `useSyncExternalStore`: called after each load. */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
