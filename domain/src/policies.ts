import { isProviderRole, ROLE, ROLE_IDS, type RoleId } from './roles';

/**
 * Who may do what (ARCHITECTURE §2, SPEC §6): one table read by the server's guard
 * (`requireActor`), the web's route access and menus, and the tenant-matrix test.
 *
 * - `roles`: the roles that may take the action at all.
 * - `scope`: what the action is done to. `company`: one company's data, so the actor must also be
 *   related to that company (provider staff are related to every company, and that is audited);
 *   `merchant`: one merchant's data (ADR 016): a merchant user acts for the merchant they work
 *   for, provider staff for any merchant (audited); company roles never;
 *   `none`: the user's own things or data of no company;
 *   `cardholder`: a cardholder's own cards and settings (issue 35, ADR 046). A cardholder is not a
 *   portal user: no portal role may take such an action (`roles` is empty), only a cardholder
 *   session (`tessera_my` cookie, checked by the cardholders module's `requireCardholder`), and
 *   only on cards whose holder record carries the session's e-mail.
 * - `manyCompanies`: only for users related to more than one company (company selection, SPEC §2).
 * - `merchantAdmin`: a merchant user must be the merchant's administrator (view-only users read).
 */
export type PolicyScope = 'company' | 'merchant' | 'none' | 'cardholder';

export type Policy = {
  readonly roles: readonly RoleId[];
  readonly scope: PolicyScope;
  readonly manyCompanies?: boolean;
  readonly merchantAdmin?: boolean;
};

const { ADMIN, CUSTOMER_CARE, ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER, MERCHANT } = ROLE;

/** Provider staff: the provider's managers and customer care. */
const PROVIDER: readonly RoleId[] = [ADMIN, CUSTOMER_CARE];
/** Everyone who works for companies: provider staff and the three company roles (not merchants). */
const COMPANY_USERS: readonly RoleId[] = [...PROVIDER, ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER];
/** Who changes cards, drafts and the company's set-up: the order manager and provider staff. */
const ORDERING: readonly RoleId[] = [...PROVIDER, ORDER_MANAGER];
/** Who may approve or reject a waiting order: a payment manager, or provider staff (audited). */
const APPROVER_ROLES: readonly RoleId[] = [...PROVIDER, PAYMENT_MANAGER];
/** Who may pay an order awaiting payment: the company's order, finance and payment managers. */
const PAYER_ROLES: readonly RoleId[] = [ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER];

const company = (roles: readonly RoleId[]) => ({ roles, scope: 'company' as const });
const unscoped = (roles: readonly RoleId[]) => ({ roles, scope: 'none' as const });
const merchant = (roles: readonly RoleId[], options: { admin?: boolean } = {}) => ({
  roles,
  scope: 'merchant' as const,
  ...(options.admin ? { merchantAdmin: true } : {}),
});
/** The merchant's users and the provider's staff. */
const MERCHANT_SIDE: readonly RoleId[] = [...PROVIDER, MERCHANT];

export const POLICIES = {
  // ---------------------------------------------------------------- the signed-in user
  /** The user's own account: profile, password, session, the read state of notifications. */
  'account.self': unscoped(ROLE_IDS),

  // ---------------------------------------------------------------- provider staff
  /** The development mailbox holds every user's reset links (issue 12 §1). */
  'mailbox.read': unscoped([ADMIN]),
  'users.create': unscoped([ADMIN]),
  'users.search': unscoped(PROVIDER),
  /** Lock and unlock users (customer care never an admin: the identity service's rule). */
  'users.lock': unscoped(PROVIDER),
  /** Search every company (/all-companies). */
  'companies.search': unscoped(PROVIDER),
  'payments.import-statement': unscoped(PROVIDER),
  /** Stop acting for a company or merchant (starting is `companies.read` / `merchants.read` with a reason). */
  'acting.manage': unscoped(PROVIDER),
  /** The whole audit log, its filters and export (issue 18: the provider's manager, who answers to auditors). */
  'audit.read': unscoped([ADMIN]),
  /** The back-office hub: the provider staff's tools. */
  'back-office.open': unscoped(PROVIDER),

  // ---------------------------------------------------------------- companies
  /** The companies a user works for, by id (each id checked against `companies.read`). */
  'companies.list': unscoped(COMPANY_USERS),
  /** Read one company and act for it (lookup, select). */
  'companies.read': company(COMPANY_USERS),
  /** Choose among one's companies (/company-select, SPEC §2: order and payment managers). */
  'companies.switch': { roles: [ORDER_MANAGER, PAYMENT_MANAGER], scope: 'none', manyCompanies: true },
  /** Catalogues of no company: products, core categories, bundles, bulk templates. */
  'catalogue.read': unscoped(COMPANY_USERS),

  // ---------------------------------------------------------------- a company's data
  'cards.read': company(COMPANY_USERS),
  'cards.manage': company(ORDERING),
  /** The company's service notifications (expiring cards, cards to top up). */
  'notifications.read': company(COMPANY_USERS),
  'delivery-points.read': company(COMPANY_USERS),
  'delivery-points.manage': company(ORDERING),
  /**
   * The new-delivery-point page and its profile-menu link (SPEC §2, §6: order manager only; provider
   * staff add a point from the company's list, issue 18).
   */
  'delivery-points.new': company([ORDER_MANAGER]),
  'spend-rules.read': company(COMPANY_USERS),
  'spend-rules.manage': company(ORDERING),
  'contracts.read': company(COMPANY_USERS),
  'contracts.manage': company(ORDERING),
  'card-printing.read': company(COMPANY_USERS),
  'card-printing.manage': company(ORDERING),
  /** The company's managers and the provider's agents. */
  'people.read': company(COMPANY_USERS),
  'people.manage': company(ORDERING),
  /** The company's own audit log (issue 18): its order manager, and the provider's manager. */
  'audit.company': company([ADMIN, ORDER_MANAGER]),
  'bulk.read': company(COMPANY_USERS),
  'bulk.manage': company(ORDERING),
  'drafts.read': company(COMPANY_USERS),
  /** Issue and load cards: create and change draft orders (the card-issue flow). */
  'drafts.manage': company(ORDERING),
  /** Recurring load rules and their runs (issue 19, ADR 028): every company role reads them. */
  'recurring.read': company(COMPANY_USERS),
  /** Create, change, pause and delete recurring rules, and set their reminder. */
  'recurring.manage': company(ORDERING),

  // ---------------------------------------------------------------- orders (ADR 010)
  'orders.read': company(COMPANY_USERS),
  /** Submit an order as the order manager, reorder. */
  'orders.place': company(ORDERING),
  'orders.activate': company(ORDERING),
  'orders.unload': company(ORDERING),
  /** The finance user's queue: drafts to submit and submitting them (/finance). */
  'orders.finance': company([...PROVIDER, FINANCE_USER]),
  /** The payment manager's queue: submitting and approving (/paymentManager). */
  'orders.payment-manager': company([...PROVIDER, PAYMENT_MANAGER]),
  'orders.approval-settings': company([...PROVIDER, PAYMENT_MANAGER]),
  'orders.reject': company(APPROVER_ROLES),
  /** Cancel an open order (the service then allows its submitter or an approver). */
  'orders.cancel': company(COMPANY_USERS),
  /** Pay an order (ADR 010: provider staff never pay for a company). */
  'orders.pay': company(PAYER_ROLES),
  /** Move an order on (shipping): provider staff. */
  'orders.advance': company(PROVIDER),

  // ---------------------------------------------------------------- merchants (SPEC §2, §6)
  'merchant.portal': unscoped([MERCHANT]),
  /** Read one merchant's data: profile, stores, terminals, transactions, settlements. */
  'merchants.read': merchant(MERCHANT_SIDE),
  /** Change the merchant's data: the merchant's administrator and provider staff. */
  'merchants.manage': merchant(MERCHANT_SIDE, { admin: true }),
  /** Take a purchase on the virtual terminal: the merchant's administrator and provider staff. */
  'terminals.use': merchant(MERCHANT_SIDE, { admin: true }),
  /** Enrol MIDs, run settlements and mark payouts sent or paid: provider staff. */
  'settlements.manage': unscoped(PROVIDER),
  // ---------------------------------------------------------------- issue 34 §1: disputes (ADR 043)
  /** The merchant's disputes and the dispute state of its transactions. */
  'merchant-disputes.read': merchant(MERCHANT_SIDE),
  /** Dispute one of the merchant's transactions: its administrator, or staff acting for it. */
  'merchant-disputes.open': merchant(MERCHANT_SIDE, { admin: true }),
  /** The disputes of the company's cards' purchases. */
  'card-disputes.read': company(COMPANY_USERS),
  /** Dispute a purchase for a cardholder: the order manager, or staff acting for the company. */
  'card-disputes.open': company(ORDERING),
  /** The disputes queue and a dispute's detail (/back-office/disputes). */
  'disputes.read': unscoped(PROVIDER),
  /** Resolve a dispute with a reversal or a refund (step-up), or reject it with a reason. */
  'disputes.resolve': unscoped(PROVIDER),
  // ---------------------------------------------------------------- issue 18 §2: user administration (ADR 023)
  /**
   * Provider staff change any user: create, role and companies, lock, confirmation, password reset,
   * sessions. Customer care never an admin, nor makes one (the people service's rule, ADMIN_ONLY).
   */
  'users.manage': unscoped(PROVIDER),
  /** The company's users with their state (/account/users): its order manager and provider staff. */
  'company-users.read': company(ORDERING),
  /** Lock, unlock and re-invite the company's own users (never one who works for another company too). */
  'company-users.manage': company(ORDERING),
  // ---------------------------------------------------------------- issue 22 §1: API clients (ADR 034)
  /** The company's API clients (/account/api-clients), never a secret: its order manager and staff. */
  'api-clients.read': company(ORDERING),
  /** Create, rotate and revoke the company's API clients (creating and rotating need step-up). */
  'api-clients.manage': company(ORDERING),
  // ---------------------------------------------------------------- issue 22 §3: webhooks (ADR 035)
  /** The company's webhook endpoints and their delivery log (/account/webhooks), never a secret. */
  'webhooks.read': company(ORDERING),
  /** Create (step-up), change, disable, delete endpoints and replay deliveries. */
  'webhooks.manage': company(ORDERING),

  // ------------------------------------------- issue 18 §7–8: fulfilment and client logs (ADR 026)
  /** The production queue, batches and their embossing files: provider staff. */
  'fulfilment.read': unscoped(PROVIDER),
  /** Batch orders, mark them shipped, delivered or returned: provider staff. */
  'fulfilment.manage': unscoped(PROVIDER),
  /** The last day's client errors (/back-office/client-errors): the administrator. */
  'client-logs.read': unscoped([ADMIN]),

  // ---------------------------------------------------------------- issue 18 §3, §6: companies, contracts, leads (ADR 024)
  /** Create a company (from a lead too): the provider's manager. */
  'companies.create': unscoped([ADMIN]),
  /** Read a company's settings (a deactivated one too) and change them: provider staff. */
  'companies.edit': unscoped(PROVIDER),
  /** Deactivate and reactivate a company, with a reason: the provider's manager. */
  'companies.deactivate': unscoped([ADMIN]),
  /** Add a contract to a company and change its status: provider staff, for the company acted for. */
  'contracts.create': company(PROVIDER),
  /** Maintain the core categories (names, MCC codes) spend rules name. */
  'core-categories.manage': unscoped([ADMIN]),
  /** The leads of the public forms: list, reject, turn into a company or a merchant. */
  'leads.manage': unscoped([ADMIN]),

  // ---------------------------------------------------------------- issue 18 §5: content editing (ADR 025)
  /** Open the content editor read-only: entries, drafts, previews and history (provider staff). */
  'content.review': unscoped(PROVIDER),
  /** Save drafts, publish and restore content versions: the provider's admin only. */
  'content.edit': unscoped([ADMIN]),

  // ---------------------------------------------------------------- issue 35 §1–3: cardholders (ADR 046)
  /**
   * A cardholder's own area under `/api/my`: their cards, movements, lock, report lost, rules,
   * passkeys, alerts, stores and data download. No portal role: only a cardholder session.
   */
  'cardholder.self': { roles: [] as readonly RoleId[], scope: 'cardholder' as const },

  // ---------------------------------------------------------------- issue 35 §8: cardholder care (ADR 049)
  /** Whether the company's cardholders use the app (invited, activated): its order manager and staff. */
  'cardholder-app.read': company(ORDERING),
  /** (Re)send a cardholder the app's invitation e-mail, alone or with a bulk load. */
  'cardholder-app.invite': company(ORDERING),
  /** Look a cardholder up: cards, sign-in and lock history (/back-office/cardholders). */
  'cardholder-care.read': unscoped(PROVIDER),
  /** Unlock a cardholder's card, or see where a card was spent, each with a logged reason. */
  'cardholder-care.manage': unscoped(PROVIDER),

  // ---------------------------------------------------------------- issue 37 §4: a customer's own invoices
  /**
   * The company's invoices and credit notes (the fees of its orders), their PDF and myDATA XML and
   * the accountant's spreadsheet: its order managers and finance users, and provider staff.
   */
  'invoices.read': company([...PROVIDER, ORDER_MANAGER, FINANCE_USER]),
  /** The merchant's invoices and credit notes (commission, rentals, supplies): its users and staff. */
  'merchant-invoices.read': merchant(MERCHANT_SIDE),

  // ---------------------------------------------------------------- issue 37 §3–4: the invoice desk
  /** Refused and waiting documents, the search by number, MARK or ΑΦΜ, one document's calls to AADE. */
  'invoice-desk.read': unscoped(PROVIDER),
  /** Send a refused or waiting document to AADE again (audited; never sent twice). */
  'invoice-desk.resend': unscoped(PROVIDER),
} as const satisfies Record<string, Policy>;

export type Action = keyof typeof POLICIES;
/** The actions done for one merchant: their actor always carries the merchant. */
export type MerchantAction = {
  [A in Action]: (typeof POLICIES)[A]['scope'] extends 'merchant' ? A : never;
}[Action];
/** The actions done for one company: their actor always carries the company. */
export type CompanyAction = {
  [A in Action]: (typeof POLICIES)[A]['scope'] extends 'company' ? A : never;
}[Action];

/** Every action, in table order (for the tenant matrix and the tests). */
export const ACTIONS = Object.keys(POLICIES) as Action[];

/** The table as a list: each action with its roles and scope. */
export const POLICY_LIST: readonly ({ action: Action } & Policy)[] = ACTIONS.map((action) => ({
  action,
  ...policyOf(action),
}));

export function policyOf(action: Action): Policy {
  return POLICIES[action] as Policy;
}

/** Who asks: a role and the companies the user works for (provider staff work for every company). */
export type PolicyActor = {
  roleId: RoleId;
  relatedCompanyIds: readonly string[];
  /** A merchant user's standing at their merchant (ADR 016); absent for everyone else. */
  merchantRole?: 'admin' | 'viewer' | null | undefined;
};
/** What the action is done to: for a company-scoped action, the company. */
export type PolicyTarget = { companyId?: string | undefined };

/**
 * Whether an action only reads (its name ends in `.read`, `.list` or `.search`, or it is the
 * company's audit log): provider staff may read a company's data while acting for it without a
 * reason; every other company- or merchant-scoped action needs one (issue 18, ADR 027).
 */
export function isReadAction(action: Action): boolean {
  return /\.(read|list|search)$/.test(action) || action === 'audit.company';
}

/** Whether the role may take the action at all (no company considered). */
export function roleMay(roleId: RoleId, action: Action): boolean {
  return policyOf(action).roles.includes(roleId);
}

/** Whether the actor is related to the company: one of its companies, or provider staff (ARCHITECTURE §4). */
export function isRelatedCompany(actor: PolicyActor, companyId: string): boolean {
  return isProviderRole(actor.roleId) || actor.relatedCompanyIds.includes(companyId);
}

/**
 * Whether the actor may take the action: the role is one of the action's, the user has more than one
 * company when the action needs it, and for a company-scoped action with a target company, the actor
 * is related to it. Without a target, a company-scoped action is judged by role alone ("for some
 * company": what a menu needs).
 */
export function can(actor: PolicyActor, action: Action, target: PolicyTarget = {}): boolean {
  const policy = policyOf(action);
  if (!policy.roles.includes(actor.roleId)) return false;
  if (policy.manyCompanies && actor.relatedCompanyIds.length < 2) return false;
  if (policy.merchantAdmin && actor.roleId === ROLE.MERCHANT && actor.merchantRole !== 'admin') return false;
  if (policy.scope === 'company' && target.companyId !== undefined) {
    return isRelatedCompany(actor, target.companyId);
  }
  return true;
}
